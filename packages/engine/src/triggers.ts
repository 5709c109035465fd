import { EngineError } from './errors.ts';
import type { Side } from './instrument.ts';
import type { EntryType, Quote } from './margin.ts';

/**
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
const BID_FALL = 0;
const BID_RISE = 1;
const ASK_RISE = 2;
const ASK_FALL = 3;
type Watch = typeof BID_FALL | typeof BID_RISE | typeof ASK_RISE | typeof ASK_FALL;

const RANK: Record<TriggerReason, number> = { stopLoss: 0, takeProfit: 1, stopOut: 2, entryLimit: 3, entryStop: 3 };

interface Level {
  readonly watch: Watch;
  readonly levelTicks: bigint;
  readonly reason: TriggerReason;
}

function checkId(id: number): void {
  if (!Number.isSafeInteger(id)) throw new EngineError('invalid_id', `trigger id must be a safe integer: ${id}`, 'id');
}

function checkLevel(x: unknown, field: string): asserts x is bigint {
  if (typeof x !== 'bigint') throw new EngineError('invalid_quote', `${field} must be a bigint tick count`, field);
}

/** The levels an item registers, derived once on add. */
function levelsOf(item: TriggerItem): Level[] {
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

function checkTick(tick: Quote): void {
  if (!(tick.bidTicks >= 1n && tick.askTicks >= tick.bidTicks)) {
    throw new EngineError('invalid_quote', `bad tick bid ${tick.bidTicks} ask ${tick.askTicks}`, 'price');
  }
}

/** Long positions and sell entries deal at the bid; short positions and buy entries at the ask. */
const fillsAtBid = (item: { kind: 'position' | 'entry'; side: Side }): boolean =>
  (item.kind === 'position') === (item.side === 'buy');

function firedOf(
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

const NONE: readonly Fired[] = Object.freeze([]);

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
function overshoot(level: Level, tick: Quote): bigint {
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

// ---------------------------------------------------------------------------------------------
// The index: per watch, a binary heap with the next level to be crossed on top. A tick peeks four
// tops and pops only what fires: O(k log n) for k fired levels, O(1) when nothing fires.
// Removal is lazy: a removed item is marked dead and its heap entries are dropped when they
// surface, or by a rebuild once dead entries outnumber live ones (amortised O(1) per removal).

interface Rec {
  readonly id: number;
  readonly kind: 'position' | 'entry';
  readonly side: Side;
  readonly entries: Entry[];
  alive: boolean;
  /** Tick sequence number of the last tick that hit this item, to collect its best trigger once. */
  mark: number;
  bestOver: bigint;
  best: Entry | null;
}

interface Entry {
  readonly level: Level;
  readonly levelTicks: bigint;
  readonly rec: Rec;
  readonly heap: LevelHeap;
  popped: boolean;
}

class LevelHeap {
  readonly a: Entry[] = [];
  /** Entries in `a` whose item is dead. */
  stale = 0;

  /** highFirst: the top is the highest level (falling watches); otherwise the lowest. */
  constructor(readonly highFirst: boolean) {}

  private before(x: Entry, y: Entry): boolean {
    return this.highFirst ? x.levelTicks > y.levelTicks : x.levelTicks < y.levelTicks;
  }

  push(e: Entry): void {
    const a = this.a;
    let i = a.length;
    a.push(e);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pe = a[p]!;
      if (!this.before(e, pe)) break;
      a[i] = pe;
      i = p;
    }
    a[i] = e;
  }

  pop(): Entry {
    const a = this.a;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) this.siftDown(last, 0);
    return top;
  }

  private siftDown(e: Entry, from: number): void {
    const a = this.a;
    const n = a.length;
    let i = from;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      if (r < n && this.before(a[r]!, a[c]!)) c = r;
      if (!this.before(a[c]!, e)) break;
      a[i] = a[c]!;
      i = c;
    }
    a[i] = e;
  }

  /** Drops dead entries and re-heapifies in O(n). */
  compact(): void {
    const live = this.a.filter((e) => e.rec.alive);
    this.a.length = 0;
    for (const e of live) this.a.push(e);
    for (let i = (live.length >> 1) - 1; i >= 0; i--) this.siftDown(this.a[i]!, i);
    this.stale = 0;
  }

  checkHeap(): void {
    const a = this.a;
    for (let i = 1; i < a.length; i++) {
      if (this.before(a[i]!, a[(i - 1) >> 1]!)) throw new Error(`heap order broken at ${i}`);
    }
    const dead = a.reduce((n, e) => n + (e.rec.alive ? 0 : 1), 0);
    if (dead !== this.stale) throw new Error(`stale count ${this.stale}, dead entries ${dead}`);
    if (a.some((e) => e.popped)) throw new Error('a popped entry is still in the heap');
  }
}

export interface TriggerIndexOptions {
  /** Rebuild a heap once it holds more than this many dead entries and they are the majority. */
  compactMinStale?: number;
}

export class TriggerIndex implements TriggerBook {
  private readonly recs = new Map<number, Rec>();
  private readonly heaps: readonly [LevelHeap, LevelHeap, LevelHeap, LevelHeap];
  private readonly compactMinStale: number;
  private seq = 0;
  private readonly hits: Rec[] = [];

  constructor(options: TriggerIndexOptions = {}) {
    // Indexed by Watch: falling watches keep the highest level on top, rising ones the lowest.
    this.heaps = [new LevelHeap(true), new LevelHeap(false), new LevelHeap(false), new LevelHeap(true)];
    this.compactMinStale = options.compactMinStale ?? 1024;
  }

  get size(): number {
    return this.recs.size;
  }

  has(id: number): boolean {
    return this.recs.has(id);
  }

  add(item: TriggerItem): void {
    const levels = levelsOf(item);
    if (this.recs.has(item.id)) throw new EngineError('duplicate_id', `trigger id ${item.id} already registered`, 'id');
    const rec: Rec = {
      id: item.id,
      kind: item.kind,
      side: item.side,
      entries: [],
      alive: true,
      mark: -1,
      bestOver: 0n,
      best: null,
    };
    for (const level of levels) {
      const heap = this.heaps[level.watch];
      const entry: Entry = { level, levelTicks: level.levelTicks, rec, heap, popped: false };
      rec.entries.push(entry);
      heap.push(entry);
    }
    this.recs.set(item.id, rec);
  }

  remove(id: number): boolean {
    const rec = this.recs.get(id);
    if (rec === undefined) return false;
    this.kill(rec);
    this.compactIfWorthIt();
    return true;
  }

  onTick(tick: Quote): readonly Fired[] {
    checkTick(tick);
    const bid = tick.bidTicks;
    const ask = tick.askTicks;
    const [bidFall, bidRise, askRise, askFall] = this.heaps;
    this.seq++;
    const hits = this.hits;
    this.drain(bidFall, bid, hits);
    this.drain(bidRise, bid, hits);
    this.drain(askRise, ask, hits);
    this.drain(askFall, ask, hits);
    if (hits.length === 0) return NONE;
    const fired: Fired[] = [];
    for (const rec of hits) {
      this.kill(rec);
      fired.push(firedOf(rec, rec.best!.level, rec.bestOver, tick));
      rec.best = null;
    }
    hits.length = 0;
    this.compactIfWorthIt();
    return fired.length > 1 ? fired.sort(compareFired) : fired;
  }

  /** Pops every entry of `heap` that `price` reaches, keeping per item the trigger with the largest overshoot. */
  private drain(heap: LevelHeap, price: bigint, hits: Rec[]): void {
    const a = heap.a;
    const highFirst = heap.highFirst;
    while (a.length > 0) {
      const top = a[0]!;
      // Compare before subtracting: the common case (nothing fires) allocates nothing.
      if (highFirst ? top.levelTicks < price : top.levelTicks > price) return;
      heap.pop();
      top.popped = true;
      const rec = top.rec;
      if (!rec.alive) {
        heap.stale--;
        continue;
      }
      const over = highFirst ? top.levelTicks - price : price - top.levelTicks;
      if (rec.mark !== this.seq) {
        rec.mark = this.seq;
        rec.bestOver = over;
        rec.best = top;
        hits.push(rec);
      } else if (
        over > rec.bestOver ||
        (over === rec.bestOver && RANK[top.level.reason] < RANK[rec.best!.level.reason])
      ) {
        rec.bestOver = over;
        rec.best = top;
      }
    }
  }

  private kill(rec: Rec): void {
    rec.alive = false;
    this.recs.delete(rec.id);
    for (const e of rec.entries) if (!e.popped) e.heap.stale++;
  }

  private compactIfWorthIt(): void {
    for (const heap of this.heaps) {
      if (heap.stale > this.compactMinStale && heap.stale * 2 > heap.a.length) heap.compact();
    }
  }

  /** Test hook: heap order, stale counts, and every live item's triggers present exactly once. */
  checkInvariants(): void {
    let liveEntries = 0;
    for (const heap of this.heaps) {
      heap.checkHeap();
      liveEntries += heap.a.length - heap.stale;
    }
    let expected = 0;
    for (const rec of this.recs.values()) {
      if (!rec.alive) throw new Error(`dead item ${rec.id} still registered`);
      for (const e of rec.entries) {
        if (e.popped) throw new Error(`live item ${rec.id} lost a trigger`);
        expected++;
      }
    }
    if (liveEntries !== expected) throw new Error(`live entries ${liveEntries}, expected ${expected}`);
  }
}
