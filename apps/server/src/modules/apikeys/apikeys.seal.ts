import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets at rest: AES-256-GCM under the server's key, with the key id as associated data (a sealed
 * secret moved to another row does not open). Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export function seal(key: Buffer, keyId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(keyId, 'utf8'));
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ct]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when the seal is malformed or was made with another key (or for another key id). */
export function open(key: Buffer, keyId: string, sealed: string): string | null {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(keyId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** 32 bytes as 64 hex digits or base64 / base64url; anything else is refused. */
export function parseServerKey(text: string): Buffer {
  const v = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== 32) throw new Error('API_KEYS_ENCRYPTION_KEY: 32 bytes expected (64 hex digits or base64)');
  return key;
}

/**
 * The server's key: API_KEYS_ENCRYPTION_KEY when set (every process of a cluster on several machines
 * must set the same one), else DATA_DIR/api-keys.key, made on first use (0600; `wx` so that two
 * processes starting together agree on one).
 */
export function serverKeyLoader(opts: { configured?: string | undefined; dataDir?: string | undefined }) {
  let loaded: Promise<Buffer> | null = null;
  const load = async (): Promise<Buffer> => {
    if (opts.configured) return parseServerKey(opts.configured);
    if (!opts.dataDir) throw new Error('API keys: set API_KEYS_ENCRYPTION_KEY or DATA_DIR');
    const file = path.join(opts.dataDir, 'api-keys.key');
    try {
      return parseServerKey(await fs.readFile(file, 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await fs.mkdir(opts.dataDir, { recursive: true });
    try {
      await fs.writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return parseServerKey(await fs.readFile(file, 'utf8'));
  };
  return () => {
    loaded ??= load().catch((err: unknown) => {
      loaded = null;
      throw err;
    });
    return loaded;
  };
}
