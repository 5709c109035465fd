// Spot matching engine: commands per second and per-command latency of the engine's OrderBook
// beside the npm package nodejs-order-book (the peer), both fed the identical seeded streams.
//
//   npm run spot-engine -w @openbourse/bench     (or: cd bench && node --import tsx spot-engine.bench.ts)
//   SPOT_BENCH_STREAMS=shallow,deep,exchange-core   SPOT_BENCH_RUNS=5
//
// Streams (generated once by driving an OrderBook, so cancels and moves target live orders):
// - shallow: about 1,000 resting orders near one mid price; 45% limit (a tenth of them crossing),
//   45% cancel, 10% market.
// - deep: 20 levels a side with 2,000 orders each, untimed prefill; then rounds of one market order
//   sweeping 3–6 levels followed by the limit orders that refill what it took (thousands of commands
//   per sweep). Sweeps are also reported alone.
// - exchange-core mix: about 1,000 resting orders; 9% GTC, 3% IOC, 6% cancel, 82% move (±1–5 ticks,
//   sometimes across the spread, so moves trade).
// Peer mapping: limit → limit({ timeInForce }); market with protection price → an IOC limit at the
// protection price (the package's market() has no price bound); move → modify(id, { price }), which
// the package implements as cancel + re-add (priority lost), as ours does; cancel → cancel(id).
// Every order has its own owner, so self-trade prevention never fires (the package's modify skips
// STP, ours does not). After a run, both books' depth must be equal, or the bench fails.
//
// Each implementation: warm-up runs, then RUNS timed runs of the whole stream (one clock read per
// run; the median is reported), then one run timing every command for p50/p99.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { type BookCommand, EV_RESTING, OrderBook } from '@openbourse/engine';
import { mulberry32 } from './seeded.ts';

const RUNS = Number(process.env.SPOT_BENCH_RUNS ?? 5);
const WARMUP_RUNS = 2;
const SEED = 20_261_126;

// ---- the peer (CommonJS; its package.json "types" points at a missing file, so it is typed here)
interface PeerLimit {
  id: string;
  side: 'buy' | 'sell';
  size: number;
  price: number;
  timeInForce: 'GTC' | 'IOC' | 'FOK';
}
interface PeerBook {
  limit(options: PeerLimit): unknown;
  cancel(id: string): unknown;
  modify(id: string, update: { price: number }): unknown;
  depth(): [[number, number][], [number, number][]];
}
const { OrderBook: PeerOrderBook } = createRequire(import.meta.url)('nodejs-order-book') as {
  OrderBook: new () => PeerBook;
};
type PeerCmd = { k: 0; o: PeerLimit } | { k: 1; id: string } | { k: 2; id: string; u: { price: number } };

function toPeer(c: BookCommand): PeerCmd {
  switch (c.type) {
    case 'limit':
      if (c.tif === 'POST_ONLY') throw new Error('no post-only in the streams');
      return { k: 0, o: { id: String(c.id), side: c.side, size: c.qtyLots, price: c.priceTicks, timeInForce: c.tif } };
    case 'market':
      return {
        k: 0,
        o: { id: String(c.id), side: c.side, size: c.qtyLots, price: c.protectionPriceTicks, timeInForce: 'IOC' },
      };
    case 'cancel':
      return { k: 1, id: String(c.id) };
    case 'move':
      return { k: 2, id: String(c.id), u: { price: c.priceTicks } };
    default:
      throw new Error(`no ${c.type} in the streams`);
  }
}

interface Stream {
  name: string;
  prefill: BookCommand[];
  cmds: BookCommand[];
  /** Indices in cmds of the commands reported on their own (deep: the sweeps). */
  focus: number[];
  mix: Record<string, number>;
}

/** Builds a stream by applying it to an OrderBook, tracking live ids and their prices. */
class Generator {
  readonly book = new OrderBook();
  readonly prefill: BookCommand[] = [];
  readonly cmds: BookCommand[] = [];
  readonly mix: Record<string, number> = {};
  private readonly live: number[] = [];
  readonly priceOf = new Map<number, number>();
  readonly sideOf = new Map<number, 'buy' | 'sell'>();
  nextId = 1;
  timed = false;

  constructor(readonly rand: () => number) {}

  push(c: BookCommand, label: string, expected = 'ok'): number {
    (this.timed ? this.cmds : this.prefill).push(c);
    if (this.timed) this.mix[label] = (this.mix[label] ?? 0) + 1;
    const r = this.book.apply(c);
    if (r.code !== expected) throw new Error(`generator: ${label} answered ${r.code}, expected ${expected}`);
    const ev = r.events;
    for (let i = 0; i < ev.length; i++) {
      if (ev.kind[i] !== EV_RESTING) continue;
      const id = ev.id[i]!;
      if (!this.priceOf.has(id)) this.live.push(id);
      this.priceOf.set(id, ev.priceTicks[i]!);
      this.sideOf.set(id, ev.side[i] === 0 ? 'buy' : 'sell');
    }
    return ev.length;
  }

  limit(side: 'buy' | 'sell', priceTicks: number, qtyLots: number, tif: 'GTC' | 'IOC', label: string = tif): void {
    const id = this.nextId++;
    this.push({ type: 'limit', id, owner: id, side, priceTicks, qtyLots, tif }, label);
  }

  /** A random live order id (dead ids met on the way are dropped), or undefined if the book is empty. */
  pickLive(): number | undefined {
    const live = this.live;
    while (live.length > 0) {
      const i = Math.floor(this.rand() * live.length);
      const id = live[i]!;
      if (this.book.has(id)) return id;
      live[i] = live[live.length - 1]!;
      live.pop();
      this.priceOf.delete(id);
      this.sideOf.delete(id);
    }
    return undefined;
  }

  /** An id that was used and is no longer in the book (a cancel that lost the race with a fill). */
  pickGone(): number {
    for (;;) {
      const id = 1 + Math.floor(this.rand() * (this.nextId - 1));
      if (!this.book.has(id)) return id;
    }
  }

  done(name: string, focus: number[] = []): Stream {
    return { name, prefill: this.prefill, cmds: this.cmds, focus, mix: this.mix };
  }
}

const MID = 100_000;
const TARGET_RESTING = 1_000;

function passivePrice(r: () => number, side: 'buy' | 'sell'): number {
  const away = 1 + Math.floor(r() * r() * 100);
  return side === 'buy' ? MID - away : MID + away;
}
const randSide = (r: () => number): 'buy' | 'sell' => (r() < 0.5 ? 'buy' : 'sell');
const randQty = (r: () => number) => 1 + Math.floor(r() * 100);

/** A generator whose book rests TARGET_RESTING passive GTC orders before the timed commands. */
function seededGenerator(r: () => number): Generator {
  const g = new Generator(r);
  for (let i = 0; i < TARGET_RESTING; i++) {
    const side = randSide(r);
    g.limit(side, passivePrice(r, side), randQty(r), 'GTC');
  }
  g.timed = true;
  return g;
}

function shallowStream(n: number): Stream {
  const r = mulberry32(SEED);
  const g = seededGenerator(r);
  while (g.cmds.length < n) {
    const x = r();
    const side = randSide(r);
    if (x < 0.45) {
      // A tenth of the limits cross the spread by up to 5 ticks.
      const price = r() < 0.1 ? MID + (side === 'buy' ? 1 : -1) * Math.floor(r() * 5) : passivePrice(r, side);
      g.limit(side, price, randQty(r), 'GTC', 'limit');
    } else if (x < 0.9) {
      // Fills and markets take orders out too: below the target size, a cancel is one that arrives
      // after its order has gone (answered unknown_order by both books), so the mix stays 45/45/10.
      if (g.book.size >= TARGET_RESTING) g.push({ type: 'cancel', id: g.pickLive()! }, 'cancel');
      else g.push({ type: 'cancel', id: g.pickGone() }, 'cancel (order gone)', 'unknown_order');
    } else {
      const id = g.nextId++;
      const protection = side === 'buy' ? MID + 20 : MID - 20;
      g.push(
        { type: 'market', id, owner: id, side, qtyLots: 1 + Math.floor(r() * 50), protectionPriceTicks: protection },
        'market',
      );
    }
  }
  return g.done('shallow');
}

function deepStream(rounds: number): Stream {
  const r = mulberry32(SEED + 1);
  const g = new Generator(r);
  const LEVELS = 20;
  const PER_LEVEL = 2_000;
  const qty = () => 1 + Math.floor(r() * 10);
  for (let k = 0; k < PER_LEVEL; k++) {
    for (let l = 1; l <= LEVELS; l++) {
      g.limit('buy', MID - l, qty(), 'GTC');
      g.limit('sell', MID + l, qty(), 'GTC');
    }
  }
  g.timed = true;
  const focus: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const side = round % 2 === 0 ? 'buy' : 'sell';
    const levels = 3 + Math.floor(r() * 4);
    const id = g.nextId++;
    focus.push(g.cmds.length);
    const protection = side === 'buy' ? MID + LEVELS + 10 : MID - LEVELS - 10;
    const qtyLots = levels * PER_LEVEL * 5;
    const before = g.book.size;
    g.push({ type: 'market', id, owner: id, side, qtyLots, protectionPriceTicks: protection }, 'market (sweep)');
    // Refill the swept side to PER_LEVEL orders per level at its original 20 prices.
    const taken = before - g.book.size;
    const restSide = side === 'buy' ? 'sell' : 'buy';
    const l2 = g.book.l2();
    const have = new Map((restSide === 'buy' ? l2.bids : l2.asks).map((lv) => [lv.priceTicks, lv.orders]));
    let added = 0;
    for (let l = 1; l <= LEVELS; l++) {
      const price = restSide === 'buy' ? MID - l : MID + l;
      for (let k = have.get(price) ?? 0; k < PER_LEVEL; k++, added++)
        g.limit(restSide, price, qty(), 'GTC', 'limit (refill)');
    }
    if (added !== taken) throw new Error(`deep: refilled ${added}, swept ${taken}`);
  }
  return g.done('deep', focus);
}

function exchangeCoreStream(n: number): Stream {
  const r = mulberry32(SEED + 2);
  const g = seededGenerator(r);
  while (g.cmds.length < n) {
    const x = r();
    const side = randSide(r);
    if (x < 0.09 || (x >= 0.12 && x < 0.18 && g.book.size < TARGET_RESTING)) {
      g.limit(side, passivePrice(r, side), randQty(r), 'GTC');
    } else if (x < 0.12) {
      g.limit(side, MID + (side === 'buy' ? 1 : -1) * Math.floor(r() * 10), randQty(r), 'IOC');
    } else if (x < 0.18) {
      g.push({ type: 'cancel', id: g.pickLive()! }, 'cancel');
    } else {
      const id = g.pickLive()!;
      const step = (1 + Math.floor(r() * 5)) * (r() < 0.5 ? -1 : 1);
      const price = Math.min(MID + 150, Math.max(MID - 150, g.priceOf.get(id)! + step));
      g.push({ type: 'move', id, priceTicks: price }, 'move');
    }
  }
  return g.done('exchange-core mix');
}

// ---- runners: one function per implementation, the same loop shape
let sink = 0;

function runOurs(s: Stream, lat?: Float64Array): { seconds: number; book: OrderBook } {
  const book = new OrderBook();
  for (const c of s.prefill) book.apply(c);
  const cmds = s.cmds;
  const t0 = performance.now();
  if (lat === undefined) {
    for (let i = 0; i < cmds.length; i++) sink += book.apply(cmds[i]!).events.length;
  } else {
    let t = t0;
    for (let i = 0; i < cmds.length; i++) {
      sink += book.apply(cmds[i]!).events.length;
      const t2 = performance.now();
      lat[i] = t2 - t;
      t = t2;
    }
  }
  return { seconds: (performance.now() - t0) / 1000, book };
}

function applyPeer(book: PeerBook, c: PeerCmd): unknown {
  if (c.k === 0) return book.limit(c.o);
  if (c.k === 1) return book.cancel(c.id);
  return book.modify(c.id, c.u);
}

function runPeer(s: { prefill: PeerCmd[]; cmds: PeerCmd[] }, lat?: Float64Array): { seconds: number; book: PeerBook } {
  const book = new PeerOrderBook();
  for (const c of s.prefill) applyPeer(book, c);
  const cmds = s.cmds;
  const t0 = performance.now();
  if (lat === undefined) {
    for (let i = 0; i < cmds.length; i++) if (applyPeer(book, cmds[i]!) !== undefined) sink++;
  } else {
    let t = t0;
    for (let i = 0; i < cmds.length; i++) {
      if (applyPeer(book, cmds[i]!) !== undefined) sink++;
      const t2 = performance.now();
      lat[i] = t2 - t;
      t = t2;
    }
  }
  return { seconds: (performance.now() - t0) / 1000, book };
}

function sameDepth(ours: OrderBook, peer: PeerBook): void {
  const l2 = ours.l2();
  const [asks, bids] = peer.depth();
  const norm = (xs: [number, number][]) => xs.map(([p, q]) => `${p}:${q}`).sort();
  const a = norm(l2.asks.map((l) => [l.priceTicks, l.qtyLots]));
  const b = norm(l2.bids.map((l) => [l.priceTicks, l.qtyLots]));
  if (a.join() !== norm(asks).join() || b.join() !== norm(bids).join()) {
    throw new Error('the two books ended with different depth: the streams were not processed identically');
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
function pct(lat: Float64Array, idx: number[] | null, p: number): number {
  const xs = idx === null ? Float64Array.from(lat).sort() : Float64Array.from(idx, (i) => lat[i]!).sort();
  return xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]! * 1000; // µs
}

interface Figures {
  opsPerSec: number;
  p50Us: number;
  p99Us: number;
  focusP50Us: number;
  focusP99Us: number;
}

function measure(name: string, run: (lat?: Float64Array) => { seconds: number }, s: Stream, runs: number): Figures {
  for (let i = 0; i < WARMUP_RUNS; i++) run();
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) rates.push(s.cmds.length / run().seconds);
  const lat = new Float64Array(s.cmds.length);
  run(lat);
  const f: Figures = {
    opsPerSec: median(rates),
    p50Us: pct(lat, null, 0.5),
    p99Us: pct(lat, null, 0.99),
    focusP50Us: s.focus.length > 0 ? pct(lat, s.focus, 0.5) : Number.NaN,
    focusP99Us: s.focus.length > 0 ? pct(lat, s.focus, 0.99) : Number.NaN,
  };
  const perRun = rates.map((x) => fmt(x)).join(' ');
  console.log(
    `  ${name.padEnd(18)} ${fmt(f.opsPerSec).padStart(11)} cmd/s   p50 ${us(f.p50Us)}   p99 ${us(f.p99Us)}   (runs: ${perRun})`,
  );
  if (s.focus.length > 0) {
    console.log(`  ${''.padEnd(18)} sweeps alone: p50 ${us(f.focusP50Us)}   p99 ${us(f.focusP99Us)} per market order`);
  }
  return f;
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const us = (x: number) => `${x < 10 ? x.toFixed(2) : x < 1000 ? x.toFixed(1) : fmt(x)} µs`.padStart(11);

function bench(s: Stream, runs: number, targetRatio: number, targetOps?: number): void {
  const peerStream = { prefill: s.prefill.map(toPeer), cmds: s.cmds.map(toPeer) };
  const mix = Object.entries(s.mix)
    .map(([k, v]) => `${k} ${((100 * v) / s.cmds.length).toFixed(1)}%`)
    .join(', ');
  console.log(
    `\n${s.name}: ${fmt(s.cmds.length)} timed commands after ${fmt(s.prefill.length)} untimed prefill orders`,
  );
  console.log(`  mix: ${mix}`);
  sameDepth(runOurs(s).book, runPeer(peerStream).book);
  const ours = measure('openbourse', (lat) => runOurs(s, lat), s, runs);
  const peer = measure('nodejs-order-book', (lat) => runPeer(peerStream, lat), s, runs);
  const ratio = ours.opsPerSec / peer.opsPerSec;
  console.log(
    `  ratio: ${ratio.toFixed(1)}× throughput, p50 ${(peer.p50Us / ours.p50Us).toFixed(1)}×, p99 ${(peer.p99Us / ours.p99Us).toFixed(1)}×` +
      (s.focus.length > 0
        ? `; sweeps p50 ${(peer.focusP50Us / ours.focusP50Us).toFixed(1)}×, p99 ${(peer.focusP99Us / ours.focusP99Us).toFixed(1)}×`
        : ''),
  );
  const verdicts = [`≥ ${targetRatio}× peer: ${ratio >= targetRatio ? 'met' : 'NOT met'}`];
  if (targetOps !== undefined)
    verdicts.push(`≥ ${fmt(targetOps)} cmd/s: ${ours.opsPerSec >= targetOps ? 'met' : 'NOT met'}`);
  console.log(`  targets: ${verdicts.join('; ')}`);
}

console.log(
  `spot engine bench — node ${process.version}, median of ${RUNS} timed runs (deep: ${Math.min(RUNS, 3)}) after ${WARMUP_RUNS} warm-up runs`,
);
const only = process.env.SPOT_BENCH_STREAMS?.split(',');
const wanted = (name: string) => only === undefined || only.includes(name);
if (wanted('shallow')) bench(shallowStream(500_000), RUNS, 3, 1_000_000);
// The peer takes seconds per sweep: three timed runs (the minimum for a median) keep this stream short.
if (wanted('deep')) bench(deepStream(10), Math.min(RUNS, 3), 50);
if (wanted('exchange-core')) bench(exchangeCoreStream(500_000), RUNS, 3);
if (sink === 0) console.log('(no events)');
