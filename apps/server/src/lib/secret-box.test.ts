import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, createSecretBoxes, MASTER_KEY_FILE, masterKey } from './secret-box.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-secret-box-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the secret box', () => {
  it('seals with a version prefix and a fresh IV; opens under the same master key, purpose and context only', () => {
    const box = createSecretBox('master one', 'apikeys');
    const sealed = box.seal('the-secret', 'obk_a');
    expect(sealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('the-secret');
    expect(box.seal('the-secret', 'obk_a')).not.toBe(sealed);
    expect(box.open(sealed, 'obk_a')).toBe('the-secret');
    // Another row, no row, another purpose's subkey, another master key: nothing opens.
    expect(box.open(sealed, 'obk_b')).toBeNull();
    expect(box.open(sealed)).toBeNull();
    expect(createSecretBox('master one', 'twofactor').open(sealed, 'obk_a')).toBeNull();
    expect(createSecretBox('master two', 'apikeys').open(sealed, 'obk_a')).toBeNull();
    // Tampered or malformed.
    const [v, iv, tag, ct = ''] = sealed.split('.');
    expect(box.open([v, iv, tag, `${ct[0] === 'A' ? 'B' : 'A'}${ct.slice(1)}`].join('.'), 'obk_a')).toBeNull();
    expect(box.open(`${sealed}.x`, 'obk_a')).toBeNull();
    expect(box.open('garbage')).toBeNull();
    expect(box.open('')).toBeNull();
  });

  it('seals without a context too, and an empty secret', () => {
    const box = createSecretBox('k', 'signin-providers');
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('ü secret'))).toBe('ü secret');
    expect(box.open(box.seal('x'), '')).toBeNull();
  });
});

describe('the master key', () => {
  it('SECRETS_KEY wins (trimmed) and no file is made', () => {
    const dir = tempDir();
    expect(masterKey({ configured: ' configured \n', dataDir: dir })).toBe('configured');
    expect(fs.existsSync(path.join(dir, MASTER_KEY_FILE))).toBe(false);
  });

  it('else a random key file is made once in DATA_DIR (0600) and reused', () => {
    const dir = path.join(tempDir(), 'nested');
    const first = masterKey({ dataDir: dir });
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(masterKey({ configured: '  ', dataDir: dir })).toBe(first);
    const file = path.join(dir, MASTER_KEY_FILE);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    // Nothing left behind but the key.
    expect(fs.readdirSync(dir)).toEqual([MASTER_KEY_FILE]);
  });

  it('an empty key file is refused rather than used', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, MASTER_KEY_FILE), '\n');
    expect(() => masterKey({ dataDir: dir })).toThrow(/empty/);
  });

  it('processes starting together on one DATA_DIR agree on one key', async () => {
    const dir = tempDir();
    const script = `import('${path.join(import.meta.dirname, 'secret-box.ts')}').then((m) => process.stdout.write(m.masterKey({ dataDir: ${JSON.stringify(dir)} })))`;
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script]);
    const keys = (await Promise.all([run(), run(), run(), run()])).map((r) => r.stdout);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(masterKey({ dataDir: dir }));
    expect(fs.readdirSync(dir)).toEqual([MASTER_KEY_FILE]);
  }, 60_000);
});

/**
 * Values sealed by the modules' own boxes before the secret box (printed by apikeys.seal.ts,
 * twofactor.codes.ts sealSecret and oauth.secrets.ts createSecretBox, with the keys below).
 */
const OLD = {
  apiKeysKey: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
  /** seal(key, 'obk_legacy1', 'api-secret-from-v1') */
  apiKeySecret: 'v1.fDL7neDeVVm2sEof.lqgqhCicu6-wvO-G0uG0Lw.21wcoByX1D4a9QzROpZSNqaa',
  twoFactorKey: 'old twofactor key',
  /** sealSecret(keyFrom('old twofactor key'), 'JBSWY3DPEHPK3PXP') */
  totpUnderEnv: 'v1.jG7d2maAUoH2hNkT.LMRGsA0IIostWx6K0PwUCw.HUlBlFZFobdznF3yTWShOg',
  twoFactorFile: 'dGhlIHR3b2ZhY3RvciBrZXkgZmlsZQ',
  /** sealSecret(keyFrom(twofactor.key's text), 'KRSXG5CTMVRXEZLU') */
  totpUnderFile: 'v1.N-bMdKg4S4Q8LLL_.sMftVhYxGTnsxkNjp6K4OQ.1eDQDp1UgCKG9M2FSbvOEQ',
  secretsKey: 'old secrets key',
  /** createSecretBox('old secrets key').seal('google-client-secret') */
  clientSecretUnderEnv: 'v1:GCV0Tc5LcrVD3Y1F:IJfcczu0zuYL7DpvfCem7w:uxXxhas2WzJNza8W-xwpJTjreOw',
  signInFile: 'c2lnbmluIGtleSBmaWxl',
  /** createSecretBox(signin.key's text).seal('file-client-secret') */
  clientSecretUnderFile: 'v1:4L91Vw4PjQ6hFOFG:jDcqVc-34iHCeQ9IhAEGag:aPqSZDFbPqtLPi6HCNyaCxd_',
};

describe('values sealed before the secret box', () => {
  it('open under the old variables; new values are v2 under SECRETS_KEY', () => {
    const dir = tempDir();
    const boxes = createSecretBoxes({
      secretsKey: OLD.secretsKey,
      apiKeysKey: OLD.apiKeysKey,
      twoFactorKey: OLD.twoFactorKey,
      dataDir: dir,
    });
    expect(boxes.apikeys.open(OLD.apiKeySecret, 'obk_legacy1')).toBe('api-secret-from-v1');
    expect(boxes.apikeys.open(OLD.apiKeySecret, 'obk_other')).toBeNull();
    expect(boxes.apikeys.open(OLD.apiKeySecret)).toBeNull();
    expect(boxes.twofactor.open(OLD.totpUnderEnv)).toBe('JBSWY3DPEHPK3PXP');
    expect(boxes['signin-providers'].open(OLD.clientSecretUnderEnv)).toBe('google-client-secret');
    // A v1 value of one module does not open as another's.
    expect(boxes.twofactor.open(OLD.apiKeySecret)).toBeNull();
    expect(boxes['signin-providers'].open(OLD.totpUnderEnv)).toBeNull();
    // No key file is made for the old keys, and new values are sealed the new way.
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(boxes.twofactor.seal('x')).toMatch(/^v2\./);
    expect(createSecretBox(OLD.secretsKey, 'twofactor').open(boxes.twofactor.seal('x'))).toBe('x');
  });

  it('open under the old key files in DATA_DIR, SECRETS_KEY set now or not', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'api-keys.key'), `${OLD.apiKeysKey}\n`);
    fs.writeFileSync(path.join(dir, 'twofactor.key'), OLD.twoFactorFile);
    fs.writeFileSync(path.join(dir, 'signin.key'), OLD.signInFile);
    for (const secretsKey of [undefined, 'a key set at the upgrade']) {
      const boxes = createSecretBoxes({ secretsKey, dataDir: dir });
      expect(boxes.apikeys.open(OLD.apiKeySecret, 'obk_legacy1')).toBe('api-secret-from-v1');
      expect(boxes.twofactor.open(OLD.totpUnderFile)).toBe('KRSXG5CTMVRXEZLU');
      expect(boxes['signin-providers'].open(OLD.clientSecretUnderFile)).toBe('file-client-secret');
      expect(boxes.twofactor.open(OLD.totpUnderEnv)).toBeNull();
    }
    // The new master key file beside the old ones; the old ones untouched.
    expect(fs.readdirSync(dir).sort()).toEqual(['api-keys.key', MASTER_KEY_FILE, 'signin.key', 'twofactor.key']);
  });

  it('without their old key they read as missing', () => {
    const boxes = createSecretBoxes({ dataDir: tempDir() });
    expect(boxes.apikeys.open(OLD.apiKeySecret, 'obk_legacy1')).toBeNull();
    expect(boxes.twofactor.open(OLD.totpUnderEnv)).toBeNull();
    expect(boxes['signin-providers'].open(OLD.clientSecretUnderEnv)).toBeNull();
  });

  it("operators' TOTP secrets kept in plain text open as they are; anything else does not", () => {
    const boxes = createSecretBoxes({ secretsKey: 'k', dataDir: tempDir() });
    const box = boxes['admin-twofactor'];
    expect(box.open('JBSWY3DPEHPK3PXP', '7')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open('jbswy3dpehpk3pxp', '7')).toBeNull();
    expect(box.open('not base32!', '7')).toBeNull();
    expect(box.open(OLD.totpUnderEnv, '7')).toBeNull();
    const sealed = box.seal('JBSWY3DPEHPK3PXP', '7');
    expect(sealed).toMatch(/^v2\./);
    expect(box.open(sealed, '7')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, '8')).toBeNull();
    // Users' TOTP box is another subkey, and has no plain values.
    expect(boxes.twofactor.open(sealed, '7')).toBeNull();
    expect(boxes.twofactor.open('JBSWY3DPEHPK3PXP')).toBeNull();
    // The fingerprint names the master key, whichever way it is given.
    expect(boxes.fingerprint).toBe(createSecretBoxes({ secretsKey: ' k\n', dataDir: tempDir() }).fingerprint);
    expect(boxes.keySource).toBe('SECRETS_KEY');
  });

  it('a deprecated key without SECRETS_KEY is refused: processes would each make a key of their own', () => {
    const dataDir = tempDir();
    expect(() => createSecretBoxes({ apiKeysKey: OLD.apiKeysKey, dataDir })).toThrow(
      /API_KEYS_ENCRYPTION_KEY is set but SECRETS_KEY is not/,
    );
    expect(() => createSecretBoxes({ twoFactorKey: 'x', apiKeysKey: OLD.apiKeysKey, dataDir })).toThrow(
      /API_KEYS_ENCRYPTION_KEY and TWOFACTOR_KEY are set/,
    );
    expect(() => createSecretBoxes({ apiKeysKey: 'short', secretsKey: 'k', dataDir })).toThrow(/32 bytes/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
