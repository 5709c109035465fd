/**
 * Storage that never throws: private browsing modes and disabled storage make the Web Storage API
 * throw on access, and losing persistence must not break the app.
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function safeStorage(pick: () => Storage | undefined): KeyValueStorage {
  return {
    get(key) {
      try {
        return pick()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick()?.setItem(key, value);
      } catch {
        // Persistence is a convenience; the in-memory state still holds the value.
      }
    },
    remove(key) {
      try {
        pick()?.removeItem(key);
      } catch {
        // See set().
      }
    },
  };
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}

export const browserSessionStorage = safeStorage(() =>
  typeof window === 'undefined' ? undefined : window.sessionStorage,
);
export const browserLocalStorage = safeStorage(() => (typeof window === 'undefined' ? undefined : window.localStorage));
