import type { QuoteTick } from '@openbourse/contracts/market.ts';
import { useSyncExternalStore } from 'react';

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
