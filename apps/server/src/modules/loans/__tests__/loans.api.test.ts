import { createHash } from 'node:crypto';
import type { AdminLoan, ListLoanProductsResult, LoanRecord } from '@openbourse/contracts/loan.ts';
import type { Notification } from '@openbourse/contracts/notifications.ts';
import type { ListTransactionsResult } from '@openbourse/contracts/wallet.ts';
import { DAY_MS } from '@openbourse/money';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createLoansTestApp, dataUrl, type LoansTestApp } from './helpers.ts';

describe.each(DRIVERS)('loans on %s', (driver) => {
  let t: LoansTestApp;
  let productId: number;
  beforeAll(async () => {
    t = await createLoansTestApp(driver);
    productId = (await t.product()).id;
  });
  afterAll(async () => t?.close());

  const borrower = (opts: { real?: string; verified?: boolean } = {}) => t.borrower(opts);

  it('lists the enabled products publicly, named in the request language (English where none)', async () => {
    const res = await t.call<ListLoanProductsResult>('GET', '/swx/customer/index/listLoanProduct', {
      headers: { lang: 'ar' },
    });
    expect(res.body.code).toBe(200);
    const mine = res.body.result.list.find((p) => p.id === productId);
    expect(mine).toMatchObject({
      name: 'قرض تجريبي',
      currency: 'USDT',
      scale: 6,
      minAmount: '100',
      maxAmount: '5000',
      termDays: [7, 14, 30],
      dailyRate: '0.0005',
      freeDays: 3,
      maxActive: 2,
      kycFrom: '0',
    });
    // The seeded products of a fresh platform.
    expect(res.body.result.list.some((p) => p.name === 'قرض USDT سريع')).toBe(true);
    const de = await t.call<ListLoanProductsResult>('GET', '/swx/customer/index/listLoanProduct', {
      headers: { lang: 'de' },
    });
    expect(de.body.result.list.find((p) => p.id === productId)?.name).toBe('Test loan');
  });

  it('applies with a signed agreement, is approved once (two reviewers at once), pays the principal and notifies', async () => {
    const u = await borrower();
    const res = await t.apply(u.token, { productId, amount: '1000', termDays: 30 });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, msgCode: 20001 });
    const loan = res.body.result as LoanRecord;
    expect(loan).toMatchObject({
      status: 'pending',
      principal: '1000.000000',
      dailyInterest: '0.500000',
      totalInterest: '13.500000',
      totalRepayment: '1013.500000',
      signed: true,
      drawnAt: null,
      owed: '0.000000',
    });

    // The agreement: the owner's PDF, nobody else's.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/user/loanAgreement/${loan.id}`,
      headers: { authorization: u.token },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['x-content-sha256']).toBe(createHash('sha256').update(pdf.rawPayload).digest('hex'));
    const other = await t.user();
    const theirs = await t.call('GET', `/swx/customer/user/loanAgreement/${loan.id}`, { token: other.token });
    expect(theirs.body.code).toBe(80005);
    expect((await t.call('GET', '/swx/customer/user/loanAgreement/abc', { token: u.token })).body.code).toBe(80005);
    const adminPdf = await t.app.inject({
      method: 'GET',
      url: `/swx/admin/loans/${loan.id}/agreement`,
      headers: { authorization: t.owner },
    });
    expect(adminPdf.rawPayload.equals(pdf.rawPayload)).toBe(true);

    const queue = await t.call<{ list: AdminLoan[] }>('GET', '/swx/admin/loans', {
      token: t.owner,
      query: { status: 'pending' },
    });
    expect(queue.body.result.list.find((l) => l.id === loan.id)).toMatchObject({
      userId: u.id,
      kycStatus: 'verified',
      status: 'pending',
    });

    const reviewer = await adminToken(t, 'reviewer');
    const [a, b] = await Promise.all([t.approve(loan.id), t.approve(loan.id, reviewer)]);
    expect([a.code, b.code].sort()).toEqual([200, 40036]);
    const won = a.code === 200 ? a.result : b.result;
    expect(won).toMatchObject({ status: 'repaying', owed: '1000.000000' });
    expect(won.dueAt! - won.drawnAt!).toBe(30 * DAY_MS);
    expect(await t.balance(u.id, 'real')).toMatchObject({ available: '1000.000000' });
    const rejectLate = await t.call('POST', `/swx/admin/loans/${loan.id}/reject`, {
      token: t.owner,
      body: { reason: 'too late' },
    });
    expect(rejectLate.body.code).toBe(40036);

    const notes = await t.call<{ list: Notification[] }>('GET', '/swx/customer/user/listNotification', {
      token: u.token,
    });
    const note = notes.body.result.list.find((n) => n.kind === 'loanApproved');
    expect(note).toMatchObject({ title: 'Loan approved', subject: { type: 'loan', id: loan.id } });

    const records = await t.call<ListTransactionsResult>('GET', '/swx/customer/user/listTransactions', {
      token: u.token,
      headers: { virtually: 'NO' },
    });
    expect(records.body.result.list.map((r) => [r.type, r.amount])).toEqual([['loan_draw', '1000.000000']]);
    await t.expectBalanced();
  });

  it('rejects with a reason the user sees; nothing is paid', async () => {
    const u = await borrower();
    const loan = (await t.apply(u.token, { productId, amount: '200', termDays: 7 })).body.result as LoanRecord;
    const res = await t.call<AdminLoan>('POST', `/swx/admin/loans/${loan.id}/reject`, {
      token: t.owner,
      body: { reason: 'Income could not be confirmed' },
    });
    expect(res.body.result).toMatchObject({ status: 'rejected', reason: 'Income could not be confirmed' });
    expect((await t.mine(u.token)).list[0]).toMatchObject({
      status: 'rejected',
      reason: 'Income could not be confirmed',
    });
    expect((await t.mine(u.token, { status: 'pending' })).total).toBe(0);
    expect((await t.mine(u.token, { status: 'rejected', size: '1' })).list).toHaveLength(1);
    const bad = await t.call('GET', '/swx/customer/user/listLoanRecord', { token: u.token, query: { status: 'lost' } });
    expect(bad.body.code).toBe(40001);
    expect((await t.call('GET', '/swx/customer/user/listLoanRecord', {})).body.code).toBe(401);
    expect((await t.approve(loan.id)).code).toBe(40036);
    expect(await t.balance(u.id, 'real')).toMatchObject({ available: '0.000000' });
    // A rejected application no longer blocks a new one.
    expect((await t.apply(u.token, { productId, amount: '200', termDays: 7 })).body.code).toBe(200);
  });

  it('answers every refused application with its catalogue code and stores nothing', async () => {
    const u = await borrower();
    const off = await t.product({ enabled: false });
    const blank = dataUrl(
      await sharp({
        create: { width: 300, height: 100, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
      })
        .png()
        .toBuffer(),
    );
    const transparent = dataUrl(
      await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .png()
        .toBuffer(),
    );
    const jpeg = `data:image/png;base64,${(
      await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer()
    ).toString('base64')}`;
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ productId: 999_999 }, 80005],
      [{ productId: off.id }, 80005],
      [{ productId: 'x' }, 40001],
      [{ termDays: 60 }, 10023],
      [{ termDays: 'thirty' }, 10023],
      [{ amount: '99.999999' }, 80002, 'amount'],
      [{ amount: '5000.000001' }, 80002],
      [{ amount: '99999999999' }, 80002],
      [{ amount: '9'.repeat(39) }, 40038],
      [{ amount: '1.0000001' }, 40038],
      [{ amount: '-5' }, 40038],
      [{ amount: '1e3' }, 40038],
      [{ amount: '' }, 40037],
      [{ amount: 1000 }, 40037],
      [{ signature: undefined }, 40056],
      [{ signature: '' }, 40056],
      [{ signature: blank }, 40056, 'signature'],
      [{ signature: transparent }, 40056],
      [{ signature: jpeg }, 40056],
      [{ signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==' }, 40056],
      [{ signature: `data:image/png;base64,${'A'.repeat(340_000)}` }, 40056],
      [{ signature: `data:image/png;base64,${'A'.repeat(360_000)}` }, 40056],
      [{ signature: `data:image/png;base64,${'A'.repeat(400_000)}` }, 41300],
      [{ agreed: false }, 40056],
      [{ agreed: 'yes' }, 40056],
    ];
    for (const [over, code, field] of cases) {
      const res = await t.apply(u.token, { productId, amount: '1000', ...over });
      expect(res.body.code, `${JSON.stringify(over).slice(0, 80)} → ${JSON.stringify(res.body)}`).toBe(code);
      if (field) expect(res.body.field).toBe(field);
    }
    // The demo account cannot borrow; a stranger is not signed in.
    expect((await t.apply(u.token, { productId, amount: '1000' }, { virtually: 'YES' })).body.code).toBe(40010);
    expect((await t.call('POST', '/swx/customer/user/loan', { body: {} })).body.code).toBe(401);
    // KYC: every loan of this product needs a verified identity.
    const unverified = await borrower({ verified: false });
    expect((await t.apply(unverified.token, { productId, amount: '1000' })).body.code).toBe(10022);
    // …and from 1000 only on another product.
    const big = await t.product({ kycFrom: '1000' });
    expect((await t.apply(unverified.token, { productId: big.id, amount: '1000' })).body.code).toBe(10022);
    expect((await t.mine(u.token)).total).toBe(0);
    expect((await t.apply(unverified.token, { productId: big.id, amount: '999.99' })).body.code).toBe(200);
    // One application waiting at a time (80007); at most maxActive applying or owing (80003).
    expect((await t.apply(unverified.token, { productId: big.id, amount: '500' })).body.code).toBe(80007);
    const two = await borrower();
    for (let i = 0; i < 2; i++) {
      const l = (await t.apply(two.token, { productId, amount: '100' })).body.result as LoanRecord;
      expect((await t.approve(l.id)).code).toBe(200);
    }
    expect((await t.apply(two.token, { productId, amount: '100' })).body.code).toBe(80003);
  });

  it('repays early (only the days ended) and answers 80005, 80006 and 10011', async () => {
    const u = await borrower();
    const loan = (await t.apply(u.token, { productId, amount: '1000', termDays: 14 })).body.result as LoanRecord;
    const repay = (token: string, id: unknown) =>
      t.call<LoanRecord>('POST', '/swx/customer/user/approveBack', { token, body: { id } });
    expect((await repay(u.token, loan.id)).body.code).toBe(80006); // pending
    expect((await repay(u.token, 12345)).body.code).toBe(80005);
    expect((await repay(u.token, 'abc')).body.code).toBe(80005);
    expect((await t.approve(loan.id)).code).toBe(200);
    const stranger = await t.user();
    expect((await repay(stranger.token, loan.id)).body.code).toBe(80005);
    // First day: no interest; repaid at once the principal is all it costs.
    t.clock.advance(5 * 60_000);
    const res = await repay(u.token, loan.id);
    expect(res.body.result).toMatchObject({ status: 'repaid', repaidAmount: '1000.000000', owed: '0.000000' });
    expect(await t.balance(u.id, 'real')).toMatchObject({ available: '0.000000' });
    expect((await repay(u.token, loan.id)).body.code).toBe(80006);

    // Five days ended (3 free): 2 × 0.5 interest; the balance holds only the principal → 10011.
    const v = await borrower();
    const l2 = (await t.apply(v.token, { productId, amount: '1000', termDays: 14 })).body.result as LoanRecord;
    await t.approve(l2.id);
    await t.jump(5 * DAY_MS + 60_000, [v]);
    expect((await repay(v.token, l2.id)).body.code).toBe(10011);
    expect((await t.mine(v.token)).list[0]).toMatchObject({ status: 'repaying' });
    await t.fund(v.id, '1');
    const paid = await repay(v.token, l2.id);
    expect(paid.body.result).toMatchObject({ status: 'repaid', repaidAmount: '1001.000000', accruedDays: 2 });
    expect(await t.balance(v.id, 'real')).toMatchObject({ available: '0.000000' });
    const records = await t.call<ListTransactionsResult>('GET', '/swx/customer/user/listTransactions', {
      token: v.token,
      headers: { virtually: 'NO' },
    });
    expect(records.body.result.list.map((r) => r.type)).toEqual(['loan_repay', 'deposit', 'loan_draw']);
    await t.expectBalanced();
  });

  it('admin products: validated, audited edits never change a loan applied for; owners only', async () => {
    const p = await t.product();
    const bad = await t.call('POST', '/swx/admin/loan-products', {
      token: t.owner,
      body: { ...p, names: { en: 'x' }, minAmount: '500', maxAmount: '100' },
    });
    expect(bad.body).toMatchObject({ code: 40001, field: 'maxAmount' });
    const scale = await t.call('POST', '/swx/admin/loan-products', {
      token: t.owner,
      body: { ...p, names: { en: 'x' }, minAmount: '0.0000001' },
    });
    expect(scale.body).toMatchObject({ code: 40001, field: 'minAmount' });
    expect(
      (await t.call('POST', '/swx/admin/loan-products', { token: t.owner, body: { ...p, names: { ar: 'x' } } })).body
        .code,
    ).toBe(40001);
    const u = await borrower();
    const loan = (await t.apply(u.token, { productId: p.id, amount: '1000' })).body.result as LoanRecord;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/swx/admin/loan-products/${p.id}`,
      headers: { authorization: t.owner },
      payload: { ...p, dailyRate: '0.001', freeDays: 0, termDays: [60] },
    });
    expect(edited.json()).toMatchObject({ code: 200, result: { dailyRate: '0.001', freeDays: 0, termDays: [60] } });
    expect((await t.mine(u.token)).list[0]).toMatchObject({
      id: loan.id,
      dailyRate: '0.0005',
      freeDays: 3,
      termDays: 30,
      totalInterest: '13.500000',
    });
    const reviewer = await adminToken(t, 'reviewer');
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/swx/admin/loan-products/${p.id}`,
      headers: { authorization: reviewer },
      payload: { ...p },
    });
    expect(denied.json().code).not.toBe(200);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/swx/admin/loan-products/999999',
      headers: { authorization: t.owner },
      payload: { ...p },
    });
    expect(missing.json().code).toBe(80005);
  });
});
