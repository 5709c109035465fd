/**
 * Ticks known to be pinned by a committed transaction, per market context, so that the orders
 * filled at one tick do not each write (and queue on) its row: the first fills at a tick pin it in
 * their own transaction as before; once a read outside any transaction sees it pinned, later fills
 * skip the statement. Only committed state is remembered (a pin that rolls back is never trusted),
 * and nothing ever unpins a tick, so a remembered tick stays pinned.
 */
import type { TickRow } from './market.repository.ts';

/** Remembered pinned ticks (the oldest are forgotten first, then simply pinned again: harmless). */
const REMEMBERED_MAX = 10_000;

export interface PinMemory {
  get(tickId: number): TickRow | undefined;
  /**
   * Checks (outside the caller's transaction, through `committedRow`; one check per tick at a time)
   * whether the tick is pinned by a committed transaction, and remembers it if so. Never awaited.
   */
  confirm(tickId: number, committedRow: () => Promise<(TickRow & { pinned: boolean }) | null>): void;
}

function createPinMemory(): PinMemory {
  const rows = new Map<number, TickRow>();
  const checking = new Set<number>();
  return {
    get: (tickId) => rows.get(tickId),
    confirm(tickId, committedRow) {
      if (rows.has(tickId) || checking.has(tickId)) return;
      checking.add(tickId);
      committedRow()
        .then((row) => {
          if (!row?.pinned) return;
          const { pinned: _, ...tick } = row;
          rows.set(tickId, tick);
          if (rows.size > REMEMBERED_MAX) rows.delete(rows.keys().next().value as number);
        })
        .catch(() => undefined)
        .finally(() => checking.delete(tickId));
    },
  };
}

const memories = new WeakMap<object, PinMemory>();

/** The memory of one market (its context object): two databases in one process never share it. */
export function pinMemory(owner: object): PinMemory {
  let m = memories.get(owner);
  if (!m) {
    m = createPinMemory();
    memories.set(owner, m);
  }
  return m;
}
