import type { LoginResult, UserInfo } from '@openbourse/contracts/auth.ts';
import type { LinkedWallet } from '@openbourse/contracts/wallet-signin.ts';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { askNonce, messageFor, signedProof } from './wallet.fixtures.ts';

const newWallet = () => privateKeyToAccount(generatePrivateKey());
const LOGIN = '/swx/customer/login/loginByDapp';

/** Sign-In with Ethereum through the HTTP API, a local key signing as a browser wallet would. */
describe.each(DRIVERS)('wallet sign-in API on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  it("issues the site's terms: its domain and URI, mainnet by default, a nonce living 10 minutes", async () => {
    const n = await askNonce(t);
    expect(n).toMatchObject({ domain: 'localhost:8080', uri: 'http://localhost:8080', chainIds: [1] });
    expect(n.nonce).toMatch(/^[a-zA-Z0-9]{32,}$/);
    expect(Date.parse(n.expirationTime) - Date.parse(n.issuedAt)).toBe(10 * 60_000);
    const link = await t.call('POST', '/swx/customer/login/dappNonce', { body: { purpose: 'link' } });
    expect(link.status).toBe(401);
  });

  it('a first sign-in makes a password-less account; the next signs into the same one', async () => {
    const wallet = newWallet();
    const first = await t.call<LoginResult>('POST', LOGIN, { body: await signedProof(t, wallet) });
    expect(first.body.code).toBe(200);
    const { token, user } = first.body.result;
    expect(user.hasPassword).toBe(false);
    // The sign-in that made the account says so (a welcome for a new user); the next does not.
    expect(first.body.result.created).toBe(true);
    const second = await t.call<LoginResult>('POST', LOGIN, { body: await signedProof(t, wallet) });
    expect(second.body.code).toBe(200);
    expect(second.body.result.user.id).toBe(user.id);
    expect(second.body.result).not.toHaveProperty('created');
    expect(second.body.result.token).not.toBe(token);
    const listed = await t.call<LinkedWallet[]>('GET', '/swx/customer/user/listWallets', { token });
    expect(listed.body.result).toEqual([
      expect.objectContaining({ address: wallet.address, chainId: 1, lastUsedAt: expect.any(String) }),
    ]);
    const info = await t.call<UserInfo>('POST', '/swx/customer/user/getUserInfo', { token });
    expect(info.body.result.username).toMatch(/^wallet/);
  });

  it('refuses a replayed message (40114), a nonce never issued (40114) and a wrong signature (40115)', async () => {
    const wallet = newWallet();
    const proof = await signedProof(t, wallet);
    expect((await t.call('POST', LOGIN, { body: proof })).body.code).toBe(200);
    expect((await t.call('POST', LOGIN, { body: proof })).body).toMatchObject({ code: 40114, field: 'message' });

    const n = await askNonce(t);
    const forged = messageFor(wallet, { ...n, nonce: 'Nonce0000000000000000000never' });
    const unissued = await t.call('POST', LOGIN, {
      body: { message: forged, signature: await wallet.signMessage({ message: forged }) },
    });
    expect(unissued.body.code).toBe(40114);

    const other = newWallet();
    const good = await signedProof(t, wallet);
    const byOther = await t.call('POST', LOGIN, {
      body: { message: good.message, signature: await other.signMessage({ message: good.message }) },
    });
    expect(byOther.body).toMatchObject({ code: 40115, field: 'signature' });
    const garbage = await t.call('POST', LOGIN, { body: { message: good.message, signature: '0x1234' } });
    expect(garbage.body.code).toBe(40115);
    const notHex = await t.call('POST', LOGIN, { body: { message: good.message, signature: 'hello' } });
    expect(notHex.body.code).toBe(40115);
    // A wrong signature does not burn the nonce: the right one still signs in.
    expect((await t.call('POST', LOGIN, { body: good })).body.code).toBe(200);
  });

  it('refuses another domain (40111), a wrong chain (40112), another URI or an unreadable message (40110)', async () => {
    const wallet = newWallet();
    const sign = async (over: Parameters<typeof signedProof>[2]) => {
      const p = await signedProof(t, wallet, over);
      return (await t.call('POST', LOGIN, { body: { message: p.message, signature: p.signature } })).body;
    };
    expect(await sign({ over: { domain: 'evil.example' } })).toMatchObject({ code: 40111 });
    expect(await sign({ over: { domain: 'localhost:8080', scheme: 'https' } })).toMatchObject({ code: 40111 });
    const chain = await sign({ over: { chainId: 137 } });
    expect(chain).toMatchObject({ code: 40112 });
    expect(chain.msg).toContain('1');
    expect(await sign({ over: { uri: 'https://evil.example/login' } })).toMatchObject({ code: 40110 });
    const p = await signedProof(t, wallet);
    const tampered = `${p.message}\nResources:\n- https://evil.example`;
    expect((await t.call('POST', LOGIN, { body: { message: tampered, signature: p.signature } })).body.code).toBeOneOf([
      40110, 40115,
    ]);
    expect((await t.call('POST', LOGIN, { body: { message: 'hello', signature: p.signature } })).body.code).toBe(40110);
  });

  it('refuses an expired nonce or message and one issued in the future (40113)', async () => {
    const wallet = newWallet();
    const late = await signedProof(t, wallet);
    t.clock.advance(10 * 60_000 + 1);
    expect((await t.call('POST', LOGIN, { body: late })).body.code).toBe(40113);
    // The message's own expiry, sooner than the nonce's.
    const short = await signedProof(t, wallet, { over: { expirationTime: new Date(t.clock.now().getTime() + 1000) } });
    t.clock.advance(2000);
    expect((await t.call('POST', LOGIN, { body: short })).body.code).toBe(40113);
    const future = await signedProof(t, wallet, { over: { issuedAt: new Date(t.clock.now().getTime() + 5 * 60_000) } });
    expect((await t.call('POST', LOGIN, { body: future })).body.code).toBe(40113);
    // A wallet clock a little ahead is fine.
    const ahead = await signedProof(t, wallet, { over: { issuedAt: new Date(t.clock.now().getTime() + 30_000) } });
    expect((await t.call('POST', LOGIN, { body: ahead })).body.code).toBe(200);
  });

  it('20 concurrent submissions of one signed message open exactly one session (and one account)', async () => {
    const wallet = newWallet();
    const proof = await signedProof(t, wallet);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', LOGIN, { body: proof })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 40114)).toHaveLength(19);
    // Two different messages of one new wallet at once: one account.
    const fresh = newWallet();
    const [a, b] = await Promise.all([signedProof(t, fresh), signedProof(t, fresh)]);
    const both = await Promise.all([a, b].map((p) => t.call<LoginResult>('POST', LOGIN, { body: p })));
    expect(both.map((r) => r.body.code)).toEqual([200, 200]);
    expect(both[0]!.body.result.user.id).toBe(both[1]!.body.result.user.id);
    // The one that made the account says so; the one that lost the race signed into it.
    expect(both.filter((r) => r.body.result.created === true)).toHaveLength(1);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_wallets where address = ${fresh.address}`,
    );
    expect(row?.n).toBe(1);
  });

  it('a disabled account is refused (10008)', async () => {
    const wallet = newWallet();
    const first = await t.call<LoginResult>('POST', LOGIN, { body: await signedProof(t, wallet) });
    await t.database.db.execute(sql`update users set status = 'disabled' where id = ${first.body.result.user.id}`);
    expect((await t.call('POST', LOGIN, { body: await signedProof(t, wallet) })).body.code).toBe(10008);
  });

  describe('the account centre', () => {
    it('links a wallet with a link nonce of the signed-in user; refuses one linked elsewhere or twice', async () => {
      const u = await registerUser(t);
      const wallet = newWallet();
      // A sign-in nonce does not link, nor another user's link nonce.
      const signinNonce = await signedProof(t, wallet);
      const wrongPurpose = await t.call('POST', '/swx/customer/user/linkWallet', { token: u.token, body: signinNonce });
      expect(wrongPurpose.body.code).toBe(40114);
      const v = await registerUser(t);
      const theirs = await signedProof(t, wallet, { purpose: 'link', token: v.token });
      expect((await t.call('POST', '/swx/customer/user/linkWallet', { token: u.token, body: theirs })).body.code).toBe(
        40114,
      );

      const proof = await signedProof(t, wallet, { purpose: 'link', token: u.token });
      const linked = await t.call<LinkedWallet>('POST', '/swx/customer/user/linkWallet', {
        token: u.token,
        body: proof,
      });
      expect(linked.body).toMatchObject({ code: 200, result: { address: wallet.address } });
      // A link nonce does not sign in.
      const asLogin = await signedProof(t, newWallet(), { purpose: 'link', token: u.token });
      expect((await t.call('POST', LOGIN, { body: asLogin })).body.code).toBe(40114);
      // The wallet now signs into u.
      const signIn = await t.call<LoginResult>('POST', LOGIN, { body: await signedProof(t, wallet) });
      expect(signIn.body.result.user.id).toBe(u.id);

      const again = await signedProof(t, wallet, { purpose: 'link', token: u.token });
      expect((await t.call('POST', '/swx/customer/user/linkWallet', { token: u.token, body: again })).body.code).toBe(
        40117,
      );
      const elsewhere = await signedProof(t, wallet, { purpose: 'link', token: v.token });
      expect(
        (await t.call('POST', '/swx/customer/user/linkWallet', { token: v.token, body: elsewhere })).body.code,
      ).toBe(40116);
    });

    it('unlinks a wallet, but not the only way into a password-less account (40118)', async () => {
      const w1 = newWallet();
      const first = await t.call<LoginResult>('POST', LOGIN, { body: await signedProof(t, w1) });
      const { token } = first.body.result;
      const list = async () =>
        (await t.call<LinkedWallet[]>('GET', '/swx/customer/user/listWallets', { token })).body.result;
      const [only] = await list();
      const refused = await t.call('POST', '/swx/customer/user/unlinkWallet', { token, body: { id: only!.id } });
      expect(refused.body.code).toBe(40118);

      const w2 = newWallet();
      const proof = await signedProof(t, w2, { purpose: 'link', token });
      expect((await t.call('POST', '/swx/customer/user/linkWallet', { token, body: proof })).body.code).toBe(200);
      expect(await list()).toHaveLength(2);
      // Racing unlinks of both: one passes, the other finds the last way in.
      const both = await Promise.all(
        (await list()).map((w) => t.call('POST', '/swx/customer/user/unlinkWallet', { token, body: { id: w.id } })),
      );
      expect(both.map((r) => r.body.code).sort()).toEqual([200, 40118]);
      expect(await list()).toHaveLength(1);

      // Someone else's wallet is not found.
      const u = await registerUser(t);
      const [mine] = await list();
      const notMine = await t.call('POST', '/swx/customer/user/unlinkWallet', {
        token: u.token,
        body: { id: mine!.id },
      });
      expect(notMine.body.code).toBe(40400);

      // With a password, the last wallet may go.
      const set = await t.call('POST', '/swx/customer/user/repassword', {
        token,
        body: { type: 'set', newPassword: 'Secret123' },
      });
      expect(set.body.code).toBe(200);
      expect(
        (await t.call('POST', '/swx/customer/user/unlinkWallet', { token, body: { id: mine!.id } })).body.code,
      ).toBe(200);
      expect(await list()).toEqual([]);
    });
  });
});
