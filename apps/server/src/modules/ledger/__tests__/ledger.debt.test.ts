import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import type { LedgerService } from '../ledger.service.ts';
import { expectBalanced, expectCode } from './helpers.ts';
import { openLedgerTestService } from './helpers.ts';

/**
 * The loan kinds: the platform's `loans` and `loan_receivable`, the user's `debt` (what they owe).
 * A loan's life moves them in balance; the debt is never the user's money (balances and the
 * statement leave it out) and never goes below zero.
 */
describe.each(DRIVERS)('ledger loan kinds (%s)', (driver) => {
  let database: Database;
  let ledger: LedgerService;
  const db = () => database.db;
  const user = 7001;

  beforeAll(async () => {
    ({ database, ledger } = await openLedgerTestService(driver));
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    await expectBalanced(ledger, db());
  });

  const move = (key: string, debit: never, credit: never, amount: string, code: string) =>
    ledger.transfer(db(), { key, debit, credit, currency: 'USDT', amount, code });
  const loans = { platform: 'loans', mode: 'real' } as never;
  const receivable = { platform: 'loan_receivable', mode: 'real' } as never;
  const available = { userId: user, mode: 'real' } as never;
  const debt = { userId: user, mode: 'real', kind: 'debt' } as never;

  it('draws, accrues, repays and settles in balance; the debt is not money of the user', async () => {
    await move('t:draw', loans, available, '1000', 'loan_draw');
    await move('t:draw:debt', receivable, debt, '1000', 'loan_debt');
    for (let k = 4; k <= 6; k++) await move(`t:day:${k}`, receivable, debt, '0.5', 'loan_interest');
    const debtAccount = await ledger.getOrCreateUserAccount(db(), user, 'real', 'USDT', 'debt');
    expect(debtAccount).toMatchObject({ kind: 'debt', balance: '1001.500000', nonNegative: true });
    expect(await ledger.platformBalance(db(), 'real', 'USDT', 'loan_receivable')).toBe('-1001.500000');
    // Balances and the statement: only the 1000 paid out.
    expect(await ledger.balance(db(), user, 'real', 'USDT')).toMatchObject({
      available: '1000.000000',
      total: '1000.000000',
    });
    const [line] = (await ledger.balances(db(), user, 'real')).filter((b) => b.currency === 'USDT');
    expect(line).toMatchObject({ available: '1000.000000', locked: '0.000000' });
    const st = await ledger.statement(db(), user, 'real', { page: 1, size: 20 });
    expect(st.entries.map((e) => [e.code, e.amount])).toEqual([['loan_draw', '1000.000000']]);

    // Short of the interest: refused, nothing written.
    await expectCode(move('t:repay', available, loans, '1001.5', 'loan_repay'), ErrorCode.BalanceInsufficient);
    await ledger.transfer(db(), {
      key: 't:fund',
      debit: { platform: 'treasury', mode: 'real' },
      credit: { userId: user, mode: 'real' },
      currency: 'USDT',
      amount: '1.5',
      code: 'deposit',
    });
    await move('t:repay', available, loans, '1001.5', 'loan_repay');
    await move('t:repay:debt', debt, receivable, '1001.5', 'loan_settle');
    // The debt cannot go below zero.
    await expectCode(move('t:over', debt, receivable, '0.000001', 'loan_settle'), ErrorCode.BalanceInsufficient);
    expect((await ledger.getOrCreateUserAccount(db(), user, 'real', 'USDT', 'debt')).balance).toBe('0.000000');
    expect(await ledger.platformBalance(db(), 'real', 'USDT', 'loan_receivable')).toBe('0.000000');
    expect(await ledger.platformBalance(db(), 'real', 'USDT', 'loans')).toBe('1.500000');
    const tb = await ledger.trialBalance(db());
    expect(tb.ok).toBe(true);
    expect(tb.totals.find((x) => x.mode === 'real' && x.currency === 'USDT')?.total).toMatch(/^0(\.0+)?$/);
  });
});
