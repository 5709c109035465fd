import { randomBytes } from 'node:crypto';
import type { AdminDeposit, AdminNetwork, Deposit, DepositNetwork } from '@openbourse/contracts/funding.ts';
import type { Notification } from '@openbourse/contracts/notifications.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { upload } from '../../files/__tests__/api.ts';
import { makePng, makePngOfSize, PDF } from '../../files/__tests__/images.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const hex64 = () => randomBytes(32).toString('hex');

describe.each(DRIVERS)('deposits on %s', (driver) => {
  let t: TradingTestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    owner = await adminToken(t, 'owner');
    // The operator sets the receiving addresses (none are seeded: a fresh install receives nothing).
    const nets = (await t.call<AdminNetworksBody>('GET', '/swx/admin/networks', { token: owner })).body.result.list;
    const addresses: Record<string, string> = {
      'USDT/TRC20': TRON_ADDRESS,
      'USDT/ERC20': '0x52908400098527886E0F7030069857D2E4169EE7',
      'BTC/BTC': 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    };
    // ETH (and the coins not listed) stay without an address: 10021.
    for (const n of nets) {
      const address = addresses[`${n.currency}/${n.network}`];
      if (!address) continue;
      const res = await t.call('POST', `/swx/admin/networks/${n.id}`, { token: owner, body: { address } });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  type AdminNetworksBody = { list: AdminNetwork[] };
  const real = { virtually: 'NO' };
  const recharge = (token: string, body: Record<string, unknown>, headers: Record<string, string> = real) =>
    t.call<Deposit>('POST', '/swx/customer/user/recharge', { token, body, headers });
  const proof = async (token: string, purpose = 'deposit-proof') => {
    const res = await upload(t, token, { data: await makePng(), purpose });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.result!.id;
  };
  const usdt = async (token: string, over: Record<string, unknown> = {}) => ({
    currency: 'USDT',
    network: 'TRC20',
    amount: '150.5',
    txHash: hex64(),
    last6: 'a1B2c3',
    proofFileId: await proof(token),
    ...over,
  });
  const mine = async (token: string) =>
    (await t.call<{ list: Deposit[]; total: number }>('GET', '/swx/customer/user/listRecharge', { token })).body.result;

  it('lists the networks with their minimums and receiving addresses', async () => {
    const u = await t.user();
    const res = await t.call<{ list: DepositNetwork[] }>('GET', '/swx/customer/user/listDepositNetworks', {
      token: u.token,
    });
    const by = Object.fromEntries(res.body.result.list.map((n) => [`${n.currency}/${n.network}`, n]));
    expect(by['USDT/TRC20']).toMatchObject({ minDeposit: '120', scale: 6, address: TRON_ADDRESS });
    expect(by['BTC/BTC']).toMatchObject({ minDeposit: '0.015', scale: 8 });
    expect(by['ETH/ERC20']).toMatchObject({ minDeposit: '0.2', address: null });
    expect((await t.call('GET', '/swx/customer/user/listDepositNetworks', {})).body.code).toBe(401);
  });

  it('declares a deposit that waits for review; an approval credits the real account once and notifies', async () => {
    const u = await t.user();
    const body = await usdt(u.token);
    const res = await recharge(u.token, body);
    expect(res.body).toMatchObject({ code: 200, msgCode: 20002 });
    const d = res.body.result;
    expect(d).toMatchObject({ status: 'pending', amount: '150.5', address: TRON_ADDRESS, reason: null });
    expect(await t.balance(u.id, 'real')).toMatchObject({ available: '0.000000' });

    // Two reviewers at once: one decision stands, the other is told; the money moves once.
    const reviewer = await adminToken(t, 'reviewer');
    const [a, b] = await Promise.all([
      t.call<AdminDeposit>('POST', `/swx/admin/deposits/${d.id}/approve`, { token: owner }),
      t.call<AdminDeposit>('POST', `/swx/admin/deposits/${d.id}/approve`, { token: reviewer }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 40036]);
    const won = a.body.code === 200 ? a.body.result : b.body.result;
    expect(won).toMatchObject({ status: 'approved', user: { id: u.id } });
    expect(won.decidedBy).toMatch(/@/);
    expect(
      (await t.call('POST', `/swx/admin/deposits/${d.id}/reject`, { token: owner, body: { reason: 'late' } })).body
        .code,
    ).toBe(40036);
    expect(await t.balance(u.id, 'real')).toMatchObject({ available: '150.500000' });
    expect((await mine(u.token)).list[0]).toMatchObject({ id: d.id, status: 'approved' });

    const notes = await t.call<{ list: Notification[] }>('GET', '/swx/customer/user/listNotification', {
      token: u.token,
    });
    const note = notes.body.result.list.find((n) => n.kind === 'depositApproved');
    expect(note).toMatchObject({ title: 'Deposit credited', subject: { type: 'deposit', id: d.id } });
    expect(note?.body).toContain('150.50 USDT (TRC20)');
    await t.expectBalanced();
  });

  it('rejects with a reason the user sees; nothing is credited', async () => {
    const u = await t.user();
    const d = (await recharge(u.token, await usdt(u.token, { amount: '200' }))).body.result;
    expect((await t.call('POST', `/swx/admin/deposits/${d.id}/reject`, { token: owner, body: {} })).body).toMatchObject(
      {
        code: 40001,
        field: 'reason',
      },
    );
    const res = await t.call<AdminDeposit>('POST', `/swx/admin/deposits/${d.id}/reject`, {
      token: owner,
      body: { reason: 'No such transfer reached the address' },
    });
    expect(res.body.result).toMatchObject({ status: 'rejected', reason: 'No such transfer reached the address' });
    expect((await mine(u.token)).list[0]).toMatchObject({
      status: 'rejected',
      reason: 'No such transfer reached the address',
    });
    expect(await t.balance(u.id, 'real')).toMatchObject({ available: '0.000000' });
    expect((await t.call('POST', `/swx/admin/deposits/${d.id}/approve`, { token: owner })).body.code).toBe(40036);
    await t.expectBalanced();
  });

  it('answers every bad declaration with its catalogue code and stores nothing', async () => {
    const u = await t.user();
    const other = await t.user();
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ amount: '119.999999' }, 40033, 'amount'],
      [{ amount: '' }, 40037],
      [{ amount: '-5' }, 40038],
      [{ amount: '1.0000001' }, 40038, 'amount'],
      [{ amount: '1e9' }, 40038],
      [{ amount: '9'.repeat(30) }, 40038],
      [{ amount: 150 }, 40037],
      [{ txHash: '' }, 40039],
      [{ txHash: 'abc' }, 40039],
      [{ txHash: `0x${hex64()}` }, 40039, 'txHash'],
      [{ last6: '12345' }, 40040],
      [{ last6: undefined }, 40040],
      [{ network: 'SOLANA' }, 40035, 'network'],
      [{ currency: 'EUR' }, 40035, 'network'],
      [{ currency: 'ETH', network: 'ERC20', amount: '1', txHash: `0x${hex64()}` }, 10021],
      [{ proofFileId: 'not-a-uuid' }, 40017],
      [{ proofFileId: '6f1c1e9e-6f9b-4b8a-9a51-1f2d3c4b5a69' }, 40017, 'proofFileId'],
      [{ proofFileId: await proof(other.token) }, 40017, 'proofFileId'],
      [{ proofFileId: await proof(u.token, 'kyc') }, 40017, 'proofFileId'],
    ];
    for (const [over, code, field] of cases) {
      const res = await recharge(u.token, await usdt(u.token, over));
      expect(res.body.code, `${JSON.stringify(over)} → ${JSON.stringify(res.body)}`).toBe(code);
      if (field) expect(res.body.field).toBe(field);
    }
    expect((await recharge(u.token, await usdt(u.token, { amount: '119.999999' }))).body.msg).toBe(
      'USDT minimum is 120',
    );
    // Proofs that are not whole images never become files to declare with (the upload refuses them).
    const pdf = await upload(t, u.token, {
      data: PDF,
      filename: 'proof.png',
      type: 'image/png',
      purpose: 'deposit-proof',
    });
    expect(pdf.body.code).toBe(40018);
    const big = await upload(t, u.token, { data: await makePngOfSize(2_100_000), purpose: 'deposit-proof' });
    expect(big.body.code).toBe(40019);
    // Demo: deposits go to the real account only.
    expect((await recharge(u.token, await usdt(u.token), { virtually: 'YES' })).body.code).toBe(40010);
    expect((await mine(u.token)).total).toBe(0);
  });

  it('takes a transaction hash once, however it is cased and however many race', async () => {
    const u = await t.user();
    const hash = hex64();
    const bodies = await Promise.all(Array.from({ length: 8 }, () => usdt(u.token, { txHash: hash })));
    const answers = await Promise.all(
      bodies.map((b, i) => recharge(u.token, i % 2 ? { ...b, txHash: hash.toUpperCase() } : b)),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, ...Array(7).fill(40034)]);
    expect((await mine(u.token)).total).toBe(1);
  });

  it('keeps proofs private: the owner and reviewers see them, another user does not', async () => {
    const u = await t.user();
    const other = await t.user();
    const d = (await recharge(u.token, await usdt(u.token))).body.result;
    const get = (token: string) =>
      t.app.inject({ method: 'GET', url: `/swx/customer/file/${d.proofFileId}`, headers: { authorization: token } });
    expect((await get(u.token)).statusCode).toBe(200);
    expect((await get(other.token)).json()).toMatchObject({ code: 40400 });
    // Operators read it through the admin API when their role reviews deposits.
    const asAdmin = async (role: 'owner' | 'reviewer' | 'support' | 'editor') =>
      t.app.inject({
        method: 'GET',
        url: `/swx/admin/files/${d.proofFileId}`,
        headers: { authorization: await adminToken(t, role) },
      });
    for (const role of ['owner', 'reviewer'] as const) {
      const res = await asAdmin(role);
      expect(res.statusCode, role).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    for (const role of ['support', 'editor'] as const)
      expect((await asAdmin(role)).json()).toMatchObject({ code: 40400 });
    const customer = await t.app.inject({
      method: 'GET',
      url: `/swx/admin/files/${d.proofFileId}`,
      headers: { authorization: u.token },
    });
    expect(customer.json()).toMatchObject({ code: 401 });
  });

  it('lets reviewers decide and owners edit networks; support and editors neither', async () => {
    const support = await adminToken(t, 'support');
    const editor = await adminToken(t, 'editor');
    const reviewer = await adminToken(t, 'reviewer');
    for (const token of [support, editor]) {
      expect((await t.call('GET', '/swx/admin/deposits', { token })).body.code).toBe(40020);
    }
    expect((await t.call('GET', '/swx/admin/deposits', { token: reviewer })).body.code).toBe(200);
    expect((await t.call('GET', '/swx/admin/networks', { token: reviewer })).body.code).toBe(40020);
    expect(
      (await t.call('POST', '/swx/admin/networks/1', { token: owner, body: { withdrawFeeRate: '1.5' } })).body.code,
    ).toBe(40001);
    // Amounts the column or the currency cannot hold are refused on their field, never rounded or failed.
    for (const [body, field] of [
      [{ minDeposit: '0' }, 'minDeposit'],
      [{ minWithdraw: '0.0000001' }, 'minWithdraw'],
      [{ dailyWithdrawLimit: '1'.repeat(21) }, 'dailyWithdrawLimit'],
      [{ withdrawFeeRate: '1' }, 'withdrawFeeRate'],
      [{ withdrawFeeRate: '0.0000000000000000001' }, 'withdrawFeeRate'],
    ] as const) {
      const res = await t.call('POST', '/swx/admin/networks/1', { token: owner, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 40001, field });
    }
    // A receiving address of another network (or mistyped) is refused on the field.
    const nets = (await t.call<AdminNetworksBody>('GET', '/swx/admin/networks', { token: owner })).body.result.list;
    const trc = nets.find((n) => n.network === 'TRC20')!;
    for (const address of ['0x52908400098527886E0F7030069857D2E4169EE7', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF']) {
      const res = await t.call('POST', `/swx/admin/networks/${trc.id}`, { token: owner, body: { address } });
      expect(res.body).toMatchObject({ code: 40001, field: 'address' });
    }
    // A customer's token is no admin's.
    const u = await t.user();
    expect((await t.call('GET', '/swx/admin/deposits', { token: u.token })).body.code).toBe(401);
  });

  it('shows the queue waiting ones first, oldest first', async () => {
    const u = await t.user();
    const first = (await recharge(u.token, await usdt(u.token))).body.result;
    const second = (await recharge(u.token, await usdt(u.token))).body.result;
    const page = (
      await t.call<{ list: AdminDeposit[] }>('GET', '/swx/admin/deposits', {
        token: owner,
        query: { status: 'pending', size: '100' },
      })
    ).body.result;
    const ids = page.list.map((x) => x.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(page.list.every((x) => x.status === 'pending')).toBe(true);
    expect(page.list.find((x) => x.id === first.id)?.user.username).toMatch(/\w/);
    const one = await t.call<AdminDeposit>('GET', `/swx/admin/deposits/${first.id}`, { token: owner });
    expect(one.body.result).toMatchObject({ id: first.id, status: 'pending', user: { id: u.id } });
    expect((await t.call('GET', '/swx/admin/deposits/12345', { token: owner })).body.code).toBe(80005);
  });
});
