/**
 * Settlement at expiry: from the first recorded tick at or after the expiry (not the last before it,
 * nor a later one), paying the engine's payout from the platform's options account once, however
 * often the job runs.
 */
import type { OptionOrder } from '@openbourse/contracts/options.ts';
import { optionPayout } from '@openbourse/engine';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { OPTIONS_SETTLE_JOB } from '../options.jobs.ts';
import { createOptionSettlement, OPTIONS_TOPIC } from '../options.settlement.ts';
import { createOptionsTestApp, type OptionsTestApp, units } from './helpers.ts';

describe.each(DRIVERS)('options settlement on %s', (driver) => {
  let t: OptionsTestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createOptionsTestApp(driver);
    await t.history('BTCUSDT', '95000.00', 40);
    btc = await t.seriesId('BTCUSDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  /** Buys an option struck at `strike` (a tick recorded just before confirming). */
  async function buy(
    direction: 'call' | 'put',
    strike: string,
    amount = '100',
  ): Promise<{ order: OptionOrder; user: { id: number; token: string } }> {
    const user = await t.user({ real: '1000' });
    const q = await t.quote(user.token, { seriesId: btc, period: 300, direction, amount });
    expect(q.code, JSON.stringify(q)).toBe(200);
    await t.at('BTCUSDT', strike);
    const res = await t.buy(user.token, q.result.quoteId);
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect(res.result.strike).toBe(strike);
    return { order: res.result, user };
  }

  /** Moves the clock to `offsetMs` from the order's expiry and records a tick there. */
  async function tickAt(order: OptionOrder, offsetMs: number, price: string) {
    t.clock.set(new Date(order.expiresAt + offsetMs));
    return t.at('BTCUSDT', price);
  }

  it('settles from the first tick at or after the expiry, pins it, and pays the intrinsic value', async () => {
    const { order, user } = await buy('call', '95000.00');
    const balance = Number(await t.available(user.id));
    const platform = Number(await t.platform());
    // Before the expiry: nothing to settle even with ticks recorded.
    await tickAt(order, -1_000, '99000.00');
    expect((await t.settle()).settled).toBe(0);
    // Past the expiry with no tick since: it waits.
    t.clock.set(new Date(order.expiresAt + 1_000));
    const waiting = await t.settle();
    expect(waiting.waiting).toBeGreaterThanOrEqual(1);
    expect((await t.order(user.token, order.id)).result.status).toBe('open');
    // Two ticks after it: the first one settles.
    const first = await tickAt(order, 2_000, '96000.00');
    await tickAt(order, 3_000, '98000.00');
    expect((await t.settle()).settled).toBe(1);
    const done = (await t.order(user.token, order.id)).result;
    const payout = optionPayout({
      kind: 'call',
      quantity: done.quantity,
      strike: '95000.00',
      settle: '96000.00',
      capMove: '0.05',
      scale: 6,
    });
    expect(done).toMatchObject({
      status: 'settled',
      settlePrice: '96000.00',
      settleTickId: first.id,
      settleTickAt: order.expiresAt + 2_000,
      settledAt: t.clock.now().getTime(),
      payout: payout.replace(/\.?0+$/, ''),
    });
    // quantity × (96000 − 95000), rounded down: the payout is money, the profit payout − premium.
    expect(units(done.payout!, 6)).toBe((units(done.quantity, 8) * 1000n) / 100n);
    expect(units(done.profit!, 6)).toBe(units(done.payout!, 6) - units('100', 6));
    expect(Number(await t.available(user.id)) - balance).toBeCloseTo(Number(done.payout), 6);
    expect(platform - Number(await t.platform())).toBeCloseTo(Number(done.payout), 6);
    await t.services.market.flush();
    expect((await t.services.market.getTick(first.id))?.pinned).toBe(true);
    expect((await t.orders(user.token, { status: 'settled' })).result.list.map((o) => o.id)).toEqual([order.id]);
  });

  it('announces each settled order after commit (the owner’s sockets are told to read it again)', async () => {
    const heard: unknown[] = [];
    t.services.events.subscribe(OPTIONS_TOPIC, ({ payload }) => {
      heard.push(payload);
    });
    const { order, user } = await buy('call', '95000.00');
    await tickAt(order, 10, '95100.00');
    await t.settle();
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    expect(heard).toContainEqual({ userId: user.id, id: order.id, mode: 'real' });
  });

  it('uses a tick exactly at the expiry instant', async () => {
    const { order, user } = await buy('put', '95000.00');
    await tickAt(order, -1, '90000.00');
    const exact = await tickAt(order, 0, '94000.00');
    await tickAt(order, 1, '80000.00');
    await t.settle();
    const done = (await t.order(user.token, order.id)).result;
    expect(done).toMatchObject({ status: 'settled', settleTickId: exact.id, settlePrice: '94000.00' });
  });

  // Strike 95000, capMove 0.05: the call's cap price 99750, the put's 90250.
  it.each([
    ['call', 'in the money', '97000.00', 2000n],
    ['call', 'at the money', '95000.00', 0n],
    ['call', 'out of the money', '94000.00', 0n],
    ['call', 'exactly at the cap', '99750.00', 4750n],
    ['call', 'beyond the cap', '120000.00', 4750n],
    ['put', 'in the money', '93500.00', 1500n],
    ['put', 'at the money', '95000.00', 0n],
    ['put', 'out of the money', '96000.00', 0n],
    ['put', 'exactly at the cap', '90250.00', 4750n],
    ['put', 'beyond the cap', '60000.00', 4750n],
  ] as const)('%s %s (S = %s) pays quantity × %d, rounded down', async (direction, _, settle, perUnit) => {
    const { order, user } = await buy(direction, '95000.00');
    const before = await t.available(user.id);
    await tickAt(order, 500, settle);
    await t.settle();
    const done = (await t.order(user.token, order.id)).result;
    const want = (units(done.quantity, 8) * perUnit) / 100n;
    expect(done.status).toBe('settled');
    expect(units(done.payout!, 6)).toBe(want);
    expect(units(done.payout!, 6)).toBeLessThanOrEqual(units(done.maxPayout, 6));
    expect(units(await t.available(user.id), 6) - units(before, 6)).toBe(want);
    // Nothing to pay: no transfer; something: exactly one, under the order's key.
    const rows = (await t.database.db.execute(
      sql`select count(*)::int as n from ledger_transfers where code = 'option_payout' and ref_id = ${String(order.id)}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(rows.rows[0]!.n)).toBe(want > 0n ? 1 : 0);
  });

  it('pays once however often the job runs, even side by side, and through the job runner', async () => {
    const { order, user } = await buy('call', '95000.00');
    await tickAt(order, 100, '98000.00');
    await t.services.market.flush();
    const runs = await Promise.all([
      t.services.options.settlement.settleDue(),
      t.services.options.settlement.settleDue(),
      t.services.options.settlement.settleDue(),
    ]);
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(1);
    const paid = (await t.order(user.token, order.id)).result.payout!;
    const after = await t.available(user.id);
    // A restart: a fresh settlement over the same database finds nothing left to pay.
    const again = await t.services.options.settlement.settleDue();
    expect(again.settled).toBe(0);
    await t.services.jobs.runOnce();
    expect(await t.available(user.id)).toBe(after);
    expect((await t.order(user.token, order.id)).result.payout).toBe(paid);
    expect((await t.services.jobs.runs(OPTIONS_SETTLE_JOB)).length).toBeGreaterThan(0);
  });

  it('pages through many due orders, oldest expiry first, leaving those without a tick for later', async () => {
    const bought = [];
    for (let i = 0; i < 5; i++) {
      bought.push(await buy(i % 2 ? 'put' : 'call', '95000.00'));
      t.clock.advance(1_000);
    }
    const last = bought[bought.length - 1]!.order;
    await tickAt(last, 1_000, '95500.00');
    await t.services.market.flush();
    const paged = createOptionSettlement({
      db: t.database.db,
      clock: t.clock,
      ledger: t.services.ledger,
      market: t.services.market,
      scaleOf: t.services.options.series.scaleOf,
      batch: 2,
    });
    await paged.settleDue();
    for (const { order, user } of bought) {
      const done = (await t.order(user.token, order.id)).result;
      expect(done.status).toBe('settled');
      // One tick after all five expiries: the first at or after each of them.
      expect(done.settlePrice).toBe('95500.00');
    }
  });

  it('the job runner settles an expired order by itself', async () => {
    const { order, user } = await buy('put', '95000.00');
    await tickAt(order, 1_500, '94000.00');
    await t.services.market.flush();
    t.clock.advance(10_000);
    await t.services.jobs.runOnce();
    await expect
      .poll(async () => (await t.order(user.token, order.id)).result.status, { timeout: 10_000 })
      .toBe('settled');
  });
});
