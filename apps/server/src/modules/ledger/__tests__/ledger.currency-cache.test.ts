import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import { CURRENCY_TTL_MS } from '../ledger.accounts.ts';
import { createLedgerService, type LedgerService } from '../ledger.service.ts';

async function codeOf(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

/**
 * Currency rows read outside transactions are reused (every balance, hold and transfer needs one);
 * rows seen only inside a transaction, and unknown codes, are not.
 */
describe.each(DRIVERS)('ledger currency cache (%s)', (driver) => {
  let database: Database;
  let clock: ManualClock;
  let ledger: LedgerService;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = new ManualClock('2026-01-01T00:00:00Z');
    ledger = createLedgerService({ db: database.db, clock });
    await ledger.seedCurrencies(database.db);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.close();
  });

  it('reads a currency once through the database handle, and again after the TTL', async () => {
    const select = vi.spyOn(database.db, 'select');
    await ledger.balance(db(), 501, 'real', 'USDT');
    const first = select.mock.calls.length;
    select.mockClear();
    await ledger.balance(db(), 501, 'real', 'USDT');
    // The two account look-ups, not the currency.
    expect(select.mock.calls.length).toBe(first - 1);
    select.mockClear();
    clock.advance(CURRENCY_TTL_MS);
    await ledger.balance(db(), 501, 'real', 'USDT');
    expect(select.mock.calls.length).toBe(first);
    select.mockRestore();
  });

  it('serves transfers and holds inside a transaction from it, with the same scale', async () => {
    await ledger.balance(db(), 502, 'real', 'USDT');
    await db().transaction(async (tx) => {
      await ledger.transfer(tx, {
        key: 'cache-test:fund',
        debit: { platform: 'treasury', mode: 'real' },
        credit: { userId: 502, mode: 'real' },
        currency: 'USDT',
        amount: '10.123456',
        code: 'deposit',
      });
      expect(
        await codeOf(
          ledger.transfer(tx, {
            key: 'cache-test:bad',
            debit: { platform: 'treasury', mode: 'real' },
            credit: { userId: 502, mode: 'real' },
            currency: 'USDT',
            amount: '0.0000001',
            code: 'deposit',
          }),
        ),
      ).toBe(ErrorCode.InvalidField);
      await ledger.hold(tx, {
        key: 'cache-test:hold',
        userId: 502,
        mode: 'real',
        currency: 'USDT',
        amount: '1.5',
        code: 'test',
      });
    });
    expect(await ledger.balance(db(), 502, 'real', 'USDT')).toMatchObject({
      available: '8.623456',
      locked: '1.500000',
      scale: 6,
    });
  });

  it('does not keep a currency seen only inside a transaction that rolled back', async () => {
    await expect(
      db().transaction(async (tx) => {
        await ledger.ensureCurrency(tx, { code: 'TMPC', name: 'Temporary', scale: 4, kind: 'crypto', sort: 90 });
        await ledger.getOrCreateUserAccount(tx, 503, 'real', 'TMPC');
        expect(await ledger.balance(tx, 503, 'real', 'TMPC')).toMatchObject({ currency: 'TMPC', scale: 4 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await codeOf(ledger.balance(db(), 503, 'real', 'TMPC'))).toBe(ErrorCode.InvalidField);
  });

  it('looks an unknown code up every time, so a new currency is usable at once', async () => {
    expect(await codeOf(ledger.balance(db(), 504, 'real', 'NEWC'))).toBe(ErrorCode.InvalidField);
    await ledger.ensureCurrency(db(), { code: 'NEWC', name: 'New coin', scale: 3, kind: 'crypto', sort: 91 });
    expect(await ledger.balance(db(), 504, 'real', 'NEWC')).toMatchObject({
      currency: 'NEWC',
      scale: 3,
      available: '0.000',
    });
  });
});
