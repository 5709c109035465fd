/**
 * What the parts of the market service share: its dependencies, the instrument index, and the
 * in-memory live state (quote cache, rolling statistics, candle aggregator) that the tick pipeline
 * writes and the quote, K-line and start-up parts read. Also `toInstrument` and the shared types.
 */
import type { TickSource } from '@openbourse/contracts/market.ts';
import { formatFixed, mul, parseFixed } from '@openbourse/money';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { CandleAggregator, type CandleState, VOLUME_SCALE } from './market.aggregator.ts';
import type { AssetClass } from './market.catalogue.ts';
import type { MarketOptions } from './market.config.ts';
import { decimalToUnits, decimalsOf, trimDecimal, unitsToDecimal, unitsToTrimmed } from './market.price.ts';
import { type CandleRow, type InstrumentRow, marketRepository as repo } from './market.repository.ts';
import { realScheduler } from './market.scheduler.ts';
import { RollingStats } from './market.stats.ts';
import type { Instrument } from './market.types.ts';

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: Logger = { info() {}, warn() {}, error() {} };

/** The price of an instrument now, as the trading module fills against it. */
export interface QuoteSnapshot {
  /** The recorded tick this quote comes from (reference it as a fill's price source). */
  tickId: number;
  instrumentId: number;
  bid: string;
  ask: string;
  last: string;
  ts: Date;
  source: TickSource;
  priceDecimals: number;
  bidUnits: bigint;
  askUnits: bigint;
  lastUnits: bigint;
}

export interface LiveQuote {
  tickId: number | null;
  bid: bigint;
  ask: bigint;
  last: bigint;
  ts: number;
  source: TickSource;
}

export function toInstrument(row: InstrumentRow): Instrument {
  const priceDecimals = row.priceDecimals;
  const tickSize = trimDecimal(row.tickSize);
  const contractSize = trimDecimal(row.contractSize);
  const lotStep = trimDecimal(row.lotStep);
  const lotUnits = mul(parseFixed(lotStep, decimalsOf(lotStep)), parseFixed(contractSize, decimalsOf(contractSize)));
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    assetClass: row.assetClass as AssetClass,
    base: row.base,
    quote: row.quote,
    quoteToUsdt: row.quoteToUsdt as 'direct' | 'inverse',
    tickSize,
    contractSize,
    lotStep,
    minLots: trimDecimal(row.minLots),
    maxLots: trimDecimal(row.maxLots),
    maxLeverage: row.maxLeverage,
    feeRate: trimDecimal(row.feeRate),
    stopsLevel: row.stopsLevel,
    priceDecimals,
    session: row.session,
    volatility: trimDecimal(row.volatility),
    initialPrice: unitsToDecimal(decimalToUnits(row.initialPrice, priceDecimals), priceDecimals),
    spreadRate: trimDecimal(row.spreadRate),
    dailyVolume: trimDecimal(row.dailyVolume),
    feedSymbol: row.feedSymbol,
    enabled: row.enabled,
    sort: row.sort,
    tickUnits: decimalToUnits(row.tickSize, priceDecimals),
    initialUnits: decimalToUnits(row.initialPrice, priceDecimals),
    spreadRateUnits: decimalToUnits(row.spreadRate, 8),
    dailyVolumeUnits: decimalToUnits(row.dailyVolume, VOLUME_SCALE),
    qtyDecimals: decimalsOf(formatFixed(lotUnits, { trim: true })),
  };
}

export interface MarketDeps {
  db: Db;
  clock: Clock;
  options: MarketOptions;
  log?: Logger;
}

export type MarketContext = ReturnType<typeof createMarketContext>;

export function createMarketContext(deps: MarketDeps) {
  const { db, clock, options } = deps;
  const log = deps.log ?? silent;
  const scheduler = options.scheduler ?? realScheduler;

  let loading: Promise<void> | null = null;

  const ctx = {
    db,
    clock,
    options,
    log,
    scheduler,
    // The instrument index; each load replaces all three (read them through ctx, never keep them).
    instruments: [] as Instrument[],
    byId: new Map<number, Instrument>(),
    byCode: new Map<string, Instrument>(),
    quotes: new Map<number, LiveQuote>(),
    stats: new Map<number, RollingStats>(),
    lastTickTs: new Map<number, number>(),
    // Replaced by start-up's loadState (read it through ctx, never keep it).
    aggregator: new CandleAggregator(),
    /** Instruments with a new quote since the last broadcast. */
    changed: new Set<number>(),
    loadInstruments,
    ensureLoaded,
    find,
    enabled,
    candleRow,
  };

  // ---------------------------------------------------------------- instruments

  async function loadInstruments(): Promise<void> {
    const rows = await repo.listInstruments(db);
    ctx.instruments = rows.map(toInstrument);
    ctx.byId = new Map(ctx.instruments.map((i) => [i.id, i]));
    ctx.byCode = new Map(ctx.instruments.map((i) => [i.code, i]));
    for (const i of ctx.instruments) if (!ctx.stats.has(i.id)) ctx.stats.set(i.id, new RollingStats());
  }

  async function ensureLoaded(): Promise<void> {
    if (ctx.instruments.length > 0) return;
    loading ??= loadInstruments().finally(() => {
      loading = null;
    });
    await loading;
  }

  function find(idOrCode: number | string): Instrument | undefined {
    if (typeof idOrCode === 'number') return ctx.byId.get(idOrCode);
    if (/^\d{1,9}$/.test(idOrCode)) return ctx.byId.get(Number(idOrCode));
    return ctx.byCode.get(idOrCode.toUpperCase());
  }

  function enabled(): Instrument[] {
    return ctx.instruments.filter((i) => i.enabled);
  }

  // ---------------------------------------------------------------- candles

  function candleRow(c: CandleState): CandleRow {
    const d = ctx.byId.get(c.instrumentId)?.priceDecimals ?? 12;
    return {
      instrumentId: c.instrumentId,
      period: c.period,
      openTime: c.openTime,
      open: unitsToDecimal(c.open, d),
      high: unitsToDecimal(c.high, d),
      low: unitsToDecimal(c.low, d),
      close: unitsToDecimal(c.close, d),
      volume: unitsToTrimmed(c.volume, VOLUME_SCALE),
    };
  }

  return ctx;
}
