import type { UOrder } from '@openbourse/contracts/trading.ts';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import type { Driver } from '../../../test/db.ts';
import type { Mode } from '../../ledger/ledger.types.ts';
import type { Instrument } from '../../market/market.types.ts';
import { cfdOrders } from '../trading.tables.ts';

/** A Wednesday with every market open (US equities 14:30–21:00 UTC). */
export const WEDNESDAY_OPEN = '2026-11-18T15:00:00Z';
/** The same Wednesday after the US close (forex and crypto still open). */
export const WEDNESDAY_US_CLOSED = '2026-11-18T22:00:00Z';

export const BIG = 'x'.repeat(10 * 1024);

export type Envelope<T> = { code: number; msg: string; result: T; msgCode?: number; field?: string };

export interface TradingTestApp extends TestApp {
  inst(code: string): Promise<Instrument>;
  /** Records a tick (as the feed would) and waits until the trigger runner has settled it. */
  tick(code: string, bid: string, ask: string): Promise<{ id: number }>;
  /** A registered user with a token; `real` funds the real book from the treasury (a deposit). */
  user(opts?: { real?: string }): Promise<{ id: number; token: string }>;
  fund(userId: number, amount: string): Promise<void>;
  post<T = UOrder>(path: string, token: string, body: unknown, demo?: boolean): Promise<Envelope<T>>;
  get<T>(path: string, token: string, query?: Record<string, string>, demo?: boolean): Promise<Envelope<T>>;
  balance(userId: number, mode: Mode): Promise<{ available: string; locked: string }>;
  /** The internal id (hold keys, ledger references, the runner) of the order users see as `publicId`. */
  internalId(publicId: number): Promise<number>;
  expectBalanced(): Promise<void>;
}

let fundSeq = 0;

/**
 * The whole app with no market feed (ticks come only from `tick`, so every test is deterministic)
 * and no generated history, its clock on a Wednesday when every market is open.
 */
export async function createTradingTestApp(driver: Driver): Promise<TradingTestApp> {
  vi.stubEnv('MARKET_FEED', 'off');
  vi.stubEnv('MARKET_HISTORY_CANDLES', '0');
  let t: TestApp;
  try {
    t = await createTestApp(driver);
  } finally {
    vi.unstubAllEnvs();
  }
  t.clock.set(WEDNESDAY_OPEN);
  const { market, ledger, trading } = t.services;
  const db = t.database.db;
  const headers = (demo?: boolean) => (demo ? { virtually: 'YES' } : { virtually: 'NO' });

  const fund = async (userId: number, amount: string) => {
    fundSeq += 1;
    await ledger.transfer(db, {
      key: `test-deposit:${userId}:${fundSeq}`,
      debit: { platform: 'treasury', mode: 'real' },
      credit: { userId, mode: 'real' },
      currency: 'USDT',
      amount,
      code: 'deposit',
    });
  };

  return {
    ...t,
    inst: (code) => market.getInstrument(code),
    async tick(code, bid, ask) {
      const inst = await market.getInstrument(code);
      const tick = await market.publishTick({ instrumentId: inst.id, bid, ask });
      await trading.runner.drain();
      return { id: tick.id };
    },
    async user(opts = {}) {
      const u = await registerUser(t);
      if (opts.real) await fund(u.id, opts.real);
      return { id: u.id, token: u.token };
    },
    fund,
    async post(path, token, body, demo) {
      const res = await t.call('POST', `/swx/customer/order/${path}`, { token, body, headers: headers(demo) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as never;
    },
    async get(path, token, query, demo) {
      const res = await t.call('GET', `/swx/customer/order/${path}`, {
        token,
        headers: headers(demo),
        ...(query ? { query } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as never;
    },
    async balance(userId, mode) {
      const b = await ledger.balance(db, userId, mode, 'USDT');
      return { available: b.available, locked: b.locked };
    },
    async internalId(publicId) {
      const [row] = await db.select({ id: cfdOrders.id }).from(cfdOrders).where(eq(cfdOrders.publicId, publicId));
      if (!row) throw new Error(`no order with public id ${publicId}`);
      return row.id;
    },
    async expectBalanced() {
      const tb = await ledger.trialBalance(db);
      expect(tb, JSON.stringify(tb)).toMatchObject({
        ok: true,
        accountMismatches: [],
        negativeAccounts: [],
        crossedTransfers: [],
        holdMismatches: [],
      });
    },
  };
}

/**
 * The app for the order tests (trading.orders*.test.ts): createTradingTestApp with BTCUSDT, EURUSD,
 * AAPL and SOLUSDT quoted once (XRPUSDT stays without a quote).
 */
export async function createOrdersTestApp(driver: Driver): Promise<TradingTestApp> {
  const t = await createTradingTestApp(driver);
  await t.tick('BTCUSDT', '94990.00', '95000.00');
  await t.tick('EURUSD', '1.16000', '1.16010');
  await t.tick('AAPL', '269.90', '270.00');
  await t.tick('SOLUSDT', '139.90', '140.00');
  return t;
}

/** An order body: a market buy of 0.1 lot at 10×, `o` overriding any field (instrumentId included). */
export const btc = (o: Record<string, unknown> = {}) => ({
  instrumentId: 0,
  side: 'buy',
  lots: '0.1',
  leverage: 10,
  ...o,
});

/** Exact decimal arithmetic on USDT strings for expectations (6 decimals, bigint). */
export const minor = (s: string): bigint => {
  const neg = s.startsWith('-');
  const [i, f = ''] = (neg ? s.slice(1) : s).split('.');
  const v = BigInt(i! + f.padEnd(6, '0').slice(0, 6));
  return neg ? -v : v;
};
export const usdt = (m: bigint): string => {
  const neg = m < 0n;
  const s = (neg ? -m : m).toString().padStart(7, '0');
  return `${neg ? '-' : ''}${s.slice(0, -6)}.${s.slice(-6)}`;
};
