import { K_PERIODS, PERIOD_MS } from '@openbourse/contracts/market.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { CATALOGUE } from '../market.catalogue.ts';
import { createMarketTestApp, type MarketTestApp, WEDNESDAY_OPEN } from './helpers.ts';

type Quote = Record<string, unknown> & { id: number; code: string; last: string; bid: string; ask: string };
type Candle = { openTime: number; open: string; high: string; low: string; close: string; volume: string };

const DECIMAL = /^-?\d+(\.\d+)?$/;
const BIG = 'x'.repeat(10_000);
const MARKET = '/swx/customer/index/listMarketByType';
const INFO = '/swx/customer/index/getMarketInfo';
const KLINE = '/swx/customer/index/getKValueByCodeAndDate';

describe.each(DRIVERS)('market API on %s', (driver) => {
  let t: MarketTestApp;
  beforeAll(async () => {
    t = await createMarketTestApp(driver, { market: { historyCandles: 300 } });
    await t.advance(3000);
  });
  afterAll(async () => t?.close());

  it('lists every market type with quotes as decimal strings', async () => {
    for (const type of [1, 2, 3, 4, 5]) {
      const res = await t.call<Quote[]>(MARKET, { query: { type: String(type) } });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      const expected = CATALOGUE.filter((e) => e.type === type).map((e) => e.code);
      expect(res.body.result.map((q) => q.code)).toEqual(expected);
      for (const q of res.body.result) {
        for (const k of ['last', 'bid', 'ask', 'change', 'changePct', 'high', 'low', 'volume']) {
          expect(q[k], `${q.code}.${k}`).toMatch(DECIMAL);
        }
        expect(Number(q.bid)).toBeLessThan(Number(q.ask));
        expect(Number(q.high)).toBeGreaterThanOrEqual(Number(q.low));
        expect(Number(q.last)).toBeLessThanOrEqual(Number(q.high));
        expect(Number(q.last)).toBeGreaterThanOrEqual(Number(q.low));
        expect(Number(q.volume)).toBeGreaterThan(0);
        expect(q).toMatchObject({ type, open: true, simulated: true, ts: t.clock.now().getTime() });
        expect((q.changePct as string).split('.')[1]).toHaveLength(2);
      }
    }
  });

  it('answers 40001 naming the field for a bad or missing market type', async () => {
    const bad = ['0', '6', '-1', '1.5', 'abc', '', '99999999999999999999', '1e3', BIG];
    for (const type of bad) {
      const res = await t.call(MARKET, { query: { type } });
      expect(res.status, type.slice(0, 20)).toBe(200);
      expect(res.body, type.slice(0, 20)).toMatchObject({ code: 40001, field: 'type', result: null });
    }
    expect((await t.call(MARKET)).body).toMatchObject({ code: 40001, field: 'type' });
    expect((await t.call(`${MARKET}?type=1&type=2`)).body).toMatchObject({ code: 40001, field: 'type' });
  });

  it('describes one instrument by id or code: contract terms, session and quote', async () => {
    const list = await t.call<Quote[]>(MARKET, { query: { type: '3' } });
    const aapl = list.body.result.find((q) => q.code === 'AAPL')!;
    const res = await t.call<Record<string, unknown>>(`${INFO}/${aapl.id}`);
    expect(res.body.code).toBe(200);
    expect(res.body.result).toMatchObject({
      id: aapl.id,
      code: 'AAPL',
      type: 3,
      assetClass: 'stock',
      baseCurrency: 'AAPL',
      quoteCurrency: 'USD',
      quoteToUsdt: 'direct',
      tickSize: '0.01',
      contractSize: '1',
      lotStep: '1',
      minLots: '1',
      maxLots: '10000',
      maxLeverage: 10,
      feeRate: '0.0008',
      priceDecimals: 2,
      volatility: '0.28',
      feed: 'sim',
      open: true,
      nextSessionChange: Date.parse('2026-11-18T21:00:00Z'),
      session: { kind: 'weekly', label: 'Mon–Fri 14:30–21:00 UTC' },
      quote: { id: aapl.id, code: 'AAPL', simulated: true },
    });
    const byCode = await t.call<Record<string, unknown>>(`${INFO}/usdjpy`);
    expect(byCode.body.result).toMatchObject({
      code: 'USDJPY',
      quoteToUsdt: 'inverse',
      tickSize: '0.001',
      quoteCurrency: 'JPY',
    });
    const btc = await t.call<Record<string, unknown>>(`${INFO}/BTCUSDT`);
    expect(btc.body.result).toMatchObject({ nextSessionChange: null, session: { kind: 'always' } });
  });

  it('answers 80005 for an unknown instrument and 40001 for a malformed id', async () => {
    for (const id of ['999999', 'NOPE', '0']) expect((await t.call(`${INFO}/${id}`)).body.code, id).toBe(80005);
    for (const id of ['%3Cscript%3E', '1.5', '-1', '99999999999999999999', 'a'.repeat(40)]) {
      const res = await t.call(`${INFO}/${id}`);
      expect(res.status, id).toBe(200);
      expect(res.body, id).toMatchObject({ code: 40001, field: 'id', result: null });
    }
    const long = await t.call(`${INFO}/${'a'.repeat(10_000)}`);
    expect(long.status).toBe(414);
    expect(long.body.code).toBe(41300);
  });

  it('serves full K-lines for every period, contiguous and ending with the live candle', async () => {
    for (const period of K_PERIODS) {
      const res = await t.call<Candle[]>(KLINE, { query: { code: 'BTCUSDT', period } });
      expect(res.body.code, period).toBe(200);
      const candles = res.body.result;
      expect(candles.length, period).toBe(300);
      for (const [i, c] of candles.entries()) {
        for (const v of [c.open, c.high, c.low, c.close, c.volume]) expect(v).toMatch(DECIMAL);
        expect(c.openTime % PERIOD_MS[period]).toBe(0);
        if (i > 0) expect(c.openTime - candles[i - 1]!.openTime).toBe(PERIOD_MS[period]);
      }
      const last = candles[candles.length - 1]!;
      const quote = (await t.call<{ quote: Quote }>(`${INFO}/BTCUSDT`)).body.result.quote;
      expect(last.close).toBe(quote.last);
      expect(last.openTime).toBe(Math.floor(t.clock.now().getTime() / PERIOD_MS[period]) * PERIOD_MS[period]);
    }
    // Stocks have candles only in their session: 300 hourly candles reach back weeks.
    const aapl = await t.call<Candle[]>(KLINE, { query: { code: 'AAPL', period: '1h' } });
    expect(aapl.body.result).toHaveLength(300);
    const hours = new Set(aapl.body.result.map((c) => new Date(c.openTime).getUTCHours()));
    expect([...hours].sort((a, b) => a - b)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it('takes the range as ISO dates or milliseconds and a limit', async () => {
    const to = Date.parse(WEDNESDAY_OPEN);
    const from = to - 10 * 60_000;
    const ms = await t.call<Candle[]>(KLINE, {
      query: { code: 'ETHUSDT', period: '1m', from: String(from), to: String(to) },
    });
    expect(ms.body.result.map((c) => c.openTime)).toEqual(Array.from({ length: 11 }, (_, i) => from + i * 60_000));
    const iso = await t.call<Candle[]>(KLINE, {
      query: { code: 'ethusdt', period: '1m', from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    });
    expect(iso.body.result).toEqual(ms.body.result);
    const limited = await t.call<Candle[]>(KLINE, { query: { code: 'ETHUSDT', period: '5m', limit: '7' } });
    expect(limited.body.result).toHaveLength(7);
    // A range wider than the limit answers its latest candles.
    const wide = await t.call<Candle[]>(KLINE, {
      query: { code: 'ETHUSDT', period: '1m', from: '946684800000', limit: '1000' },
    });
    expect(wide.body.result.length).toBeLessThanOrEqual(1000);
    const empty = await t.call<Candle[]>(KLINE, {
      query: { code: 'ETHUSDT', period: '1d', from: '2001-01-01', to: '2001-02-01' },
    });
    expect(empty.body).toMatchObject({ code: 200, result: [] });
  });

  it('answers 10017 for a bad period, 80005 for an unknown code and 40001 for other bad input', async () => {
    const cases: Array<[Record<string, string>, number, string?]> = [
      [{ code: 'BTCUSDT', period: '2m' }, 10017, 'period'],
      [{ code: 'BTCUSDT', period: '1M' }, 10017, 'period'],
      [{ code: 'BTCUSDT', period: BIG }, 10017, 'period'],
      [{ code: 'BTCUSDT' }, 40001, 'period'],
      [{ code: 'NOPE', period: '1m' }, 80005],
      [{ code: '12', period: '1m' }, 80005],
      [{ period: '1m' }, 40001, 'code'],
      [{ code: '', period: '1m' }, 40001, 'code'],
      [{ code: BIG, period: '1m' }, 40001, 'code'],
      [{ code: 'BTC USDT', period: '1m' }, 40001, 'code'],
      [{ code: 'BTCUSDT', period: '1m', from: 'yesterday' }, 40001, 'from'],
      [{ code: 'BTCUSDT', period: '1m', from: '99999999999999999999' }, 40001, 'from'],
      [{ code: 'BTCUSDT', period: '1m', to: '1' }, 40001, 'to'],
      [{ code: 'BTCUSDT', period: '1m', to: '2026-11-18T10:00' }, 40001, 'to'],
      [{ code: 'BTCUSDT', period: '1m', to: BIG }, 40001, 'to'],
      [{ code: 'BTCUSDT', period: '1m', from: '2026-11-18', to: '2026-11-17' }, 40001, 'from'],
      [{ code: 'BTCUSDT', period: '1m', limit: '0' }, 40001, 'limit'],
      [{ code: 'BTCUSDT', period: '1m', limit: '1001' }, 40001, 'limit'],
      [{ code: 'BTCUSDT', period: '1m', limit: '99999999999999999999' }, 40001, 'limit'],
      [{ code: 'BTCUSDT', period: '1m', limit: 'ten' }, 40001, 'limit'],
    ];
    for (const [query, code, field] of cases) {
      const res = await t.call(KLINE, { query });
      const label = JSON.stringify(query).slice(0, 80);
      expect(res.status, label).toBe(200);
      expect(res.body.code, label).toBe(code);
      expect(res.body.result, label).toBeNull();
      if (field) expect(res.body.field, label).toBe(field);
    }
    const de = await t.call(KLINE, { query: { code: 'BTCUSDT', period: '2m' }, headers: { lang: 'de' } });
    const en = await t.call(KLINE, { query: { code: 'BTCUSDT', period: '2m' } });
    expect(de.body.code).toBe(10017);
    expect(de.body.msg).not.toBe(en.body.msg);
  });

  it('publishes the calls and the quote fields in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swx/docs/json' });
    const doc = res.json() as { paths: Record<string, { get?: { responses: Record<string, unknown> } }> };
    for (const path of [MARKET, '/swx/customer/index/getMarketInfo/{id}', KLINE]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const text = JSON.stringify(doc.paths[MARKET]);
    for (const field of ['changePct', 'simulated', 'high', 'low', 'volume', 'bid', 'ask'])
      expect(text).toContain(field);
  });

  it('feeds the home page figures: listed instruments counted, volume from trades only', async () => {
    const res = await t.call<{ listedInstruments: number; volume24hUsdt: string }>('/swx/customer/index/getHomeStats');
    expect(res.body.result).toMatchObject({ listedInstruments: CATALOGUE.length, volume24hUsdt: '0' });
  });
});
