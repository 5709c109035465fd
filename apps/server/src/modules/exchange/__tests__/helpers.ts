import type { Exchange, ExchangeQuote, ListExchangeResult } from '@openbourse/contracts/exchange.ts';
import { expect } from 'vitest';
import type { Driver } from '../../../test/db.ts';
import type { Mode } from '../../ledger/ledger.types.ts';
import { createTradingTestApp, type Envelope, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

export interface ExchangeTestApp extends TradingTestApp {
  /** Credits `amount` of `currency` to the user's real (or demo) available balance from the treasury. */
  give(userId: number, currency: string, amount: string, mode?: Mode): Promise<void>;
  quote(token: string, body: unknown, demo?: boolean): Promise<Envelope<ExchangeQuote>>;
  confirm(token: string, quoteId: unknown, demo?: boolean): Promise<Envelope<Exchange>>;
  list(token: string, query?: Record<string, string>, demo?: boolean): Promise<Envelope<ListExchangeResult>>;
  /** The user's available balance of a currency, as the ledger formats it. */
  available(userId: number, currency: string, mode?: Mode): Promise<string>;
  /** The platform's exchange account in a currency (the sum of its shards). */
  platform(currency: string, mode?: Mode): Promise<string>;
}

let seq = 0;

/** The trading test app (no feed: prices only from `tick`) with the exchange calls at hand. */
export async function createExchangeTestApp(driver: Driver): Promise<ExchangeTestApp> {
  const t = await createTradingTestApp(driver);
  const db = t.database.db;
  const { ledger } = t.services;
  const headers = (demo?: boolean) => ({ virtually: demo ? 'YES' : 'NO' });
  const call = async <T>(method: 'GET' | 'POST', path: string, token: string, opts: object, demo?: boolean) => {
    const res = await t.call<T>(method, `/swx/customer/user/${path}`, { token, headers: headers(demo), ...opts });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Envelope<T>;
  };
  return {
    ...t,
    async give(userId, currency, amount, mode = 'real') {
      seq += 1;
      await ledger.transfer(db, {
        key: `test-exchange-give:${userId}:${seq}`,
        debit: { platform: 'treasury', mode },
        credit: { userId, mode },
        currency,
        amount,
        code: 'deposit',
      });
    },
    quote: (token, body, demo) => call<ExchangeQuote>('POST', 'dh/quote', token, { body }, demo),
    confirm: (token, quoteId, demo) => call<Exchange>('POST', 'dh', token, { body: { quoteId } }, demo),
    list: (token, query, demo) => call<ListExchangeResult>('GET', 'dh/list', token, query ? { query } : {}, demo),
    async available(userId, currency, mode = 'real') {
      return (await ledger.balance(db, userId, mode, currency)).available;
    },
    platform: (currency, mode = 'real') => ledger.platformBalance(db, mode, currency, 'exchange'),
  };
}
