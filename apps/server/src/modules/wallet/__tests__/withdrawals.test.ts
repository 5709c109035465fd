import type { AdminWithdrawal, Withdrawal, WithdrawalQuote } from '@openbourse/contracts/funding.ts';
import type { Notification } from '@openbourse/contracts/notifications.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../lib/crypto.ts';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const PASSWORD = 'Tx-pass-123';

describe.each(DRIVERS)('withdrawals on %s', (driver) => {
  let t: TradingTestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    owner = await adminToken(t, 'owner');
  });
  afterAll(async () => t?.close());

  const real = { virtually: 'NO' };
  /** A user with `usdt` in the real account and a withdrawal password. */
  const user = async (usdt = '1000', withPassword = true) => {
    const u = await t.user({ real: usdt });
    if (withPassword) await t.services.users.setTxPasswordHash(t.database.db, u.id, await hashPassword(PASSWORD));
    return u;
  };
  const withdraw = (token: string, body: Record<string, unknown>, headers: Record<string, string> = real) =>
    t.call<Withdrawal>('POST', '/swx/customer/user/withdrawal', { token, body, headers });
  const crypto = (over: Record<string, unknown> = {}) => ({
    method: 'crypto',
    currency: 'USDT',
    network: 'TRC20',
    address: TRON,
    amount: '100',
    txPassword: PASSWORD,
    ...over,
  });
  const mine = async (token: string) =>
    (await t.call<{ list: Withdrawal[]; total: number }>('GET', '/swx/customer/user/listWithdrwal', { token })).body
      .result;

  it('quotes the fee before, holds amount + fee, and pays out once with its reference', async () => {
    const u = await user('1000');
    const quote = await t.call<WithdrawalQuote>('GET', '/swx/customer/user/withdrawalQuote', {
      token: u.token,
      query: { currency: 'USDT', network: 'TRC20', amount: '100.000001' },
    });
    // 0.5 % of 100.000001 is 0.500000005: rounded up to the currency's 6 decimals.
    expect(quote.body.result).toMatchObject({
      feeRate: '0.005',
      fee: '0.500001',
      total: '100.500002',
      received: '100.000001',
      minWithdraw: '10',
      dailyLimit: '50000',
      usedToday: '0',
      available: '1000',
    });
    const res = await withdraw(u.token, crypto({ amount: '100.000001' }));
    expect(res.body).toMatchObject({ code: 200, msgCode: 20003 });
    const w = res.body.result;
    expect(w).toMatchObject({ status: 'pending', amount: '100.000001', fee: '0.500001', address: TRON });
    expect(await t.balance(u.id, 'real')).toEqual({ available: '899.499998', locked: '100.500002' });

    const reviewer = await adminToken(t, 'reviewer');
    const [a, b] = await Promise.all([
      t.call<AdminWithdrawal>('POST', `/swx/admin/withdrawals/${w.id}/pay`, {
        token: owner,
        body: { payoutRef: 'abc123' },
      }),
      t.call<AdminWithdrawal>('POST', `/swx/admin/withdrawals/${w.id}/reject`, {
        token: reviewer,
        body: { reason: 'raced' },
      }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([200, 40036]);
    const paid = a.body.code === 200;
    expect(await t.balance(u.id, 'real')).toEqual(
      paid ? { available: '899.499998', locked: '0.000000' } : { available: '1000.000000', locked: '0.000000' },
    );
    expect((await mine(u.token)).list[0]).toMatchObject(
      paid ? { status: 'success', payoutRef: 'abc123' } : { status: 'rejected', reason: 'raced' },
    );
    const notes = await t.call<{ list: Notification[] }>('GET', '/swx/customer/user/listNotification', {
      token: u.token,
    });
    expect(notes.body.result.list[0]).toMatchObject({
      kind: paid ? 'withdrawalPaid' : 'withdrawalRejected',
      subject: { type: 'withdrawal', id: w.id },
    });
    await t.expectBalanced();
  });

  it('releases the hold when rejected, and shows the reason', async () => {
    const u = await user('500');
    const w = (await withdraw(u.token, crypto({ network: 'ERC20', address: ETH, amount: '50' }))).body.result;
    expect(w).toMatchObject({ network: 'ERC20', fee: '0.25' });
    const res = await t.call<AdminWithdrawal>('POST', `/swx/admin/withdrawals/${w.id}/reject`, {
      token: owner,
      body: { reason: 'Address flagged by the compliance check' },
    });
    expect(res.body.result).toMatchObject({ status: 'rejected', reason: 'Address flagged by the compliance check' });
    expect(await t.balance(u.id, 'real')).toEqual({ available: '500.000000', locked: '0.000000' });
    expect(
      (await t.call('POST', `/swx/admin/withdrawals/${w.id}/pay`, { token: owner, body: { payoutRef: 'x12' } })).body
        .code,
    ).toBe(40036);
    await t.expectBalanced();
  });

  it('pays to a bank account when every bank field is given', async () => {
    const u = await user('1000');
    const bank = { method: 'bank', currency: 'USDT', amount: '100', txPassword: PASSWORD };
    for (const missing of ['bankHolder', 'bankAccount', 'bankType']) {
      const body: Record<string, unknown> = {
        ...bank,
        bankHolder: 'A. Holder',
        bankAccount: 'DE89370400440532013000',
        bankType: 'Commerzbank',
      };
      delete body[missing];
      expect((await withdraw(u.token, body)).body).toMatchObject({ code: 40042, field: missing });
    }
    const res = await withdraw(u.token, {
      ...bank,
      bankHolder: 'A. Holder',
      bankAccount: 'DE89370400440532013000',
      bankType: 'Commerzbank',
    });
    expect(res.body.result).toMatchObject({
      method: 'bank',
      network: 'BANK',
      address: null,
      bankType: 'Commerzbank',
      fee: '1',
    });
  });

  it('answers every bad request with its catalogue code and holds nothing', async () => {
    const u = await user('1000');
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ method: undefined }, 10025],
      [{ method: 'cash' }, 10025],
      [{ address: '' }, 10021, 'address'],
      [{ address: ETH }, 40041, 'address'],
      [{ network: 'BTC', currency: 'BTC', address: TRON, amount: '0.01' }, 40041, 'address'],
      [{ address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF' }, 40041, 'address'],
      [{ amount: '9.999999' }, 40033, 'amount'],
      [{ amount: '' }, 40037],
      [{ amount: '1.0000001' }, 40038, 'amount'],
      [{ amount: '-10' }, 40038],
      [{ amount: '999' }, 10092, 'amount'],
      [{ amount: '60000' }, 80004, 'amount'],
      [{ txPassword: '' }, 40043],
      [{ txPassword: 'wrong-pass-1' }, 10093, 'txPassword'],
      [{ network: 'SOLANA' }, 40035, 'network'],
    ];
    for (const [over, code, field] of cases) {
      const res = await withdraw(u.token, crypto(over));
      expect(res.body.code, `${JSON.stringify(over)} → ${JSON.stringify(res.body)}`).toBe(code);
      if (field) expect(res.body.field).toBe(field);
    }
    expect((await withdraw(u.token, crypto(), { virtually: 'YES' })).body.code).toBe(40010);
    const none = await user('1000', false);
    expect((await withdraw(none.token, crypto())).body).toMatchObject({ code: 40006, field: 'txPassword' });
    expect((await mine(u.token)).total).toBe(0);
    expect(await t.balance(u.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
  });

  it('counts withdrawal-password tries: a guesser is stopped', async () => {
    const u = await user('1000');
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await withdraw(u.token, crypto({ txPassword: `guess-${i}` }))).body.code);
    expect(answers.slice(0, 10).every((c) => c === 10093)).toBe(true);
    expect(answers[10]).toBe(40015);
    // Even the right password waits for the window.
    expect((await withdraw(u.token, crypto())).body.code).toBe(40015);
  });

  it('holds no more than the balance and no more than the daily limit, however many race', async () => {
    // Ten at once (the withdrawal password allows ten tries per quarter hour): 300 + 1.5 fee each, 3 fit in 1000.
    const u = await user('1000');
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(u.token, crypto({ amount: '300' }))));
    expect(answers.map((a) => a.body.code).sort()).toEqual([...Array(7).fill(10092), 200, 200, 200].sort());
    expect(await t.balance(u.id, 'real')).toEqual({ available: '95.500000', locked: '904.500000' });

    // Fifty at once: the tries past the tenth are refused before anything is held, and what is held
    // never exceeds the balance.
    const v = await user('1000');
    const many = await Promise.all(Array.from({ length: 50 }, () => withdraw(v.token, crypto({ amount: '100' }))));
    const codes = many.map((a) => a.body.code);
    expect(codes.filter((c) => c === 40015)).toHaveLength(40);
    const held = codes.filter((c) => c === 200).length;
    expect(held).toBe(9);
    expect(await t.balance(v.id, 'real')).toEqual({ available: '95.500000', locked: '904.500000' });

    // The daily limit: BTC's is 2 a day; 5 racing withdrawals of 0.5 from a balance of 10 BTC.
    const rich = await user('1');
    await t.services.ledger.transfer(t.database.db, {
      key: `test-btc:${rich.id}`,
      debit: { platform: 'treasury', mode: 'real' },
      credit: { userId: rich.id, mode: 'real' },
      currency: 'BTC',
      amount: '10',
      code: 'deposit',
    });
    const btc = await Promise.all(
      Array.from({ length: 5 }, () =>
        withdraw(
          rich.token,
          crypto({
            currency: 'BTC',
            network: 'BTC',
            address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            amount: '0.5',
          }),
        ),
      ),
    );
    expect(btc.map((a) => a.body.code).sort()).toEqual([200, 200, 200, 200, 80004]);
    await t.expectBalanced();
  });

  it('lets reviewers decide; support and editors cannot; payout references are required', async () => {
    for (const role of ['support', 'editor'] as const) {
      expect((await t.call('GET', '/swx/admin/withdrawals', { token: await adminToken(t, role) })).body.code).toBe(
        40020,
      );
    }
    const u = await user('1000');
    const w = (await withdraw(u.token, crypto())).body.result;
    expect((await t.call('POST', `/swx/admin/withdrawals/${w.id}/pay`, { token: owner, body: {} })).body).toMatchObject(
      {
        code: 40001,
        field: 'payoutRef',
      },
    );
    // One payout pays one withdrawal: its reference is refused on another of the same network.
    const second = (await withdraw(u.token, crypto({ amount: '20' }))).body.result;
    const third = (await withdraw(u.token, crypto({ amount: '30' }))).body.result;
    const ref = `0x${'ab'.repeat(32)}`;
    expect(
      (await t.call('POST', `/swx/admin/withdrawals/${second.id}/pay`, { token: owner, body: { payoutRef: ref } })).body
        .code,
    ).toBe(200);
    expect(
      (
        await t.call('POST', `/swx/admin/withdrawals/${third.id}/pay`, {
          token: owner,
          body: { payoutRef: ref.toUpperCase() },
        })
      ).body,
    ).toMatchObject({ code: 40044, field: 'payoutRef' });
    expect(
      (await t.call<AdminWithdrawal>('GET', `/swx/admin/withdrawals/${third.id}`, { token: owner })).body.result,
    ).toMatchObject({
      status: 'pending',
    });
    const page = (
      await t.call<{ list: AdminWithdrawal[] }>('GET', '/swx/admin/withdrawals', {
        token: await adminToken(t, 'reviewer'),
        query: { status: 'pending', size: '100' },
      })
    ).body.result;
    expect(page.list.find((x) => x.id === w.id)).toMatchObject({ user: { id: u.id }, status: 'pending' });
  });
});
