import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';

/** Passwords through the HTTP API: changing, resetting a forgotten one, the withdrawal password. */
describe.each(DRIVERS)('auth API on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  const sendEmailCode = (email: string, purpose = 'register') =>
    t.call('POST', '/swx/customer/login/sendCode', { body: { channel: 'email', purpose, email } });

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
});
