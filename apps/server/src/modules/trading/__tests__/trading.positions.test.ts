import type { CloseUResult, UOrder, UOrderDetail } from '@openbourse/contracts/trading.ts';
import { type Fired, priceToTicks, TriggerIndex } from '@openbourse/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingService } from '../trading.service.ts';
import { engineInstrument } from '../trading.pricing.ts';
import { createTradingTestApp, minor, type TradingTestApp, usdt } from './helpers.ts';

/**
 * Closing positions: by hand (stopU, in full and in part) and by ticks (stop loss, take profit,
 * stop-out, pending entries), in tick order, priced by the triggering tick, with the money in the
 * ledger; replays and races. Each group trades its own instrument so their ticks do not meet.
 */
describe.each(DRIVERS)('margin positions on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  const open = async (token: string, code: string, o: Record<string, unknown>, demo = true) => {
    const res = await t.post(
      'buyU',
      token,
      { instrumentId: (await t.inst(code)).id, side: 'buy', leverage: 10, ...o },
      demo,
    );
    expect(res.code, JSON.stringify(res)).toBe(200);
    return res.result;
  };
  const detail = async (token: string, id: number, demo = true) =>
    (await t.get<UOrderDetail>(`getUOrderById/${id}`, token, undefined, demo)).result;
  const transfer = (key: string) => t.services.ledger.getTransfer(t.database.db, key);

  it('closes in part and then in full at the bid, paying profit from the treasury and taking loss from the margin', async () => {
    const u = await t.user();
    await t.tick('ETHUSDT', '3199.00', '3200.00');
    const pos = await open(u.token, 'ETHUSDT', { lots: '1.00' }); // 3200 notional: 320 margin, 3.2 fee
    expect(pos).toMatchObject({ margin: '320.000000', fee: '3.200000' });
    const t1 = await t.tick('ETHUSDT', '3299.00', '3300.00');
    const part = await t.post<CloseUResult>('stopU', u.token, { id: pos.id, lots: '0.40' }, true);
    expect(part.code).toBe(200);
    expect(part.result.fill).toMatchObject({
      kind: 'close',
      reason: 'manual',
      lots: '0.40',
      price: '3299.00',
      tickId: t1.id,
      profit: '39.600000', // (3299 − 3200) × 0.4
      margin: '128.000000', // 320 × 0.4
      lossWaived: '0.000000',
    });
    expect(part.result.order).toMatchObject({
      state: 'open',
      openLots: '0.60',
      lots: '1.00',
      marginHeld: '192.000000',
      realisedProfit: '39.600000',
      unrealisedProfit: '59.400000',
      profit: '99.000000',
      closePrice: null,
    });
    expect(await t.balance(u.id, 'demo')).toEqual({
      available: usdt(minor('100000') - minor('320') - minor('3.2') + minor('128') + minor('39.6')),
      locked: '192.000000',
    });
    // Keys and ledger references name the internal id, never the public one users see.
    const posId = await t.internalId(pos.id);
    expect(posId).not.toBe(pos.id);
    const key = `cfd:${posId}:fill:${part.result.fill.id}`;
    expect(await transfer(`${key}:profit`)).toMatchObject({
      amount: '39.600000',
      code: 'cfd_profit',
      refId: String(posId),
    });
    expect(await transfer(`${key}:release`)).toMatchObject({ amount: '128.000000', code: 'cfd_margin_release' });
    expect(await transfer(`${key}:loss`)).toBeUndefined();

    const t2 = await t.tick('ETHUSDT', '3099.00', '3100.00');
    const rest = await t.post<CloseUResult>('stopU', u.token, { id: pos.id }, true);
    expect(rest.result.fill).toMatchObject({
      lots: '0.60',
      price: '3099.00',
      tickId: t2.id,
      profit: '-60.600000',
      margin: '192.000000',
    });
    expect(rest.result.order).toMatchObject({
      state: 'closed',
      status: 3,
      openLots: '0.00',
      marginHeld: '0.000000',
      closePrice: '3099.00',
      closeTickId: t2.id,
      closeReason: 'manual',
      realisedProfit: '-21.000000',
      unrealisedProfit: null,
    });
    const key2 = `cfd:${posId}:fill:${rest.result.fill.id}`;
    expect(await transfer(`${key2}:loss`)).toMatchObject({ amount: '60.600000', code: 'cfd_loss' });
    expect(await transfer(`${key2}:release`)).toMatchObject({ amount: '131.400000' });
    const final = { available: usdt(minor('100000') - minor('3.2') - minor('21')), locked: '0.000000' };
    expect(await t.balance(u.id, 'demo')).toEqual(final);
    expect((await t.services.ledger.getHold(t.database.db, { holdKey: `cfd:${posId}:margin` }))?.status).toBe('posted');

    // Replays answer a code and move nothing.
    expect((await t.post('stopU', u.token, { id: pos.id }, true)).code).toBe(40013);
    expect((await t.post('stopU', u.token, { id: pos.id, lots: '0.10' }, true)).code).toBe(40013);
    expect(await t.balance(u.id, 'demo')).toEqual(final);
    const d = await detail(u.token, pos.id);
    expect(d.fills.map((f) => [f.kind, f.tickId])).toEqual([
      ['open', pos.openTickId],
      ['close', t1.id],
      ['close', t2.id],
    ]);
  });

  it('refuses closes of more than is open, off the grid or of nothing (10016), moving nothing', async () => {
    const u = await t.user();
    await t.tick('ETHUSDT', '3199.00', '3200.00');
    const pos = await open(u.token, 'ETHUSDT', { lots: '0.05' });
    const before = await t.balance(u.id, 'demo');
    for (const lots of ['0.06', '0.001', '0', '0.00', '-0.01', '1e-2', 'abc', '']) {
      expect(await t.post('stopU', u.token, { id: pos.id, lots }, true), lots).toMatchObject({
        code: 10016,
        field: 'lots',
      });
    }
    expect(await t.balance(u.id, 'demo')).toEqual(before);
    expect((await t.post('stopU', u.token, { id: pos.id, lots: '0.05' }, true)).code).toBe(200);
  });

  it('pays parts closed at one price exactly what one full close pays (inverse pair, inexact PnL)', async () => {
    const u = await t.user();
    await t.tick('USDJPY', '154.490', '154.500');
    const a = await open(u.token, 'USDJPY', { lots: '1.00', leverage: 100 });
    const b = await open(u.token, 'USDJPY', { lots: '1.00', leverage: 100 });
    await t.tick('USDJPY', '154.777', '154.787');
    const parts: string[] = [];
    for (const lots of ['0.33', '0.33', '0.34']) {
      const r = await t.post<CloseUResult>('stopU', u.token, lots === '0.34' ? { id: a.id } : { id: a.id, lots }, true);
      parts.push(r.result.fill.profit);
    }
    const whole = await t.post<CloseUResult>('stopU', u.token, { id: b.id }, true);
    // 0.277 JPY × 100000 / 154.777 = 178.9671592…: truncated, never rounded up.
    expect(whole.result.fill.profit).toBe('178.967159');
    expect(usdt(parts.reduce((s, p) => s + minor(p), 0n))).toBe(whole.result.fill.profit);
    expect((await detail(u.token, a.id)).realisedProfit).toBe(whole.result.order.realisedProfit);
  });

  it('closes on a stop loss at the triggering tick’s bid (a gap fills at the market), and a short’s take profit at the ask', async () => {
    const u = await t.user();
    await t.tick('LINKUSDT', '13.99', '14.00');
    const long = await open(u.token, 'LINKUSDT', { lots: '100.0', stopLoss: '13.50' });
    const short = await open(u.token, 'LINKUSDT', {
      lots: '100.0',
      side: 'sell',
      takeProfit: '13.00',
      stopLoss: '15.00',
    });
    await t.tick('LINKUSDT', '13.51', '13.52'); // above the SL: nothing
    expect((await detail(u.token, long.id)).state).toBe('open');
    const gap = await t.tick('LINKUSDT', '13.20', '13.21');
    const l = await detail(u.token, long.id);
    expect(l).toMatchObject({
      state: 'closed',
      closeReason: 'stopLoss',
      closePrice: '13.20',
      closeTickId: gap.id,
      realisedProfit: '-80.000000', // (13.20 − 14.00) × 100
    });
    expect(l.fills[1]).toMatchObject({ reason: 'stopLoss', price: '13.20', tickId: gap.id });
    expect((await detail(u.token, short.id)).state).toBe('open');
    const tp = await t.tick('LINKUSDT', '12.98', '12.99');
    expect(await detail(u.token, short.id)).toMatchObject({
      state: 'closed',
      closeReason: 'takeProfit',
      closePrice: '12.99',
      closeTickId: tp.id,
      realisedProfit: '100.000000', // (13.99 − 12.99) × 100
    });
    await t.services.market.flush();
    for (const id of [gap.id, tp.id]) expect((await t.services.market.getTick(id))?.pinned).toBe(true);
    // Anyone can look the pricing tick up: the close price is its bid (long) or ask (short).
    const traced = await t.call('GET', `/swx/customer/index/getTick/${gap.id}`);
    expect(traced.body).toMatchObject({
      code: 200,
      result: { id: gap.id, code: 'LINKUSDT', bid: '13.20', ask: '13.21', source: 'manual', pinned: true },
    });
    for (const bad of ['0', 'abc', '1e3', '9'.repeat(40)]) {
      expect((await t.call('GET', `/swx/customer/index/getTick/${bad}`)).body, bad).toMatchObject({ code: 40001 });
    }
    expect((await t.call('GET', '/swx/customer/index/getTick/999999999999')).body).toMatchObject({ code: 80005 });
    // Moving a stop takes effect: a tick through the old level no longer closes.
    await t.tick('LINKUSDT', '13.99', '14.00');
    const moved = await open(u.token, 'LINKUSDT', { lots: '1.0', stopLoss: '13.50' });
    await t.post('updateU', u.token, { id: moved.id, stopLoss: '13.00' }, true);
    await t.tick('LINKUSDT', '13.40', '13.41');
    expect((await detail(u.token, moved.id)).state).toBe('open');
    // A take profit below the entry (14.00) would close at a loss: refused, naming the field.
    const loss = await t.post('updateU', u.token, { id: moved.id, takeProfit: '13.60' }, true);
    expect(loss).toMatchObject({ code: 40011, field: 'takeProfit' });
    const set = await t.post('updateU', u.token, { id: moved.id, takeProfit: '14.10' }, true);
    expect(set.code).toBe(200);
    const hit = await t.tick('LINKUSDT', '14.10', '14.11');
    expect(await detail(u.token, moved.id)).toMatchObject({
      state: 'closed',
      closeReason: 'takeProfit',
      closeTickId: hit.id,
    });
  });

  it('fires several positions on one tick in the engine’s order: largest overshoot first, then id', async () => {
    const users = [await t.user(), await t.user(), await t.user()];
    await t.tick('BNBUSDT', '919.00', '920.00');
    const a = await open(users[0]!.token, 'BNBUSDT', { lots: '1.00', stopLoss: '900.00' });
    const b = await open(users[1]!.token, 'BNBUSDT', { lots: '1.00', stopLoss: '905.00' });
    const c = await open(users[2]!.token, 'BNBUSDT', { lots: '1.00', side: 'sell', takeProfit: '905.00' });
    const d = await open(users[0]!.token, 'BNBUSDT', { lots: '1.00', stopLoss: '900.00' }); // ties with a: id order
    const bnb = engineInstrument(await t.inst('BNBUSDT'));
    const p = (s: string) => priceToTicks(bnb, s);
    // The runner orders ties by internal id (placement order), not by the random public id.
    const [ia, ib, ic, id] = [
      await t.internalId(a.id),
      await t.internalId(b.id),
      await t.internalId(c.id),
      await t.internalId(d.id),
    ];
    const index = new TriggerIndex();
    index.add({ kind: 'position', id: ia, side: 'buy', stopLossTicks: p('900.00') });
    index.add({ kind: 'position', id: ib, side: 'buy', stopLossTicks: p('905.00') });
    index.add({ kind: 'position', id: ic, side: 'sell', takeProfitTicks: p('905.00') });
    index.add({ kind: 'position', id, side: 'buy', stopLossTicks: p('900.00') });
    const internal = index.onTick({ bidTicks: p('899.00'), askTicks: p('900.00') }).map((f: Fired) => f.id);
    expect(internal).toEqual([ib, ic, ia, id]);
    const expected = [b.id, c.id, a.id, d.id];

    const tick = await t.tick('BNBUSDT', '899.00', '900.00');
    const closes = [];
    for (const [i, o] of [
      [0, a],
      [1, b],
      [2, c],
      [0, d],
    ] as const) {
      const got = await detail(users[i]!.token, o.id);
      expect(got).toMatchObject({ state: 'closed', closeTickId: tick.id });
      closes.push({ id: o.id, fillId: got.fills[1]!.id });
    }
    expect(closes.sort((x, y) => x.fillId - y.fillId).map((x) => x.id)).toEqual(expected);
  });

  it('settles ticks strictly in the order they were recorded, even when they arrive faster than it settles', async () => {
    const u = await t.user();
    await t.tick('AVAXUSDT', '14.99', '15.00');
    // Leverage 2: the stop-outs (near 11.25) lie below the stop losses.
    const a = await open(u.token, 'AVAXUSDT', { lots: '10.0', leverage: 2, stopLoss: '14.00' });
    const b = await open(u.token, 'AVAXUSDT', { lots: '10.0', leverage: 2, stopLoss: '13.50' });
    const avax = await t.inst('AVAXUSDT');
    // Two ticks recorded back to back, before the runner has settled the first.
    const t1 = await t.services.market.publishTick({ instrumentId: avax.id, bid: '13.90', ask: '13.91' });
    const t2 = await t.services.market.publishTick({ instrumentId: avax.id, bid: '13.40', ask: '13.41' });
    await t.services.trading.runner.drain();
    const da = await detail(u.token, a.id);
    const db = await detail(u.token, b.id);
    expect(da).toMatchObject({ closeReason: 'stopLoss', closeTickId: t1.id, closePrice: '13.90' });
    expect(db).toMatchObject({ closeReason: 'stopLoss', closeTickId: t2.id, closePrice: '13.40' });
    expect(da.fills[1]!.id).toBeLessThan(db.fills[1]!.id);
    // A manual close waits for the ticks before its quote: the stop loss got there first.
    const c = await open(u.token, 'AVAXUSDT', { lots: '10.0', leverage: 2, stopLoss: '13.00' });
    const t3 = await t.services.market.publishTick({ instrumentId: avax.id, bid: '12.90', ask: '12.91' });
    expect((await t.post('stopU', u.token, { id: c.id }, true)).code).toBe(40013);
    expect(await detail(u.token, c.id)).toMatchObject({ closeReason: 'stopLoss', closeTickId: t3.id });
  });

  it('stops a position out at its stop-out price, and takes no more than its margin on a gap', async () => {
    const u = await t.user({ real: '200' });
    await t.tick('LTCUSDT', '94.99', '95.00');
    const a = await open(u.token, 'LTCUSDT', { lots: '10.00', leverage: 20 }, false); // 950 notional, 47.5 margin
    expect(a).toMatchObject({ margin: '47.500000', stopOutPrice: '92.62', stopOutLevel: '0.5' });
    await t.tick('LTCUSDT', '92.63', '92.64'); // equity 23.8 > 23.75: still open
    expect((await detail(u.token, a.id, false)).state).toBe('open');
    const so = await t.tick('LTCUSDT', '92.62', '92.63'); // equity 23.7 ≤ 23.75
    expect(await detail(u.token, a.id, false)).toMatchObject({
      state: 'closed',
      closeReason: 'stopOut',
      closePrice: '92.62',
      closeTickId: so.id,
      realisedProfit: '-23.800000',
    });
    await t.tick('LTCUSDT', '94.99', '95.00');
    const b = await open(u.token, 'LTCUSDT', { lots: '10.00', leverage: 20 }, false);
    const before = await t.balance(u.id, 'real');
    const gap = await t.tick('LTCUSDT', '80.00', '80.01'); // a loss of 150 on 47.5 of margin
    const got = await detail(u.token, b.id, false);
    expect(got).toMatchObject({
      closeReason: 'stopOut',
      closePrice: '80.00',
      closeTickId: gap.id,
      realisedProfit: '-47.500000',
    });
    expect(got.fills[1]).toMatchObject({ profit: '-47.500000', lossWaived: '102.500000', margin: '47.500000' });
    expect(await t.balance(u.id, 'real')).toEqual({ available: before.available, locked: '0.000000' });
  });

  it('lets exactly one of many concurrent closes of a position win', async () => {
    const u = await t.user({ real: '1000' });
    await t.tick('DOGEUSDT', '0.15999', '0.16000');
    const pos = await open(u.token, 'DOGEUSDT', { lots: '1000', leverage: 5 }, false); // 160 notional: 32 + 0.16
    await t.tick('DOGEUSDT', '0.17000', '0.17001');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.post<CloseUResult>('stopU', u.token, { id: pos.id })),
    );
    const codes = results.map((r) => r.code).sort((x, y) => x - y);
    expect(codes).toEqual([200, 40013, 40013, 40013, 40013, 40013, 40013, 40013]);
    // 1000 × (0.17 − 0.16) = 10 profit, once.
    expect(await t.balance(u.id, 'real')).toEqual({
      available: usdt(minor('1000') - minor('0.16') + minor('10')),
      locked: '0.000000',
    });
    expect((await detail(u.token, pos.id, false)).fills).toHaveLength(2);
  });

  it('settles a race between a cancel and the tick that fills the order exactly once', async () => {
    const u = await t.user({ real: '1000' });
    await t.tick('TRXUSDT', '0.2899', '0.2900');
    const trx = await t.inst('TRXUSDT');
    const order = await open(u.token, 'TRXUSDT', { lots: '1000', type: 'limit', price: '0.2800' }, false);
    const [cancel] = await Promise.all([
      t.post('chedan', u.token, { id: order.id }),
      t.services.market.publishTick({ instrumentId: trx.id, bid: '0.2790', ask: '0.2795' }),
    ]);
    await t.services.trading.runner.drain();
    const got = await detail(u.token, order.id, false);
    if (cancel.code === 200) {
      expect(got).toMatchObject({ state: 'cancelled', fills: [] });
      expect(await t.balance(u.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
    } else {
      expect(cancel.code).toBe(40012);
      expect(got).toMatchObject({ state: 'open', openPrice: '0.2795' });
      expect(await t.balance(u.id, 'real')).toEqual({
        available: usdt(minor('1000') - minor(got.margin) - minor(got.fee)),
        locked: got.margin,
      });
    }
  });

  it('never spends more than is available when orders race (exactly two of five fit)', async () => {
    const u = await t.user({ real: '900' });
    await t.tick('ETHUSDT', '3199.00', '3200.00');
    const eth = await t.inst('ETHUSDT');
    // 1.25 lots at 3200, leverage 10: 400 margin + 4 fee.
    const body = { instrumentId: eth.id, side: 'buy', lots: '1.25', leverage: 10 };
    const results = await Promise.all(Array.from({ length: 5 }, () => t.post<UOrder>('buyU', u.token, body)));
    expect(results.map((r) => r.code).sort((x, y) => x - y)).toEqual([200, 200, 10011, 10011, 10011]);
    expect(await t.balance(u.id, 'real')).toEqual({ available: '92.000000', locked: '800.000000' });
  });

  it('rebuilds its triggers from the database on start', async () => {
    const u = await t.user();
    await t.tick('ADAUSDT', '0.4499', '0.4500');
    const pos = await open(u.token, 'ADAUSDT', { lots: '100', stopLoss: '0.4000' });
    const pending = await open(u.token, 'ADAUSDT', { lots: '100', type: 'limit', price: '0.4200' });
    const plain = await open(u.token, 'ADAUSDT', { lots: '100', leverage: 1 }); // stop-out out of reach? still has one
    const s = t.services;
    const fresh = createTradingService({
      db: t.database.db,
      clock: t.clock,
      ledger: s.ledger,
      market: s.market,
      params: s.params,
    });
    await fresh.start();
    try {
      expect(fresh.runner.has(await t.internalId(pos.id))).toBe(true);
      expect(fresh.runner.has(await t.internalId(pending.id))).toBe(true);
      expect(fresh.runner.has(await t.internalId(plain.id))).toBe(plain.stopOutPrice !== null);
      expect(fresh.runner.stats().staged + fresh.runner.stats().active).toBeGreaterThanOrEqual(2);
    } finally {
      await fresh.stop();
    }
  });
});
