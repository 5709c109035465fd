/**
 * Notices marked "new": published within NEW_DAYS and not yet opened in this browser (the ids
 * opened are kept in localStorage, newest last, at most MAX_READ).
 */
export const NEW_DAYS = 14;
const KEY = 'ob.notices.read';
const MAX_READ = 200;

function readIds(storage: Pick<Storage, 'getItem'> | undefined): number[] {
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isSafeInteger(n)) : [];
  } catch {
    return [];
  }
}

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function isNewNotice(
  item: { id: number; updatedAt: string },
  now: number,
  storage: Pick<Storage, 'getItem'> | undefined = local(),
): boolean {
  const at = Date.parse(item.updatedAt);
  if (!Number.isFinite(at) || now - at > NEW_DAYS * 86_400_000) return false;
  return !readIds(storage).includes(item.id);
}

export function markNoticeRead(id: number, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = local()) {
  if (!storage) return;
  const ids = readIds(storage).filter((n) => n !== id);
  ids.push(id);
  try {
    storage.setItem(KEY, JSON.stringify(ids.slice(-MAX_READ)));
  } catch {
    // Storage full or denied: the notice simply stays marked new.
  }
}
