import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';

const big = 'x'.repeat(10 * 1024);

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

  describe('passwords', () => {
    it('changes the password (old one wrong → 10004, same → 40005) and signs out other sessions', async () => {
      const u = await registerUser(t);
      const other = await t.call<{ token: string }>('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: u.password },
      });
      const wrong = await t.call('POST', '/swx/customer/user/repassword', {
        token: u.token,
        body: { type: 'change', oldPassword: 'Nope12345', newPassword: 'Newpass123' },
      });
      expect(wrong.body.code).toBe(10004);
      const same = await t.call('POST', '/swx/customer/user/repassword', {
        token: u.token,
        body: { type: 'change', oldPassword: u.password, newPassword: u.password },
      });
      expect(same.body.code).toBe(40005);
      const ok = await t.call('POST', '/swx/customer/user/repassword', {
        token: u.token,
        body: { type: 'change', oldPassword: u.password, newPassword: 'Newpass123' },
      });
      expect(ok.body).toMatchObject({ code: 200, msgCode: 20005, msg: 'Changes saved' });
      expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: u.token })).status).toBe(200);
      expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: other.body.result.token })).status).toBe(
        401,
      );
      const login = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: 'Newpass123' },
      });
      expect(login.body.code).toBe(200);
      const noAuth = await t.call('POST', '/swx/customer/user/repassword', {
        body: { type: 'change', oldPassword: 'Newpass123', newPassword: 'Other1234' },
      });
      expect(noAuth.body.code).toBe(401);
    });

    it('resets a forgotten password with an emailed code, once', async () => {
      const u = await registerUser(t);
      const unknown = await sendEmailCode('nobody@example.com', 'reset');
      const known = await sendEmailCode(u.email, 'reset');
      expect(unknown.body).toMatchObject({ code: 200, msg: known.body.msg });
      expect(unknown.body.result).toEqual({ ...(known.body.result as object), sentTo: 'n*****@example.com' });
      await expect(t.lastCode('nobody@example.com')).rejects.toThrow(/no code/);
      const code = await t.lastCode(u.email);
      const body = { type: 'reset', channel: 'email', email: u.email, code, newPassword: 'Reset1234' };
      expect((await t.call('POST', '/swx/customer/user/repassword', { body })).body.code).toBe(200);
      expect((await t.call('POST', '/swx/customer/user/repassword', { body })).body.code).toBe(10090);
      expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: u.token })).status).toBe(401);
      const login = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: 'Reset1234' },
      });
      expect(login.body.code).toBe(200);
    });

    it('sets and changes the withdrawal password with a code sent to the account', async () => {
      const u = await registerUser(t);
      const noCode = await t.call('POST', '/swx/customer/user/repasswordTx', {
        token: u.token,
        body: { code: '123456', txPassword: '246810' },
      });
      expect(noCode.body.code).toBe(10090);
      const sent = await t.call('POST', '/swx/customer/login/sendCode', {
        token: u.token,
        body: { channel: 'account', purpose: 'withdrawPassword' },
      });
      expect(sent.body.code).toBe(200);
      const code = await t.lastCode(u.email);
      const bad = await t.call('POST', '/swx/customer/user/repasswordTx', {
        token: u.token,
        body: { code, txPassword: '12ab' },
      });
      expect(bad.body).toMatchObject({ code: 40001, field: 'txPassword' });
      const ok = await t.call('POST', '/swx/customer/user/repasswordTx', {
        token: u.token,
        body: { code, txPassword: '246810' },
      });
      expect(ok.body).toMatchObject({ code: 200, msgCode: 20005 });
      const info = await t.call<{ hasWithdrawalPassword: boolean }>('POST', '/swx/customer/user/getUserInfo', {
        token: u.token,
      });
      expect(info.body.result.hasWithdrawalPassword).toBe(true);
      const anon = await t.call('POST', '/swx/customer/login/sendCode', {
        body: { channel: 'account', purpose: 'withdrawPassword' },
      });
      expect(anon.body.code).toBe(401);
    });
  });

  describe('bad input', () => {
    const cases: [string, string, unknown, number, string?][] = [
      ['missing body', '/swx/customer/login/login', undefined, 40001, 'body'],
      ['wrong types', '/swx/customer/login/login', { username: 42, password: true }, 40001, 'username'],
      ['10 kB username', '/swx/customer/login/login', { username: big, password: 'x' }, 10001, 'username'],
      ['10 kB password', '/swx/customer/login/login', { username: 'demo', password: big }, 10004, 'password'],
      ['array body', '/swx/customer/login/login', [1, 2], 40001],
      ['unknown channel', '/swx/customer/login/sendCode', { channel: 'fax', purpose: 'register' }, 40001, 'channel'],
      [
        '10 kB email',
        '/swx/customer/login/sendCode',
        { channel: 'email', purpose: 'register', email: `${big}@x.io` },
        10002,
      ],
      [
        'bad purpose',
        '/swx/customer/login/sendCode',
        { channel: 'email', purpose: 'x', email: 'a@b.co' },
        40001,
        'purpose',
      ],
      [
        'code letters',
        '/swx/customer/login/register',
        { method: 'email', username: 'zed01', email: 'z@example.com', password: 'Secret123', code: 'abcdef' },
        10091,
        'code',
      ],
      [
        '10 kB code',
        '/swx/customer/login/register',
        { method: 'email', username: 'zed01', email: 'z@example.com', password: 'Secret123', code: big },
        10091,
        'code',
      ],
      ['missing method', '/swx/customer/login/register', { username: 'zed01' }, 40001, 'method'],
    ];
    it.each(cases)('%s → catalogue code, never a 500', async (_name, url, body, code, field) => {
      const r = await t.call('POST', url, { body });
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(code);
      if (field) expect(r.body.field).toBe(field);
      expect(r.body.result).toBeNull();
      expect(r.body.msg).not.toMatch(/at .*\.ts|stack/i);
    });

    it('answers a body over 64 kB with 41300 and malformed JSON with 40001', async () => {
      const huge = await t.app.inject({
        method: 'POST',
        url: '/swx/customer/login/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'a'.repeat(70_000), password: 'x' }),
      });
      expect(huge.json().code).toBe(41300);
      const broken = await t.app.inject({
        method: 'POST',
        url: '/swx/customer/login/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(broken.json()).toMatchObject({ code: 40001, field: 'body' });
    });

    it('translates errors by the lang header', async () => {
      const body = { username: 'ghost', password: 'Secret123' };
      const en = await t.call('POST', '/swx/customer/login/login', { body });
      const ja = await t.call('POST', '/swx/customer/login/login', { body, headers: { lang: 'ja' } });
      const ar = await t.call('POST', '/swx/customer/login/login', {
        body,
        headers: { 'accept-language': 'ar-EG,ar;q=0.9' },
      });
      expect(en.body.msg).toBe('The username or password is wrong');
      expect(ja.body.msg).not.toBe(en.body.msg);
      expect(ar.body.msg).not.toBe(en.body.msg);
      expect(ja.body.code).toBe(40014);
    });
  });
});
