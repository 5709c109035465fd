import { USERNAME_PATTERN } from '@openbourse/contracts/auth.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { usernameFromHint } from '../auth.external.ts';

describe('usernameFromHint', () => {
  it.each([
    ['alice.smith', 'alicesmith'],
    ['0xAbC1234567890abcdef1234567890ABCDEF12345', 'user0xAbC12345'],
    ['42', 'user42'],
    ['a', 'a___'],
    ['ü', 'user'],
    ['Bo', 'Bo__'],
    ['jean-luc+trading', 'jeanluctrading'],
  ])('%s → %s', (hint, name) => {
    expect(usernameFromHint(hint)).toBe(name);
    expect(USERNAME_PATTERN.test(name)).toBe(true);
  });
  it('uses the fallback when the hint does not start with a letter', () => {
    expect(usernameFromHint('0x1234', 'wallet')).toBe('wallet0x1234');
  });
});

/** Accounts made by Google or wallet sign-in: no password until the owner sets a first one. */
describe.each(DRIVERS)('password-less accounts on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  const make = (hint: string, email: string | null = null) =>
    t.database.db.transaction((tx) =>
      t.services.externalAccounts.create(tx, { usernameHint: hint, email, language: 'en' }),
    );

  it('makes a unique valid name for a taken hint, even under concurrency', async () => {
    const rows = await Promise.all(Array.from({ length: 12 }, () => make('samehint')));
    const names = new Set(rows.map((r) => r.username));
    expect(names.size).toBe(12);
    for (const n of names) expect(USERNAME_PATTERN.test(n)).toBe(true);
    expect(rows.every((r) => r.passwordHash === null)).toBe(true);
  });

  it('refuses a second account on an address (the race loser gets 10007)', async () => {
    const email = `ext${Date.now()}@example.com`;
    const results = await Promise.allSettled([make('racer', email), make('racer', email)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason.code).toBe(10007);
  });

  it('cannot sign in by name without a password; sets a first password once, then signs in', async () => {
    const user = await make('nopass');
    // No password: any password answers as a wrong one.
    const none = await t.call('POST', '/swx/customer/login/login', {
      body: { username: user.username, password: 'Anything123' },
    });
    expect(none.body.code).toBe(40014);

    const session = await t.services.auth.startSession(user.id, { ip: '127.0.0.1' });
    const info = await t.call<{ hasPassword: boolean }>('POST', '/swx/customer/user/getUserInfo', {
      token: session.token,
    });
    expect(info.body.result.hasPassword).toBe(false);

    const sets = await Promise.all(
      ['FirstPass123', 'OtherPass456'].map((newPassword) =>
        t.call('POST', '/swx/customer/user/repassword', {
          token: session.token,
          body: { type: 'set', newPassword },
        }),
      ),
    );
    expect(sets.map((r) => r.body.code).sort()).toEqual([200, 40092]);
    const winner = sets[0]!.body.code === 200 ? 'FirstPass123' : 'OtherPass456';
    const signedIn = await t.call<{ token: string }>('POST', '/swx/customer/login/login', {
      body: { username: user.username, password: winner },
    });
    expect(signedIn.body.code).toBe(200);
    const after = await t.call<{ hasPassword: boolean }>('POST', '/swx/customer/user/getUserInfo', {
      token: signedIn.body.result.token,
    });
    expect(after.body.result.hasPassword).toBe(true);

    // A change without the (now set) current password is refused; a change to it is accepted.
    const change = await t.call('POST', '/swx/customer/user/repassword', {
      token: signedIn.body.result.token,
      body: { type: 'change', oldPassword: 'Wrong12345', newPassword: 'Another789' },
    });
    expect(change.body.code).toBe(10004);
  });

  it('set needs a session', async () => {
    const res = await t.call('POST', '/swx/customer/user/repassword', {
      body: { type: 'set', newPassword: 'FirstPass123' },
    });
    expect(res.status === 401 || res.body.code === 401).toBe(true);
  });
});
