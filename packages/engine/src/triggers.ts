import { EngineError } from './errors.ts';
import type { Side } from './instrument.ts';
import type { Quote } from './margin.ts';
import {
  type Fired,
  type Level,
  NONE,
  RANK,
  type TriggerBook,
  type TriggerItem,
  checkTick,
  compareFired,
  firedOf,
  levelsOf,
} from './triggers.levels.ts';

export * from './triggers.levels.ts';

/** TriggerIndex: the fast trigger book (levels and rules in triggers.levels.ts). */
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
