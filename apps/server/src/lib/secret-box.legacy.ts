/**
 * Values kept before the secret box, read only: each module had its own key and format (`v1`), and
 * the back office's TOTP secrets were not sealed at all.
 *
 * - apikeys: `v1.<iv>.<tag>.<ct>` under API_KEYS_ENCRYPTION_KEY (32 bytes: 64 hex digits or base64),
 *   else `DATA_DIR/api-keys.key`; the key id as associated data.
 * - twofactor: `v1.<iv>.<tag>.<ct>` under SHA-256(TWOFACTOR_KEY), else SHA-256 of `DATA_DIR/twofactor.key`.
 * - signin-providers: `v1:<iv>:<tag>:<ct>` under SHA-256("openbourse:signin-secrets:" + SECRETS_KEY),
 *   else the same over `DATA_DIR/signin.key`.
 * - admin-twofactor: the base32 secret itself, in plain text; the admin module seals every such value
 *   at start (admin.auth.ts sealPlainSecrets), so one is only met between an upgrade and that start.
 *
 * The old keys are read once at start when present, never made. A `v1` value stays readable as long
 * as its key does: keep the old variables and files until no such value is left (an API key revoked
 * or expired, a client secret saved again in the back office, an authenticator app enrolled again).
 */
import { createDecipheriv, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LegacyOpener, SecretPurpose } from './secret-box.ts';

export interface LegacyKeyOptions {
  /** API_KEYS_ENCRYPTION_KEY (deprecated). */
  apiKeysKey?: string | undefined;
  /** TWOFACTOR_KEY (deprecated). */
  twoFactorKey?: string | undefined;
  /** SECRETS_KEY: the sign-in providers' old key was derived from it too. */
  secretsKey?: string | undefined;
  dataDir: string;
}

/** AES-256-GCM `v1` value with its parts joined by `separator`; null when it does not open. */
export function openV1(key: Buffer, sealed: string, separator: '.' | ':', aad?: string): string | null {
  const parts = sealed.split(separator);
  const [v, iv, tag, ct] = parts;
  if (parts.length !== 4 || v !== 'v1' || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The old API key server key: 32 bytes as 64 hex digits or base64 / base64url; anything else is refused. */
export function parseApiKeysKey(text: string): Buffer {
  const v = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== 32) throw new Error('API_KEYS_ENCRYPTION_KEY: 32 bytes expected (64 hex digits or base64)');
  return key;
}

const sha256 = (material: string) => createHash('sha256').update(material).digest();

/** A file's text, or undefined when there is none. */
function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * The old keys found, by purpose, each as its module derived it: the variable's and the file's
 * both when both are there (SECRETS_KEY set now over an old `signin.key`, say); GCM tells which fits.
 */
export function legacyKeys(opts: LegacyKeyOptions): Partial<Record<SecretPurpose, Buffer[]>> {
  const file = (name: string) => readIfThere(path.join(opts.dataDir, name))?.trim();
  const present = (...v: (string | undefined)[]) => v.filter((x): x is string => x !== undefined && x !== '');
  const out: Partial<Record<SecretPurpose, Buffer[]>> = {};
  const apiKeys = present(opts.apiKeysKey, file('api-keys.key')).map(parseApiKeysKey);
  if (apiKeys.length) out.apikeys = apiKeys;
  // TWOFACTOR_KEY was hashed as given, its file trimmed.
  const twoFactor = present(opts.twoFactorKey, file('twofactor.key')).map(sha256);
  if (twoFactor.length) out.twofactor = twoFactor;
  const signIn = present(opts.secretsKey?.trim(), file('signin.key')).map((k) =>
    sha256(`openbourse:signin-secrets:${k}`),
  );
  if (signIn.length) out['signin-providers'] = signIn;
  return out;
}

const first = (keys: Buffer[], open: (key: Buffer) => string | null) => {
  for (const key of keys) {
    const plain = open(key);
    if (plain !== null) return plain;
  }
  return null;
};

/** An operator's TOTP secret as it was kept before it was sealed: base32, nothing else. */
const PLAIN_BASE32 = /^[A-Z2-7]+=*$/;

/** Opens an operator's TOTP secret kept in plain text (any other value: null). */
export const openPlainBase32: LegacyOpener = (value) => (PLAIN_BASE32.test(value) ? value : null);

/** Openers of the older values: the `v1` ones for the purposes whose old key is there, plain operators' TOTP secrets. */
export function legacyOpeners(opts: LegacyKeyOptions): Partial<Record<SecretPurpose, LegacyOpener>> {
  const keys = legacyKeys(opts);
  const out: Partial<Record<SecretPurpose, LegacyOpener>> = { 'admin-twofactor': openPlainBase32 };
  const { apikeys, twofactor } = keys;
  const signIn = keys['signin-providers'];
  // An API key's secret had its key id as associated data: without one nothing opens.
  if (apikeys) {
    out.apikeys = (sealed, keyId) =>
      keyId === undefined ? null : first(apikeys, (k) => openV1(k, sealed, '.', keyId));
  }
  if (twofactor) out.twofactor = (sealed) => first(twofactor, (k) => openV1(k, sealed, '.'));
  if (signIn) out['signin-providers'] = (sealed) => first(signIn, (k) => openV1(k, sealed, ':'));
  return out;
}
