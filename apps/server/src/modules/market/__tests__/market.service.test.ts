import { type KPeriod, PERIOD_MS } from '@openbourse/contracts/market.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import { bucketStart, CandleAggregator, VOLUME_SCALE } from '../market.aggregator.ts';
import { decimalToUnits } from '../market.price.ts';
import { marketInstruments } from '../market.tables.ts';
import type { MarketTick } from '../market.types.ts';
import { createMarketTestApp, type MarketTestApp } from './helpers.ts';

async function codeOf(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (err) {
    return (err as { code?: number }).code;
  }
  return 200;
}

describe.each(DRIVERS)('market service on %s', (driver) => {
  let t: MarketTestApp;
  const seen: MarketTick[] = [];
  beforeAll(async () => {
    t = await createMarketTestApp(driver);
    t.market.subscribe((tick) => seen.push(tick));
  });
  afterAll(async () => t?.close());

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number | string }>(t.database.db, query))[0]?.n);

  it('seeds the catalogue idempotently and keeps operator edits', async () => {
    const db = t.database.db;
    expect(await count(sql`select count(*) as n from market_instruments`)).toBe(50);
    await db.update(marketInstruments).set({ name: 'Edited' }).where(eq(marketInstruments.code, 'SPY'));
    await t.market.seed(db);
    expect(await count(sql`select count(*) as n from market_instruments`)).toBe(50);
    const [spy] = await db.select().from(marketInstruments).where(eq(marketInstruments.code, 'SPY'));
    expect(spy?.name).toBe('Edited');
    await db.update(marketInstruments).set({ name: 'SPDR S&P 500 ETF' }).where(eq(marketInstruments.code, 'SPY'));
  });

  it('records every tick once, in order, with an id, in batched writes', async () => {
    // One tick a second for every open instrument (all of them on a Wednesday afternoon).
    await t.advance(5_000);
    expect(seen.length).toBe(5 * 50);
    const ids = seen.map((s) => s.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await queryRows<{ id: number; price: string; bid: string; ask: string; source: string; ts: Date }>(
      t.database.db,
      sql`select id::float8 as id, price::text as price, bid::text as bid, ask::text as ask, source from market_ticks order by id`,
    );
    expect(rows.map((r) => Number(r.id)).slice(-ids.length)).toEqual(ids);
    const last = seen[seen.length - 1]!;
    const stored = rows[rows.length - 1]!;
    expect(decimalToUnits(stored.price, last.priceDecimals)).toBe(last.lastUnits);
    expect(decimalToUnits(stored.bid, last.priceDecimals)).toBe(last.bidUnits);
    expect(rows.every((r) => r.source === 'sim')).toBe(true);
  });

  it('answers the current quote as the latest recorded tick', async () => {
    const btc = await t.market.getInstrument('BTCUSDT');
    expect(await t.market.getInstrument(btc.id)).toBe(btc);
    const latest = seen.filter((s) => s.instrumentId === btc.id).pop()!;
    const q = t.market.currentQuote(btc.id)!;
    expect(q).toMatchObject({ tickId: latest.id, bid: latest.bid, ask: latest.ask, last: latest.last, source: 'sim' });
    expect(q.bidUnits < q.askUnits).toBe(true);
    expect(q.ts.getTime()).toBe(t.clock.now().getTime());
    expect(await t.market.getTick(latest.id)).toMatchObject({ id: latest.id, last: latest.last, pinned: false });
    expect(await t.market.getTick(9_999_999)).toBeNull();
    expect(await codeOf(() => t.market.getInstrument('NOPE'))).toBe(80005);
  });

  it('stores candles that are the aggregate of the recorded ticks', async () => {
    await t.advance(125_000);
    const btc = await t.market.getInstrument('BTCUSDT');
    const ticks = await queryRows<{ ts_ms: number; price: string; volume: string }>(
      t.database.db,
      sql`select (extract(epoch from ts) * 1000)::float8 as ts_ms, price::text as price, volume::text as volume
          from market_ticks where instrument_id = ${btc.id} order by id`,
    );
    const agg = new CandleAggregator(['1m']);
    const rebuilt = new Map<number, { close: bigint; high: bigint; low: bigint; volume: bigint }>();
    for (const r of ticks) {
      const { updated } = agg.apply({
        instrumentId: btc.id,
        ts: Number(r.ts_ms),
        price: decimalToUnits(r.price, 2),
        volume: decimalToUnits(r.volume, VOLUME_SCALE),
      });
      for (const c of updated) rebuilt.set(c.openTime, c);
    }
    const firstTick = Number(ticks[0]!.ts_ms);
    const stored = await t.market.candles({
      code: 'BTCUSDT',
      period: '1m',
      from: bucketStart(firstTick, '1m') + 60_000,
    });
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const c of stored) {
      const r = rebuilt.get(c.openTime)!;
      expect(c.close).toBe((Number(r.close) / 100).toFixed(2));
      expect(decimalToUnits(c.high, 2)).toBe(r.high);
      expect(decimalToUnits(c.low, 2)).toBe(r.low);
      expect(decimalToUnits(c.volume, VOLUME_SCALE)).toBe(r.volume);
    }
  });

  it('refuses trading outside the session (10015), unknown instruments (80005) and disabled ones (10015)', async () => {
    const aapl = await t.market.getInstrument('AAPL');
    const btc = await t.market.getInstrument('BTCUSDT');
    expect(await codeOf(() => t.market.assertTradable(aapl.id))).toBe(200);
    expect(await codeOf(() => t.market.assertTradable(aapl.id, new Date('2026-11-21T15:00:00Z')))).toBe(10015);
    expect(await codeOf(() => t.market.assertTradable(aapl.id, new Date('2026-11-18T21:00:00Z')))).toBe(10015);
    expect(await codeOf(() => t.market.assertTradable(btc.id, new Date('2026-11-21T15:00:00Z')))).toBe(200);
    expect(await codeOf(() => t.market.assertTradable(99_999))).toBe(80005);
    const eur = await t.market.getInstrument('EURUSD');
    expect(await codeOf(() => t.market.assertTradable(eur.id, new Date('2026-11-21T12:00:00Z')))).toBe(10015);
  });

  it('publishes manual ticks only on the grid and in order', async () => {
    const eur = await t.market.getInstrument('EURUSD');
    const tick = await t.market.publishTick({ instrumentId: eur.id, bid: '1.16001', ask: '1.16003', volume: '1000' });
    expect(tick).toMatchObject({ bid: '1.16001', ask: '1.16003', last: '1.16002', source: 'manual', volume: '1000' });
    expect(t.market.currentQuote(eur.id)?.tickId).toBe(tick.id);
    const es = await t.market.getInstrument('ES');
    expect(await codeOf(() => t.market.publishTick({ instrumentId: es.id, bid: '6700.10', ask: '6700.50' }))).toBe(
      40001,
    );
    expect(await codeOf(() => t.market.publishTick({ instrumentId: eur.id, bid: '1.2', ask: '1.1' }))).toBe(40001);
    expect(await codeOf(() => t.market.publishTick({ instrumentId: eur.id, bid: '-1', ask: '1.1' }))).toBe(40001);
    expect(await codeOf(() => t.market.publishTick({ instrumentId: eur.id, bid: 'abc', ask: '1.1' }))).toBe(40001);
    expect(await codeOf(() => t.market.publishTick({ instrumentId: 12345, bid: '1', ask: '1' }))).toBe(80005);
  });

  it('pins a tick a fill references (even before it is flushed) and prunes only old unpinned ticks', async () => {
    t.scheduler.advance(1000); // new ticks, not yet flushed
    const eth = await t.market.getInstrument('ETHUSDT');
    const pending = t.market.currentQuote(eth.id)!;
    const pinned = await t.database.db.transaction((tx) => t.market.pinTick(tx, pending.tickId));
    expect(pinned).toMatchObject({ id: pending.tickId, bid: pending.bid, ask: pending.ask });
    await t.advance(1000); // a newer ETH tick: the pinned one is kept for being pinned, not for being last
    expect((await t.market.getTick(pending.tickId))?.pinned).toBe(true);
    expect(await codeOf(() => t.market.pinTick(t.database.db, 987_654_321))).toBe(80005);

    const total = await count(sql`select count(*) as n from market_ticks`);
    // Three days later, with a 48 h retention: everything older goes but the pinned tick and
    // each instrument's newest tick (the quote a closed market still shows).
    t.clock.advance(3 * 86_400_000);
    await t.market.prune();
    const left = await queryRows<{ id: number; pinned: boolean }>(
      t.database.db,
      sql`select id::float8 as id, pinned from market_ticks`,
    );
    expect(total).toBeGreaterThan(left.length);
    expect(left.map((r) => Number(r.id))).toContain(pending.tickId);
    expect(left.length).toBe(51);
    t.clock.advance(-3 * 86_400_000);
  });

  it('trusts only a committed pin: a rolled-back one is pinned again, a committed one is not rewritten', async () => {
    await t.advance(1000);
    const btc = await t.market.getInstrument('BTCUSDT');
    const tickId = t.market.currentQuote(btc.id)!.tickId;
    const rollback = new Error('rolled back');
    const failed = t.database.db.transaction(async (tx) => {
      await t.market.pinTick(tx, tickId);
      await t.market.pinTick(tx, tickId); // sees its own pin: still not committed
      throw rollback;
    });
    await expect(failed).rejects.toBe(rollback);
    await new Promise((r) => setTimeout(r, 100)); // any confirmation read has run
    expect((await t.market.getTick(tickId))?.pinned).toBe(false);

    await t.database.db.transaction((tx) => t.market.pinTick(tx, tickId));
    expect((await t.market.getTick(tickId))?.pinned).toBe(true);
    // Once the pin is known committed, a fill at the tick writes nothing: it works even in a
    // read-only transaction (which refuses any UPDATE, matching rows or not).
    const readOnlyPin = () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        return t.market.pinTick(tx, tickId);
      });
    let pinned: MarketTick | null = null;
    for (let i = 0; i < 50 && !pinned; i++) {
      pinned = await readOnlyPin().catch(() => null);
      if (!pinned) await new Promise((r) => setTimeout(r, 20));
    }
    expect(pinned).toMatchObject({ id: tickId, code: 'BTCUSDT' });
  });

  it('pushes changed quotes as one serialised batch per period', async () => {
    const batches: string[] = [];
    const off = t.market.onQuoteBatch((json) => batches.push(json));
    await t.advance(3_000);
    off();
    expect(batches.length).toBe(3);
    const batch = JSON.parse(batches[0]!) as Array<Record<string, unknown>>;
    expect(Array.isArray(batch)).toBe(true);
    expect(batch.length).toBe(50);
    expect(Object.keys(batch[0]!).sort()).toEqual(
      ['ask', 'bid', 'change', 'changePct', 'code', 'high', 'id', 'last', 'low', 'ts', 'volume'].sort(),
    );
  });

  it('gives the home page its listed instruments and an honest volume', async () => {
    expect(await t.market.homeSources().listedInstruments()).toBe(50);
    expect(await t.market.homeSources().volume24hUsdt()).toBe('0');
    expect(await t.market.homeSources({ tradedVolume24hUsdt: async () => '12.5' }).volume24hUsdt()).toBe('12.5');
  });
});

describe.each(DRIVERS)('market start-up and restarts on %s', (driver) => {
  it('generates full history on first start, continues prices across restarts and fills downtime gaps', async () => {
    const first = await createMarketTestApp(driver, { market: { historyCandles: 300 } });
    const db = first.database.db;
    const periods: KPeriod[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'];
    const perPeriod = await queryRows<{ period: string; n: number; instruments: number }>(
      db,
      sql`select period, min(n)::int as n, count(*)::int as instruments
          from (select instrument_id, period, count(*) as n from market_klines group by 1, 2) x group by period`,
    );
    expect(perPeriod).toHaveLength(7);
    for (const row of perPeriod) {
      expect(periods).toContain(row.period);
      expect(row.instruments).toBe(50);
      expect(row.n).toBeGreaterThanOrEqual(300);
    }
    const btc = await first.market.getInstrument('BTCUSDT');
    expect(first.market.currentQuote(btc.id)?.last).toBe('95000.00');
    await first.advance(10_000);
    const lastBefore = first.market.currentQuote(btc.id)!;
    await first.stop();

    // Restart 30 s later: the price continues from the last tick, ids continue, no history redone.
    first.clock.advance(30_000);
    const second = await createMarketTestApp(driver, { database: first.database, clock: first.clock });
    const resumed = second.market.currentQuote(btc.id)!;
    expect(resumed.tickId).toBeGreaterThan(lastBefore.tickId);
    const jump = Math.abs(Math.log(Number(resumed.lastUnits) / Number(lastBefore.lastUnits)));
    expect(jump).toBeLessThan(0.01);
    await second.advance(5_000);
    await second.stop();

    // Three hours of downtime: the gap is filled with candles from the last price on.
    const lastClose = second.market.currentQuote(btc.id)!;
    first.clock.advance(3 * 3_600_000);
    const third = await createMarketTestApp(driver, {
      database: first.database,
      clock: first.clock,
      market: { historyCandles: 300 },
    });
    const gap = await third.market.candles({
      code: 'BTCUSDT',
      period: '1m',
      from: lastClose.ts.getTime() + PERIOD_MS['1m'],
      to: third.clock.now().getTime() - PERIOD_MS['1m'],
    });
    expect(gap.length).toBeGreaterThanOrEqual(175);
    for (let i = 1; i < gap.length; i++) expect(gap[i]!.open).toBe(gap[i - 1]!.close);
    const now = third.market.currentQuote(btc.id)!;
    const lastGap = gap[gap.length - 1]!;
    expect(Math.abs(Math.log(Number(decimalToUnits(lastGap.close, 2)) / Number(now.lastUnits)))).toBeLessThan(0.02);
    await third.close();
    expect(third.scheduler.pending).toBe(0);
  });
});
