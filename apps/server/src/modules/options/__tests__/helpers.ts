import type {
  ListOptionSeriesResult,
  ListOptionsOrderResult,
  OptionOrder,
  OptionQuote,
} from '@openbourse/contracts/options.ts';
import { expect } from 'vitest';
import type { Driver } from '../../../test/db.ts';
import type { Mode } from '../../ledger/ledger.types.ts';
import { createTradingTestApp, type Envelope, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

export interface OptionsTestApp extends TradingTestApp {
  /** Credits `amount` USDT to the user's real (or demo) available balance from the treasury. */
  give(userId: number, amount: string, mode?: Mode): Promise<void>;
  /**
   * Records one tick a minute for `minutes` minutes (the clock moves with them), alternating ±0.05 %
   * around `mid`, so the instrument has that many 1-minute candles; flushed.
   */
  history(code: string, mid: string, minutes: number): Promise<void>;
  /** Records a tick at the clock's time with bid = ask = `price` (its last is `price`). */
  at(code: string, price: string): Promise<{ id: number }>;
  seriesId(code: string): Promise<number>;
  series(query?: Record<string, string>): Promise<Envelope<ListOptionSeriesResult>>;
  quote(token: string, body: unknown, demo?: boolean): Promise<Envelope<OptionQuote>>;
  buy(token: string, quoteId: unknown, demo?: boolean): Promise<Envelope<OptionOrder>>;
  orders(token: string, query?: Record<string, string>, demo?: boolean): Promise<Envelope<ListOptionsOrderResult>>;
  order(token: string, id: number | string, demo?: boolean): Promise<Envelope<OptionOrder>>;
  /** Writes the recorded ticks, then runs the settlement once. */
  settle(): Promise<{ settled: number; waiting: number }>;
  available(userId: number, mode?: Mode): Promise<string>;
  /** The platform's options account in USDT (the sum of its shards). */
  platform(mode?: Mode): Promise<string>;
}

let seq = 0;

/** The trading test app (no feed: prices only from ticks the test records) with the options calls at hand. */
export async function createOptionsTestApp(driver: Driver): Promise<OptionsTestApp> {
  const t = await createTradingTestApp(driver);
  const db = t.database.db;
  const { ledger, market, options } = t.services;
  const headers = (demo?: boolean) => ({ virtually: demo ? 'YES' : 'NO' });
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    token: string | undefined,
    opts: object,
    demo?: boolean,
  ) => {
    const res = await t.call<T>(method, `/swx/customer/${path}`, {
      ...(token ? { token } : {}),
      headers: headers(demo),
      ...opts,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Envelope<T>;
  };
  const self: OptionsTestApp = {
    ...t,
    async give(userId, amount, mode = 'real') {
      seq += 1;
      await ledger.transfer(db, {
        key: `test-options-give:${userId}:${seq}`,
        debit: { platform: 'treasury', mode },
        credit: { userId, mode },
        currency: 'USDT',
        amount,
        code: 'deposit',
      });
    },
    async history(code, mid, minutes) {
      const inst = await market.getInstrument(code);
      const d = inst.priceDecimals;
      const base = Number(mid);
      for (let i = 0; i < minutes; i++) {
        const p = (base * (i % 2 ? 0.9995 : 1.0005)).toFixed(d);
        await market.publishTick({ instrumentId: inst.id, bid: p, ask: p });
        t.clock.advance(60_000);
      }
      await market.publishTick({ instrumentId: inst.id, bid: mid, ask: mid });
      await market.flush();
      options.pricing.forget();
    },
    async at(code, price) {
      const inst = await market.getInstrument(code);
      const tick = await market.publishTick({ instrumentId: inst.id, bid: price, ask: price });
      return { id: tick.id };
    },
    async seriesId(code) {
      const all = await options.series.all();
      const found = all.find((s) => s.view.code === code);
      if (!found) throw new Error(`no series of ${code}`);
      return found.row.id;
    },
    series: (query) => call<ListOptionSeriesResult>('GET', 'index/listOptions', undefined, query ? { query } : {}),
    quote: (token, body, demo) => call<OptionQuote>('POST', 'order/quoteOptions', token, { body }, demo),
    buy: (token, quoteId, demo) => call<OptionOrder>('POST', 'order/buyOptions', token, { body: { quoteId } }, demo),
    orders: (token, query, demo) =>
      call<ListOptionsOrderResult>('GET', 'order/listOptionsOrder', token, query ? { query } : {}, demo),
    order: (token, id, demo) => call<OptionOrder>('GET', `order/getOptionsOrderById/${id}`, token, {}, demo),
    async settle() {
      await market.flush();
      return options.settlement.settleDue();
    },
    async available(userId, mode = 'real') {
      return (await ledger.balance(db, userId, mode, 'USDT')).available;
    },
    platform: (mode = 'real') => ledger.platformBalance(db, mode, 'USDT', 'options'),
  };
  return self;
}

/** Exact decimal strings → bigint units at `scale` (expectations). */
export const units = (s: string, scale: number): bigint => {
  const neg = s.startsWith('-');
  const [i, f = ''] = (neg ? s.slice(1) : s).split('.');
  const v = BigInt(i! + f.padEnd(scale, '0').slice(0, scale));
  return neg ? -v : v;
};
