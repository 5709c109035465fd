import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  stepAt,
  totpCode,
  totpStep,
} from '../twofactor.codes.ts';

/** The pure parts: TOTP steps and their window, recovery codes (sealing: lib/secret-box.test.ts). */
describe('TOTP steps', () => {
  // RFC 6238's SHA-1 test secret ("12345678901234567890"), base32.
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('matches RFC 6238 (SHA-1, 6 digits) at its test times', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('answers the step a code belongs to within ±1 step, and null outside it', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 27, 12, 0, 10);
    const step = stepAt(now);
    for (const d of [-1, 0, 1]) {
      expect(totpStep(secret, totpCode(secret, now + d * 30_000), now)).toBe(step + d);
    }
    expect(totpStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(totpStep(secret, totpCode(secret, now + 60_000), now)).toBeNull();
  });

  it('refuses anything but six digits without comparing', () => {
    const secret = newTotpSecret();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(totpStep(secret, bad, Date.now())).toBeNull();
  });
});

describe('recovery codes', () => {
  it('makes ten distinct xxxxx-xxxxx codes without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('hashes what was typed whatever its case, blanks and dashes, per user', () => {
    expect(normalizeRecoveryCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
    expect(hashRecoveryCode(7, 'abcde-fghjk')).toBe(hashRecoveryCode(7, 'ABCDE FGHJK'));
    expect(hashRecoveryCode(7, 'abcde-fghjk')).not.toBe(hashRecoveryCode(8, 'abcde-fghjk'));
    expect(hashRecoveryCode(7, 'abcde-fghjk')).not.toContain('abcde');
  });
});
