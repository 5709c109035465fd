import type { AdminLoan, AdminLoanProduct, LoanRecord } from '@openbourse/contracts/loan.ts';
import { eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { registerUser } from '../../../test/app.ts';
import type { Driver } from '../../../test/db.ts';
import { ledgerTransfers } from '../../ledger/ledger.tables.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';
import { loans } from '../loans.tables.ts';

/** A signature as the box draws it: a stroke of ink on a transparent canvas. */
export async function inkPng(width = 300, height = 100): Promise<Buffer> {
  const svg = `<svg width="${width}" height="${height}"><path d="M10 ${height / 2} C 60 0, 120 ${height}, ${width - 10} ${height / 3}" stroke="#111" stroke-width="4" fill="none"/></svg>`;
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

export interface Borrower {
  id: number;
  token: string;
  username: string;
  password: string;
}

export interface LoansTestApp extends TradingTestApp {
  owner: string;
  /** A registered user (identity verified unless told), funded with `real` USDT when given. */
  borrower(opts?: { real?: string; verified?: boolean }): Promise<Borrower>;
  /** Moves the clock on and signs everyone in again (sessions expire): the owner's token and the users'. */
  jump(ms: number, users?: Borrower[]): Promise<void>;
  signature: string;
  /** A product made for the test (USDT 100–5000, terms 7/14/30, 0.05 %/day, 3 free days, 2 at once, KYC for every loan). */
  product(over?: Record<string, unknown>): Promise<AdminLoanProduct>;
  verify(userId: number): Promise<void>;
  apply(
    token: string,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ): ReturnType<TradingTestApp['call']>;
  approve(publicId: number, token?: string): Promise<{ code: number; result: AdminLoan }>;
  internalLoanId(publicId: number): Promise<number>;
  dayEntries(loanId: number): Promise<{ key: string; amount: string }[]>;
  mine(token: string, query?: Record<string, string>): Promise<{ list: LoanRecord[]; total: number }>;
}

export async function createLoansTestApp(driver: Driver): Promise<LoansTestApp> {
  const t = await createTradingTestApp(driver);
  const owner = await adminToken(t, 'owner');
  const signature = dataUrl(await inkPng());
  const db = t.database.db;
  const self: LoansTestApp = {
    ...t,
    owner,
    signature,
    async borrower(opts = {}) {
      const u = await registerUser(t);
      if (opts.real) await t.fund(u.id, opts.real);
      if (opts.verified !== false) await self.verify(u.id);
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
      const res = await t.call<AdminLoanProduct>('POST', '/swx/admin/loan-products', {
        token: self.owner,
        body: {
          names: { en: 'Test loan', ar: 'قرض تجريبي' },
          currency: 'USDT',
          minAmount: '100',
          maxAmount: '5000',
          termDays: [7, 14, 30],
          dailyRate: '0.0005',
          freeDays: 3,
          maxActive: 2,
          kycFrom: '0',
          enabled: true,
          sort: 50,
          ...over,
        },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    },
    async verify(userId) {
      await db.execute(sql`update users set kyc_status = 'verified' where id = ${userId}`);
    },
    apply(token, body, headers = { virtually: 'NO' }) {
      return t.call('POST', '/swx/customer/user/loan', {
        token,
        headers,
        body: { signature, agreed: true, termDays: 30, ...body },
      });
    },
    async approve(publicId, token = self.owner) {
      const res = await t.call<AdminLoan>('POST', `/swx/admin/loans/${publicId}/approve`, { token });
      return { code: res.body.code, result: res.body.result };
    },
    async internalLoanId(publicId) {
      const [row] = await db.select({ id: loans.id }).from(loans).where(eq(loans.publicId, publicId));
      if (!row) throw new Error(`no loan ${publicId}`);
      return row.id;
    },
    async dayEntries(loanId) {
      const rows = await db
        .select({ key: ledgerTransfers.transferKey, amount: ledgerTransfers.amount })
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.transferKey, `loan:${loanId}:day:%`));
      return rows;
    },
    async mine(token, query) {
      const res = await t.call<{ list: LoanRecord[]; total: number }>('GET', '/swx/customer/user/listLoanRecord', {
        token,
        ...(query ? { query } : {}),
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    },
  };
  return self;
}
