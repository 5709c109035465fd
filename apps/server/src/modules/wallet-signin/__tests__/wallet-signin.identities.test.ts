import type { LoginResult } from '@openbourse/contracts/auth.ts';
import type { LinkedWallet } from '@openbourse/contracts/wallet-signin.ts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { type LocalProvider, startLocalProvider } from '../../oauth/testing/local-provider.ts';
import { signedProof } from './wallet.fixtures.ts';

const ORIGIN = 'http://127.0.0.1:5173';
const REDIRECT = `${ORIGIN}/api/loginCallback/google`;
const newWallet = () => privateKeyToAccount(generatePrivateKey());

type Outcome = { token?: string; user?: { id: number }; linkRequired?: { ticket: string; methods: string[] } };

/**
 * A wallet's unlink and the account's Google identities (against a local OpenID provider): a linked
 * identity is a way in, so a password-less account made by a wallet may then unlink that wallet.
 */
describe.each(DRIVERS)('wallet unlink and Google identities on %s', (driver) => {
  let t: TestApp;
  let idp: LocalProvider;
  let client = 0;

  beforeAll(async () => {
    t = await createTestApp(driver);
    idp = await startLocalProvider({ redirectUris: [REDIRECT] });
    const saved = await t.call('POST', '/swx/admin/signin-providers/google', {
      token: await adminToken(t),
      body: { clientId: idp.clientId, clientSecret: idp.clientSecret, issuer: idp.issuer, enabled: true },
    });
    expect(saved.body.code).toBe(200);
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  /** Each flow from its own client address, so per-client limits never interfere. */
  const call = <T>(method: 'GET' | 'POST', url: string, o: Parameters<TestApp['call']>[2] = {}) =>
    t.call<T>(method, url, { remoteAddress: `10.8.${Math.floor(client / 200)}.${client % 200}`, ...o });

  /** A password-less account made by a first wallet sign-in. */
  async function walletAccount() {
    client += 1;
    const wallet = newWallet();
    const res = await call<LoginResult>('POST', '/swx/customer/login/loginByDapp', {
      body: await signedProof(t, wallet),
    });
    expect(res.body.code).toBe(200);
    expect(res.body.result.user.hasPassword).toBe(false);
    const { token, user } = res.body.result;
    const wallets = async () =>
      (await t.call<LinkedWallet[]>('GET', '/swx/customer/user/listWallets', { token })).body.result;
    const unlinkWallet = (id: number) => call('POST', '/swx/customer/user/unlinkWallet', { token, body: { id } });
    return { token, user, wallets, unlinkWallet };
  }

  /**
   * Links a Google identity to the account as its owner would: binds an address (codes to it), then
   * signs in with Google under that address and proves it by a mailed code (the account has no password).
   */
  async function linkGoogle(token: string, userId: number, login: string) {
    client += 1;
    const email = `${login}@example.test`;
    const sent = await call('POST', '/swx/customer/user/sendContactCode', {
      token,
      body: { kind: 'email', step: 'new', email },
    });
    expect(sent.body.code).toBe(200);
    const bound = await call('POST', '/swx/customer/user/changeContact', {
      token,
      body: { kind: 'email', email, newCode: await t.lastCode(email) },
    });
    expect(bound.body.code).toBe(200);

    const started = await call<{ url: string }>('POST', '/swx/customer/login/google/start', {
      headers: { origin: ORIGIN },
    });
    const first = await call<Outcome>('POST', '/swx/customer/login/loginByGoogle', {
      body: await idp.authorize(started.body.result.url, login),
    });
    const link = first.body.result.linkRequired!;
    expect(link.methods).toEqual(['emailCode']);
    expect(
      (await call('POST', '/swx/customer/login/google/linkCode', { body: { ticket: link.ticket } })).body.code,
    ).toBe(200);
    const linked = await call<Outcome>('POST', '/swx/customer/login/google/link', {
      body: { method: 'emailCode', ticket: link.ticket, code: await t.lastCode(email) },
    });
    expect(linked.body.code).toBe(200);
    expect(linked.body.result.user?.id).toBe(userId);
    const identities = await t.call<{ identities: { id: number }[] }>('GET', '/swx/customer/user/identities', {
      token,
    });
    expect(identities.body.result.identities).toHaveLength(1);
    return identities.body.result.identities[0]!.id;
  }

  it('without a Google identity the only wallet of a password-less account stays (40118)', async () => {
    const a = await walletAccount();
    const [only] = await a.wallets();
    expect((await a.unlinkWallet(only!.id)).body.code).toBe(40118);
    expect(await a.wallets()).toHaveLength(1);
  });

  it('with a Google identity linked the last wallet may go; then the identity is the only way in (40106)', async () => {
    const a = await walletAccount();
    const identity = await linkGoogle(a.token, a.user.id, 'walletfirst');
    const [only] = await a.wallets();
    expect((await a.unlinkWallet(only!.id)).body.code).toBe(200);
    expect(await a.wallets()).toEqual([]);
    // The identity still signs in to the account, and is now its only way in.
    const unlink = await call('POST', '/swx/customer/user/identities/unlink', {
      token: a.token,
      body: { id: identity },
    });
    expect(unlink.body.code).toBe(40106);
  });

  it('racing unlinks of the last wallet and the Google identity: one passes, the other finds the last way in', async () => {
    const a = await walletAccount();
    const identity = await linkGoogle(a.token, a.user.id, 'walletracer');
    const [only] = await a.wallets();
    const [wallet, google] = await Promise.all([
      a.unlinkWallet(only!.id),
      call('POST', '/swx/customer/user/identities/unlink', { token: a.token, body: { id: identity } }),
    ]);
    // Whichever went first, the other is refused with its own module's code.
    const outcome = [wallet.body.code, google.body.code];
    expect([
      [200, 40106],
      [40118, 200],
    ]).toContainEqual(outcome);
    const left =
      (await a.wallets()).length +
      (await t.call<{ identities: unknown[] }>('GET', '/swx/customer/user/identities', { token: a.token })).body.result
        .identities.length;
    expect(left).toBe(1);
  });
});
