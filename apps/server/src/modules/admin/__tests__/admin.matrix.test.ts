/**
 * Every admin route against every role, generated from the routes as registered (ADMIN_ROUTE_TABLE)
 * and the one permission table (PERMISSIONS): a role without the route's permission gets 40020 and
 * nothing happens; a role with it gets past the check (the route's own answer: 200, or a validation
 * code for the empty requests sent here). No session: 401. A session only good for enrolling TOTP
 * opens the enrolment routes and nothing else.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { ADMIN_ROLES, type AdminRole, may, type Permission } from '../admin.roles.ts';
import { ADMIN_ROUTE_TABLE } from '../admin.routes.ts';

describe.each(DRIVERS)('admin role matrix on %s', (driver) => {
  let t: TestApp;
  let addr = 0;
  const password = 'Matrix-pass-123';
  const emailOf = (role: AdminRole) => `${role}@matrix.example.com`;
  let targetId = 0;

  async function signIn(role: AdminRole): Promise<string> {
    const email = emailOf(role);
    const body: Record<string, string> = { email, password };
    const [row] = (
      (await t.database.db.execute(sql`select totp_secret from admin_accounts where email = ${email}`)) as unknown as {
        rows: { totp_secret: string | null }[];
      }
    ).rows;
    if (row?.totp_secret) {
      // Sealed in the database: the current code of the secret the server opens.
      t.clock.advance(30_000);
      body.totp = (await t.services.adminAuth.storedCodeFor(email)) ?? '';
    }
    const res = await t.call<{ token: string }>('POST', '/swx/admin/auth/login', {
      body,
      remoteAddress: `10.1.${Math.floor(++addr / 250)}.${addr % 250}`,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.result.token;
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.services.adminAccounts.bootstrapOwner({ email: emailOf('owner'), password });
    // The owner enrols TOTP (an owner always needs it); the others are created without it.
    const enrolToken = (
      await t.call<{ token: string }>('POST', '/swx/admin/auth/login', {
        body: { email: emailOf('owner'), password },
      })
    ).body.result.token;
    const { secret } = (await t.call<{ secret: string }>('POST', '/swx/admin/auth/totp/enrol', { token: enrolToken }))
      .body.result;
    const confirm = await t.call('POST', '/swx/admin/auth/totp/confirm', {
      token: enrolToken,
      body: { code: t.services.adminAuth.codeFor(emailOf('owner'), secret) },
    });
    expect(confirm.body.code).toBe(200);
    for (const role of ADMIN_ROLES.filter((r) => r !== 'owner')) {
      const res = await t.call('POST', '/swx/admin/admins', {
        token: enrolToken,
        body: { email: emailOf(role), name: role, password, role, totpRequired: false },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    }
    const target = await t.call<{ id: number }>('POST', '/swx/admin/admins', {
      token: enrolToken,
      body: { email: 'target@matrix.example.com', name: 'Target', password, role: 'editor', totpRequired: false },
    });
    targetId = target.body.result.id;
  });
  afterAll(async () => t?.close());

  it('registers every admin route with a declared access', () => {
    expect(ADMIN_ROUTE_TABLE.length).toBeGreaterThanOrEqual(10);
    expect(ADMIN_ROUTE_TABLE.filter((r) => r.access === 'public').map((r) => r.url)).toEqual(['/swx/admin/auth/login']);
  });

  const urlOf = (url: string) => url.replace(':id', String(targetId));
  const sessions = new Map<AdminRole, string>();
  async function sessionOf(role: AdminRole): Promise<string> {
    const known = sessions.get(role);
    if (known) return known;
    const token = await signIn(role);
    sessions.set(role, token);
    return token;
  }

  it('answers each role on each route by the permission table, and 401 without a session', async () => {
    const checked: string[] = [];
    for (const route of ADMIN_ROUTE_TABLE) {
      if (route.access === 'public') continue;
      const url = urlOf(route.url);
      const method = route.method as 'GET' | 'POST';
      expect((await t.call(method, url, { body: method === 'POST' ? {} : undefined })).status, url).toBe(401);
      for (const role of ADMIN_ROLES) {
        // One session per role while it lasts (a sign-in hashes a password): a route that ended it
        // (logout, the target's sessions revoked …) shows as 401, and the call is made again with a
        // fresh one — a live session never answers 401.
        const send = async (token: string) => t.call(method, url, { token, body: method === 'POST' ? {} : undefined });
        let res = await send(await sessionOf(role));
        if (res.status === 401 || res.body.code === 401) {
          sessions.delete(role);
          res = await send(await sessionOf(role));
        }
        const allowed = route.access === 'enrol' || route.access === 'session' || may(role, route.access as Permission);
        if (allowed) {
          expect([401, 40020], `${role} ${method} ${url}: ${JSON.stringify(res.body)}`).not.toContain(res.body.code);
        } else {
          expect(res.body.code, `${role} ${method} ${url}`).toBe(40020);
        }
        checked.push(`${role} ${method} ${route.url} ${allowed ? 'allowed' : 'refused'}`);
      }
    }
    // Every pair was tried: routes × roles.
    expect(checked).toHaveLength(ADMIN_ROUTE_TABLE.filter((r) => r.access !== 'public').length * ADMIN_ROLES.length);
    expect(checked).toContain('reviewer GET /swx/admin/admins refused');
    expect(checked).toContain('owner GET /swx/admin/audit allowed');
  });

  it('lets a session that must still enrol TOTP reach only the enrolment routes', async () => {
    const owner = await signIn('owner');
    const res = await t.call<{ id: number }>('POST', '/swx/admin/admins', {
      token: owner,
      body: { email: 'fresh@matrix.example.com', name: 'Fresh', password, role: 'support' },
    });
    expect(res.body.code).toBe(200);
    const fresh = await t.call<{ token: string; scope: string }>('POST', '/swx/admin/auth/login', {
      body: { email: 'fresh@matrix.example.com', password },
      remoteAddress: '10.2.0.1',
    });
    expect(fresh.body.result.scope).toBe('enrol');
    for (const route of ADMIN_ROUTE_TABLE) {
      if (route.access === 'public' || route.url.endsWith('/logout')) continue;
      const r = await t.call(route.method as 'GET' | 'POST', urlOf(route.url), {
        token: fresh.body.result.token,
        body: route.method === 'POST' ? {} : undefined,
      });
      if (route.access === 'enrol') expect(r.body.code, route.url).not.toBe(40020);
      else expect(r.body.code, route.url).toBe(40020);
    }
  });
});
