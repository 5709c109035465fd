/**
 * The options calls end to end: the series list, a quote's figures, a purchase struck at the tick
 * current when it is confirmed (not the quoted one), the premium in the ledger, every refusal, and
 * the demo account's own money.
 */
import { cappedRate, chargedRate, maxPayout, optionQuantity } from '@openbourse/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { WEDNESDAY_OPEN } from '../../trading/__tests__/helpers.ts';
import { periodYears } from '../options.pricing.ts';
import { createOptionsTestApp, type OptionsTestApp } from './helpers.ts';

describe.each(DRIVERS)('options on %s', (driver) => {
  let t: OptionsTestApp;
  let btc: number;
  let eth: number;
  let xau: number;
  beforeAll(async () => {
    t = await createOptionsTestApp(driver);
    // 40 minutes of BTC and gold prices; ETH has no history (no volatility yet).
    await t.history('BTCUSDT', '95000.00', 40);
    await t.history('XAUUSD', '4050.00', 40);
    await t.at('ETHUSDT', '3200.00');
    btc = await t.seriesId('BTCUSDT');
    eth = await t.seriesId('ETHUSDT');
    xau = await t.seriesId('XAUUSD');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('lists the seeded series with σ now and whether they can be bought (public)', async () => {
    const res = await t.series();
    expect(res.code).toBe(200);
    const byCode = new Map(res.result.list.map((s) => [s.code, s]));
    expect([...byCode.keys()].sort()).toEqual(['BTCUSDT', 'ETHUSDT', 'XAUUSD']);
    expect(byCode.get('BTCUSDT')).toMatchObject({
      id: btc,
      currency: 'USDT',
      scale: 6,
      periods: [300, 900, 3600, 86400],
      minAmount: '10',
      maxAmount: '5000',
      spreadBps: 500,
      capMove: '0.05',
      tradable: true,
    });
    // ±0.05 % around the mid, alternating: log returns of ±0.001, σ ≈ 0.001 × √525,960 ≈ 0.73.
    expect(Number(byCode.get('BTCUSDT')!.volatility)).toBeGreaterThan(0.7);
    expect(Number(byCode.get('BTCUSDT')!.volatility)).toBeLessThan(0.76);
    expect(byCode.get('BTCUSDT')!.volatility).toMatch(/^\d\.\d{4}$/);
    expect(byCode.get('ETHUSDT')).toMatchObject({ volatility: null, tradable: false });
    expect(byCode.get('XAUUSD')).toMatchObject({ capMove: '0.02', tradable: true });
    const one = await t.series({ instrumentId: String((await t.inst('XAUUSD')).id) });
    expect(one.result.list.map((s) => s.code)).toEqual(['XAUUSD']);
  });

  it('quotes the stated model: σ, the capped rate at T, the spread rounded up, the maximum payout rounded down', async () => {
    const u = await t.user({ real: '1000' });
    const q = await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount: '100' });
    expect(q.code, JSON.stringify(q)).toBe(200);
    const inst = await t.inst('BTCUSDT');
    const model = cappedRate({
      kind: 'call',
      years: periodYears(inst.session, 300),
      vol: Number(q.result.volatility),
      capMove: 0.05,
    });
    expect(q.result.modelRate).toBe(model.toFixed(10));
    expect(q.result.rate).toBe(chargedRate(q.result.modelRate, 500));
    // The rate charged is the model's plus 5 %, rounded up (never below).
    expect(Number(q.result.rate)).toBeGreaterThanOrEqual(Number(q.result.modelRate) * 1.05);
    expect(Number(q.result.rate)).toBeLessThan(Number(q.result.modelRate) * 1.05 + 1e-8);
    expect(q.result.maxPayout).toBe(maxPayout('100', '0.05', q.result.rate, 6).replace(/\.?0+$/, ''));
    const current = t.services.market.currentQuote(inst.id)!;
    expect(q.result).toMatchObject({
      mode: 'real',
      seriesId: btc,
      code: 'BTCUSDT',
      direction: 'call',
      period: 300,
      currency: 'USDT',
      amount: '100',
      spreadBps: 500,
      capMove: '0.05',
      price: current.last,
      tickId: current.tickId,
      quantity: optionQuantity('100', current.last, q.result.rate).replace(/\.?0+$/, ''),
      expiresAt: t.clock.now().getTime() + 15_000,
    });
    expect(q.result.quoteId).toMatch(/^[0-9a-f]{32}$/);
    // Quoting moves nothing.
    expect(await t.available(u.id)).toBe('1000.000000');
  });

  it('buys at the tick current when confirmed, pins it, and moves the premium to the options account', async () => {
    const u = await t.user({ real: '1000' });
    const before = await t.platform();
    const q = await t.quote(u.token, { seriesId: btc, period: 900, direction: 'put', amount: '250.5' });
    // The price moves between the quote and the confirmation: the strike is the new tick.
    t.clock.advance(2_000);
    const tick = await t.at('BTCUSDT', '95123.45');
    const res = await t.buy(u.token, q.result.quoteId);
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect(res.msgCode).toBe(20004);
    const now = t.clock.now().getTime();
    expect(res.result).toMatchObject({
      mode: 'real',
      seriesId: btc,
      code: 'BTCUSDT',
      direction: 'put',
      period: 900,
      currency: 'USDT',
      amount: '250.5',
      volatility: q.result.volatility,
      modelRate: q.result.modelRate,
      rate: q.result.rate,
      capMove: '0.05',
      strike: '95123.45',
      openTickId: tick.id,
      quantity: optionQuantity('250.5', '95123.45', q.result.rate).replace(/\.?0+$/, ''),
      capPrice: '90367.2775',
      maxPayout: q.result.maxPayout,
      openedAt: now,
      expiresAt: now + 900_000,
      status: 'open',
      settlePrice: null,
      settleTickId: null,
      payout: null,
      profit: null,
    });
    expect(res.result.id).toBeGreaterThan(2 ** 52);
    await t.services.market.flush();
    expect((await t.services.market.getTick(tick.id))?.pinned).toBe(true);
    expect(await t.available(u.id)).toBe('749.500000');
    expect(Number(await t.platform()) - Number(before)).toBeCloseTo(250.5, 6);
    const list = await t.orders(u.token);
    expect(list.result).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(list.result.list[0]!.id).toBe(res.result.id);
    expect((await t.orders(u.token, { status: 'settled' })).result.total).toBe(0);
    expect((await t.order(u.token, res.result.id)).result).toEqual(res.result);
    // Someone else's order is no record of theirs.
    const other = await t.user();
    expect((await t.order(other.token, res.result.id)).code).toBe(80005);
    expect((await t.order(other.token, 'abc')).code).toBe(80005);
    // The transaction record has the premium under its reference.
    const [transfer] = await t.services.ledger.accountTransfers(
      t.database.db,
      (await t.services.ledger.getOrCreateUserAccount(t.database.db, u.id, 'real', 'USDT')).id,
      1,
    );
    expect(transfer).toMatchObject({ code: 'option_premium', refType: 'option', refId: String(res.result.id) });
  });

  it('refuses an unknown or disabled series (10014) and a period the series does not list (10017)', async () => {
    const u = await t.user({ real: '1000' });
    expect(await t.quote(u.token, { seriesId: 99_999, period: 300, direction: 'call', amount: '10' })).toMatchObject({
      code: 10014,
      field: 'seriesId',
    });
    expect((await t.quote(u.token, { seriesId: 'x', period: 300, direction: 'call', amount: '10' })).code).toBe(10014);
    const off = await t.database.db.transaction((tx) =>
      t.services.options.series.create(tx, {
        instrument: 'BTCUSDT',
        currency: 'USDT',
        periods: [300],
        minAmount: '10',
        maxAmount: '100',
        spreadBps: 100,
        capMove: '0.05',
        enabled: false,
      }),
    );
    expect((await t.quote(u.token, { seriesId: off.id, period: 300, direction: 'call', amount: '10' })).code).toBe(
      10014,
    );
    expect((await t.series()).result.list.some((s) => s.id === off.id)).toBe(false);
    expect(await t.quote(u.token, { seriesId: btc, period: 600, direction: 'call', amount: '10' })).toMatchObject({
      code: 10017,
      field: 'period',
    });
    expect((await t.quote(u.token, { seriesId: xau, period: 86400, direction: 'call', amount: '10' })).code).toBe(
      10017,
    );
  });

  it('refuses an amount outside the range, malformed or with more decimals than USDT (10016)', async () => {
    const u = await t.user({ real: '10000' });
    for (const amount of ['9.999999', '5000.000001', '10.1234567', 'abc', '-10', '0', '', '1e3']) {
      const res = await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount });
      expect(res, amount).toMatchObject({ code: 10016, field: 'amount' });
    }
    expect((await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount: '5000' })).code).toBe(200);
    expect((await t.quote(u.token, { seriesId: btc, period: 300, direction: 'up', amount: '10' })).code).toBe(40001);
  });

  it('refuses what cannot be traded now (10015): no σ yet, out of session, or the session closing before the expiry', async () => {
    const early = await t.user({ real: '1000' });
    expect((await t.quote(early.token, { seriesId: eth, period: 300, direction: 'call', amount: '10' })).code).toBe(
      10015,
    );
    const saved = t.clock.now();
    try {
      // Friday 21:56 UTC: gold trades until 22:00; a 5-minute option would expire after the close.
      t.clock.set('2026-11-20T21:56:00Z');
      const u = await t.user({ real: '1000' });
      await t.at('XAUUSD', '4051.00');
      expect((await t.quote(u.token, { seriesId: xau, period: 300, direction: 'put', amount: '10' })).code).toBe(10015);
      // Saturday: closed.
      t.clock.set('2026-11-21T12:00:00Z');
      expect((await t.quote(u.token, { seriesId: xau, period: 300, direction: 'put', amount: '10' })).code).toBe(10015);
      expect((await t.series()).result.list.find((s) => s.code === 'XAUUSD')?.tradable).toBe(false);
    } finally {
      t.clock.set(saved);
      t.services.options.pricing.forget();
    }
  });

  it('refuses a quote past its expiry (40061) and one unknown, used, another user’s or account’s (40062)', async () => {
    const u = await t.user({ real: '1000' });
    const q = await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount: '10' });
    t.clock.advance(15_001);
    expect(await t.buy(u.token, q.result.quoteId)).toMatchObject({ code: 40061, field: 'quoteId' });
    expect((await t.orders(u.token)).result.total).toBe(0);

    const fresh = await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount: '10' });
    const stranger = await t.user({ real: '1000' });
    expect((await t.buy(stranger.token, fresh.result.quoteId)).code).toBe(40062);
    expect((await t.buy(u.token, fresh.result.quoteId, true)).code).toBe(40062);
    expect((await t.buy(u.token, 'f'.repeat(32))).code).toBe(40062);
    expect((await t.buy(u.token, 'not-a-quote')).code).toBe(40062);
    expect((await t.buy(u.token, fresh.result.quoteId)).code).toBe(200);
    expect((await t.buy(u.token, fresh.result.quoteId)).code).toBe(40062);
    expect(await t.available(u.id)).toBe('990.000000');
  });

  it('refuses more than the available balance at quote and at purchase (10011), writing nothing', async () => {
    const u = await t.user({ real: '50' });
    expect(await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount: '60' })).toMatchObject({
      code: 10011,
      field: 'amount',
    });
    const a = await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount: '30' });
    const b = await t.quote(u.token, { seriesId: btc, period: 300, direction: 'put', amount: '30' });
    expect((await t.buy(u.token, a.result.quoteId)).code).toBe(200);
    expect(await t.buy(u.token, b.result.quoteId)).toMatchObject({ code: 10011, field: 'amount' });
    expect(await t.available(u.id)).toBe('20.000000');
    expect((await t.orders(u.token)).result.total).toBe(1);
    // The refused quote was not used: topped up in time, it buys.
    await t.give(u.id, '10');
    expect((await t.buy(u.token, b.result.quoteId)).code).toBe(200);
    expect(await t.available(u.id)).toBe('0.000000');
  });

  it('keeps demo money in the demo account', async () => {
    const u = await t.user({ real: '100' });
    await t.give(u.id, '500', 'demo');
    const before = { real: await t.platform('real'), demo: await t.platform('demo') };
    const q = await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount: '200' }, true);
    // (The first call in the demo account funds it once.)
    const demoBefore = Number(await t.available(u.id, 'demo'));
    expect(q.result.mode).toBe('demo');
    const res = await t.buy(u.token, q.result.quoteId, true);
    expect(res.result).toMatchObject({ mode: 'demo', amount: '200' });
    expect(demoBefore - Number(await t.available(u.id, 'demo'))).toBeCloseTo(200, 6);
    expect(await t.available(u.id, 'real')).toBe('100.000000');
    expect(await t.platform('real')).toBe(before.real);
    expect(Number(await t.platform('demo')) - Number(before.demo)).toBeCloseTo(200, 6);
    expect((await t.orders(u.token, {}, true)).result.total).toBe(1);
    expect((await t.orders(u.token)).result.total).toBe(0);
    // The order carries its mode: its owner reads it from either account.
    expect((await t.order(u.token, res.result.id)).result.mode).toBe('demo');
  });

  it('answers the user calls only to a signed-in user, and the list to anyone', async () => {
    const quote = await t.call('POST', '/swx/customer/order/quoteOptions', {
      body: { seriesId: btc, period: 300, direction: 'call', amount: '10' },
    });
    expect(quote.status).toBe(401);
    expect((await t.call('GET', '/swx/customer/order/listOptionsOrder')).status).toBe(401);
    expect((await t.call('GET', '/swx/customer/index/listOptions')).body.code).toBe(200);
    t.clock.set(WEDNESDAY_OPEN);
  });
});
