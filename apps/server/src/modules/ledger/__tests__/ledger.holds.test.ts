import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import { LedgerMisuseError } from '../ledger.errors.ts';
import type { LedgerService } from '../ledger.service.ts';
import { expectBalanced, expectCode, fundFromTreasury, openLedgerTestService, snapshot } from './helpers.ts';

/**
 * Ledger holds: hold, post in part or in full, void the rest; idempotency by hold key, refusals
 * beyond the available balance, real and demo apart.
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
});
