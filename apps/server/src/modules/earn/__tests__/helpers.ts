import type { AdminSmartProduct, ListSmartProductsResult, SmartPlan } from '@openbourse/contracts/earn.ts';
import { eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { registerUser } from '../../../test/app.ts';
import type { Driver } from '../../../test/db.ts';
import { ledgerTransfers } from '../../ledger/ledger.tables.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';
import { smartPlans } from '../earn.tables.ts';

export interface Investor {
  id: number;
  token: string;
  username: string;
  password: string;
}

export interface EarnTestApp extends TradingTestApp {
  owner: string;
  /** A registered user, funded with `real` USDT when given, who can sign in again after a jump. */
  investor(real?: string): Promise<Investor>;
  /** Moves the clock on and signs the owner and `users` in again (sessions expire). */
  jump(ms: number, users?: Investor[]): Promise<void>;
  /** A product made for the test (USDT 100–50,000, 7 days at 0.6 % and 30 days at 0.8 %, 3 at once, 5 % to exit). */
  product(over?: Record<string, unknown>): Promise<AdminSmartProduct>;
  buy(
    token: string,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ code: number; msgCode?: number; field?: string; result: SmartPlan }>;
  exit(token: string, id: number): Promise<{ code: number; result: SmartPlan }>;
  mine(token: string, query?: Record<string, string>): Promise<{ list: SmartPlan[]; total: number }>;
  products(lang?: string): Promise<ListSmartProductsResult>;
  internalPlanId(publicId: number): Promise<number>;
  /** The ledger transfers keyed `earn:<id>:<suffix>` (suffix a LIKE pattern). */
  entries(planId: number, suffix: string): Promise<{ key: string; amount: string; code: string }[]>;
  /** The real earn treasury's figures (free, reserved) in a currency. */
  treasury(currency?: string): Promise<{ available: string; reserved: string }>;
  planCount(userId: number): Promise<number>;
}

export async function createEarnTestApp(driver: Driver): Promise<EarnTestApp> {
  const t = await createTradingTestApp(driver);
  const owner = await adminToken(t, 'owner');
  const db = t.database.db;
  const self: EarnTestApp = {
    ...t,
    owner,
    async investor(real) {
      const u = await registerUser(t);
      if (real) await t.fund(u.id, real);
      return { id: u.id, token: u.token, username: u.username, password: u.password };
    },
    async jump(ms, users = []) {
      t.clock.advance(ms);
      self.owner = await adminToken(t, 'owner');
      for (const u of users) {
        const res = await t.call<{ token: string }>('POST', '/swx/customer/login/login', {
          body: { username: u.username, password: u.password },
        });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        u.token = res.body.result.token;
      }
    },
    async product(over = {}) {
      const res = await t.call<AdminSmartProduct>('POST', '/swx/admin/smart-products', {
        token: self.owner,
        body: {
          names: { en: 'Test plan', fr: 'Plan d’essai' },
          descriptions: { en: 'A fixed daily yield from the treasury.', fr: 'Un rendement fixe par jour.' },
          currency: 'USDT',
          minAmount: '100',
          maxAmount: '50000',
          terms: [
            { days: 30, dailyYield: '0.008' },
            { days: 7, dailyYield: '0.006' },
          ],
          maxPlans: 3,
          onePerUser: false,
          exitPenalty: '0.05',
          enabled: true,
          sort: 50,
          ...over,
        },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    },
    async buy(token, body, headers = { virtually: 'NO' }) {
      const res = await t.call<SmartPlan>('POST', '/swx/customer/order/buySmart', { token, headers, body });
      expect(res.status).toBe(200);
      return res.body;
    },
    async exit(token, id) {
      const res = await t.call<SmartPlan>('POST', '/swx/customer/order/exitSmart', { token, body: { id } });
      return res.body;
    },
    async mine(token, query) {
      const res = await t.call<{ list: SmartPlan[]; total: number }>('GET', '/swx/customer/order/listSmartOrder', {
        token,
        ...(query ? { query } : {}),
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    },
    async products(lang = 'en') {
      const res = await t.call<ListSmartProductsResult>('GET', '/swx/customer/index/listSmartProduct', {
        headers: { lang },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    },
    async internalPlanId(publicId) {
      const [row] = await db.select({ id: smartPlans.id }).from(smartPlans).where(eq(smartPlans.publicId, publicId));
      if (!row) throw new Error(`no plan ${publicId}`);
      return row.id;
    },
    async entries(planId, suffix) {
      return db
        .select({ key: ledgerTransfers.transferKey, amount: ledgerTransfers.amount, code: ledgerTransfers.code })
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.transferKey, `earn:${planId}:${suffix}`));
    },
    async treasury(currency = 'USDT') {
      return t.services.earn.treasuryOf(db, currency);
    },
    async planCount(userId) {
      return (await db.select({ id: smartPlans.id }).from(smartPlans).where(eq(smartPlans.userId, userId))).length;
    },
  };
  return self;
}

/** Exact arithmetic on decimal strings at a scale, for expectations. */
export const units = (s: string, scale = 6): bigint => {
  const neg = s.startsWith('-');
  const [i, f = ''] = s.replace('-', '').split('.');
  const u = BigInt(i!) * 10n ** BigInt(scale) + BigInt((f + '0'.repeat(scale)).slice(0, scale) || '0');
  return neg ? -u : u;
};
export const fmt = (u: bigint, scale = 6): string => {
  const neg = u < 0n;
  const d = (neg ? -u : u).toString().padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${d.slice(0, d.length - scale)}.${d.slice(d.length - scale)}`;
};
