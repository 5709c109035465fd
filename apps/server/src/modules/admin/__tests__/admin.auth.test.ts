import { sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createRateLimiter } from '../../limits/limits.service.ts';
import { createSecretBox, createSecretBoxes, masterKey } from '../../../lib/secret-box.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createAdminAuth } from '../admin.auth.ts';

type Res<T = unknown> = { status: number; body: { code: number; result: T; field?: string } };

describe.each(DRIVERS)('admin sign-in and sessions on %s', (driver) => {
  let t: TestApp;
  const owner = { email: 'owner@example.com', password: 'Owner-pass-123' };
  let addr = 0;
  /** Each sign-in from its own address: the per-client limit is not what these tests are about. */
  const login = (body: Record<string, unknown>, remoteAddress = `10.0.0.${++addr % 250}`) =>
    t.call('POST', '/swx/admin/auth/login', { body, remoteAddress }) as Promise<
      Res<{ token: string; scope: string; admin: { id: number } }>
    >;
  const code = (secret: string) => t.services.adminAuth.codeFor(owner.email, secret);

  beforeAll(async () => {
    t = await createTestApp(driver);
    expect(await t.services.adminAccounts.bootstrapOwner(owner)).toMatchObject({ role: 'owner', totpEnabled: false });
    // A second start finds an admin and creates nobody.
    expect(await t.services.adminAccounts.bootstrapOwner({ ...owner, email: 'other@example.com' })).toBeNull();
  });
  afterAll(async () => t?.close());

  it('signs an owner in for enrolment only, enrols TOTP by QR code, then needs a fresh code every time', async () => {
    const first = await login(owner);
    expect(first.body).toMatchObject({ code: 200, result: { scope: 'enrol' } });
    const enrolToken = first.body.result.token;
    expect(enrolToken.startsWith('adm_')).toBe(true);
    // Enrolment-only: nothing else opens.
    const denied = await t.call('GET', '/swx/admin/admins', { token: enrolToken });
    expect(denied.body.code).toBe(40020);
    const me = await t.call('GET', '/swx/admin/auth/me', { token: enrolToken });
    expect(me.body).toMatchObject({ code: 200, result: { scope: 'enrol', admin: { role: 'owner' } } });

    const enrol = (await t.call('POST', '/swx/admin/auth/totp/enrol', { token: enrolToken })) as Res<{
      secret: string;
      uri: string;
      qr: string;
    }>;
    expect(enrol.body.code).toBe(200);
    const { secret, uri, qr } = enrol.body.result;
    expect(uri).toMatch(/^otpauth:\/\/totp\/OpenBourse:owner%40example\.com\?/);
    expect(qr.startsWith('data:image/png;base64,')).toBe(true);
    const wrong = await t.call('POST', '/swx/admin/auth/totp/confirm', { token: enrolToken, body: { code: '000000' } });
    expect(wrong.body.code).toBe(40022);
    // Kept sealed: a v2 value under the installation's key, bound to the account, never the secret itself.
    const stored = await storedSecret(owner.email);
    expect(stored.value).toMatch(/^v2\./);
    expect(stored.value).not.toContain(secret);
    expect(box().open(stored.value, String(stored.id))).toBe(secret);
    expect(box().open(stored.value, String(stored.id + 1))).toBeNull();
    const good = code(secret);
    const confirmed = await t.call('POST', '/swx/admin/auth/totp/confirm', { token: enrolToken, body: { code: good } });
    expect(confirmed.body).toMatchObject({ code: 200, result: { totpEnabled: true } });
    // The same session is now a full one.
    expect((await t.call('GET', '/swx/admin/admins', { token: enrolToken })).body.code).toBe(200);

    // From now on: no code → 40021; the code just used → 40022 (no replay); the next step's → in.
    expect((await login(owner)).body.code).toBe(40021);
    expect((await login({ ...owner, totp: good })).body.code).toBe(40022);
    t.clock.advance(30_000);
    const next = await login({ ...owner, totp: code(secret) });
    expect(next.body).toMatchObject({ code: 200, result: { scope: 'full' } });
  });

  it('answers one code for an unknown address and a wrong password, and locks after five tries', async () => {
    const from = '10.9.9.9';
    expect((await login({ email: 'nobody@example.com', password: 'x' }, from)).body.code).toBe(40014);
    for (let i = 0; i < 4; i++) expect((await login({ ...owner, password: 'wrong-one' }, from)).body.code).toBe(40014);
    const locked = await login({ ...owner, password: 'wrong-one' }, from);
    expect(locked.body.code).toBe(40014);
    expect((await login({ ...owner, password: 'wrong-one' }, from)).body.code).toBe(40015);
    // Another client is not locked out by this one.
    expect((await login({ ...owner, password: 'wrong-one' }, '10.9.9.10')).body.code).toBe(40014);
  });

  it('ends sessions on sign-out, on expiry and on revocation; tokens never cross between the two APIs', async () => {
    const { result } = (
      await t.call('POST', '/swx/admin/admins', {
        token: await ownerToken(),
        body: {
          email: 'support@example.com',
          name: 'Support',
          password: 'Support-123',
          role: 'support',
          totpRequired: false,
        },
      })
    ).body as { result: { id: number } };
    const signIn = async () =>
      (await login({ email: 'support@example.com', password: 'Support-123' })).body.result.token;

    const a = await signIn();
    expect((await t.call('GET', '/swx/admin/auth/me', { token: a })).body.code).toBe(200);
    expect((await t.call('POST', '/swx/admin/auth/logout', { token: a })).body.code).toBe(200);
    expect((await t.call('GET', '/swx/admin/auth/me', { token: a })).status).toBe(401);

    const b = await signIn();
    t.clock.advance(8 * 3_600_000 + 1000);
    expect((await t.call('GET', '/swx/admin/auth/me', { token: b })).status).toBe(401);

    const c = await signIn();
    const revoked = await t.call('POST', `/swx/admin/admins/${result.id}/revokeSessions`, {
      token: await ownerToken(),
    });
    expect(revoked.body).toMatchObject({ code: 200, result: { revoked: 1 } });
    expect((await t.call('GET', '/swx/admin/auth/me', { token: c })).status).toBe(401);

    // A disabled admin cannot sign in (the same answer as a wrong password).
    const d = await signIn();
    await t.call('POST', `/swx/admin/admins/${result.id}`, { token: await ownerToken(), body: { status: 'disabled' } });
    expect((await t.call('GET', '/swx/admin/auth/me', { token: d })).status).toBe(401);
    expect((await login({ email: 'support@example.com', password: 'Support-123' })).body.code).toBe(40014);

    const customer = await registerUser(t);
    expect((await t.call('GET', '/swx/admin/auth/me', { token: customer.token })).status).toBe(401);
    expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: await ownerToken() })).status).toBe(401);
  });

  it('keeps one active owner at least, and audits every change with before and after, append-only', async () => {
    const token = await ownerToken();
    const me = (await t.call('GET', '/swx/admin/auth/me', { token })).body.result as { admin: { id: number } };
    const demote = await t.call('POST', `/swx/admin/admins/${me.admin.id}`, { token, body: { role: 'editor' } });
    expect(demote.body.code).toBe(40023);
    expect(
      (await t.call('POST', `/swx/admin/admins/${me.admin.id}`, { token, body: { status: 'disabled' } })).body.code,
    ).toBe(40023);

    const page = (await t.call('GET', '/swx/admin/audit', { token, query: { action: 'admins.update', limit: '5' } }))
      .body.result as {
      items: { action: string; before: { status: string }; after: { status: string }; ip: string }[];
    };
    expect(page.items[0]).toMatchObject({
      action: 'admins.update',
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    // A family of actions by its prefix; LIKE's own characters are literal.
    const family = (await t.call('GET', '/swx/admin/audit', { token, query: { action: 'admins', limit: '200' } })).body
      .result as { items: { action: string }[] };
    expect(family.items.length).toBeGreaterThan(0);
    expect(family.items.every((i) => i.action.startsWith('admins.'))).toBe(true);
    const literal = await t.call('GET', '/swx/admin/audit', { token, query: { action: 'admin%' } });
    expect((literal.body.result as { items: unknown[] }).items).toEqual([]);
    const all = (await t.call('GET', '/swx/admin/audit', { token, query: { limit: '200' } })).body.result as {
      items: { action: string }[];
    };
    const actions = new Set(all.items.map((i) => i.action));
    for (const a of [
      'admins.bootstrap',
      'auth.signIn',
      'auth.signIn.failed',
      'auth.totp.enrolled',
      'auth.signOut',
      'admins.create',
    ]) {
      expect(actions, a).toContain(a);
    }

    // Not even a direct statement of the application's own database role changes the log.
    const db = t.database.db;
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const err = (await db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      )) as (Error & { cause?: Error }) | null;
      return err ? `${err.message} ${err.cause?.message ?? ''}` : 'accepted';
    };
    expect(await refusal(sql`update admin_audit set action = 'forged'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from admin_audit`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate admin_audit`)).toMatch(/append-only: TRUNCATE refused/);
  });

  it('signs in with a secret an older version kept in plain text, and seals it at the next start', async () => {
    const plain = new Secret({ size: 20 }).base32;
    const { id } = await storedSecret(owner.email);
    await t.database.db.execute(sql`update admin_accounts set totp_secret = ${plain} where id = ${id}`);
    t.clock.advance(30_000);
    expect((await login({ ...owner, totp: code(plain) })).body).toMatchObject({ code: 200, result: { scope: 'full' } });

    // Another process starts on the database (the same key): the plain value is sealed, once.
    const next = await buildApp({
      config: {
        MAIL_FROM: 'test@localhost',
        SESSION_TTL_HOURS: 24,
        SMTP_URL: undefined,
        WEB_DIST: '/nonexistent',
        dataDir: t.dataDir,
      },
      database: t.database,
      clock: t.clock,
      market: { feed: 'off', historyCandles: 0 },
    });
    try {
      await next.app.ready();
    } finally {
      await next.app.close();
    }
    const after = await storedSecret(owner.email);
    expect(after.value).toMatch(/^v2\./);
    expect(box().open(after.value, String(id))).toBe(plain);
    t.clock.advance(30_000);
    expect((await login({ ...owner, totp: code(plain) })).body.code).toBe(200);
    // Nothing left to seal.
    expect(await t.services.adminAuth.sealPlainSecrets()).toBe(0);
  });

  it('seals plain secrets once when several processes start together, none over another', async () => {
    const db = t.database.db;
    const plains = new Map<number, string>();
    const token = await ownerToken();
    for (let i = 0; i < 6; i++) {
      const made = await t.call<{ id: number }>('POST', '/swx/admin/admins', {
        token,
        body: { email: `plain${i}@example.com`, name: `Plain ${i}`, password: 'Plain-pass-123', role: 'support' },
      });
      expect(made.body.code, JSON.stringify(made.body)).toBe(200);
      const plain = new Secret({ size: 20 }).base32;
      const { id } = made.body.result;
      await db.execute(sql`update admin_accounts set totp_secret = ${plain}, totp_enabled_at = now() where id = ${id}`);
      plains.set(id, plain);
    }
    // Four processes' start step at once, each with its own box under the same key.
    const starts = Array.from({ length: 4 }, () =>
      createAdminAuth({
        db,
        clock: t.clock,
        limiter: createRateLimiter({ db, clock: t.clock }),
        sessionTtlMs: 3_600_000,
        box: createSecretBoxes({ dataDir: t.dataDir })['admin-twofactor'],
      }).sealPlainSecrets(),
    );
    const counts = await Promise.all(starts);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(plains.size);
    for (const [id, plain] of plains) {
      const [row] = (
        (await db.execute(sql`select totp_secret from admin_accounts where id = ${id}`)) as unknown as {
          rows: { totp_secret: string }[];
        }
      ).rows;
      expect(row?.totp_secret).toMatch(/^v2\./);
      expect(box().open(row!.totp_secret, String(id))).toBe(plain);
    }
    // And each still signs in with its authenticator.
    const [id, plain] = [...plains][0]!;
    t.clock.advance(30_000);
    const email = `plain${[...plains.keys()].indexOf(id)}@example.com`;
    const res = await login({ email, password: 'Plain-pass-123', totp: t.services.adminAuth.codeFor(email, plain) });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  });

  /** The installation's 'admin-twofactor' box (the test app's key file). */
  function box() {
    return createSecretBox(masterKey({ dataDir: t.dataDir }), 'admin-twofactor');
  }

  async function storedSecret(email: string): Promise<{ id: number; value: string }> {
    const [row] = (
      (await t.database.db.execute(
        sql`select id, totp_secret from admin_accounts where email = ${email}`,
      )) as unknown as { rows: { id: number | string; totp_secret: string }[] }
    ).rows;
    return { id: Number(row!.id), value: row!.totp_secret };
  }

  /** A full owner session (a fresh TOTP step each time). */
  async function ownerToken(): Promise<string> {
    t.clock.advance(30_000);
    const totp = (await t.services.adminAuth.storedCodeFor(owner.email)) ?? '';
    const res = await login({ ...owner, totp });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.result.token;
  }
});
