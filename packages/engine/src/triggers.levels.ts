import { EngineError } from './errors.ts';
import type { Side } from './instrument.ts';
import type { EntryType, Quote } from './margin.ts';

/**
 * Trigger levels and their rules, and NaiveTriggerScan, the deliberately simple reference that
 * TriggerIndex (triggers.ts) is proven equal to.
 *
 * Price triggers of one instrument: stop loss, take profit and stop-out of open positions, and
 * pending limit/stop entries. The index sees no balances and no clock; the service feeds it every
 * recorded tick in order and settles what it returns, each fill priced by that tick.
 *
 * Which side of the quote each trigger watches, and where it fills:
 *   long  SL, stop-out: bid ≤ level   long TP:  bid ≥ level    → closes at the bid
 *   short SL, stop-out: ask ≥ level   short TP: ask ≤ level    → closes at the ask
 *   buy  limit: ask ≤ level   buy  stop: ask ≥ level           → fills at the ask
 *   sell limit: bid ≥ level   sell stop: bid ≤ level           → fills at the bid
 *
 * Order within one tick (deterministic, identical in both implementations): by overshoot — how far
 * the tick went past the trigger level — largest first, i.e. the level the price crossed first on
 * its way from the previous tick; then by id ascending. An item whose several triggers are all hit
 * fires once, for the trigger with the largest overshoot; on a tie stopLoss, then takeProfit, then
 * stopOut (the user's own instruction names the close). When an item fires, all its triggers go.
 *
 * An item added now is first checked on the next tick; a filled entry is removed, and the service
 * adds the resulting position (with its SL/TP/stop-out) as a new item.
 */

export type TriggerReason = 'stopLoss' | 'takeProfit' | 'stopOut' | 'entryLimit' | 'entryStop';

/** An open position's exit triggers; any of them may be absent. */
export interface PositionTriggers {
  kind: 'position';
  id: number;
  side: Side;
  stopLossTicks?: bigint | null;
  takeProfitTicks?: bigint | null;
  stopOutTicks?: bigint | null;
}

/** A pending order "waiting to open". */
export interface EntryTrigger {
  kind: 'entry';
  id: number;
  side: Side;
  type: EntryType;
  priceTicks: bigint;
}

export type TriggerItem = PositionTriggers | EntryTrigger;

export interface Fired {
  readonly id: number;
  readonly kind: 'position' | 'entry';
  readonly side: Side;
  readonly reason: TriggerReason;
  /** The level that was hit. */
  readonly triggerTicks: bigint;
  /** The fill price: this tick's bid or ask (never the trigger level: a gap fills at the market). */
  readonly fillTicks: bigint;
  /** How far the tick went past the level (≥ 0); the firing order's first key. */
  readonly overshootTicks: bigint;
}

/** The interface shared by the index and its naive reference. */
export interface TriggerBook {
  /** Registers an item; its id must not be registered already. */
  add(item: TriggerItem): void;
  /** Unregisters an item (all its triggers); false when the id is unknown. */
  remove(id: number): boolean;
  has(id: number): boolean;
  readonly size: number;
  /** The items this tick fires, in firing order; they are unregistered. */
  onTick(tick: Quote): readonly Fired[];
}

// The four ways a level can be crossed. Falling watches fire when the price is at or below the
// level, rising ones when at or above it.
export const BID_FALL = 0;
export const BID_RISE = 1;
export const ASK_RISE = 2;
export const ASK_FALL = 3;
export type Watch = typeof BID_FALL | typeof BID_RISE | typeof ASK_RISE | typeof ASK_FALL;

export const RANK: Record<TriggerReason, number> = {
  stopLoss: 0,
  takeProfit: 1,
  stopOut: 2,
  entryLimit: 3,
  entryStop: 3,
};

export interface Level {
  readonly watch: Watch;
  readonly levelTicks: bigint;
  readonly reason: TriggerReason;
}

export function checkId(id: number): void {
  if (!Number.isSafeInteger(id)) throw new EngineError('invalid_id', `trigger id must be a safe integer: ${id}`, 'id');
}

export function checkLevel(x: unknown, field: string): asserts x is bigint {
  if (typeof x !== 'bigint') throw new EngineError('invalid_quote', `${field} must be a bigint tick count`, field);
}

/** The levels an item registers, derived once on add. */
export function levelsOf(item: TriggerItem): Level[] {
  checkId(item.id);
  if (item.side !== 'buy' && item.side !== 'sell')
    throw new EngineError('invalid_quote', 'side must be buy or sell', 'side');
  const long = item.side === 'buy';
  if (item.kind === 'entry') {
    checkLevel(item.priceTicks, 'price');
    if (item.type !== 'limit' && item.type !== 'stop')
      throw new EngineError('invalid_quote', 'type must be limit or stop', 'type');
    const limit = item.type === 'limit';
    const watch: Watch = long ? (limit ? ASK_FALL : ASK_RISE) : limit ? BID_RISE : BID_FALL;
    return [{ watch, levelTicks: item.priceTicks, reason: limit ? 'entryLimit' : 'entryStop' }];
  }
  const levels: Level[] = [];
  const push = (x: bigint | null | undefined, reason: TriggerReason, watch: Watch) => {
    if (x === null || x === undefined) return;
    checkLevel(x, reason);
    levels.push({ watch, levelTicks: x, reason });
  };
  push(item.stopLossTicks, 'stopLoss', long ? BID_FALL : ASK_RISE);
  push(item.takeProfitTicks, 'takeProfit', long ? BID_RISE : ASK_FALL);
  push(item.stopOutTicks, 'stopOut', long ? BID_FALL : ASK_RISE);
  return levels;
}

export function checkTick(tick: Quote): void {
  if (!(tick.bidTicks >= 1n && tick.askTicks >= tick.bidTicks)) {
    throw new EngineError('invalid_quote', `bad tick bid ${tick.bidTicks} ask ${tick.askTicks}`, 'price');
  }
}

/** Long positions and sell entries deal at the bid; short positions and buy entries at the ask. */
export const fillsAtBid = (item: { kind: 'position' | 'entry'; side: Side }): boolean =>
  (item.kind === 'position') === (item.side === 'buy');

export function firedOf(
  item: { id: number; kind: 'position' | 'entry'; side: Side },
  level: Level,
  overshootTicks: bigint,
  tick: Quote,
): Fired {
  return {
    id: item.id,
    kind: item.kind,
    side: item.side,
    reason: level.reason,
    triggerTicks: level.levelTicks,
    fillTicks: fillsAtBid(item) ? tick.bidTicks : tick.askTicks,
    overshootTicks,
  };
}

/** The firing order: overshoot descending, then id ascending. */
export function compareFired(a: Fired, b: Fired): number {
  if (a.overshootTicks !== b.overshootTicks) return a.overshootTicks > b.overshootTicks ? -1 : 1;
  return a.id - b.id;
}

export const NONE: readonly Fired[] = Object.freeze([]);

/**
 * The reference: scans every item on every tick. O(n) per tick; the property tests and the bench
 * compare the index against it.
 */
export class NaiveTriggerScan implements TriggerBook {
  // A dense array (scanned every tick) plus id → slot; removal swaps the last item into the hole.
  // Scan order is irrelevant: what fires is sorted by the documented order.
  private readonly items: { item: TriggerItem; levels: Level[] }[] = [];
  private readonly slots = new Map<number, number>();

  get size(): number {
    return this.items.length;
  }

  has(id: number): boolean {
    return this.slots.has(id);
  }

  add(item: TriggerItem): void {
    const levels = levelsOf(item);
    if (this.slots.has(item.id))
      throw new EngineError('duplicate_id', `trigger id ${item.id} already registered`, 'id');
    this.slots.set(item.id, this.items.length);
    this.items.push({ item: { ...item }, levels });
  }

  remove(id: number): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    const last = this.items.pop()!;
    if (slot < this.items.length) {
      this.items[slot] = last;
      this.slots.set(last.item.id, slot);
    }
    this.slots.delete(id);
    return true;
  }

  onTick(tick: Quote): readonly Fired[] {
    checkTick(tick);
    let fired: Fired[] | null = null;
    const items = this.items;
    const bid = tick.bidTicks;
    const ask = tick.askTicks;
    for (let i = 0; i < items.length; i++) {
      const { item, levels } = items[i]!;
      let best: Level | null = null;
      let bestOver = 0n;
      for (let j = 0; j < levels.length; j++) {
        const level = levels[j]!;
        const w = level.watch;
        const x = level.levelTicks;
        // Compare first: subtracting bigints allocates, and almost no level is hit.
        const hit = w === BID_FALL ? bid <= x : w === BID_RISE ? bid >= x : w === ASK_RISE ? ask >= x : ask <= x;
        if (!hit) continue;
        const over = overshoot(level, tick);
        if (best === null || over > bestOver || (over === bestOver && RANK[level.reason] < RANK[best.reason])) {
          best = level;
          bestOver = over;
        }
      }
      if (best === null) continue;
      fired ??= [];
      fired.push(firedOf(item, best, bestOver, tick));
    }
    if (fired === null) return NONE;
    for (const f of fired) this.remove(f.id);
    return fired.sort(compareFired);
  }
}

/** How far the tick is past the level; negative when the level is not reached. */
export function overshoot(level: Level, tick: Quote): bigint {
  switch (level.watch) {
    case BID_FALL:
      return level.levelTicks - tick.bidTicks;
    case BID_RISE:
      return tick.bidTicks - level.levelTicks;
    case ASK_RISE:
      return tick.askTicks - level.levelTicks;
    case ASK_FALL:
      return level.levelTicks - tick.askTicks;
  }
}
