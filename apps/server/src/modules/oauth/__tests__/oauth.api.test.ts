import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { type LocalProvider, startLocalProvider } from '../testing/local-provider.ts';

const ORIGIN = 'http://127.0.0.1:5173';
const REDIRECT = `${ORIGIN}/api/loginCallback/google`;

type Outcome = {
  token?: string;
  created?: boolean;
  user?: { id: number; email: string | null; hasPassword: boolean; username: string };
  linkRequired?: { ticket: string; email: string; methods: string[] };
};

/** Google sign-in through the API against a local OpenID provider (oidc-provider) the test starts. */
describe.each(DRIVERS)('Google sign-in on %s', (driver) => {
  let t: TestApp;
  let idp: LocalProvider;
  let owner: string;
  let client = 0;

  beforeAll(async () => {
    t = await createTestApp(driver);
    idp = await startLocalProvider({ redirectUris: [REDIRECT] });
    owner = await adminToken(t);
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  /** Each flow from its own client address, so per-client limits never interfere. */
  const call = <T>(method: 'GET' | 'POST', url: string, o: Parameters<TestApp['call']>[2] = {}) =>
    t.call<T>(method, url, { remoteAddress: `10.9.${Math.floor(client / 200)}.${client % 200}`, ...o });

  const configure = (body: Record<string, unknown>, token = owner) =>
    t.call<{ clientId: string; enabled: boolean; hasSecret: boolean; source: string }>(
      'POST',
      '/swx/admin/signin-providers/google',
      { token, body },
    );

  const start = async () => {
    client += 1;
    const res = await call<{ url: string }>('POST', '/swx/customer/login/google/start', {
      headers: { origin: ORIGIN },
    });
    expect(res.body.code).toBe(200);
    return res.body.result.url;
  };
  const callback = (response: { code: string; state: string; iss?: string }) =>
    call<Outcome>('POST', '/swx/customer/login/loginByGoogle', { body: response });
  const signIn = async (login: string) => callback(await idp.authorize(await start(), login));

  it('is off until an operator configures it: no provider offered, start and callback answer 40100', async () => {
    const offered = await t.call<{ providers: string[] }>('GET', '/swx/customer/login/providers');
    expect(offered.body.result.providers).toEqual([]);
    const started = await t.call('POST', '/swx/customer/login/google/start', { headers: { origin: ORIGIN } });
    expect(started.body.code).toBe(40100);
    const finished = await t.call('POST', '/swx/customer/login/loginByGoogle', { body: { code: 'x', state: 'y' } });
    expect(finished.body.code).toBe(40100);
  });

  it('the back office configures it (owners only); the secret is write-only, sealed and audited', async () => {
    const editor = await adminToken(t, 'editor');
    const refused = await configure({ clientId: idp.clientId, issuer: idp.issuer, enabled: false }, editor);
    expect(refused.body.code).not.toBe(200);
    const remote = await configure({
      clientId: 'x',
      clientSecret: 's',
      issuer: 'http://idp.example.com',
      enabled: true,
    });
    expect(remote.body).toMatchObject({ code: 40109, field: 'issuer' });
    const noSecret = await configure({ clientId: idp.clientId, issuer: idp.issuer, enabled: true });
    expect(noSecret.body).toMatchObject({ code: 40001, field: 'clientSecret' });
    const saved = await configure({
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      issuer: idp.issuer,
      enabled: true,
    });
    expect(saved.body.result).toMatchObject({
      clientId: idp.clientId,
      enabled: true,
      hasSecret: true,
      source: 'settings',
    });
    const listed = await t.call<unknown[]>('GET', '/swx/admin/signin-providers', { token: owner });
    expect(JSON.stringify(listed.body)).not.toContain(idp.clientSecret);
    const [row] = await queryRows<{ client_secret_sealed: string }>(
      t.database.db,
      sql`select client_secret_sealed from signin_providers where provider = 'google'`,
    );
    expect(row?.client_secret_sealed).toBeTruthy();
    const audit = await queryRows<{ action: string; after: unknown }>(
      t.database.db,
      sql`select action, after from admin_audit where action = 'signinProviders.update'`,
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
    const offered = await t.call<{ providers: string[] }>('GET', '/swx/customer/login/providers');
    expect(offered.body.result.providers).toEqual(['google']);
  });

  it('the authorization URL carries PKCE (S256), state, nonce and the callback address', async () => {
    const url = new URL(await start());
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
  });

  it('a new address gets a new password-less account; the same Google account signs in to it again', async () => {
    const first = await signIn('newcomer');
    expect(first.body.code).toBe(200);
    expect(first.body.result.token).toBeTruthy();
    expect(first.body.result.user).toMatchObject({ email: 'newcomer@example.test', hasPassword: false });
    // The sign-in that made the account says so (a welcome for a new user); the next does not.
    expect(first.body.result.created).toBe(true);
    const again = await signIn('newcomer');
    expect(again.body.code).toBe(200);
    expect(again.body.result.user?.id).toBe(first.body.result.user?.id);
    expect(again.body.result).not.toHaveProperty('created');
    const linked = await t.call<{
      identities: { id: number; provider: string; email: string }[];
      hasPassword: boolean;
    }>('GET', '/swx/customer/user/identities', { token: again.body.result.token! });
    expect(linked.body.result).toMatchObject({
      hasPassword: false,
      identities: [{ provider: 'google', email: 'newcomer@example.test' }],
    });
    // Its only way in: refused.
    const [identity] = linked.body.result.identities;
    const unlink = await t.call('POST', '/swx/customer/user/identities/unlink', {
      token: again.body.result.token!,
      body: { id: identity!.id },
    });
    expect(unlink.body.code).toBe(40106);
  });

  it('a wrong state answers 40101; a replayed state 40101; a replayed code with a fresh state 40103', async () => {
    const response = await idp.authorize(await start(), 'replayer');
    const wrong = await callback({ ...response, state: 'not-a-state-of-ours' });
    expect(wrong.body).toMatchObject({ code: 40101, field: 'state' });
    const ok = await callback(response);
    expect(ok.body.code).toBe(200);
    const replayed = await callback(response);
    expect(replayed.body.code).toBe(40101);
    // A fresh attempt's state with the used code: the provider refuses the code (and its PKCE verifier differs).
    const fresh = new URL(await start()).searchParams.get('state')!;
    const replayedCode = await callback({ ...response, state: fresh });
    expect(replayedCode.body.code).toBe(40103);
  });

  it('an attempt older than ten minutes answers 40102', async () => {
    const response = await idp.authorize(await start(), 'slowpoke');
    t.clock.advance(11 * 60_000);
    const late = await callback(response);
    expect(late.body).toMatchObject({ code: 40102, field: 'state' });
  });

  it('an address the provider has not verified is refused (40104), and no account is made', async () => {
    idp.accounts.set('unverified', { email: 'unverified@example.test', email_verified: false });
    const res = await signIn('unverified');
    expect(res.body.code).toBe(40104);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email = 'unverified@example.test'`,
    );
    expect(n?.n).toBe(0);
  });

  it('an address that has an account asks its owner to prove it: a wrong password is refused, the right one links', async () => {
    const u = await registerUser(t);
    idp.accounts.set('owner-by-password', { email: u.email, email_verified: true });
    const first = await signIn('owner-by-password');
    expect(first.body.code).toBe(200);
    expect(first.body.result.token).toBeUndefined();
    const link = first.body.result.linkRequired!;
    expect(link.methods).toEqual(['password', 'emailCode']);
    expect(link.email).not.toBe(u.email);
    const wrong = await call('POST', '/swx/customer/login/google/link', {
      body: { method: 'password', ticket: link.ticket, password: 'Wrong1234' },
    });
    expect(wrong.body.code).toBe(10004);
    const right = await call<Outcome>('POST', '/swx/customer/login/google/link', {
      body: { method: 'password', ticket: link.ticket, password: u.password },
    });
    expect(right.body.code).toBe(200);
    expect(right.body.result.user?.id).toBe(u.id);
    expect(right.body.result).not.toHaveProperty('created');
    // Single use.
    const again = await call('POST', '/swx/customer/login/google/link', {
      body: { method: 'password', ticket: link.ticket, password: u.password },
    });
    expect(again.body.code).toBe(40105);
    // Linked: the next Google sign-in goes straight in.
    const next = await signIn('owner-by-password');
    expect(next.body.result.user?.id).toBe(u.id);
    // With a password the identity may be unlinked; then the address asks for proof again.
    const list = await t.call<{ identities: { id: number }[] }>('GET', '/swx/customer/user/identities', {
      token: next.body.result.token!,
    });
    const unlink = await t.call('POST', '/swx/customer/user/identities/unlink', {
      token: next.body.result.token!,
      body: { id: list.body.result.identities[0]!.id },
    });
    expect(unlink.body.code).toBe(200);
    const unlinkAgain = await t.call('POST', '/swx/customer/user/identities/unlink', {
      token: next.body.result.token!,
      body: { id: list.body.result.identities[0]!.id },
    });
    expect(unlinkAgain.body.code).toBe(40107);
    const afterUnlink = await signIn('owner-by-password');
    expect(afterUnlink.body.result.linkRequired).toBeDefined();
  });

  it('the owner may prove the address by a mailed code instead', async () => {
    const u = await registerUser(t);
    idp.accounts.set('owner-by-code', { email: u.email, email_verified: true });
    const { ticket } = (await signIn('owner-by-code')).body.result.linkRequired!;
    const sent = await call<{ sentTo: string }>('POST', '/swx/customer/login/google/linkCode', { body: { ticket } });
    expect(sent.body.code).toBe(200);
    const code = await t.lastCode(u.email);
    const wrong = await call('POST', '/swx/customer/login/google/link', {
      body: { method: 'emailCode', ticket, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.code).toBe(10091);
    const right = await call<Outcome>('POST', '/swx/customer/login/google/link', {
      body: { method: 'emailCode', ticket, code },
    });
    expect(right.body.code).toBe(200);
    expect(right.body.result.user?.id).toBe(u.id);
    expect(right.body.result).not.toHaveProperty('created');
  });

  it('a link ticket allows five tries', async () => {
    const u = await registerUser(t);
    idp.accounts.set('guesser', { email: u.email, email_verified: true });
    const { ticket } = (await signIn('guesser')).body.result.linkRequired!;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await call('POST', '/swx/customer/login/google/link', {
        body: { method: 'password', ticket, password: `Wrong${i}xyz1` },
      });
      codes.push(r.body.code);
    }
    expect(codes).toEqual([10004, 10004, 10004, 10004, 10004, 40105]);
    const right = await call('POST', '/swx/customer/login/google/link', {
      body: { method: 'password', ticket, password: u.password },
    });
    expect(right.body.code).toBe(40105);
  });

  it('concurrent callbacks with one state: exactly one signs in, the others answer 40101', async () => {
    const response = await idp.authorize(await start(), 'racer');
    const results = await Promise.all(Array.from({ length: 6 }, () => callback(response)));
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([200, 40101, 40101, 40101, 40101, 40101]);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_identities where subject = 'racer'`,
    );
    expect(n?.n).toBe(1);
  });

  it('a disabled provider answers 40100 and is no longer offered; an unused attempt cannot finish', async () => {
    const response = await idp.authorize(await start(), 'late-comer');
    const off = await configure({ clientId: idp.clientId, issuer: idp.issuer, enabled: false });
    expect(off.body.result).toMatchObject({ enabled: false, hasSecret: true });
    expect((await callback(response)).body.code).toBe(40100);
    const started = await call('POST', '/swx/customer/login/google/start', { headers: { origin: ORIGIN } });
    expect(started.body.code).toBe(40100);
    const offered = await t.call<{ providers: string[] }>('GET', '/swx/customer/login/providers');
    expect(offered.body.result.providers).toEqual([]);
    // Enabled again without re-entering the secret: the stored one is kept.
    const on = await configure({ clientId: idp.clientId, issuer: idp.issuer, enabled: true });
    expect(on.body.result).toMatchObject({ enabled: true, hasSecret: true });
    expect((await signIn('late-comer')).body.code).toBe(200);
  });
});
