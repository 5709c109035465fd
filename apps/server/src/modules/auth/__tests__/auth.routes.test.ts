import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';

/**
 * Registering through the HTTP API, by email and by phone: codes, their limits and expiry, taken
 * names and addresses. Login and sessions are in auth.login, passwords in auth.passwords, bad
 * input in auth.input, attacks in auth.attacks.
 */
describe.each(DRIVERS)('auth API on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  const sendEmailCode = (email: string, purpose = 'register') =>
    t.call('POST', '/swx/customer/login/sendCode', { body: { channel: 'email', purpose, email } });

  describe('register by email', () => {
    it('sends a code to the outbox and registers with it, logged in', async () => {
      const email = 'alice@example.com';
      const sent = await sendEmailCode(email);
      expect(sent.body).toMatchObject({ code: 200, result: { resendAfterSeconds: 60, expiresInSeconds: 600 } });
      expect(sent.body.result).toMatchObject({ sentTo: 'a****@example.com' });
      const code = await t.lastCode(email);
      const res = await t.call<{ token: string; user: { username: string; email: string } }>(
        'POST',
        '/swx/customer/login/register',
        { body: { method: 'email', username: 'alice', email: 'Alice@Example.com', password: 'Secret123', code } },
      );
      expect(res.body.code).toBe(200);
      expect(res.body.result.user).toMatchObject({ username: 'alice', email });
      const info = await t.call('POST', '/swx/customer/user/getUserInfo', { token: res.body.result.token });
      expect(info.body).toMatchObject({ code: 200, result: { username: 'alice', hasWithdrawalPassword: false } });
    });

    it('refuses a second send within 60 s (10089) and allows it after', async () => {
      const email = 'bob@example.com';
      expect((await sendEmailCode(email)).body.code).toBe(200);
      expect((await sendEmailCode(email)).body.code).toBe(10089);
      t.clock.advance(61_000);
      expect((await sendEmailCode(email)).body.code).toBe(200);
    });

    it('answers 10090 without a code, 10091 for a wrong one, 40008 after 5 wrong tries', async () => {
      const body = {
        method: 'email',
        username: 'carol',
        email: 'carol@example.com',
        password: 'Secret123',
        code: '000000',
      };
      expect((await t.call('POST', '/swx/customer/login/register', { body })).body.code).toBe(10090);
      await sendEmailCode('carol@example.com');
      const right = await t.lastCode('carol@example.com');
      const wrong = right === '111111' ? '222222' : '111111';
      for (let i = 0; i < 5; i++) {
        const r = await t.call('POST', '/swx/customer/login/register', { body: { ...body, code: wrong } });
        expect(r.body.code).toBe(10091);
      }
      const locked = await t.call('POST', '/swx/customer/login/register', { body: { ...body, code: right } });
      expect(locked.body.code).toBe(40008);
    });

    it('expires a code after 10 minutes (40007)', async () => {
      await sendEmailCode('dave@example.com');
      const code = await t.lastCode('dave@example.com');
      t.clock.advance(10 * 60_000 + 1);
      const r = await t.call('POST', '/swx/customer/login/register', {
        body: { method: 'email', username: 'dave', email: 'dave@example.com', password: 'Secret123', code },
      });
      expect(r.body.code).toBe(40007);
    });

    it('accepts a code once: a replay answers 10090 and a race registers one user', async () => {
      await sendEmailCode('erin@example.com');
      const code = await t.lastCode('erin@example.com');
      const body = { method: 'email', username: 'erin', email: 'erin@example.com', password: 'Secret123', code };
      const results = await Promise.all(
        [0, 1, 2, 3].map(() => t.call('POST', '/swx/customer/login/register', { body })),
      );
      expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
      const replay = await t.call('POST', '/swx/customer/login/register', { body });
      expect([10090, 10006, 10007]).toContain(replay.body.code);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users where email = 'erin@example.com'`,
      );
      expect(Number(row?.n)).toBe(1);
    });

    it('refuses taken usernames and emails (10006, 10007) and bad formats (10003, 10002, 40004)', async () => {
      const u = await registerUser(t);
      // The code goes to the address's owner as for any address; only a holder of it learns it is taken.
      t.clock.advance(61_000);
      expect((await sendEmailCode(u.email)).body.code).toBe(200);
      const ownerCode = await t.lastCode(u.email);
      const again = await t.call('POST', '/swx/customer/login/register', {
        body: { method: 'email', username: 'takenmail', email: u.email, password: 'Secret123', code: ownerCode },
      });
      expect(again.body.code).toBe(10007);
      await sendEmailCode('frank@example.com');
      const code = await t.lastCode('frank@example.com');
      const base = { method: 'email', username: 'frank', email: 'frank@example.com', password: 'Secret123', code };
      const taken = await t.call('POST', '/swx/customer/login/register', { body: { ...base, username: u.username } });
      expect(taken.body.code).toBe(10006);
      const badName = await t.call('POST', '/swx/customer/login/register', { body: { ...base, username: '1x' } });
      expect(badName.body).toMatchObject({ code: 10003, field: 'username' });
      const badMail = await t.call('POST', '/swx/customer/login/register', { body: { ...base, email: 'nope' } });
      expect(badMail.body).toMatchObject({ code: 10002, field: 'email' });
      const weak = await t.call('POST', '/swx/customer/login/register', { body: { ...base, password: 'short' } });
      expect(weak.body).toMatchObject({ code: 40004, field: 'password' });
    });
  });

  describe('register by phone', () => {
    it('validates the number against the calling-code dataset and registers', async () => {
      const bad = await t.call('POST', '/swx/customer/login/sendCode', {
        body: { channel: 'phone', purpose: 'register', areaCode: '+1', phone: '123' },
      });
      expect(bad.body.code).toBe(40002);
      const sent = await t.call('POST', '/swx/customer/login/sendCode', {
        body: { channel: 'phone', purpose: 'register', areaCode: '+1', phone: '202-555-0143' },
      });
      expect(sent.body.code).toBe(200);
      const code = await t.lastCode('+12025550143');
      const res = await t.call<{ user: { phoneMasked: string; areaCode: string } }>(
        'POST',
        '/swx/customer/login/register',
        {
          body: {
            method: 'phone',
            username: 'phoneuser',
            areaCode: '1',
            phone: '2025550143',
            password: 'Secret123',
            code,
          },
        },
      );
      expect(res.body.code).toBe(200);
      expect(res.body.result.user).toMatchObject({ areaCode: '1', phoneMasked: '+1 20******43' });
      t.clock.advance(61_000);
      const again = await t.call('POST', '/swx/customer/login/sendCode', {
        body: { channel: 'phone', purpose: 'register', areaCode: '1', phone: '2025550143' },
      });
      expect(again.body.code).toBe(200);
      const taken = await t.call('POST', '/swx/customer/login/register', {
        body: {
          method: 'phone',
          username: 'phoneuser2',
          areaCode: '1',
          phone: '2025550143',
          password: 'Secret123',
          code: await t.lastCode('+12025550143'),
        },
      });
      expect(taken.body.code).toBe(40003);
    });

    it('lists calling codes with localised names', async () => {
      const en = await t.call<{ country: string; callingCode: string; name: string }[]>(
        'GET',
        '/swx/customer/index/listAreaCodes',
      );
      expect(en.body.result.length).toBeGreaterThan(200);
      expect(en.body.result.find((c) => c.country === 'DE')).toMatchObject({ callingCode: '49', name: 'Germany' });
      const ja = await t.call<{ country: string; name: string }[]>('GET', '/swx/customer/index/listAreaCodes', {
        headers: { lang: 'ja' },
      });
      expect(ja.body.result.find((c) => c.country === 'DE')?.name).toBe('ドイツ');
    });
  });
});
