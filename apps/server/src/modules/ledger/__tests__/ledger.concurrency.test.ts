import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createLedgerService, type LedgerService } from '../ledger.service.ts';
import { ledgerTransfers } from '../ledger.tables.ts';
import { expectBalanced, openLedgerTestDatabase } from './helpers.ts';

/**
 * Many transactions racing for one balance. On PostgreSQL they run truly in parallel (pool of 20
 * connections) and the conditional UPDATE under the row lock is what keeps the balance exact; on
 * PGlite (one connection) they are serialised, and the outcome must be the same.
 */
describe.each(DRIVERS)('ledger concurrency (%s)', (driver) => {
  let database: Database;
  let ledger: LedgerService;
  let userSeq = 5000;
  const newUser = () => ++userSeq;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openLedgerTestDatabase(driver);
    ledger = createLedgerService({ db: database.db, clock: new ManualClock() });
    await ledger.seedCurrencies(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    await expectBalanced(ledger, db());
  });

  const fund = (userId: number, amount: string) =>
    ledger.transfer(db(), {
      key: `c-fund:${userId}:${amount}`,
      debit: { platform: 'treasury', mode: 'real' },
      credit: { userId, mode: 'real' },
      currency: 'USDT',
      amount,
      code: 'deposit',
    });

  /** Splits settled promises into successes and catalogue codes; anything else fails the test. */
  function tally<T>(settled: PromiseSettledResult<T>[]) {
    const ok: T[] = [];
    const codes = new Map<number, number>();
    for (const s of settled) {
      if (s.status === 'fulfilled') ok.push(s.value);
      else if (s.reason instanceof AppError) codes.set(s.reason.code, (codes.get(s.reason.code) ?? 0) + 1);
      else throw s.reason;
    }
    return { ok, codes };
  }

  it('100 concurrent spends of 1 from a balance of 10: exactly 10 succeed, 90 get 10092', async () => {
    const u = newUser();
    await fund(u, '10');
    const settled = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        ledger.runInTransaction((tx) =>
          ledger.transfer(tx, {
            key: `spend:${u}:${i}`,
            debit: { userId: u, mode: 'real' },
            credit: { platform: 'fees', mode: 'real' },
            currency: 'USDT',
            amount: '1',
            code: 'spend',
          }),
        ),
      ),
    );
    const { ok, codes } = tally(settled);
    expect(ok).toHaveLength(10);
    expect(Object.fromEntries(codes)).toEqual({ [ErrorCode.BalanceInsufficient]: 90 });
    expect((await ledger.balance(db(), u, 'real', 'USDT')).available).toBe('0.000000');
    const [n] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.code, 'spend'), sql`${ledgerTransfers.transferKey} like ${`spend:${u}:%`}`));
    expect(Number(n?.n)).toBe(10);
  });

  it('100 concurrent holds of 1 against a balance of 10: exactly 10 are pending', async () => {
    const u = newUser();
    await fund(u, '10');
    const settled = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        ledger.hold(db(), {
          key: `ch:${u}:${i}`,
          userId: u,
          mode: 'real',
          currency: 'USDT',
          amount: '1',
          code: 'spot_order',
        }),
      ),
    );
    const { ok, codes } = tally(settled);
    expect(ok).toHaveLength(10);
    expect(Object.fromEntries(codes)).toEqual({ [ErrorCode.BalanceInsufficient]: 90 });
    expect(await ledger.balance(db(), u, 'real', 'USDT')).toMatchObject({ available: '0.000000', locked: '10.000000' });
    for (const r of ok) await ledger.voidHold(db(), { holdId: r.hold.id, key: `ch-void:${r.hold.id}` });
  });

  it('30 concurrent posts of 1 from a hold of 10: exactly 10 post, the rest find it posted', async () => {
    const u = newUser();
    await fund(u, '10');
    const h = await ledger.hold(db(), {
      key: `cp:${u}`,
      userId: u,
      mode: 'real',
      currency: 'USDT',
      amount: '10',
      code: 'spot_order',
    });
    const settled = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        ledger.postHold(db(), {
          holdId: h.hold.id,
          key: `cp:${u}:${i}`,
          amount: '1',
          to: { platform: 'clearing', mode: 'real' },
        }),
      ),
    );
    const { ok, codes } = tally(settled);
    expect(ok).toHaveLength(10);
    expect(Object.fromEntries(codes)).toEqual({ [ErrorCode.Conflict]: 20 });
    expect(await ledger.getHold(db(), { holdId: h.hold.id })).toMatchObject({
      status: 'posted',
      remaining: '0.000000',
    });
  });

  it('20 concurrent submissions of one key move the money once', async () => {
    const [a, b] = [newUser(), newUser()];
    await fund(a, '10');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.transfer(db(), {
          key: `dup:${a}`,
          debit: { userId: a, mode: 'real' },
          credit: { userId: b, mode: 'real' },
          currency: 'USDT',
          amount: '4',
          code: 'p2p',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await ledger.balance(db(), a, 'real', 'USDT')).available).toBe('6.000000');
    expect((await ledger.balance(db(), b, 'real', 'USDT')).available).toBe('4.000000');
  });

  it('transfers in both directions between the same accounts do not deadlock', async () => {
    const [a, b] = [newUser(), newUser()];
    await fund(a, '100');
    await fund(b, '100');
    const settled = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
        return ledger.runInTransaction(async (tx) => {
          // Two transfers per transaction, touching both accounts and a platform account.
          await ledger.transfer(tx, {
            key: `xfer:${a}:${i}`,
            debit: { userId: from, mode: 'real' },
            credit: { userId: to, mode: 'real' },
            currency: 'USDT',
            amount: '1',
            code: 'p2p',
          });
          await ledger.transfer(tx, {
            key: `xfer:${a}:${i}:fee`,
            debit: { userId: to, mode: 'real' },
            credit: { platform: 'fees', mode: 'real' },
            currency: 'USDT',
            amount: '0.01',
            code: 'fee',
          });
        });
      }),
    );
    const { ok, codes } = tally(settled);
    expect(codes.size).toBe(0);
    expect(ok).toHaveLength(60);
    expect((await ledger.balance(db(), a, 'real', 'USDT')).available).toBe('99.700000');
    expect((await ledger.balance(db(), b, 'real', 'USDT')).available).toBe('99.700000');
  });

  it('fresh accounts created concurrently from both sides do not deadlock', async () => {
    const [a, b] = [newUser(), newUser()];
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        ledger.transfer(db(), {
          key: `fresh:${a}:${i}`,
          debit: { platform: 'treasury', mode: 'demo' },
          credit: { userId: i % 2 === 0 ? a : b, mode: 'demo' },
          currency: 'BTC',
          amount: '0.1',
          code: 'deposit',
        }),
      ),
    );
    const { ok } = tally(settled);
    expect(ok).toHaveLength(20);
    expect((await ledger.balance(db(), a, 'demo', 'BTC')).available).toBe('1.00000000');
  });
});
