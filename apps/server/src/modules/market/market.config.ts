import { z } from 'zod';
import type { Scheduler } from './market.scheduler.ts';

/**
 * The market module's settings. From the environment at boot (all optional):
 *   MARKET_FEED                  sim (default) | binance (crypto from Binance, the rest simulated) | off
 *   MARKET_FEED_URL              Binance stream base, default wss://stream.binance.com:9443
 *   MARKET_SEED                  seed of the simulated feed and generated history (default "openbourse")
 *   MARKET_TICK_MS               simulated tick cadence per instrument, default 1000
 *   MARKET_TICK_RETENTION_HOURS  unpinned ticks older than this are pruned (default 48; 0 keeps all)
 *   MARKET_HISTORY_CANDLES       candles generated per period on first start (default 300)
 * `off` runs no feed: quotes come only from what is recorded and from `publishTick` (tests, and
 * operators who feed prices by other means).
 */
export const MarketEnv = z.object({
  MARKET_FEED: z.enum(['sim', 'binance', 'off']).default('sim'),
  MARKET_FEED_URL: z.string().url().default('wss://stream.binance.com:9443'),
  MARKET_SEED: z.string().min(1).max(200).default('openbourse'),
  MARKET_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  MARKET_TICK_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3650)
    .default(48),
  MARKET_HISTORY_CANDLES: z.coerce.number().int().min(0).max(2000).default(300),
});

export interface MarketOptions {
  feed: 'sim' | 'binance' | 'off';
  feedUrl: string;
  seed: string;
  tickMs: number;
  /** How often buffered ticks and candles are written (one multi-row insert each). */
  flushMs: number;
  /** How often changed quotes are pushed on /message. */
  broadcastMs: number;
  tickRetentionHours: number;
  pruneEveryMs: number;
  /** Candles per period generated on first start (and, capped the same way, after downtime). */
  historyCandles: number;
  /** Pull toward the initial price in the simulation (half-life in days; 0 = pure GBM). */
  reversionHalfLifeDays: number;
  /** A non-simulated quote older than this is stale: the instrument is not tradable (10015). */
  staleQuoteMs: number;
  /** Binance coalescing interval and reconnect backoff. */
  binance: { emitMs: number; backoffInitialMs: number; backoffMaxMs: number; idleTimeoutMs: number };
  scheduler?: Scheduler;
}

export const DEFAULT_MARKET_OPTIONS: MarketOptions = {
  feed: 'sim',
  feedUrl: 'wss://stream.binance.com:9443',
  seed: 'openbourse',
  tickMs: 1000,
  flushMs: 1000,
  broadcastMs: 1000,
  tickRetentionHours: 48,
  pruneEveryMs: 3_600_000,
  historyCandles: 300,
  reversionHalfLifeDays: 180,
  staleQuoteMs: 30_000,
  binance: { emitMs: 1000, backoffInitialMs: 1000, backoffMaxMs: 60_000, idleTimeoutMs: 60_000 },
};

export function marketOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MarketOptions {
  const parsed = MarketEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid market configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    ...DEFAULT_MARKET_OPTIONS,
    feed: e.MARKET_FEED,
    feedUrl: e.MARKET_FEED_URL,
    seed: e.MARKET_SEED,
    tickMs: e.MARKET_TICK_MS,
    tickRetentionHours: e.MARKET_TICK_RETENTION_HOURS,
    historyCandles: e.MARKET_HISTORY_CANDLES,
  };
}
