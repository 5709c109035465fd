/**
 * The back office's loans: who may do what (reviewers decide, owners edit products, support
 * neither), the audit of every decision and product edit with before and after, and the queue's
 * order and detail.
 */
import type { AdminLoan, AdminLoanProductsResult, LoanRecord } from '@openbourse/contracts/loan.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createLoansTestApp, type LoansTestApp } from '../../loans/__tests__/helpers.ts';

type AuditItems = { items: { action: string; before: unknown; after: unknown }[] };

describe.each(DRIVERS)('admin loans on %s', (driver) => {
  let t: LoansTestApp;
  let productId: number;
  beforeAll(async () => {
    t = await createLoansTestApp(driver);
    productId = (await t.product({ maxActive: 5 })).id;
  });
  afterAll(async () => t?.close());

  const audit = async (targetType: string, targetId: string) =>
    (await t.call<AuditItems>('GET', '/swx/admin/audit', { token: t.owner, query: { targetType, targetId } })).body
      .result.items;

  it('reviewers decide loans; support may not; only owners edit products', async () => {
    const reviewer = await adminToken(t, 'reviewer');
    const support = await adminToken(t, 'support');
    const u = await t.borrower();
    const loan = (await t.apply(u.token, { productId, amount: '300', termDays: 14 })).body.result as LoanRecord;
    for (const path of ['/swx/admin/loans', `/swx/admin/loans/${loan.id}`, `/swx/admin/loans/${loan.id}/agreement`]) {
      expect((await t.call('GET', path, { token: support })).body.code, path).not.toBe(200);
    }
    expect((await t.call('POST', `/swx/admin/loans/${loan.id}/approve`, { token: support })).body.code).not.toBe(200);
    expect((await t.call('GET', '/swx/admin/loan-products', { token: reviewer })).body.code).not.toBe(200);
    expect(
      (await t.call('POST', `/swx/admin/loan-products/${productId}`, { token: reviewer, body: {} })).body.code,
    ).not.toBe(200);
    const detail = await t.call<AdminLoan>('GET', `/swx/admin/loans/${loan.id}`, { token: reviewer });
    expect(detail.body.result).toMatchObject({ id: loan.id, username: u.username, kycStatus: 'verified' });
    expect((await t.call('GET', '/swx/admin/loans/123', { token: reviewer })).body.code).toBe(80005);
    expect((await t.call('POST', '/swx/admin/loans/123/approve', { token: reviewer })).body.code).toBe(80005);
    expect((await t.approve(loan.id, reviewer)).code).toBe(200);
  });

  it('audits approvals, rejections and product edits with before and after', async () => {
    const u = await t.borrower();
    const a = (await t.apply(u.token, { productId, amount: '250', termDays: 7 })).body.result as LoanRecord;
    expect((await t.approve(a.id)).code).toBe(200);
    const [approved] = await audit('loan', String(a.id));
    expect(approved).toMatchObject({
      action: 'loans.approve',
      before: { status: 'pending' },
      after: { status: 'repaying' },
    });

    const b = (await t.apply(u.token, { productId, amount: '250', termDays: 7 })).body.result as LoanRecord;
    const short = await t.call('POST', `/swx/admin/loans/${b.id}/reject`, { token: t.owner, body: { reason: 'x' } });
    expect(short.body).toMatchObject({ code: 40001, field: 'reason' });
    await t.call('POST', `/swx/admin/loans/${b.id}/reject`, { token: t.owner, body: { reason: 'Too many loans' } });
    const [rejected] = await audit('loan', String(b.id));
    expect(rejected).toMatchObject({
      action: 'loans.reject',
      before: { status: 'pending', reason: null },
      after: { status: 'rejected', reason: 'Too many loans' },
    });

    const p = await t.product();
    const products = await t.call<AdminLoanProductsResult>('GET', '/swx/admin/loan-products', { token: t.owner });
    const mine = products.body.result.list.find((x) => x.id === p.id)!;
    const { id: _id, name: _n, scale: _s, ...input } = mine;
    const off = await t.call('POST', `/swx/admin/loan-products/${p.id}`, {
      token: t.owner,
      body: { ...input, enabled: false },
    });
    expect(off.body.code).toBe(200);
    const items = await audit('loanProduct', String(p.id));
    expect(items.map((i) => i.action).sort()).toEqual(['loanProducts.create', 'loanProducts.update']);
    expect(items.find((i) => i.action === 'loanProducts.update')).toMatchObject({
      before: { enabled: true },
      after: { enabled: false },
    });
    // Switched off: gone from the users' list, refused to applicants (80005).
    const list = await t.call<{ list: { id: number }[] }>('GET', '/swx/customer/index/listLoanProduct', {});
    expect(list.body.result.list.some((x) => x.id === p.id)).toBe(false);
    expect((await t.apply(u.token, { productId: p.id, amount: '250', termDays: 7 })).body.code).toBe(80005);
  });

  it('lists waiting applications first, oldest first, then the others newest first', async () => {
    const users = [await t.borrower(), await t.borrower(), await t.borrower()];
    const loans: LoanRecord[] = [];
    for (const u of users) {
      loans.push((await t.apply(u.token, { productId, amount: '100', termDays: 7 })).body.result as LoanRecord);
    }
    expect((await t.approve(loans[1]!.id)).code).toBe(200);
    const page = await t.call<{ list: AdminLoan[]; total: number }>('GET', '/swx/admin/loans', {
      token: t.owner,
      query: { size: '100' },
    });
    const ids = page.body.result.list.map((l) => l.id);
    const pending = page.body.result.list.filter((l) => l.status === 'pending').map((l) => l.id);
    expect(ids.slice(0, pending.length)).toEqual(pending);
    expect(pending.indexOf(loans[0]!.id)).toBeLessThan(pending.indexOf(loans[2]!.id));
    expect(pending).not.toContain(loans[1]!.id);
    const bad = await t.call('GET', '/swx/admin/loans', { token: t.owner, query: { status: 'lost' } });
    expect(bad.body.code).toBe(40001);
  });
});
