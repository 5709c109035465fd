import type { QuoteTick } from '@openbourse/contracts/market.ts';
import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * The latest pushed tick per instrument id (the WebSocket sends only the quotes that changed).
 * Pages read one instrument at a time, so a tick re-renders only that instrument's row.
 */
const latest = new Map<number, QuoteTick>();
const listeners = new Map<number, Set<() => void>>();

function isTick(value: unknown): value is QuoteTick {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.last === 'string' && typeof v.ts === 'number';
}

export function applyQuoteBatch(batch: readonly unknown[]): void {
  for (const item of batch) {
    if (!isTick(item)) continue;
    const previous = latest.get(item.id);
    // Out-of-order frames must not roll a price back.
    if (previous && previous.ts > item.ts) continue;
    latest.set(item.id, item);
    for (const listener of listeners.get(item.id) ?? []) listener();
  }
}

function subscribe(id: number, listener: () => void): () => void {
  let set = listeners.get(id);
  if (!set) {
    set = new Set();
    listeners.set(id, set);
  }
  set.add(listener);
  return () => set?.delete(listener);
}

export function getLiveQuote(id: number): QuoteTick | undefined {
  return latest.get(id);
}

export function useLiveQuote(id: number): QuoteTick | undefined {
  return useSyncExternalStore(
    (listener) => subscribe(id, listener),
    () => latest.get(id),
    () => latest.get(id),
  );
}

/** For tests. */
export function clearLiveQuotes(): void {
  latest.clear();
}

function subscribeMany(ids: readonly number[], listener: () => void): () => void {
  const offs = ids.map((id) => subscribe(id, listener));
  return () => {
    for (const off of offs) off();
  };
}

/**
 * The latest ticks of several instruments (e.g. every open position's). Re-renders when any of
 * them changes; the snapshot is a string of their times, so unchanged quotes do not re-render.
 */
export function useLiveQuotes(ids: readonly number[]): ReadonlyMap<number, QuoteTick> {
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids` by value.
  const sub = useCallback((listener: () => void) => subscribeMany(ids, listener), [key]);
  const snapshot = () => ids.map((id) => latest.get(id)?.ts ?? 0).join(',');
  const version = useSyncExternalStore(sub, snapshot, snapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when a quote's time changes.
  return useMemo(() => {
    const out = new Map<number, QuoteTick>();
    for (const id of ids) {
      const q = latest.get(id);
      if (q) out.set(id, q);
    }
    return out;
  }, [key, version]);
}
