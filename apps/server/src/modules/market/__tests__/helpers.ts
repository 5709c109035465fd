import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { seedPlatform } from '../../../seed.ts';
import { type Driver, openTestDatabase } from '../../../test/db.ts';
import { DEFAULT_MARKET_OPTIONS, type MarketOptions } from '../market.config.ts';
import { ManualScheduler } from '../market.scheduler.ts';
import type { MarketService } from '../market.service.ts';

/** A Wednesday with every market open (US session 14:30–21:00 UTC). */
export const WEDNESDAY_OPEN = '2026-11-18T15:00:00Z';

export interface MarketTestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  scheduler: ManualScheduler;
  market: MarketService;
  call<T = unknown>(
    url: string,
    opts?: { headers?: Record<string, string>; query?: Record<string, string | string[]> },
  ): Promise<{ status: number; body: { code: number; msg: string; result: T; field?: string } }>;
  /** Advances time (firing feed, flush and broadcast timers) and waits for the writes. */
  advance(ms: number): Promise<void>;
  /** Closes the app (the feed stops and flushes) but keeps the database. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app with a manual clock and scheduler, so the feed ticks only when a test advances time.
 * Pass `database` to start again on the data a previous app left (restart continuity).
 */
export async function createMarketTestApp(
  driver: Driver,
  opts: { at?: string | Date; market?: Partial<MarketOptions>; database?: Database; clock?: ManualClock } = {},
): Promise<MarketTestApp> {
  const database = opts.database ?? (await openTestDatabase(driver));
  const clock = opts.clock ?? new ManualClock(opts.at ?? WEDNESDAY_OPEN);
  const scheduler = new ManualScheduler(clock);
  const { app, services } = await buildApp({
    config: { MAIL_FROM: 'test@localhost', SESSION_TTL_HOURS: 24, SMTP_URL: undefined, WEB_DIST: '/nonexistent' },
    database,
    clock,
    market: { ...DEFAULT_MARKET_OPTIONS, seed: 'test', historyCandles: 30, ...opts.market, scheduler },
  });
  await seedPlatform(services, database.db, null);
  await app.ready();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    app,
    database,
    clock,
    scheduler,
    market: services.market,
    async call(url, o = {}) {
      const req: InjectOptions = { method: 'GET', url, headers: { ...o.headers } };
      if (o.query) req.query = o.query;
      const res = await app.inject(req);
      return { status: res.statusCode, body: res.json() };
    },
    async advance(ms) {
      // A second at a time, settling writes every few seconds as real time would.
      for (let left = ms, i = 1; left > 0; left -= 1000, i++) {
        scheduler.advance(Math.min(1000, left));
        if (i % 5 === 0 || left <= 1000) await services.market.flush();
      }
    },
    stop,
    async close() {
      await stop();
      await database.close();
    },
  };
}
