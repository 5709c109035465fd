import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { LAST_SEEN_EVERY_MS } from '../auth.service.ts';

type Session = {
  id: number;
  device: string;
  ip: string | null;
  lastSeenAt: string;
  createdAt: string;
  current: boolean;
};
type SignIns = { list: { at: string; ip: string | null; device: string; success: boolean }[]; total: number };
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** The account centre: sessions and devices, sign-in history, contact changes with two codes, language. */
describe.each(DRIVERS)('account centre API on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  const login = async (u: { username: string; password: string }, ip: string, ua = CHROME_MAC) => {
    const res = await t.call<{ token: string }>('POST', '/swx/customer/login/login', {
      body: { username: u.username, password: u.password },
      headers: { 'user-agent': ua },
      remoteAddress: ip,
    });
    expect(res.body.code).toBe(200);
    return res.body.result.token;
  };
  const sessions = async (token: string) =>
    (await t.call<Session[]>('GET', '/swx/customer/user/listSessions', { token })).body.result;

  it('lists live sessions with device, address and last seen; signs out one, then all others', async () => {
    const u = await registerUser(t);
    const second = await login(u, '10.0.0.2');
    const third = await login(u, '10.0.0.3', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    const list = await sessions(u.token);
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const byIp = (ip: string) => list.find((s) => s.ip === ip)!;
    expect(byIp('10.0.0.2').device).toMatch(/Chrome/);
    expect(byIp('10.0.0.2').current).toBe(false);

    // Last seen moves when the session is used after a while.
    t.clock.advance(LAST_SEEN_EVERY_MS + 10_000);
    await t.call('POST', '/swx/customer/user/getUserInfo', { token: second });
    const seen = (await sessions(u.token)).find((s) => s.ip === '10.0.0.2')!;
    expect(seen.lastSeenAt).toBe(t.clock.now().toISOString());
    expect(seen.lastSeenAt > seen.createdAt).toBe(true);

    const one = await t.call('POST', '/swx/customer/user/revokeSession', { token: u.token, body: { id: seen.id } });
    expect(one.body.code).toBe(200);
    expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: second })).status).toBe(401);
    const again = await t.call('POST', '/swx/customer/user/revokeSession', { token: u.token, body: { id: seen.id } });
    expect(again.body.code).toBe(40091);

    // Another user's session is not one's own to end.
    const other = await registerUser(t);
    const foreign = (await sessions(other.token))[0]!;
    const refused = await t.call('POST', '/swx/customer/user/revokeSession', {
      token: u.token,
      body: { id: foreign.id },
    });
    expect(refused.body.code).toBe(40091);
    expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: other.token })).status).toBe(200);

    const rest = await t.call<{ revoked: number }>('POST', '/swx/customer/user/revokeOtherSessions', {
      token: u.token,
    });
    expect(rest.body.result).toEqual({ revoked: 1 });
    expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: third })).status).toBe(401);
    expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: u.token })).status).toBe(200);
    expect((await sessions(u.token)).map((s) => s.current)).toEqual([true]);
    expect((await t.call('GET', '/swx/customer/user/listSessions')).status).toBe(401);
  });

  it('shows the sign-in history, newest first, paged', async () => {
    const u = await registerUser(t);
    await login(u, '10.0.1.1');
    t.clock.advance(1_000);
    await login(u, '10.0.1.2');
    t.clock.advance(1_000);
    const wrong = await t.call('POST', '/swx/customer/login/login', {
      body: { username: u.username, password: 'Wrong1234' },
      headers: { 'user-agent': CHROME_MAC },
      remoteAddress: '10.0.1.3',
    });
    expect(wrong.body.code).toBe(40014);
    const page = await t.call<SignIns>('GET', '/swx/customer/user/listSignIns', {
      token: u.token,
      query: { size: '2' },
    });
    expect(page.body.result.total).toBe(4);
    expect(page.body.result.list.map((r) => [r.ip, r.success])).toEqual([
      ['10.0.1.3', false],
      ['10.0.1.2', true],
    ]);
    expect(page.body.result.list[1]).toMatchObject({ success: true, device: expect.stringMatching(/Chrome/) });
    const rest = await t.call<SignIns>('GET', '/swx/customer/user/listSignIns', {
      token: u.token,
      query: { size: '2', page: '2' },
    });
    expect(rest.body.result.list.map((r) => r.ip)).toEqual(['10.0.1.1', '127.0.0.1']);
    // Another account's failures are not in it.
    const other = await registerUser(t);
    const theirs = await t.call<SignIns>('GET', '/swx/customer/user/listSignIns', { token: other.token });
    expect(theirs.body.result.list.map((r) => r.success)).toEqual([true]);
    const bad = await t.call('GET', '/swx/customer/user/listSignIns', { token: u.token, query: { size: '500' } });
    expect(bad.body.code).toBe(40001);
  });

  it('changes the email with a code to the old address and one to the new, each once', async () => {
    const u = await registerUser(t);
    const next = `new-${u.email}`;
    const send = (body: unknown) => t.call('POST', '/swx/customer/user/sendContactCode', { token: u.token, body });
    const change = (body: unknown) => t.call('POST', '/swx/customer/user/changeContact', { token: u.token, body });

    expect((await send({ step: 'new', kind: 'email', email: u.email })).body.code).toBe(40090);
    const old = await send({ step: 'old', kind: 'email' });
    expect(old.body).toMatchObject({ code: 200, result: { sentTo: expect.stringContaining('@example.com') } });
    expect((await send({ step: 'old', kind: 'email' })).body.code).toBe(10089);
    expect((await send({ step: 'new', kind: 'email', email: next })).body.code).toBe(200);
    const oldCode = await t.lastCode(u.email);
    const newCode = await t.lastCode(next);

    // Both codes are needed; a wrong one is refused and nothing changes.
    expect((await change({ kind: 'email', email: next, newCode })).body).toMatchObject({ code: 40025 });
    const wrong = oldCode === '000000' ? '111111' : '000000';
    expect((await change({ kind: 'email', email: next, oldCode: wrong, newCode })).body.code).toBe(10091);
    expect((await change({ kind: 'email', email: next, oldCode: newCode, newCode: oldCode })).body.code).toBe(
      oldCode === newCode ? 200 : 10091,
    );
    const done = await change({ kind: 'email', email: next, oldCode, newCode });
    expect(done.body.code).toBe(200);
    const info = await t.call<{ email: string }>('POST', '/swx/customer/user/getUserInfo', { token: u.token });
    expect(info.body.result.email).toBe(next);
    // The codes were used; the old address signs in no more.
    expect((await change({ kind: 'email', email: `x${next}`, oldCode, newCode })).body.code).toBe(10090);
    const byOld = await t.call('POST', '/swx/customer/login/login', {
      body: { username: u.email, password: u.password },
    });
    expect(byOld.body.code).toBe(40014);
    const byNew = await t.call('POST', '/swx/customer/login/login', { body: { username: next, password: u.password } });
    expect(byNew.body.code).toBe(200);
  });

  it('binds a first phone number with the new code only; a number taken answers 40003', async () => {
    const u = await registerUser(t);
    const send = (token: string, body: unknown) =>
      t.call('POST', '/swx/customer/user/sendContactCode', { token, body });
    const change = (token: string, body: unknown) =>
      t.call('POST', '/swx/customer/user/changeContact', { token, body });
    const phone = { areaCode: '1', phone: '2025550143' };
    expect((await send(u.token, { step: 'old', kind: 'phone' })).body).toMatchObject({ code: 40001, field: 'kind' });
    expect((await send(u.token, { step: 'new', kind: 'phone', ...phone })).body.code).toBe(200);
    const code = await t.lastCode('+12025550143');
    expect((await change(u.token, { kind: 'phone', ...phone, newCode: code })).body.code).toBe(200);
    const info = await t.call<{ phoneMasked: string }>('POST', '/swx/customer/user/getUserInfo', { token: u.token });
    expect(info.body.result.phoneMasked).toBeTruthy();

    const v = await registerUser(t);
    t.clock.advance(61_000);
    expect((await send(v.token, { step: 'new', kind: 'phone', ...phone })).body.code).toBe(200);
    const code2 = await t.lastCode('+12025550143');
    expect((await change(v.token, { kind: 'phone', ...phone, newCode: code2 })).body.code).toBe(40003);
    expect((await send(v.token, { step: 'new', kind: 'phone', areaCode: '44', phone: '12' })).body.code).toBe(40002);
  });

  it('limits contact codes to five an hour per address, and sets the language', async () => {
    const u = await registerUser(t);
    const send = () =>
      t.call('POST', '/swx/customer/user/sendContactCode', {
        token: u.token,
        body: { step: 'new', kind: 'email', email: 'limit-target@example.com' },
      });
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await send()).body.code);
      t.clock.advance(61_000);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 42900]);
    expect(
      (await t.call('POST', '/swx/customer/user/setLanguage', { token: u.token, body: { language: 'de' } })).body.code,
    ).toBe(200);
    expect(
      (await t.call('POST', '/swx/customer/user/setLanguage', { token: u.token, body: { language: 'xx' } })).body.code,
    ).toBe(40001);
  });
});
