import type { LoanRecord } from '@openbourse/contracts/loan.ts';
import type { Notification } from '@openbourse/contracts/notifications.ts';
import { DAY_MS } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { LOANS_ACCRUE_JOB } from '../loans.jobs.ts';
import { createLoansTestApp, type LoansTestApp } from './helpers.ts';

describe.each(DRIVERS)('loan accrual, expiry and races on %s', (driver) => {
  let t: LoansTestApp;
  let productId: number;
  beforeAll(async () => {
    t = await createLoansTestApp(driver);
    productId = (await t.product({ maxActive: 3 })).id;
  });
  afterAll(async () => t?.close());

  const repay = (token: string, id: number) =>
    t.call<LoanRecord>('POST', '/swx/customer/user/approveBack', { token, body: { id } });

  it('the job jumps 400 days: one entry per interest day, the right amounts, expired once, nothing twice', async () => {
    const u = await t.borrower();
    const loan = (await t.apply(u.token, { productId, amount: '1000', termDays: 30 })).body.result as LoanRecord;
    expect((await t.approve(loan.id)).code).toBe(200);
    const id = await t.internalLoanId(loan.id);

    // Within the interest-free days: days end, nothing is owed.
    t.clock.advance(3 * DAY_MS + 1);
    await t.services.loans.accrueAll();
    expect(await t.dayEntries(id)).toEqual([]);

    // 400 days after drawing (the 3 free ones included): 397 interest days of 0.5 each.
    await t.jump(397 * DAY_MS, [u]);
    // (The platform's own hourly job may get there first: either way the state below is the same.)
    await t.services.loans.accrueAll();
    const entries = await t.dayEntries(id);
    expect(entries).toHaveLength(397);
    const days = entries.map((e) => Number(e.key.split(':').at(-1))).sort((a, b) => a - b);
    expect(days[0]).toBe(4);
    expect(days.at(-1)).toBe(400);
    expect(new Set(entries.map((e) => Number(e.amount)))).toEqual(new Set([0.5]));
    const [mine] = (await t.mine(u.token)).list;
    expect(mine).toMatchObject({
      status: 'expired',
      accruedDays: 397,
      interestAccrued: '198.500000',
      owed: '1198.500000',
    });

    // Rerunning (the job's next hour, or a replay): nothing more, and the user is told once.
    expect(await t.services.loans.accrueAll()).toEqual({ loans: 0, expired: 0 });
    expect(await t.dayEntries(id)).toHaveLength(397);
    const notes = await t.call<{ list: Notification[] }>('GET', '/swx/customer/user/listNotification', {
      token: u.token,
    });
    expect(notes.body.result.list.filter((n) => n.kind === 'loanExpired')).toHaveLength(1);
    expect(notes.body.result.list.find((n) => n.kind === 'loanExpired')?.body).toContain('overdue');

    // A day later, one more entry; then repaid with everything owed, and the ledger balances.
    await t.jump(DAY_MS, [u]);
    await t.services.loans.accrueAll();
    expect(await t.dayEntries(id)).toHaveLength(398);
    await t.fund(u.id, '199');
    const paid = await repay(u.token, loan.id);
    expect(paid.body.result).toMatchObject({ status: 'repaid', repaidAmount: '1199.000000', owed: '0.000000' });
    expect(await t.balance(u.id, 'real')).toMatchObject({ available: '0.000000' });
    const debt = await t.services.ledger.getOrCreateUserAccount(t.database.db, u.id, 'real', 'USDT', 'debt');
    expect(debt.balance).toBe('0.000000');
    // The platform: nothing owed to it any more, and the loan account holds the interest earned.
    const platform = (kind: 'loans' | 'loan_receivable') =>
      t.services.ledger.platformBalance(t.database.db, 'real', 'USDT', kind);
    expect(await platform('loan_receivable')).toBe('0.000000');
    expect(await platform('loans')).toBe('199.000000');
    // A repaid loan accrues no more.
    await t.jump(5 * DAY_MS);
    await t.services.loans.accrueAll();
    expect(await t.dayEntries(id)).toHaveLength(398);
    await t.expectBalanced();
    const tb = await t.services.ledger.trialBalance(t.database.db);
    expect(tb.totals.filter((x) => x.mode === 'real').every((x) => Number(x.total) === 0)).toBe(true);
  });

  it('the hourly job runs with the platform', async () => {
    await t.services.jobs.runOnce();
    const runs = await t.services.jobs.runs(LOANS_ACCRUE_JOB);
    expect(runs.length).toBeGreaterThan(0);
  });

  it('hundreds of concurrent applications by one user: exactly one is taken', async () => {
    const u = await t.borrower();
    const n = driver === 'postgres' ? 200 : 40;
    const results = await Promise.all(
      Array.from({ length: n }, () => t.apply(u.token, { productId, amount: '100', termDays: 7 })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200 && c !== 80007)).toEqual([]);
    expect((await t.mine(u.token)).total).toBe(1);
  });

  it('concurrent applications never pass maxActive', async () => {
    const u = await t.borrower();
    // Two loans owing, maxActive 3: of many racing applications one more is taken, then 80003.
    for (let i = 0; i < 2; i++) {
      const l = (await t.apply(u.token, { productId, amount: '100', termDays: 7 })).body.result as LoanRecord;
      expect((await t.approve(l.id)).code).toBe(200);
    }
    const results = await Promise.all(
      Array.from({ length: driver === 'postgres' ? 100 : 20 }, () =>
        t.apply(u.token, { productId, amount: '100', termDays: 7 }),
      ),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    const pending = (await t.mine(u.token, { status: 'pending' })).list[0]!;
    expect((await t.approve(pending.id)).code).toBe(200);
    expect((await t.apply(u.token, { productId, amount: '100', termDays: 7 })).body.code).toBe(80003);
    expect((await t.mine(u.token)).total).toBe(3);
  });

  it('two concurrent repayments take the money once', async () => {
    const u = await t.borrower({ real: '50' });
    const loan = (await t.apply(u.token, { productId, amount: '1000', termDays: 7 })).body.result as LoanRecord;
    expect((await t.approve(loan.id)).code).toBe(200);
    const results = await Promise.all(Array.from({ length: 8 }, () => repay(u.token, loan.id)));
    const codes = results.map((r) => r.body.code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200 && c !== 80006)).toEqual([]);
    expect(await t.balance(u.id, 'real')).toMatchObject({ available: '50.000000' });
    await t.expectBalanced();
  });
});
