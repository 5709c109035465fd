import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const big = 'x'.repeat(10 * 1024);

/** Bad input to the auth calls: a catalogue code naming the field, never a 500; translated messages. */
describe.each(DRIVERS)('auth API on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  describe('bad input', () => {
    const cases: [string, string, unknown, number, string?][] = [
      ['missing body', '/swx/customer/login/login', undefined, 40001, 'body'],
      ['wrong types', '/swx/customer/login/login', { username: 42, password: true }, 40001, 'username'],
      ['10 kB username', '/swx/customer/login/login', { username: big, password: 'x' }, 10001, 'username'],
      ['10 kB password', '/swx/customer/login/login', { username: 'demo', password: big }, 10004, 'password'],
      ['array body', '/swx/customer/login/login', [1, 2], 40001],
      // Spec §5: an empty field is told to be filled in; a wrong one gets its own answer.
      ['empty password', '/swx/customer/login/login', { username: 'demo', password: '' }, 40024, 'password'],
      ['missing password', '/swx/customer/login/login', { username: 'demo' }, 40024, 'password'],
      [
        'empty email',
        '/swx/customer/login/sendCode',
        { channel: 'email', purpose: 'register', email: ' ' },
        40026,
        'email',
      ],
      [
        'empty phone',
        '/swx/customer/login/sendCode',
        { channel: 'phone', purpose: 'register', areaCode: '44', phone: '' },
        40028,
        'phone',
      ],
      [
        'empty code',
        '/swx/customer/login/register',
        { method: 'email', username: 'zed01', email: 'z@example.com', password: 'Secret123', code: '' },
        40025,
        'code',
      ],
      [
        'empty username',
        '/swx/customer/login/register',
        { method: 'email', username: '', email: 'z@example.com', password: 'Secret123', code: '123456' },
        40027,
        'username',
      ],
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
