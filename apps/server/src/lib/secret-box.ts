/**
 * Secrets at rest (API key secrets, sign-in providers' client secrets, users' and operators' TOTP
 * secrets): one master key for the installation, one subkey per purpose derived from it with
 * HKDF-SHA256, AES-256-GCM with the purpose (and an optional context, e.g. the row's id) as
 * associated data. A sealed value reads `v2.<iv>.<tag>.<ciphertext>` (base64url); older values (the
 * modules' own `v1` boxes, operators' TOTP secrets in plain text) still open (secret-box.legacy.ts).
 *
 * The master key: SECRETS_KEY when set (every process of an installation must share it), else a
 * random key kept in `DATA_DIR/secrets.key`, made once on first start. Its fingerprint is kept in the
 * database, so a process with another key is refused at start (secret-box.fingerprint.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type LegacyKeyOptions, legacyOpeners } from './secret-box.legacy.ts';

/**
 * What a subkey is for: each names its own key and its own associated data. `twofactor`: users'
 * TOTP secrets; `admin-twofactor`: the back office's operators'.
 */
export type SecretPurpose = 'apikeys' | 'signin-providers' | 'twofactor' | 'admin-twofactor';

export const SECRET_PURPOSES: readonly SecretPurpose[] = [
  'apikeys',
  'signin-providers',
  'twofactor',
  'admin-twofactor',
];

/** The subkeys: a box's per purpose, and the one the master key's fingerprint is made with (never a box's). */
type SubkeyName = SecretPurpose | 'fingerprint';

export interface SecretBox {
  /** `context` binds the value to where it is kept (e.g. a key id): it opens with the same context only. */
  seal(plain: string, context?: string): string;
  /** The secret, or null when the value is malformed, tampered with, or sealed under another key or context. */
  open(sealed: string, context?: string): string | null;
}

/** Opens a value sealed before the secret box (a `v1` value), or null. */
export type LegacyOpener = (sealed: string, context?: string) => string | null;

export const SEALED_VERSION = 'v2';
export const MASTER_KEY_FILE = 'secrets.key';
const HKDF_SALT = Buffer.from('openbourse secret box', 'utf8');

/** The purpose's 32-byte subkey. `master`: SECRETS_KEY's text (any length) or the key file's. */
export function subkeyOf(master: string, purpose: SubkeyName): Buffer {
  if (master === '') throw new Error('secret box: empty master key');
  return Buffer.from(hkdfSync('sha256', Buffer.from(master, 'utf8'), HKDF_SALT, `openbourse:${purpose}`, 32));
}

const aadOf = (purpose: SecretPurpose, context: string | undefined) =>
  Buffer.from(context === undefined ? purpose : `${purpose}\u0000${context}`, 'utf8');

export function createSecretBox(master: string, purpose: SecretPurpose, legacy?: LegacyOpener): SecretBox {
  const key = subkeyOf(master, purpose);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aadOf(purpose, context));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [SEALED_VERSION, iv, cipher.getAuthTag(), ct]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      if (!sealed.startsWith(`${SEALED_VERSION}.`)) return legacy ? legacy(sealed, context) : null;
      const parts = sealed.split('.');
      const [, iv, tag, ct] = parts;
      if (parts.length !== 4 || !iv || !tag || ct === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(aadOf(purpose, context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * What names the master key without revealing it: HMAC-SHA256 under its own subkey of a constant
 * (base64url). Equal for equal keys only; kept in the database to tell a process with another key.
 */
export function keyFingerprint(master: string): string {
  return createHmac('sha256', subkeyOf(master, 'fingerprint'))
    .update('openbourse secret box: master key fingerprint')
    .digest('base64url');
}

/** A key file's text (trimmed), or null when there is none. An empty one is refused, never used. */
function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (text === '') throw new Error(`${file} is empty: restore the installation's key, or remove the file`);
  return text;
}

/**
 * The master key: `configured` (SECRETS_KEY) when set, else `DATA_DIR/secrets.key`, made on the first
 * start (0600). Race-free for processes sharing DATA_DIR: the key is written whole to a file of this
 * process's own and then hard-linked to its name, which fails when another process got there first,
 * whose key every process then reads; a half-written key file is never seen.
 */
export function masterKey(opts: { configured?: string | undefined; dataDir: string }): string {
  const configured = opts.configured?.trim();
  if (configured) return configured;
  const file = path.join(opts.dataDir, MASTER_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing !== null) return existing;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const text = `${randomBytes(32).toString('base64url')}\n`;
  const own = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(own, text, { flag: 'wx', mode: 0o600 });
  try {
    fs.linkSync(own, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP') {
      // A file system without hard links: an exclusive create (the key is a few bytes in one write).
      try {
        fs.writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    } else if (code !== 'EEXIST') {
      throw err;
    }
  } finally {
    fs.rmSync(own, { force: true });
  }
  const key = readKeyFile(file);
  if (key === null) throw new Error(`${file} could not be made`);
  return key;
}

export interface SecretBoxOptions extends LegacyKeyOptions {
  /** SECRETS_KEY. */
  secretsKey?: string | undefined;
  dataDir: string;
}

/** The installation's boxes, one per purpose, and the master key's fingerprint. */
export type SecretBoxes = Record<SecretPurpose, SecretBox> & {
  /** keyFingerprint of the master key: checked against the database's at start (secret-box.fingerprint.ts). */
  readonly fingerprint: string;
  /** Where the master key came from: `SECRETS_KEY`, or the key file's path (for the refusal's message). */
  readonly keySource: string;
};

/**
 * The installation's boxes, one per purpose, each also opening its module's older values (`v1` under
 * the old keys, operators' TOTP secrets in plain text; read only: new values are always `v2`). The deprecated API_KEYS_ENCRYPTION_KEY or
 * TWOFACTOR_KEY set without SECRETS_KEY is refused: whoever set them did so because the processes do
 * not share DATA_DIR, and a key file of each process's own would seal new values that the others
 * cannot open.
 */
export function createSecretBoxes(opts: SecretBoxOptions): SecretBoxes {
  const deprecated = [
    opts.apiKeysKey ? 'API_KEYS_ENCRYPTION_KEY' : null,
    opts.twoFactorKey ? 'TWOFACTOR_KEY' : null,
  ].filter((v) => v !== null);
  if (!opts.secretsKey?.trim() && deprecated.length) {
    throw new Error(
      `${deprecated.join(' and ')} ${deprecated.length > 1 ? 'are' : 'is'} set but SECRETS_KEY is not: set SECRETS_KEY ` +
        '(one key for every secret at rest, the same on every process; e.g. `openssl rand -base64 32`) and keep ' +
        `${deprecated.length > 1 ? 'them' : 'it'} as well while values sealed under ${deprecated.length > 1 ? 'them' : 'it'} remain`,
    );
  }
  const master = masterKey({ configured: opts.secretsKey, dataDir: opts.dataDir });
  const legacy = legacyOpeners(opts);
  return {
    apikeys: createSecretBox(master, 'apikeys', legacy.apikeys),
    'signin-providers': createSecretBox(master, 'signin-providers', legacy['signin-providers']),
    twofactor: createSecretBox(master, 'twofactor', legacy.twofactor),
    'admin-twofactor': createSecretBox(master, 'admin-twofactor', legacy['admin-twofactor']),
    fingerprint: keyFingerprint(master),
    keySource: opts.secretsKey?.trim() ? 'SECRETS_KEY' : path.join(opts.dataDir, MASTER_KEY_FILE),
  };
}
