// Trigger path: ticks per second through TriggerIndex.onTick with 100,000 open positions (plus
// 10,000 pending entries) across 50 instruments, beside two naive peers over the same ticks:
// NaiveTriggerScan (one per instrument: scans that instrument's items every tick) and a scan of all
// positions of every instrument per tick. Every fill is checked equal across implementations.
//
//   npm run trigger -w @openbourse/bench        (or: cd bench && node --import tsx trigger-path.bench.ts)
//
// Workload: seeded and deterministic. Each instrument random-walks (±0.1 bp steps, occasional
// 2 bp gaps, pulled back inside ±5 %); positions have random sides and entries within ~1 % of the
// start price, SL/TP 0.3–8 % away and a stop-out from the engine's own stopOutTicks at level 0.5,
// so few levels fire per tick. A fired item is replaced at once by a new one at the current price
// (ids and shapes derived from a counter, so every implementation replaces identically) — the
// number of live items stays constant and the replacement add() is part of the measured path.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  compareFired,
  compileInstrument,
  type Fired,
  type Instrument,
  type InstrumentSpec,
  NaiveTriggerScan,
  openPosition,
  type Quote,
  stopOutTicks,
  type TriggerBook,
  TriggerIndex,
  type TriggerItem,
} from '@openbourse/engine';
import { mulberry32 } from './seeded.ts';

const INSTRUMENTS = 50;
const POSITIONS = 100_000;
const PENDING = 10_000;
const TICKS = 400_000; // distinct ticks; longer runs replay them forward then backward (a continuous walk)
const WARMUP_MS = 1_000;
const RUN_MS = Number(process.env.TRIGGER_BENCH_MS ?? 5_000);
const GLOBAL_RUN_MS = Math.min(RUN_MS, 3_000);
const SEED = 20_240_611;

const logUniform = (r: () => number, lo: number, hi: number) => lo * (hi / lo) ** r();

// ---- instruments: the asset classes' shapes, cycled
const shapes: Omit<InstrumentSpec, 'symbol'>[] = [
  {
    tickSize: '0.00001',
    contractSize: '100000',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '100',
    maxLeverage: 500,
    feeRate: '0.00002',
    quoteScale: 6,
    quoteToUsdt: 'direct',
  },
  {
    tickSize: '0.01',
    contractSize: '100',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    maxLeverage: 100,
    feeRate: '0.0001',
    quoteScale: 6,
    quoteToUsdt: 'direct',
  },
  {
    tickSize: '0.01',
    contractSize: '1',
    lotStep: '0.001',
    minLots: '0.001',
    maxLots: '10',
    maxLeverage: 100,
    feeRate: '0.0005',
    quoteScale: 6,
    quoteToUsdt: 'direct',
  },
  {
    tickSize: '0.01',
    contractSize: '1',
    lotStep: '1',
    minLots: '1',
    maxLots: '10000',
    maxLeverage: 5,
    feeRate: '0.001',
    quoteScale: 6,
    quoteToUsdt: 'direct',
  },
  {
    tickSize: '0.01',
    contractSize: '1000',
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '100',
    maxLeverage: 50,
    feeRate: '0.0002',
    quoteScale: 6,
    quoteToUsdt: 'direct',
  },
  {
    tickSize: '0.01',
    contractSize: '1',
    lotStep: '1',
    minLots: '1',
    maxLots: '10000',
    maxLeverage: 5,
    feeRate: '0.0005',
    quoteScale: 6,
    quoteToUsdt: 'direct',
  },
  {
    tickSize: '0.001',
    contractSize: '100000',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '100',
    maxLeverage: 500,
    feeRate: '0.00002',
    quoteScale: 6,
    quoteToUsdt: 'inverse',
  },
];

interface Template {
  kind: 'position' | 'entry';
  side: 'buy' | 'sell';
  type: 'limit' | 'stop';
  slDistTicks: bigint | null;
  tpDistTicks: bigint | null;
  soDistTicks: bigint | null;
  entryDistTicks: bigint;
}

interface Market {
  ins: Instrument;
  baseTicks: number;
  spreadTicks: number;
  sigmaTicks: number;
  first: Quote;
  templates: Template[];
}

function makeMarkets(): Market[] {
  const r = mulberry32(SEED);
  return Array.from({ length: INSTRUMENTS }, (_, i) => {
    const ins = compileInstrument({ symbol: `I${i}`, ...shapes[i % shapes.length]! });
    const baseTicks = Math.round(logUniform(r, 50_000, 5_000_000));
    const spreadTicks = Math.max(1, Math.round(baseTicks * 0.00002 * r()));
    const sigmaTicks = Math.max(1, Math.round(baseTicks / 100_000));
    const bid = BigInt(baseTicks);
    const templates = Array.from({ length: 256 }, (): Template => {
      const side = r() < 0.5 ? 'buy' : 'sell';
      const dist = () => BigInt(Math.max(spreadTicks + 1, Math.round(baseTicks * logUniform(r, 0.003, 0.08))));
      const leverage = Math.min(Number(ins.maxLeverage), [5, 10, 20, 50, 100][Math.floor(r() * 5)]!);
      // The stop-out distance comes from the engine's own math at the base price.
      const pos = openPosition(ins, { side, entryTicks: bid, qtySteps: ins.minSteps * 10n, leverage });
      const so = stopOutTicks(ins, pos, '0.5');
      return {
        kind: r() < PENDING / (POSITIONS + PENDING) ? 'entry' : 'position',
        side,
        type: r() < 0.5 ? 'limit' : 'stop',
        slDistTicks: r() < 0.7 ? dist() : null,
        tpDistTicks: r() < 0.7 ? dist() : null,
        soDistTicks: so === null ? null : so > bid ? so - bid : bid - so,
        entryDistTicks: dist(),
      };
    });
    return {
      ins,
      baseTicks,
      spreadTicks,
      sigmaTicks,
      first: { bidTicks: bid, askTicks: bid + BigInt(spreadTicks) },
      templates,
    };
  });
}

/** An item shaped by `t`, placed around `entryTicks` (a position) or the quote (an entry). */
function itemFrom(t: Template, id: number, quote: Quote, entryTicks?: bigint): TriggerItem {
  if (t.kind === 'entry') {
    const away = t.entryDistTicks;
    // Waiting sides: buy limit below the ask, buy stop above; sell limit above the bid, sell stop below.
    const priceTicks =
      t.side === 'buy'
        ? t.type === 'limit'
          ? quote.askTicks - away
          : quote.askTicks + away
        : t.type === 'limit'
          ? quote.bidTicks + away
          : quote.bidTicks - away;
    return { kind: 'entry', id, side: t.side, type: t.type, priceTicks };
  }
  const e = entryTicks ?? (t.side === 'buy' ? quote.askTicks : quote.bidTicks);
  const dir = t.side === 'buy' ? 1n : -1n;
  return {
    kind: 'position',
    id,
    side: t.side,
    stopLossTicks: t.slDistTicks === null ? null : e - dir * t.slDistTicks,
    takeProfitTicks: t.tpDistTicks === null ? null : e + dir * t.tpDistTicks,
    stopOutTicks: t.soDistTicks === null ? null : e - dir * t.soDistTicks,
  };
}

/** True when none of the item's levels is already hit by `quote` (initial items must wait). */
function waits(item: TriggerItem, q: Quote): boolean {
  if (item.kind === 'entry') return true;
  const long = item.side === 'buy';
  const px = long ? q.bidTicks : q.askTicks;
  const lossOk = (x: bigint | null | undefined) => x == null || (long ? x < px : x > px);
  const gainOk = (x: bigint | null | undefined) => x == null || (long ? x > px : x < px);
  return lossOk(item.stopLossTicks) && lossOk(item.stopOutTicks) && gainOk(item.takeProfitTicks);
}

function makeInitialItems(markets: Market[]): { inst: number; item: TriggerItem }[] {
  const r = mulberry32(SEED + 1);
  const out: { inst: number; item: TriggerItem }[] = [];
  let positions = 0;
  let id = 1;
  while (positions < POSITIONS || out.length < POSITIONS + PENDING) {
    const inst = out.length % INSTRUMENTS;
    const m = markets[inst]!;
    const t = m.templates[Math.floor(r() * m.templates.length)]!;
    if (t.kind === 'position' ? positions >= POSITIONS : out.length - positions >= PENDING) continue;
    // Random entry within ~1 % of the start price; retry until no level is already hit.
    const entry = BigInt(Math.round(m.baseTicks * (1 + (r() - 0.5) * 0.02)));
    const item = itemFrom(t, id, m.first, t.kind === 'position' ? entry : undefined);
    if (!waits(item, m.first)) continue;
    out.push({ inst, item });
    id++;
    if (t.kind === 'position') positions++;
  }
  return out;
}

interface TickRow {
  inst: number;
  quote: Quote;
}

function makeTicks(markets: Market[]): TickRow[] {
  const r = mulberry32(SEED + 2);
  const mids = markets.map((m) => m.baseTicks);
  const rows: TickRow[] = [];
  for (let n = 0; n < TICKS; n++) {
    const inst = Math.floor(r() * INSTRUMENTS);
    const m = markets[inst]!;
    const u = r();
    const gap = r() < 0.005 ? 20 : 1;
    let step = u < 1 / 3 ? -m.sigmaTicks : u < 2 / 3 ? 0 : m.sigmaTicks;
    const drift = (mids[inst]! - m.baseTicks) / m.baseTicks;
    if (Math.abs(drift) > 0.05) step = drift > 0 ? -m.sigmaTicks : m.sigmaTicks;
    mids[inst] = Math.max(2 * m.spreadTicks + 1, mids[inst]! + step * gap);
    const bid = BigInt(mids[inst]!);
    rows.push({ inst, quote: { bidTicks: bid, askTicks: bid + BigInt(m.spreadTicks) } });
  }
  return rows;
}

/** Every position of every instrument, scanned on every tick: the most naive service. */
class GlobalScan {
  // One single-item reference scan per item reuses the engine's exact firing rules; the array is
  // scanned whole on every tick, skipping other instruments' items.
  private readonly items: { inst: number; id: number; scan: NaiveTriggerScan }[] = [];
  private readonly slots = new Map<number, number>();
  add(inst: number, item: TriggerItem): void {
    const scan = new NaiveTriggerScan();
    scan.add(item);
    this.slots.set(item.id, this.items.length);
    this.items.push({ inst, id: item.id, scan });
  }
  private remove(id: number): void {
    const slot = this.slots.get(id)!;
    const last = this.items.pop()!;
    if (slot < this.items.length) {
      this.items[slot] = last;
      this.slots.set(last.id, slot);
    }
    this.slots.delete(id);
  }
  onTick(inst: number, quote: Quote): readonly Fired[] {
    let fired: Fired[] | null = null;
    const items = this.items;
    for (let i = 0; i < items.length; i++) {
      const e = items[i]!;
      if (e.inst !== inst) continue;
      const f = e.scan.onTick(quote);
      if (f.length === 0) continue;
      fired ??= [];
      fired.push(f[0]!);
    }
    if (fired === null) return [];
    for (const f of fired) this.remove(f.id);
    return fired.sort(compareFired);
  }
}

type Impl = 'TriggerIndex' | 'NaiveTriggerScan' | 'GlobalScan';

interface RunResult {
  ticks: number;
  seconds: number;
  fired: number;
  events: string[];
  /** Seconds from the start until tick `markAt` (when given) had been processed. */
  secondsAtMark: number[];
  firedAtMark: number[];
}

function run(
  impl: Impl,
  markets: Market[],
  initial: { inst: number; item: TriggerItem }[],
  rows: TickRow[],
  ms: number,
  recordBelow: number,
  markAt: number[] = [],
): RunResult {
  collectGarbage();
  const books: TriggerBook[] = markets.map(() =>
    impl === 'TriggerIndex' ? new TriggerIndex() : new NaiveTriggerScan(),
  );
  const global = new GlobalScan();
  if (impl === 'GlobalScan') for (const { inst, item } of initial) global.add(inst, item);
  else for (const { inst, item } of initial) books[inst]!.add(item);

  let nextId = 10_000_000;
  let fired = 0;
  let n = 0;
  const events: string[] = [];
  const cycle = 2 * rows.length;
  const secondsAtMark: number[] = [];
  const firedAtMark: number[] = [];
  let nextMark = markAt[0] ?? -1;
  const started = performance.now();
  const deadline = started + ms;
  for (;;) {
    for (let k = 0; k < 256; k++, n++) {
      if (n === nextMark) {
        secondsAtMark.push((performance.now() - started) / 1000);
        firedAtMark.push(fired);
        nextMark = markAt[secondsAtMark.length] ?? -1;
      }
      const r = n % cycle;
      const row = rows[r < rows.length ? r : cycle - 1 - r]!;
      const out = impl === 'GlobalScan' ? global.onTick(row.inst, row.quote) : books[row.inst]!.onTick(row.quote);
      if (out.length === 0) continue;
      fired += out.length;
      const m = markets[row.inst]!;
      for (const f of out) {
        if (n < recordBelow) events.push(`${n}:${f.id}:${f.reason}:${f.fillTicks}`);
        // Replace the fired item with a fresh one at the current price: same id and shape everywhere.
        const id = nextId++;
        const item = itemFrom(m.templates[id % m.templates.length]!, id, row.quote);
        if (impl === 'GlobalScan') global.add(row.inst, item);
        else books[row.inst]!.add(item);
      }
    }
    if (performance.now() >= deadline && nextMark < 0) break;
  }
  return { ticks: n, seconds: (performance.now() - started) / 1000, fired, events, secondsAtMark, firedAtMark };
}

// A full collection before each run is built, so one run's garbage is not charged to the next.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const fmt = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function main(): void {
  const t0 = performance.now();
  const markets = makeMarkets();
  const initial = makeInitialItems(markets);
  const rows = makeTicks(markets);
  const levels = initial.reduce((s, { item }) => {
    if (item.kind === 'entry') return s + 1;
    return s + [item.stopLossTicks, item.takeProfitTicks, item.stopOutTicks].filter((x) => x != null).length;
  }, 0);
  console.log(
    `trigger path: ${fmt(POSITIONS)} open positions + ${fmt(PENDING)} pending entries across ${INSTRUMENTS} instruments ` +
      `(${fmt(levels)} trigger levels); ${fmt(TICKS)} distinct ticks, replayed forward/backward; node ${process.version}`,
  );

  // Warm-up: each implementation runs on its own throw-away state, so the JIT has seen the path.
  for (const impl of ['TriggerIndex', 'NaiveTriggerScan', 'GlobalScan'] as const)
    run(impl, markets, initial, rows, WARMUP_MS, 0);

  const naive = run('NaiveTriggerScan', markets, initial, rows, RUN_MS, Number.POSITIVE_INFINITY);
  const global = run('GlobalScan', markets, initial, rows, GLOBAL_RUN_MS, Number.POSITIVE_INFINITY);
  // The index also notes when it has done exactly the peers' tick counts: its rate over the very
  // same ticks (same fills, same replacements) is the like-for-like comparison.
  const marks = [...new Set([global.ticks, naive.ticks])].sort((a, b) => a - b);
  const index = run('TriggerIndex', markets, initial, rows, RUN_MS, Math.max(naive.ticks, global.ticks), marks);
  const indexOver = (peer: RunResult): RunResult => {
    const i = marks.indexOf(peer.ticks);
    return { ...index, ticks: peer.ticks, seconds: index.secondsAtMark[i]!, fired: index.firedAtMark[i]! };
  };

  // Same fills, same order, same prices: the index's events over each peer's prefix.
  const check = (peer: RunResult, name: string) => {
    const mine = index.events.filter((e) => Number(e.slice(0, e.indexOf(':'))) < peer.ticks);
    if (mine.length !== peer.events.length || mine.some((e, i) => e !== peer.events[i])) {
      const i = mine.findIndex((e, k) => e !== peer.events[k]);
      throw new Error(`${name} disagrees with TriggerIndex at event ${i}: ${mine[i]} vs ${peer.events[i]}`);
    }
    return `${fmt(peer.events.length)} fills over the first ${fmt(peer.ticks)} ticks identical`;
  };
  const agreeNaive = check(naive, 'NaiveTriggerScan');
  const agreeGlobal = check(global, 'GlobalScan');

  const rate = (r: RunResult) => r.ticks / r.seconds;
  const indexOnNaive = indexOver(naive);
  const indexOnGlobal = indexOver(global);
  const table: [string, RunResult, RunResult][] = [
    ['TriggerIndex, whole run', index, index],
    ['TriggerIndex, first N₁ ticks', indexOnNaive, indexOnNaive],
    ['NaiveTriggerScan (per instrument), N₁', naive, indexOnNaive],
    ['TriggerIndex, first N₂ ticks', indexOnGlobal, indexOnGlobal],
    ['naive scan of all positions, N₂', global, indexOnGlobal],
  ];
  console.log('');
  console.log(
    '| implementation                         |        ticks | seconds | ticks/s (msgs/s) | fills/tick | TriggerIndex ÷ this, same ticks |',
  );
  console.log(
    '|----------------------------------------|-------------:|--------:|-----------------:|-----------:|--------------------------------:|',
  );
  for (const [name, r, ref] of table) {
    const cells = [
      name.padEnd(38),
      fmt(r.ticks).padStart(12),
      fmt(r.seconds, 3).padStart(7),
      fmt(rate(r)).padStart(16),
      fmt(r.fired / r.ticks, 4).padStart(10),
      `${fmt(rate(ref) / rate(r), 1)}×`.padStart(31),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log('');
  console.log(`agreement: NaiveTriggerScan ${agreeNaive}; all-positions scan ${agreeGlobal}`);
  const ratio = rate(indexOnNaive) / rate(naive);
  console.log(
    `whole-run TriggerIndex vs NaiveTriggerScan: ${fmt(rate(index) / rate(naive), 1)}×; vs the all-positions scan: ${fmt(rate(index) / rate(global), 1)}×`,
  );
  console.log(
    `done criterion (TriggerIndex ≥ 20× the naive scan on the same ticks, against the stronger per-instrument peer): ` +
      `${fmt(ratio, 1)}× — ${ratio >= 20 ? 'met' : 'NOT met'}`,
  );
  console.log(`total wall time ${fmt((performance.now() - t0) / 1000, 1)} s`);
  if (ratio < 20) process.exitCode = 1;
}

main();
