import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';

/** Logging in and out through the HTTP API: wrong passwords and their limit, disabled accounts, sessions. */
describe.each(DRIVERS)('auth API on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  describe('login', () => {
    it('logs in by username and by email; wrong password and unknown name both 40014; empty 10001', async () => {
      const u = await registerUser(t);
      const byName = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: u.password },
      });
      expect(byName.body.code).toBe(200);
      const byMail = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.email.toUpperCase(), password: u.password },
      });
      expect(byMail.body.code).toBe(200);
      const wrong = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: 'Wrong1234' },
      });
      expect(wrong.body.code).toBe(40014);
      const unknown = await t.call('POST', '/swx/customer/login/login', { body: { username: 'ghost', password: 'x' } });
      expect(unknown.body).toMatchObject({ code: 40014, msg: wrong.body.msg });
      const empty = await t.call('POST', '/swx/customer/login/login', { body: { username: '  ', password: 'x' } });
      expect(empty.body).toMatchObject({ code: 10001, field: 'username' });
    });

    it('after 5 wrong passwords refuses that client (40015) until the window passes', async () => {
      const u = await registerUser(t);
      for (let i = 0; i < 5; i++) {
        await t.call('POST', '/swx/customer/login/login', { body: { username: u.username, password: 'Wrong1234' } });
      }
      const locked = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: u.password },
      });
      expect(locked.body).toMatchObject({ code: 40015 });
      expect(locked.body.msg).toMatch(/15 minutes/);
      t.clock.advance(16 * 60_000);
      const ok = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: u.password },
      });
      expect(ok.body.code).toBe(200);
    });

    it('refuses a disabled account (10008) and its sessions', async () => {
      const u = await registerUser(t);
      await t.database.db.execute(sql`update users set status = 'disabled' where id = ${u.id}`);
      const r = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: u.password },
      });
      expect(r.body.code).toBe(10008);
      const info = await t.call('POST', '/swx/customer/user/getUserInfo', { token: u.token });
      expect(info.status).toBe(401);
    });

    it('answers a signed-out caller 401 before looking at the body, so a route teaches it nothing', async () => {
      for (const body of [{}, { instrumentId: 'x', lots: -1 }, { junk: 'x'.repeat(1000) }]) {
        const r = await t.call('POST', '/swx/customer/order/buyU', { body });
        expect(r.status).toBe(401);
        expect(r.body.code).toBe(401);
      }
      const wrongToken = await t.call('POST', '/swx/customer/order/buyU', { token: 'not-a-token', body: {} });
      expect(wrongToken.body.code).toBe(401);
    });

    it('the seeded demo login works', async () => {
      const r = await t.call('POST', '/swx/customer/login/login', {
        body: { username: 'demo', password: 'Demo12345' },
      });
      expect(r.body.code).toBe(200);
    });

    it('counts tries at an unknown name as at an account (40014 five times, then 40015)', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await t.call('POST', '/swx/customer/login/login', {
          body: { username: 'ratelimited', password: 'x' },
        });
        codes.push(r.body.code);
      }
      expect(codes).toEqual([40014, 40014, 40014, 40014, 40014, 40015, 40015]);
    });
  });

  describe('sessions', () => {
    it('answers HTTP 401 + code 401 without a token, with a bad one, an expired one, and after logout', async () => {
      const none = await t.call('POST', '/swx/customer/user/getUserInfo');
      expect(none.status).toBe(401);
      expect(none.body.code).toBe(401);
      const bad = await t.call('POST', '/swx/customer/user/getUserInfo', { token: 'Bearer nonsense' });
      expect(bad.status).toBe(401);
      const u = await registerUser(t);
      expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: `Bearer ${u.token}` })).status).toBe(200);
      t.clock.advance(25 * 3_600_000);
      expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: u.token })).status).toBe(401);
      const fresh = await t.call<{ token: string }>('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: u.password },
      });
      const token = fresh.body.result.token;
      expect((await t.call('POST', '/swx/customer/login/logout', { token })).body.code).toBe(200);
      expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token })).status).toBe(401);
    });

    it('stores only hashes of tokens', async () => {
      const u = await registerUser(t);
      const rows = await queryRows<{ token_hash: string }>(
        t.database.db,
        sql`select token_hash from sessions where user_id = ${u.id}`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.token_hash).not.toContain(u.token);
    });
  });
});
