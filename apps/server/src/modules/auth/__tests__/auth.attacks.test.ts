import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, LIFTED_CLIENT_LIMITS, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';

/**
 * Sign-in as an attacker tries it: racing the code and password limits with hundreds of concurrent
 * requests, forging the client address, and telling who has an account from the answers.
 */
describe.each(DRIVERS)('sign-in under attack on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  const guesses = driver === 'postgres' ? 1000 : 300;
  const login = (username: string, password: string, remoteAddress?: string) =>
    t.call('POST', '/swx/customer/login/login', {
      body: { username, password },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const tally = (codes: number[]) =>
    codes.reduce<Record<number, number>>((m, c) => Object.assign(m, { [c]: (m[c] ?? 0) + 1 }), {});

  describe('verification codes', () => {
    it(`compares at most 5 of ${guesses} concurrent reset guesses, and the password stays`, async () => {
      const victim = await registerUser(t);
      t.clock.advance(61_000);
      expect(
        (
          await t.call('POST', '/swx/customer/login/sendCode', {
            body: { channel: 'email', purpose: 'reset', email: victim.email },
          })
        ).body.code,
      ).toBe(200);
      const real = await t.lastCode(victim.email);
      const wrong = (i: number) => {
        const g = String((Number(real) + 1 + i) % 1_000_000).padStart(6, '0');
        return g === real ? String((Number(real) + 500_000) % 1_000_000).padStart(6, '0') : g;
      };
      const answers = await Promise.all(
        Array.from({ length: guesses }, (_, i) =>
          t.call('POST', '/swx/customer/user/repassword', {
            body: { type: 'reset', channel: 'email', email: victim.email, code: wrong(i), newPassword: 'Taken1234' },
          }),
        ),
      );
      const counts = tally(answers.map((a) => a.body.code));
      expect(counts[10091]).toBe(5);
      expect(counts[40008]).toBe(guesses - 5);
      // The code is spent: the real one no longer works either, and the old password still does.
      const late = await t.call('POST', '/swx/customer/user/repassword', {
        body: { type: 'reset', channel: 'email', email: victim.email, code: real, newPassword: 'Taken1234' },
      });
      expect(late.body.code).toBe(40008);
      expect((await login(victim.username, 'Taken1234')).body.code).toBe(40014);
      expect((await login(victim.username, victim.password)).body.code).toBe(200);
    });

    it('compares at most 5 concurrent register guesses for an address one does not own', async () => {
      const email = `target${Date.now()}@example.com`;
      await t.call('POST', '/swx/customer/login/sendCode', { body: { channel: 'email', purpose: 'register', email } });
      const real = await t.lastCode(email);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => {
          let code = String(i).padStart(6, '0');
          if (code === real) code = '999999' === real ? '999998' : '999999';
          return t.call('POST', '/swx/customer/login/register', {
            body: { method: 'email', username: `squat${i}`, email, password: 'Secret123', code },
          });
        }),
      );
      const counts = tally(answers.map((a) => a.body.code));
      expect(counts[10091]).toBe(5);
      expect(counts[40008]).toBe(195);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users where email = ${email}`,
      );
      expect(Number(row?.n)).toBe(0);
    });
  });

  describe('failed sign-ins', () => {
    it('verifies 5 of 24 simultaneous wrong passwords and refuses the rest (40015)', async () => {
      const u = await registerUser(t);
      const answers = await Promise.all(
        Array.from({ length: 24 }, () => login(u.username, 'Wrong1234', '198.51.100.24')),
      );
      expect(tally(answers.map((a) => a.body.code))).toEqual({ 40014: 5, 40015: 19 });
    });

    it('counts the name and the email of one account together', async () => {
      const u = await registerUser(t);
      const ip = '198.51.100.30';
      for (let i = 0; i < 3; i++) expect((await login(u.username, 'Wrong1234', ip)).body.code).toBe(40014);
      for (let i = 0; i < 2; i++) expect((await login(u.email, 'Wrong1234', ip)).body.code).toBe(40014);
      expect((await login(u.email, u.password, ip)).body.code).toBe(40015);
      expect((await login(u.username, u.password, ip)).body.code).toBe(40015);
    });

    it("an attacker's tries do not lock the owner out, and a window that passes forgets them", async () => {
      const u = await registerUser(t); // signed in from 127.0.0.1: a familiar address
      // A guess spread over 30 addresses, 5 tries each: each address is refused after 5, and after
      // 20 tries at the account every unfamiliar address is.
      const spread = await Promise.all(
        Array.from({ length: 30 }, (_, a) =>
          Promise.all(Array.from({ length: 5 }, () => login(u.username, 'Wrong1234', `203.0.113.${a + 1}`))),
        ),
      );
      const counts = tally(spread.flat().map((r) => r.body.code));
      expect(counts[40014]).toBe(20);
      expect(counts[40015]).toBe(130);
      // The owner, from the address they used before, is let in.
      expect((await login(u.username, u.password)).body.code).toBe(200);
      // The attacker's address stays refused until its window passes; then its count starts again.
      expect((await login(u.username, 'Wrong1234', '203.0.113.1')).body.code).toBe(40015);
      t.clock.advance(16 * 60_000);
      for (let i = 0; i < 5; i++) expect((await login(u.username, 'Wrong1234', '203.0.113.1')).body.code).toBe(40014);
      expect((await login(u.username, 'Wrong1234', '203.0.113.1')).body.code).toBe(40015);
    });

    it('a password reset lifts the refusals at the account', async () => {
      const u = await registerUser(t);
      for (let i = 0; i < 6; i++) await login(u.username, 'Wrong1234', '198.51.100.40');
      expect((await login(u.username, u.password, '198.51.100.40')).body.code).toBe(40015);
      t.clock.advance(61_000);
      await t.call('POST', '/swx/customer/login/sendCode', {
        body: { channel: 'email', purpose: 'reset', email: u.email },
      });
      const code = await t.lastCode(u.email);
      const reset = await t.call('POST', '/swx/customer/user/repassword', {
        body: { type: 'reset', channel: 'email', email: u.email, code, newPassword: 'Fresh1234' },
      });
      expect(reset.body.code).toBe(200);
      expect((await login(u.username, 'Fresh1234', '198.51.100.40')).body.code).toBe(200);
    });
  });

  describe('who has an account', () => {
    it('login answers an unknown name and a wrong password alike, after the same work', async () => {
      const u = await registerUser(t);
      const time = async (name: string, i: number) => {
        const started = performance.now();
        const r = await login(name, 'Wrong1234', `192.0.2.${i}`);
        return { ms: performance.now() - started, body: r.body };
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 8; i++) {
        const a = await time(u.username, i + 1);
        const b = await time(`nobody${Date.now()}x${i}`, i + 101);
        expect(b.body).toEqual(a.body);
        known.push(a.ms);
        unknown.push(b.ms);
      }
      const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
      // Both verify one argon2id hash (tens of ms); a lookup-only refusal took a few.
      expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
      expect(median(unknown) / median(known)).toBeLessThan(2);
    });

    it('register checks the code before saying a name or an address is taken', async () => {
      const u = await registerUser(t);
      const email = `fresh${Date.now()}@example.com`;
      await t.call('POST', '/swx/customer/login/sendCode', { body: { channel: 'email', purpose: 'register', email } });
      const real = await t.lastCode(email);
      const wrong = real === '123456' ? '654321' : '123456';
      const takenName = await t.call('POST', '/swx/customer/login/register', {
        body: { method: 'email', username: u.username, email, password: 'Secret123', code: wrong },
      });
      expect(takenName.body.code).toBe(10091);
      const takenMail = await t.call('POST', '/swx/customer/login/register', {
        body: { method: 'email', username: 'someoneelse', email: u.email, password: 'Secret123', code: wrong },
      });
      expect(takenMail.body.code).toBe(10090);
      const withCode = await t.call('POST', '/swx/customer/login/register', {
        body: { method: 'email', username: u.username, email, password: 'Secret123', code: real },
      });
      expect(withCode.body.code).toBe(10006);
    });

    it('sendCode answers alike for addresses with and without an account, and reset codes go only to owners', async () => {
      const u = await registerUser(t);
      t.clock.advance(61_000);
      const send = (purpose: string, email: string) =>
        t.call<Record<string, unknown>>('POST', '/swx/customer/login/sendCode', {
          body: { channel: 'email', purpose, email },
        });
      const strip = (r: Awaited<ReturnType<typeof send>>) => ({ ...r.body, result: { ...r.body.result, sentTo: '' } });
      const stranger = `stranger${Date.now()}@example.com`;
      expect(strip(await send('register', u.email))).toEqual(strip(await send('register', stranger)));
      t.clock.advance(61_000);
      expect(strip(await send('reset', u.email))).toEqual(strip(await send('reset', stranger)));
      const rows = await queryRows<{ status: string; body: string }>(
        t.database.db,
        sql`select status, body from outbox where recipient = ${stranger} order by id`,
      );
      expect(rows.map((r) => r.status)).toEqual([expect.stringMatching(/queued|logged/), 'skipped']);
      expect(rows[1]?.body).toBe('');
      // A reset with a guessed code for that address answers as for an owner's address.
      const guess = await t.call('POST', '/swx/customer/user/repassword', {
        body: { type: 'reset', channel: 'email', email: stranger, code: '123456', newPassword: 'Secret123' },
      });
      expect(guess.body.code).toBe(10091);
    });
  });
});

describe.each(DRIVERS)('client addresses on %s', (driver) => {
  it('a forged X-Forwarded-For changes nothing when no proxy is trusted', async () => {
    const t = await createTestApp(driver, {
      authLimits: { client: { ...LIFTED_CLIENT_LIMITS, login: { windowMs: 60_000, max: 5 } } },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await t.call('POST', '/swx/customer/login/login', {
          body: { username: `nobody${i}`, password: 'Wrong1234' },
          headers: { 'x-forwarded-for': `10.9.${i}.1` },
        });
        codes.push(r.body.code);
      }
      expect(codes).toEqual([40014, 40014, 40014, 40014, 40014, 42900, 42900, 42900]);
      const u = await registerUser(t);
      const [row] = await queryRows<{ ip: string }>(
        t.database.db,
        sql`select ip from sessions where user_id = ${u.id} order by id desc limit 1`,
      );
      expect(row?.ip).toBe('127.0.0.1');
    } finally {
      await t.close();
    }
  });

  it('with one trusted proxy hop, the address that proxy saw is the client, whatever the client adds', async () => {
    const t = await createTestApp(driver, { trustProxy: 1 });
    try {
      const u = await registerUser(t);
      const r = await t.call('POST', '/swx/customer/login/login', {
        body: { username: u.username, password: u.password },
        headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.77' },
      });
      expect(r.body.code).toBe(200);
      const [row] = await queryRows<{ ip: string }>(
        t.database.db,
        sql`select ip from sessions where user_id = ${u.id} order by id desc limit 1`,
      );
      expect(row?.ip).toBe('198.51.100.77');
    } finally {
      await t.close();
    }
  });

  it('limits codes per address whoever asks, and name checks per client', async () => {
    const t = await createTestApp(driver, {
      authLimits: { client: { ...LIFTED_CLIENT_LIMITS, check: { windowMs: 60 * 60_000, max: 30 } } },
    });
    try {
      const victim = 'inbox@example.com';
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        t.clock.advance(61_000);
        const r = await t.call('POST', '/swx/customer/login/sendCode', {
          body: { channel: 'email', purpose: 'register', email: victim },
          remoteAddress: `198.18.0.${i + 1}`,
        });
        codes.push(r.body.code);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 42900, 42900, 42900]);
      const checks = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.call('GET', '/swx/customer/login/checkUserNameOrPhone', { query: { username: `name${i}` } }),
        ),
      );
      expect(tally(checks.map((c) => c.body.code))).toEqual({ 200: 30, 42900: 10 });
    } finally {
      await t.close();
    }
  });

  const tally = (codes: number[]) =>
    codes.reduce<Record<number, number>>((m, c) => Object.assign(m, { [c]: (m[c] ?? 0) + 1 }), {});
});
