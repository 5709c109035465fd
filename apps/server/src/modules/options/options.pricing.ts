/**
 * The inputs of the options model from the market's records, and a quote's figures from the engine
 * (packages/engine/src/options): σ measured from the instrument's 1-minute candles over its last 24
 * hours of open time, T as the period's share of an open year, the capped option's model rate, the
 * rate charged with the spread, and the maximum payout. What is stated (σ at 4 decimals, the model
 * rate at 10) is what every later step computes from, so a quote can be checked by hand.
 */
import type { SessionSpec } from '@openbourse/contracts/market.ts';
import {
  cappedRate,
  chargedRate,
  MODEL_RATE_DECIMALS,
  maxPayout,
  type OptionKind,
  realisedVolatility,
  stateModelValue,
  VOLATILITY_DECIMALS,
} from '@openbourse/engine';
import type { Clock } from '../../lib/clock.ts';
import type { MarketService } from '../market/market.service.ts';
import { openMsBetween, openMsPerYear } from '../market/market.session.ts';
import type { Instrument } from '../market/market.types.ts';

/** σ is measured over this much open market time. */
export const VOL_WINDOW_OPEN_MS = 24 * 3_600_000;
/** Fewer candles than this in the window: no volatility (the series cannot be quoted: 10015). */
export const VOL_MIN_CANDLES = 30;
/** σ is floored and capped: a quiet day does not make options free, a glitch does not make them absurd. */
export const VOL_FLOOR = 0.05;
export const VOL_CAP = 3;
/** A measured σ is reused this long per instrument (per process). */
export const VOL_CACHE_MS = 60_000;
const MINUTE_MS = 60_000;
/** The candle window never reaches further back than this (a market closed for longer has no σ). */
const MAX_LOOKBACK_MS = 30 * 86_400_000;

/** The start of the span ending at `nowMs` that holds `openMs` of open market time (at most 30 days back). */
export function openWindowStart(session: SessionSpec, nowMs: number, openMs: number): number {
  let from = nowMs - openMs;
  for (let i = 0; i < 64 && from > nowMs - MAX_LOOKBACK_MS; i++) {
    const short = openMs - openMsBetween(session, from, nowMs);
    if (short <= 0) break;
    from -= short;
  }
  return Math.max(from, nowMs - MAX_LOOKBACK_MS);
}

/** One-minute periods in an open year of the session (525,960 for 24/7; ~101,800 for US equities). */
export const minutesPerOpenYear = (session: SessionSpec) => openMsPerYear(session) / MINUTE_MS;

/** A period as a share of an open year: the model's T (the period lies within one session). */
export const periodYears = (session: SessionSpec, periodSeconds: number) =>
  (periodSeconds * 1000) / openMsPerYear(session);

export interface QuoteFigures {
  volatility: string;
  modelRate: string;
  rate: string;
  maxPayout: string;
}

/**
 * A quote's figures for `amount` in a currency of `scale`: the capped option's model rate at σ and
 * T, the rate charged (spread added, rounded up to 8 decimals), and the maximum payout (rounded down).
 */
export function quoteFigures(q: {
  kind: OptionKind;
  session: SessionSpec;
  periodSeconds: number;
  volatility: string;
  capMove: string;
  spreadBps: number;
  amount: string;
  scale: number;
}): QuoteFigures {
  const model = cappedRate({
    kind: q.kind,
    years: periodYears(q.session, q.periodSeconds),
    vol: Number(q.volatility),
    capMove: Number(q.capMove),
  });
  const modelRate = stateModelValue(model, MODEL_RATE_DECIMALS);
  const rate = chargedRate(modelRate, q.spreadBps);
  const most = /^0\.0+$/.test(rate) ? '0' : maxPayout(q.amount, q.capMove, rate, q.scale);
  return { volatility: q.volatility, modelRate, rate, maxPayout: most };
}

export function createOptionPricing(deps: { market: MarketService; clock: Clock; cacheMs?: number }) {
  const { market, clock } = deps;
  const cacheMs = deps.cacheMs ?? VOL_CACHE_MS;
  const cache = new Map<number, { atMs: number; value: Promise<string | null> }>();

  /** σ from the closes of the last 24 open hours of 1-minute candles; null with fewer than 30. */
  async function measure(inst: Instrument, nowMs: number): Promise<string | null> {
    const from = openWindowStart(inst.session, nowMs, VOL_WINDOW_OPEN_MS);
    const candles = await market
      .candles({ code: inst.code, period: '1m', from, to: nowMs, limit: VOL_WINDOW_OPEN_MS / MINUTE_MS })
      .catch(() => []);
    if (candles.length < VOL_MIN_CANDLES) return null;
    const sigma = realisedVolatility(
      candles.map((c) => Number(c.close)),
      minutesPerOpenYear(inst.session),
    );
    if (sigma === null || !Number.isFinite(sigma)) return null;
    return stateModelValue(Math.min(Math.max(sigma, VOL_FLOOR), VOL_CAP), VOLATILITY_DECIMALS);
  }

  return {
    /** The instrument's σ now as stated ("0.6250"), measured at most `cacheMs` ago; null: too few candles. */
    volatility(inst: Instrument): Promise<string | null> {
      const nowMs = clock.now().getTime();
      const hit = cache.get(inst.id);
      if (hit && nowMs - hit.atMs < cacheMs && nowMs >= hit.atMs) return hit.value;
      const value = measure(inst, nowMs);
      cache.set(inst.id, { atMs: nowMs, value });
      // A failure is not remembered.
      value.catch(() => cache.delete(inst.id));
      return value;
    },

    /** Forgets every measured σ (tests, and after an instrument's edit). */
    forget(): void {
      cache.clear();
    },
  };
}

export type OptionPricing = ReturnType<typeof createOptionPricing>;
