import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import { LedgerMisuseError } from '../ledger.errors.ts';
import type { LedgerService } from '../ledger.service.ts';
import { ledgerAccounts } from '../ledger.tables.ts';
import { codeOf, expectBalanced, expectCode, fundFromTreasury, openLedgerTestService, snapshot } from './helpers.ts';

/**
 * Ledger transfers: moving money, idempotency by key, refusals that write nothing, misuse, and
 * transfers inside a caller's transaction (committed or rolled back with it, retried on deadlock).
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
});
