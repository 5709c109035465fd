import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import type { LedgerService } from '../ledger.service.ts';
import { ledgerAccounts, ledgerTransfers } from '../ledger.tables.ts';
import { expectBalanced, expectCode, fundFromTreasury, openLedgerTestService } from './helpers.ts';

/**
 * The ledger service's currencies, accounts, demo funding, balances and trial balance. Transfers
 * (and transfers inside a caller's transaction) are in ledger.transfers, holds in ledger.holds.
 */
describe.each(DRIVERS)('ledger service (%s)', (driver) => {
  let database: Database;
  let ledger: LedgerService;
  let userSeq = 1000;
  const newUser = () => ++userSeq;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, ledger } = await openLedgerTestService(driver));
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    await expectBalanced(ledger, db());
  });

  /** Gives a user `amount` of real money from the treasury. */
  const fund = (userId: number, amount: string, currency = 'USDT', mode: 'real' | 'demo' = 'real') =>
    fundFromTreasury(ledger, db(), { userId, amount, currency, mode });

  describe('currencies', () => {
    it('seeds the defaults idempotently, with their scales as data', async () => {
      await ledger.seedCurrencies(db());
      const list = await ledger.listCurrencies(db());
      const scales = Object.fromEntries(list.map((c) => [c.code, c.scale]));
      expect(scales).toMatchObject({
        USDT: 6,
        USD: 2,
        BTC: 8,
        ETH: 18,
        SOL: 9,
        XRP: 6,
        BNB: 8,
        DOGE: 8,
        LTC: 8,
        TRX: 6,
        ADA: 6,
      });
      expect(list.find((c) => c.code === 'USDT')).toMatchObject({ name: 'Tether USD', kind: 'crypto' });
      expect(list.find((c) => c.code === 'USD')?.kind).toBe('fiat');
      expect(list[0]?.code).toBe('USDT');
    });

    it('ensureCurrency never rewrites an existing scale', async () => {
      const usdt = await ledger.ensureCurrency(db(), { code: 'USDT', name: 'x', scale: 2, kind: 'crypto', sort: 0 });
      expect(usdt.scale).toBe(6);
      const made = await ledger.ensureCurrency(db(), {
        code: 'TST',
        name: 'Test coin',
        scale: 3,
        kind: 'crypto',
        sort: 99,
      });
      expect(made).toMatchObject({ code: 'TST', scale: 3 });
    });
  });

  describe('accounts', () => {
    it('creates each account once; users are non-negative, the platform is not', async () => {
      const u = newUser();
      const a = await ledger.getOrCreateUserAccount(db(), u, 'real', 'USDT', 'available');
      const b = await ledger.getOrCreateUserAccount(db(), u, 'real', 'USDT', 'available');
      const locked = await ledger.getOrCreateUserAccount(db(), u, 'real', 'USDT', 'locked');
      const demo = await ledger.getOrCreateUserAccount(db(), u, 'demo', 'USDT', 'available');
      expect(b.id).toBe(a.id);
      expect(new Set([a.id, locked.id, demo.id]).size).toBe(3);
      expect(a).toMatchObject({
        userId: u,
        mode: 'real',
        currency: 'USDT',
        kind: 'available',
        balance: '0.000000',
        nonNegative: true,
      });
      const fees = await ledger.getOrCreatePlatformAccount(db(), 'real', 'USDT', 'fees');
      expect(fees).toMatchObject({ userId: null, kind: 'fees', nonNegative: false });
      expect((await ledger.getOrCreatePlatformAccount(db(), 'real', 'USDT', 'fees')).id).toBe(fees.id);
    });

    it('spreads a platform account over shards whose sum is the platform figure', async () => {
      const before = await ledger.platformBalance(db(), 'demo', 'USDT', 'fees');
      const u = newUser();
      await fund(u, '10', 'USDT', 'demo');
      const shard0 = await ledger.getOrCreatePlatformAccount(db(), 'demo', 'USDT', 'fees');
      const shard5 = await ledger.getOrCreatePlatformAccount(db(), 'demo', 'USDT', 'fees', 5);
      expect(shard5).toMatchObject({ userId: null, kind: 'fees', shard: 5, nonNegative: false });
      expect(shard5.id).not.toBe(shard0.id);
      for (const [i, shard] of [0, 5, 15, 5].entries()) {
        await ledger.transfer(db(), {
          key: `shard-test:${u}:${i}`,
          debit: { userId: u, mode: 'demo' },
          credit: { platform: 'fees', mode: 'demo', shard },
          currency: 'USDT',
          amount: '0.25',
          code: 'trade_fee',
        });
      }
      expect((await ledger.getAccount(db(), shard5.id))?.balance).toBe('0.500000');
      const after = await ledger.platformBalance(db(), 'demo', 'USDT', 'fees');
      const units = (s: string) => BigInt(s.replace('.', ''));
      expect(units(after) - units(before)).toBe(1_000_000n); // 4 × 0.25 over three shards
      for (const shard of [-1, 16, 1.5]) {
        await expect(ledger.getOrCreatePlatformAccount(db(), 'demo', 'USDT', 'fees', shard)).rejects.toThrow(
          /bad platform shard/,
        );
      }
    });

    it('is race-safe: concurrent creators get the same account', async () => {
      const u = newUser();
      const ids = await Promise.all(
        Array.from({ length: 10 }, () => ledger.getOrCreateUserAccount(db(), u, 'real', 'BTC', 'available')),
      );
      expect(new Set(ids.map((a) => a.id)).size).toBe(1);
    });

    it('refuses an unknown currency with 40001 currency', async () => {
      await expectCode(
        ledger.getOrCreateUserAccount(db(), newUser(), 'real', 'NOPE', 'available'),
        ErrorCode.InvalidField,
        'currency',
      );
    });
  });

  describe('demo funding', () => {
    it('funds once from the demo faucet, which goes negative', async () => {
      const u = newUser();
      const first = await ledger.fundDemoOnce(db(), u, '100000');
      expect(first).toMatchObject({
        key: `demo-fund:${u}`,
        code: 'demo_fund',
        amount: '100000.000000',
        replayed: false,
      });
      const second = await ledger.fundDemoOnce(db(), u, '50000');
      expect(second).toMatchObject({ id: first.id, replayed: true, amount: '100000.000000' });
      expect(await ledger.balances(db(), u, 'demo')).toEqual([
        {
          currency: 'USDT',
          name: 'Tether USD',
          scale: 6,
          available: '100000.000000',
          locked: '0.000000',
          total: '100000.000000',
        },
      ]);
      expect((await ledger.balances(db(), u, 'real'))[0]?.total).toBe('0.000000');
      const faucet = await ledger.getOrCreatePlatformAccount(db(), 'demo', 'USDT', 'faucet');
      expect(faucet.balance.startsWith('-')).toBe(true);
    });

    it('funds exactly once when called 20 times concurrently', async () => {
      const u = newUser();
      const results = await Promise.all(Array.from({ length: 20 }, () => ledger.fundDemoOnce(db(), u, '100000')));
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect((await ledger.balance(db(), u, 'demo', 'USDT')).available).toBe('100000.000000');
      const [n] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.transferKey, `demo-fund:${u}`));
      expect(Number(n?.n)).toBe(1);
    });
  });

  describe('balances', () => {
    it('lists USDT always and other currencies only when non-zero, in the currencies order', async () => {
      const u = newUser();
      expect(await ledger.balances(db(), u, 'real')).toEqual([
        {
          currency: 'USDT',
          name: 'Tether USD',
          scale: 6,
          available: '0.000000',
          locked: '0.000000',
          total: '0.000000',
        },
      ]);
      await fund(u, '0.5', 'ETH');
      await fund(u, '0.00000001', 'BTC');
      await fund(u, '3', 'SOL');
      await ledger.getOrCreateUserAccount(db(), u, 'real', 'XRP', 'available'); // empty: not listed
      await ledger.hold(db(), {
        key: `bal:${u}`,
        userId: u,
        mode: 'real',
        currency: 'SOL',
        amount: '1.25',
        code: 'spot_order',
      });
      const lines = await ledger.balances(db(), u, 'real');
      expect(lines.map((l) => l.currency)).toEqual(['USDT', 'BTC', 'ETH', 'SOL']);
      expect(lines.find((l) => l.currency === 'ETH')).toMatchObject({ available: '0.500000000000000000', scale: 18 });
      expect(lines.find((l) => l.currency === 'SOL')).toMatchObject({
        available: '1.750000000',
        locked: '1.250000000',
        total: '3.000000000',
      });
      await ledger.voidHold(db(), { holdKey: `bal:${u}`, key: `bal:${u}:void` });
    });
  });

  describe('trial balance', () => {
    it('is zero per mode and currency, and catches a balance written behind the ledger', async () => {
      const tb = await ledger.trialBalance(db());
      expect(tb.ok).toBe(true);
      expect(tb.totals.length).toBeGreaterThan(0);
      for (const t of tb.totals) expect(Number(t.total)).toBe(0);
      const u = newUser();
      await fund(u, '1');
      const acct = await ledger.getOrCreateUserAccount(db(), u, 'real', 'USDT', 'available');
      const rollback = new Error('rollback');
      await expect(
        ledger.runInTransaction(async (tx) => {
          await tx.update(ledgerAccounts).set({ balance: '2' }).where(eq(ledgerAccounts.id, acct.id));
          const bad = await ledger.trialBalance(tx);
          expect(bad.ok).toBe(false);
          expect(bad.accountMismatches).toEqual([
            { accountId: acct.id, balance: '2.000000000000000000', expected: '1.000000000000000000' },
          ]);
          expect(bad.totals.find((t) => t.mode === 'real' && t.currency === 'USDT')?.total).toBe(
            '1.000000000000000000',
          );
          throw rollback;
        }),
      ).rejects.toBe(rollback);
    });
  });
});
