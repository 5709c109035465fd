import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS } from '../../../test/db.ts';
import { LedgerMisuseError } from '../ledger.errors.ts';
import { createLedgerService, type LedgerService } from '../ledger.service.ts';
import { ledgerAccounts, ledgerTransfers } from '../ledger.tables.ts';
import { codeOf, expectBalanced, expectCode, openLedgerTestDatabase, snapshot } from './helpers.ts';

describe.each(DRIVERS)('ledger service (%s)', (driver) => {
  let database: Database;
  let ledger: LedgerService;
  let userSeq = 1000;
  const newUser = () => ++userSeq;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openLedgerTestDatabase(driver);
    ledger = createLedgerService({ db: database.db, clock: new ManualClock('2026-01-01T00:00:00Z') });
    await ledger.seedCurrencies(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    await expectBalanced(ledger, db());
  });

  /** Gives a user `amount` of real money from the treasury. */
  const fund = (userId: number, amount: string, currency = 'USDT', mode: 'real' | 'demo' = 'real') =>
    ledger.transfer(db(), {
      key: `test-fund:${userId}:${currency}:${mode}:${amount}:${Math.random()}`,
      debit: { platform: 'treasury', mode },
      credit: { userId, mode },
      currency,
      amount,
      code: 'deposit',
    });

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

  describe('transfer', () => {
    it('moves money between accounts and reports it at the currency scale', async () => {
      const [a, b] = [newUser(), newUser()];
      await fund(a, '100');
      const t = await ledger.transfer(db(), {
        key: `t:${a}:1`,
        debit: { userId: a, mode: 'real' },
        credit: { userId: b, mode: 'real' },
        currency: 'USDT',
        amount: '12.345678',
        code: 'p2p',
        refType: 'test',
        refId: '1',
        memo: 'hello',
      });
      expect(t).toMatchObject({
        amount: '12.345678',
        currency: 'USDT',
        code: 'p2p',
        refType: 'test',
        refId: '1',
        memo: 'hello',
        replayed: false,
      });
      expect((await ledger.balance(db(), a, 'real', 'USDT')).available).toBe('87.654322');
      expect((await ledger.balance(db(), b, 'real', 'USDT')).available).toBe('12.345678');
      expect(await ledger.getTransfer(db(), `t:${a}:1`)).toMatchObject({ id: t.id, amount: '12.345678' });
      const statement = await ledger.accountTransfers(db(), t.debitAccountId);
      expect(statement.map((s) => s.amount)).toEqual(['12.345678', '100.000000']);
    });

    it('accepts account ids as well as descriptors', async () => {
      const [a, b] = [newUser(), newUser()];
      await fund(a, '5');
      const from = await ledger.getOrCreateUserAccount(db(), a, 'real', 'USDT', 'available');
      const to = await ledger.getOrCreateUserAccount(db(), b, 'real', 'USDT', 'available');
      await ledger.transfer(db(), {
        key: `ids:${a}`,
        debit: from.id,
        credit: to.id,
        currency: 'USDT',
        amount: '5',
        code: 'p2p',
      });
      expect((await ledger.getAccount(db(), from.id))?.balance).toBe('0.000000');
      expect((await ledger.getAccount(db(), to.id))?.balance).toBe('5.000000');
    });

    it('replays the same key and content without moving money', async () => {
      const [a, b] = [newUser(), newUser()];
      await fund(a, '10');
      const input = {
        key: `replay:${a}`,
        debit: { userId: a, mode: 'real' as const },
        credit: { userId: b, mode: 'real' as const },
        currency: 'USDT',
        amount: '3',
        code: 'p2p',
      };
      const first = await ledger.transfer(db(), input);
      const before = await snapshot(db());
      const second = await ledger.transfer(db(), { ...input, amount: '3.000' });
      expect(second).toMatchObject({ id: first.id, replayed: true, amount: '3.000000' });
      expect(await snapshot(db())).toEqual(before);
      expect((await ledger.balance(db(), a, 'real', 'USDT')).available).toBe('7.000000');
    });

    it('refuses a key reused with other content (40900) and writes nothing', async () => {
      const [a, b, c] = [newUser(), newUser(), newUser()];
      await fund(a, '10');
      const base = {
        key: `conflict:${a}`,
        debit: { userId: a, mode: 'real' as const },
        credit: { userId: b, mode: 'real' as const },
        currency: 'USDT',
        amount: '3',
        code: 'p2p',
      };
      await ledger.transfer(db(), base);
      const before = await snapshot(db());
      await expectCode(ledger.transfer(db(), { ...base, amount: '4' }), ErrorCode.Conflict);
      await expectCode(ledger.transfer(db(), { ...base, credit: { userId: c, mode: 'real' } }), ErrorCode.Conflict);
      await expectCode(ledger.transfer(db(), { ...base, code: 'other' }), ErrorCode.Conflict);
      await expectCode(ledger.transfer(db(), { ...base, refId: 'x' }), ErrorCode.Conflict);
      expect(await snapshot(db())).toEqual(before);
    });

    it('refuses an overdraft with 10092 and writes nothing (not even the new recipient account)', async () => {
      const [a, b] = [newUser(), newUser()];
      await fund(a, '1');
      const before = await snapshot(db());
      await expectCode(
        ledger.transfer(db(), {
          key: `overdraft:${a}`,
          debit: { userId: a, mode: 'real' },
          credit: { userId: b, mode: 'real' },
          currency: 'USDT',
          amount: '1.000001',
          code: 'p2p',
        }),
        ErrorCode.BalanceInsufficient,
      );
      expect(await snapshot(db())).toEqual(before);
      expect(await ledger.getTransfer(db(), `overdraft:${a}`)).toBeUndefined();
      // A retry of a refused key is a new attempt, not a replay.
      await fund(a, '1');
      const ok = await ledger.transfer(db(), {
        key: `overdraft:${a}`,
        debit: { userId: a, mode: 'real' },
        credit: { userId: b, mode: 'real' },
        currency: 'USDT',
        amount: '1.000001',
        code: 'p2p',
      });
      expect(ok.replayed).toBe(false);
    });

    it('refuses bad amounts and currencies with 40001 naming the field', async () => {
      const [a, b] = [newUser(), newUser()];
      await fund(a, '10');
      const t = (amount: string, currency = 'USDT') =>
        ledger.transfer(db(), {
          key: `bad:${a}:${amount}:${currency}`,
          debit: { userId: a, mode: 'real' },
          credit: { userId: b, mode: 'real' },
          currency,
          amount,
          code: 'p2p',
        });
      const before = await snapshot(db());
      for (const bad of [
        '0',
        '0.000000',
        '-1',
        '1.0000001',
        '1e3',
        '+1',
        ' 1',
        'abc',
        '',
        '.5',
        '123456789012345678901',
      ]) {
        await expectCode(t(bad), ErrorCode.InvalidField, 'amount');
      }
      await expectCode(t('1.5', 'USD'.toLowerCase()), ErrorCode.InvalidField, 'currency');
      await expectCode(t('0.001', 'USD'), ErrorCode.InvalidField, 'amount');
      expect(await snapshot(db())).toEqual(before);
    });

    it('refuses misuse: same account twice, real↔demo, a locked account, another currency', async () => {
      const a = newUser();
      await fund(a, '10');
      const avail = await ledger.getOrCreateUserAccount(db(), a, 'real', 'USDT', 'available');
      const demo = await ledger.getOrCreateUserAccount(db(), a, 'demo', 'USDT', 'available');
      const locked = await ledger.getOrCreateUserAccount(db(), a, 'real', 'USDT', 'locked');
      const btc = await ledger.getOrCreateUserAccount(db(), a, 'real', 'BTC', 'available');
      const t = (debit: number, credit: number) =>
        ledger.transfer(db(), {
          key: `misuse:${a}:${debit}:${credit}`,
          debit,
          credit,
          currency: 'USDT',
          amount: '1',
          code: 'x',
        });
      await expect(t(avail.id, avail.id)).rejects.toBeInstanceOf(LedgerMisuseError);
      await expect(t(avail.id, demo.id)).rejects.toBeInstanceOf(LedgerMisuseError);
      await expect(t(avail.id, locked.id)).rejects.toBeInstanceOf(LedgerMisuseError);
      await expect(t(avail.id, btc.id)).rejects.toBeInstanceOf(LedgerMisuseError);
      await expect(
        ledger.transfer(db(), {
          key: `misuse:${a}:kind`,
          debit: { userId: a, mode: 'real', kind: 'locked' as never },
          credit: { platform: 'fees', mode: 'real' },
          currency: 'USDT',
          amount: '1',
          code: 'x',
        }),
      ).rejects.toBeInstanceOf(LedgerMisuseError);
    });

    it('lets the treasury go negative but never a user', async () => {
      const u = newUser();
      await fund(u, '1');
      const treasury = await ledger.getOrCreatePlatformAccount(db(), 'real', 'USDT', 'treasury');
      expect(treasury.balance.startsWith('-')).toBe(true);
      await expect(
        db().update(ledgerAccounts).set({ balance: '-1' }).where(eq(ledgerAccounts.userId, u)),
      ).rejects.toThrow();
    });
  });

  describe('inside a caller transaction', () => {
    it('commits a business record and its transfers together, or neither', async () => {
      const [a, b] = [newUser(), newUser()];
      await fund(a, '10');
      const attempt = (key: string, fail: boolean) =>
        ledger.runInTransaction(async (tx) => {
          await ledger.transfer(tx, {
            key,
            debit: { userId: a, mode: 'real' },
            credit: { userId: b, mode: 'real' },
            currency: 'USDT',
            amount: '2',
            code: 'p2p',
          });
          await ledger.transfer(tx, {
            key: `${key}:fee`,
            debit: { userId: a, mode: 'real' },
            credit: { platform: 'fees', mode: 'real' },
            currency: 'USDT',
            amount: '0.5',
            code: 'fee',
          });
          if (fail) throw new Error('business rule failed after the transfers');
        });
      await expect(attempt(`tx:${a}:1`, true)).rejects.toThrow('business rule');
      expect((await ledger.balance(db(), a, 'real', 'USDT')).available).toBe('10.000000');
      expect(await ledger.getTransfer(db(), `tx:${a}:1`)).toBeUndefined();
      await attempt(`tx:${a}:2`, false);
      expect((await ledger.balance(db(), a, 'real', 'USDT')).available).toBe('7.500000');
      expect((await ledger.balance(db(), b, 'real', 'USDT')).available).toBe('2.000000');
    });

    it('reruns an attempt aborted by a deadlock when asked to, and only then', async () => {
      const [a, b] = [newUser(), newUser()];
      await fund(a, '10');
      let attempts = 0;
      const body = async (tx: Parameters<Parameters<LedgerService['runInTransaction']>[0]>[0]) => {
        attempts += 1;
        await ledger.transfer(tx, {
          key: `retry:${a}`,
          debit: { userId: a, mode: 'real' },
          credit: { userId: b, mode: 'real' },
          currency: 'USDT',
          amount: '1',
          code: 'p2p',
        });
        if (attempts === 1) throw Object.assign(new Error('Failed query'), { cause: { code: '40P01' } });
      };
      await expect(ledger.runInTransaction(body)).rejects.toThrow('Failed query');
      expect(attempts).toBe(1);
      attempts = 0;
      await ledger.runInTransaction(body, { retries: 2 });
      expect(attempts).toBe(2);
      expect((await ledger.balance(db(), b, 'real', 'USDT')).available).toBe('1.000000');
    });

    it('a refused transfer leaves the caller transaction usable and wrote nothing', async () => {
      const [a, b] = [newUser(), newUser()];
      await fund(a, '10');
      await ledger.runInTransaction(async (tx) => {
        const before = await snapshot(tx);
        const code = await codeOf(
          ledger.transfer(tx, {
            key: `sp:${a}:big`,
            debit: { userId: a, mode: 'real' },
            credit: { userId: b, mode: 'real' },
            currency: 'USDT',
            amount: '11',
            code: 'p2p',
          }),
        );
        expect(code).toBe(ErrorCode.BalanceInsufficient);
        expect(await snapshot(tx)).toEqual(before);
        await ledger.transfer(tx, {
          key: `sp:${a}:small`,
          debit: { userId: a, mode: 'real' },
          credit: { userId: b, mode: 'real' },
          currency: 'USDT',
          amount: '9',
          code: 'p2p',
        });
      });
      expect((await ledger.balance(db(), b, 'real', 'USDT')).available).toBe('9.000000');
      expect(await ledger.getTransfer(db(), `sp:${a}:big`)).toBeUndefined();
    });
  });

  describe('holds', () => {
    it('hold → partial post → post the rest', async () => {
      const [u, seller] = [newUser(), newUser()];
      await fund(u, '100');
      const h = await ledger.hold(db(), {
        key: `order:${u}`,
        userId: u,
        mode: 'real',
        currency: 'USDT',
        amount: '60',
        code: 'spot_order',
        refType: 'order',
        refId: '7',
      });
      expect(h.hold).toMatchObject({
        status: 'pending',
        amount: '60.000000',
        remaining: '60.000000',
        refType: 'order',
        refId: '7',
      });
      expect(h.transfer).toMatchObject({
        code: 'hold',
        key: `hold:order:${u}`,
        holdId: h.hold.id,
        amount: '60.000000',
      });
      expect(await ledger.balance(db(), u, 'real', 'USDT')).toMatchObject({
        available: '40.000000',
        locked: '60.000000',
        total: '100.000000',
      });

      const p1 = await ledger.postHold(db(), {
        holdId: h.hold.id,
        key: `fill:${u}:1`,
        amount: '25.5',
        to: { userId: seller, mode: 'real' },
        code: 'trade',
      });
      expect(p1.hold).toMatchObject({ status: 'pending', remaining: '34.500000' });
      expect(p1.transfer).toMatchObject({
        amount: '25.500000',
        code: 'trade',
        holdId: h.hold.id,
        refType: 'order',
        refId: '7',
      });
      await expectCode(
        ledger.postHold(db(), {
          holdKey: `order:${u}`,
          key: `fill:${u}:x`,
          amount: '34.500001',
          to: { platform: 'clearing', mode: 'real' },
        }),
        ErrorCode.InvalidField,
        'amount',
      );
      const p2 = await ledger.postHold(db(), {
        holdKey: `order:${u}`,
        key: `fill:${u}:2`,
        to: { platform: 'clearing', mode: 'real' },
      });
      expect(p2.hold).toMatchObject({ status: 'posted', remaining: '0.000000' });
      expect(p2.transfer?.amount).toBe('34.500000');
      expect(await ledger.balance(db(), u, 'real', 'USDT')).toMatchObject({
        available: '40.000000',
        locked: '0.000000',
      });
      expect((await ledger.balance(db(), seller, 'real', 'USDT')).available).toBe('25.500000');

      // Replays of posts return the same transfer; new posts and voids on a posted hold conflict.
      const before = await snapshot(db());
      const again = await ledger.postHold(db(), {
        holdId: h.hold.id,
        key: `fill:${u}:1`,
        amount: '25.5',
        to: { userId: seller, mode: 'real' },
        code: 'trade',
      });
      expect(again).toMatchObject({ replayed: true, transfer: { id: p1.transfer?.id } });
      await expectCode(
        ledger.postHold(db(), {
          holdId: h.hold.id,
          key: `fill:${u}:1`,
          amount: '1',
          to: { userId: seller, mode: 'real' },
          code: 'trade',
        }),
        ErrorCode.Conflict,
      );
      await expectCode(
        ledger.postHold(db(), {
          holdId: h.hold.id,
          key: `fill:${u}:3`,
          amount: '1',
          to: { userId: seller, mode: 'real' },
        }),
        ErrorCode.Conflict,
      );
      await expectCode(ledger.voidHold(db(), { holdId: h.hold.id, key: `cancel:${u}` }), ErrorCode.Conflict);
      expect(await snapshot(db())).toEqual(before);
    });

    it('hold → partial post → void returns the rest', async () => {
      const u = newUser();
      await fund(u, '10', 'BTC');
      const h = await ledger.hold(db(), {
        key: `wd:${u}`,
        userId: u,
        mode: 'real',
        currency: 'BTC',
        amount: '1.5',
        code: 'withdrawal',
      });
      await ledger.postHold(db(), {
        holdId: h.hold.id,
        key: `wd:${u}:fee`,
        amount: '0.0005',
        to: { platform: 'fees', mode: 'real' },
        code: 'withdraw_fee',
      });
      const v = await ledger.voidHold(db(), { holdId: h.hold.id, key: `wd:${u}:void` });
      expect(v.hold).toMatchObject({ status: 'voided', remaining: '0.00000000' });
      expect(v.transfer).toMatchObject({ amount: '1.49950000', code: 'hold_void' });
      expect(await ledger.balance(db(), u, 'real', 'BTC')).toMatchObject({
        available: '9.99950000',
        locked: '0.00000000',
      });
      const before = await snapshot(db());
      expect(await ledger.voidHold(db(), { holdId: h.hold.id, key: `wd:${u}:void` })).toMatchObject({
        replayed: true,
        transfer: { id: v.transfer?.id },
      });
      expect(await ledger.voidHold(db(), { holdKey: `wd:${u}`, key: `wd:${u}:void2` })).toMatchObject({
        replayed: true,
        transfer: null,
      });
      await expectCode(
        ledger.postHold(db(), { holdId: h.hold.id, key: `wd:${u}:late`, to: { platform: 'fees', mode: 'real' } }),
        ErrorCode.Conflict,
      );
      expect(await snapshot(db())).toEqual(before);
    });

    it('refuses a hold beyond the available balance (10092) and writes nothing', async () => {
      const u = newUser();
      await fund(u, '5');
      await ledger.hold(db(), {
        key: `h1:${u}`,
        userId: u,
        mode: 'real',
        currency: 'USDT',
        amount: '4',
        code: 'spot_order',
      });
      const before = await snapshot(db());
      await expectCode(
        ledger.hold(db(), {
          key: `h2:${u}`,
          userId: u,
          mode: 'real',
          currency: 'USDT',
          amount: '1.000001',
          code: 'spot_order',
        }),
        ErrorCode.BalanceInsufficient,
      );
      expect(await snapshot(db())).toEqual(before);
      expect(await ledger.getHold(db(), { holdKey: `h2:${u}` })).toBeUndefined();
      // Locked money cannot be spent by a plain transfer either.
      await expectCode(
        ledger.transfer(db(), {
          key: `h3:${u}`,
          debit: { userId: u, mode: 'real' },
          credit: { platform: 'fees', mode: 'real' },
          currency: 'USDT',
          amount: '2',
          code: 'x',
        }),
        ErrorCode.BalanceInsufficient,
      );
      await ledger.voidHold(db(), { holdKey: `h1:${u}`, key: `h1:${u}:void` });
    });

    it('is idempotent by hold key; other content conflicts', async () => {
      const u = newUser();
      await fund(u, '5');
      const input = {
        key: `hk:${u}`,
        userId: u,
        mode: 'real' as const,
        currency: 'USDT',
        amount: '2',
        code: 'spot_order',
      };
      const first = await ledger.hold(db(), input);
      const before = await snapshot(db());
      const again = await ledger.hold(db(), input);
      expect(again).toMatchObject({
        replayed: true,
        hold: { id: first.hold.id },
        transfer: { id: first.transfer?.id },
      });
      await expectCode(ledger.hold(db(), { ...input, amount: '3' }), ErrorCode.Conflict);
      await expectCode(ledger.hold(db(), { ...input, mode: 'demo' }), ErrorCode.Conflict);
      expect(await snapshot(db())).toEqual(before);
      await expectCode(ledger.voidHold(db(), { holdKey: 'no-such-hold', key: `x:${u}` }), ErrorCode.NotFound);
      await ledger.voidHold(db(), { holdKey: input.key, key: `hk:${u}:void` });
    });

    it('keeps real and demo holds apart', async () => {
      const u = newUser();
      await ledger.fundDemoOnce(db(), u, '100000');
      const h = await ledger.hold(db(), {
        key: `demo-h:${u}`,
        userId: u,
        mode: 'demo',
        currency: 'USDT',
        amount: '10',
        code: 'spot_order',
      });
      await expect(
        ledger.postHold(db(), { holdId: h.hold.id, key: `demo-h:${u}:p`, to: { platform: 'clearing', mode: 'real' } }),
      ).rejects.toBeInstanceOf(LedgerMisuseError);
      await ledger.postHold(db(), {
        holdId: h.hold.id,
        key: `demo-h:${u}:p`,
        to: { platform: 'clearing', mode: 'demo' },
      });
      expect(await ledger.balance(db(), u, 'demo', 'USDT')).toMatchObject({
        available: '99990.000000',
        locked: '0.000000',
      });
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
