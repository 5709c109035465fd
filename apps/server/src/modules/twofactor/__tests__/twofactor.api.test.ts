import type { TwoFactorStatus } from '@openbourse/contracts/twofactor.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../lib/crypto.ts';
import { registerUser } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';
import { totpCode } from '../twofactor.codes.ts';
import { softAuthenticator } from './soft-authenticator.ts';

const TF = '/swx/customer/twofactor';
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TX_PASSWORD = 'Tx-pass-123';
const ORIGIN = { origin: 'http://localhost' };

type Challenge = { twoFactor: { ticket: string; methods: string[]; expiresAt: string } };

describe.each(DRIVERS)('two-factor API on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());

  const post = <T = unknown>(path: string, body: unknown, token?: string) =>
    t.call<T>('POST', `${TF}/${path}`, { body, headers: ORIGIN, ...(token ? { token } : {}) });
  const code = (secret: string) => totpCode(secret, t.clock.now().getTime());
  /** The next 30-second step (a step is accepted once). */
  const nextStep = () => t.clock.advance(30_000);

  /** A user with TOTP confirmed: its secret and recovery codes. */
  async function withTotp() {
    const u = await registerUser(t);
    const start = await post<{ secret: string; uri: string }>('totp/start', { password: u.password }, u.token);
    expect(start.body.code).toBe(200);
    const secret = start.body.result.secret;
    expect(start.body.result.uri).toMatch(/^otpauth:\/\/totp\//);
    const confirmed = await post<{ recoveryCodes: string[] }>('totp/confirm', { code: code(secret) }, u.token);
    expect(confirmed.body.code).toBe(200);
    nextStep();
    return { ...u, secret, recoveryCodes: confirmed.body.result.recoveryCodes };
  }

  const login = (u: { username: string; password: string }) =>
    t.call<Challenge & { token?: string }>('POST', '/swx/customer/login/login', {
      body: { username: u.username, password: u.password },
    });
  const ticketOf = async (u: { username: string; password: string }) => {
    const r = await login(u);
    expect(r.body.result.twoFactor, JSON.stringify(r.body)).toBeDefined();
    return r.body.result.twoFactor.ticket;
  };

  it('enrols TOTP: a wrong first code does not count it; the right one answers ten recovery codes, once', async () => {
    const u = await registerUser(t);
    const wrongPassword = await post('totp/start', { password: 'Wrong1234' }, u.token);
    expect(wrongPassword.body).toMatchObject({ code: 10004, field: 'password' });
    const start = await post<{ secret: string }>('totp/start', { password: u.password }, u.token);
    const secret = start.body.result.secret;
    const wrong = await post('totp/confirm', { code: code(secret) === '000000' ? '111111' : '000000' }, u.token);
    expect(wrong.body.code).toBe(40121);
    let status = await t.call<TwoFactorStatus>('GET', `${TF}/status`, { token: u.token });
    expect(status.body.result).toMatchObject({ methods: [], totp: false });
    // Not enrolled yet: a sign-in answers a session.
    expect((await login(u)).body.result.token).toBeTruthy();
    const ok = await post<{ recoveryCodes: string[] }>('totp/confirm', { code: code(secret) }, u.token);
    expect(ok.body.result.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.result.recoveryCodes).size).toBe(10);
    status = await t.call<TwoFactorStatus>('GET', `${TF}/status`, { token: u.token });
    expect(status.body.result).toMatchObject({ methods: ['totp', 'recovery'], totp: true, recoveryCodesLeft: 10 });
    // The secret is never answered again, and a second enrolment is refused.
    expect(JSON.stringify(status.body)).not.toContain(secret);
    const again = await post(
      'totp/start',
      { password: u.password, proof: { method: 'totp', code: '123456' } },
      u.token,
    );
    expect(again.body.code).toBe(40124);
  });

  it('a sign-in answers a ticket; wrong code 40121, right code a session; a replayed step or ticket is refused', async () => {
    const u = await withTotp();
    const ticket = await ticketOf(u);
    const wrong = await post('signIn', { ticket, proof: { method: 'totp', code: '000000' } });
    expect(wrong.body.code).toBe(40121);
    const right = code(u.secret);
    const ok = await post<{ token: string }>('signIn', { ticket, proof: { method: 'totp', code: right } });
    expect(ok.body.code).toBe(200);
    const me = await t.call<{ username: string }>('POST', '/swx/customer/user/getUserInfo', {
      token: ok.body.result.token,
    });
    expect(me.body.result.username).toBe(u.username);
    // The same ticket again: used. The same code on a new ticket: its step is spent.
    const replayTicket = await post('signIn', { ticket, proof: { method: 'totp', code: right } });
    expect(replayTicket.body.code).toBe(40122);
    const replayStep = await post('signIn', { ticket: await ticketOf(u), proof: { method: 'totp', code: right } });
    expect(replayStep.body.code).toBe(40121);
    // A ticket lives 5 minutes.
    const old = await ticketOf(u);
    t.clock.advance(5 * 60_000 + 1);
    const expired = await post('signIn', { ticket: old, proof: { method: 'totp', code: code(u.secret) } });
    expect(expired.body.code).toBe(40122);
    // ±1 step of drift is accepted: the previous step's code.
    const drift = totpCode(u.secret, t.clock.now().getTime() - 30_000);
    const late = await post('signIn', { ticket: await ticketOf(u), proof: { method: 'totp', code: drift } });
    expect(late.body.code).toBe(200);
  });

  it('100 concurrent guesses: exactly 10 are compared, the rest answer 40123', async () => {
    const u = await withTotp();
    const ticket = await ticketOf(u);
    const right = code(u.secret);
    const guesses = Array.from({ length: 100 }, (_, i) => String(i).padStart(6, '0')).filter((g) => g !== right);
    const answers = await Promise.all(
      guesses.map((g) => post('signIn', { ticket, proof: { method: 'totp', code: g } })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 40121)).toHaveLength(10);
    expect(codes.filter((c) => c === 40123)).toHaveLength(guesses.length - 10);
    // Even the right code waits for the window to pass.
    const blocked = await post('signIn', { ticket, proof: { method: 'totp', code: right } });
    expect(blocked.body.code).toBe(40123);
  });

  it('a recovery code signs in once, even when sent 10 times at once', async () => {
    const u = await withTotp();
    const tickets = await Promise.all(Array.from({ length: 5 }, () => ticketOf(u)));
    const [first] = u.recoveryCodes;
    const answers = await Promise.all(
      tickets.map((ticket) => post('signIn', { ticket, proof: { method: 'recovery', code: first!.toUpperCase() } })),
    );
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([200, 40121, 40121, 40121, 40121]);
    const status = await t.call<TwoFactorStatus>('GET', `${TF}/status`, { token: u.token });
    expect(status.body.result.recoveryCodesLeft).toBe(9);
  });

  it('regenerating and removing need a fresh confirmation: the password and a current factor', async () => {
    const u = await withTotp();
    const noProof = await post('totp/remove', { password: u.password }, u.token);
    expect(noProof.body).toMatchObject({ code: 40120, field: 'proof' });
    const wrongPassword = await post(
      'totp/remove',
      { password: 'Wrong1234', proof: { method: 'totp', code: code(u.secret) } },
      u.token,
    );
    expect(wrongPassword.body.code).toBe(10004);
    const regen = await post<{ recoveryCodes: string[] }>(
      'recovery/regenerate',
      { password: u.password, proof: { method: 'totp', code: code(u.secret) } },
      u.token,
    );
    expect(regen.body.result.recoveryCodes).toHaveLength(10);
    // The old codes are void.
    const old = await post('signIn', {
      ticket: await ticketOf(u),
      proof: { method: 'recovery', code: u.recoveryCodes[0] },
    });
    expect(old.body.code).toBe(40121);
    nextStep();
    const removed = await post(
      'totp/remove',
      { password: u.password, proof: { method: 'recovery', code: regen.body.result.recoveryCodes[3] } },
      u.token,
    );
    expect(removed.body.code).toBe(200);
    const status = await t.call<TwoFactorStatus>('GET', `${TF}/status`, { token: u.token });
    expect(status.body.result).toMatchObject({ methods: [], totp: false, recoveryCodesLeft: 0 });
    expect((await login(u)).body.result.token).toBeTruthy();
  });

  it('withdrawals need the second factor once enabled: refused without or with a wrong one, accepted with it', async () => {
    const u = await withTotp();
    await t.fund(u.id, '1000');
    await t.services.users.setTxPasswordHash(t.database.db, u.id, await hashPassword(TX_PASSWORD));
    const body = {
      method: 'crypto',
      currency: 'USDT',
      network: 'TRC20',
      address: TRON,
      amount: '100',
      txPassword: TX_PASSWORD,
    };
    const withdraw = (extra: object) =>
      t.call('POST', '/swx/customer/user/withdrawal', {
        token: u.token,
        body: { ...body, ...extra },
        headers: { virtually: 'NO' },
      });
    expect((await withdraw({})).body).toMatchObject({ code: 40120, field: 'proof' });
    expect((await withdraw({ proof: { method: 'totp', code: '000000' } })).body.code).toBe(40121);
    expect((await withdraw({ proof: { method: 'sms', code: '000000' } })).body.code).toBe(40120);
    const right = code(u.secret);
    expect((await withdraw({ proof: { method: 'totp', code: right } })).body).toMatchObject({
      code: 200,
      msgCode: 20003,
    });
    // The same code again: its step is spent.
    expect((await withdraw({ proof: { method: 'totp', code: right } })).body.code).toBe(40121);
    // A wrong withdrawal password does not spend the code.
    nextStep();
    const fresh = code(u.secret);
    expect((await withdraw({ txPassword: 'wrong-pass', proof: { method: 'totp', code: fresh } })).body.code).toBe(
      10093,
    );
    expect((await withdraw({ proof: { method: 'totp', code: fresh } })).body.code).toBe(200);
    expect(await t.balance(u.id, 'real')).toEqual({ available: '799.000000', locked: '201.000000' });
  });

  it('passkeys: registered with a software authenticator, named, used to sign in and to withdraw, removed', async () => {
    const u = await registerUser(t);
    const key = softAuthenticator();
    const options = await post<{ challenge: string; rp: { id: string } }>(
      'passkeys/options',
      { password: u.password },
      u.token,
    );
    expect(options.body.result.rp.id).toBe('localhost');
    // Another site's attestation is refused, and it spends the options.
    const phished = await post(
      'passkeys/verify',
      { response: key.register(options.body.result, { origin: 'https://evil.example' }) },
      u.token,
    );
    expect(phished.body.code).toBe(40126);
    const options2 = await post<{ challenge: string }>('passkeys/options', { password: u.password }, u.token);
    const verified = await post<{ passkey: { id: number; name: string }; recoveryCodes: string[] }>(
      'passkeys/verify',
      { name: 'Laptop', response: key.register(options2.body.result) },
      u.token,
    );
    expect(verified.body.code, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.result.recoveryCodes).toHaveLength(10);
    // The same options again: single use.
    const replay = await post('passkeys/verify', { response: key.register(options2.body.result) }, u.token);
    expect(replay.body.code).toBe(40126);
    const id = verified.body.result.passkey.id;
    expect((await post('passkeys/rename', { id, name: 'Work laptop' }, u.token)).body.code).toBe(200);
    expect((await post('passkeys/rename', { id: id + 999, name: 'x' }, u.token)).body.code).toBe(40125);

    // Sign in with it.
    const ticket = await ticketOf(u);
    const signInOptions = await post<{ challenge: string }>('signIn/passkeyOptions', { ticket });
    const signedIn = await post<{ token: string }>('signIn', {
      ticket,
      proof: { method: 'passkey', response: key.assert(signInOptions.body.result) },
    });
    expect(signedIn.body.code, JSON.stringify(signedIn.body)).toBe(200);
    // An assertion over another challenge (a replay) is refused.
    const ticket2 = await ticketOf(u);
    await post('signIn/passkeyOptions', { ticket: ticket2 });
    const replayed = await post('signIn', {
      ticket: ticket2,
      proof: { method: 'passkey', response: key.assert(signInOptions.body.result) },
    });
    expect(replayed.body.code).toBe(40121);

    // Withdraw with it (a step-up challenge, single use).
    await t.fund(u.id, '500');
    await t.services.users.setTxPasswordHash(t.database.db, u.id, await hashPassword(TX_PASSWORD));
    const stepUp = await post<{ challenge: string }>('stepUp/passkeyOptions', {}, u.token);
    const proof = { method: 'passkey', response: key.assert(stepUp.body.result) };
    const body = {
      method: 'crypto',
      currency: 'USDT',
      network: 'TRC20',
      address: TRON,
      amount: '100',
      txPassword: TX_PASSWORD,
      proof,
    };
    const w = await t.call('POST', '/swx/customer/user/withdrawal', {
      token: u.token,
      body,
      headers: { ...ORIGIN, virtually: 'NO' },
    });
    expect(w.body.code, JSON.stringify(w.body)).toBe(200);
    const again = await t.call('POST', '/swx/customer/user/withdrawal', {
      token: u.token,
      body,
      headers: { ...ORIGIN, virtually: 'NO' },
    });
    expect(again.body.code).toBe(40121);

    const status = await t.call<TwoFactorStatus>('GET', `${TF}/status`, { token: u.token });
    expect(status.body.result.passkeys).toEqual([
      expect.objectContaining({ id, name: 'Work laptop', lastUsedAt: expect.any(Number) }),
    ]);
    // Removing it: a fresh confirmation by the passkey itself.
    const confirm = await post<{ challenge: string }>('stepUp/passkeyOptions', {}, u.token);
    const removed = await post(
      'passkeys/remove',
      { id, password: u.password, proof: { method: 'passkey', response: key.assert(confirm.body.result) } },
      u.token,
    );
    expect(removed.body.code).toBe(200);
    expect((await login(u)).body.result.token).toBeTruthy();
  });
});
