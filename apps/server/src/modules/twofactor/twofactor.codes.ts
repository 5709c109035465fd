/**
 * The pure parts of the second factor: TOTP steps (RFC 6238, SHA-1, 6 digits, 30 s, ±1 step of
 * clock drift) and recovery codes (10 × 50 random bits, stored as SHA-256); TOTP secrets are sealed
 * by the server's secret box (lib/secret-box.ts). No database, no clock of its own: times are passed in.
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export function totpOf(label: string, secretBase32: string, issuer: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret: 160 random bits, base32 (what authenticator apps take). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The 30-second step of a time. */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_PERIOD_S);

/**
 * The step `code` belongs to, within ±1 step of `nowMs`, or null when it matches none. The caller
 * still has to take the step (once) so a code cannot be replayed.
 */
export function totpStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf('x', secretBase32, 'x').validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** The code of a secret at a time (tests, and the journey computing what an app would show). */
export const totpCode = (secretBase32: string, atMs: number) =>
  totpOf('x', secretBase32, 'x').generate({ timestamp: atMs });

// Recovery codes: lower-case letters and digits without look-alikes (0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten fresh codes, each `xxxxx-xxxxx` (about 49 bits). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let s = '';
    for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(0, ALPHABET.length)];
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** What was typed, as stored: case, blanks and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** The stored form: SHA-256 over the user and the normalized code (random codes need no slow hash). */
export const hashRecoveryCode = (userId: number, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normalizeRecoveryCode(code)}`)
    .digest('hex');
