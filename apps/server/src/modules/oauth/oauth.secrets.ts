/**
 * Client secrets at rest: sealed with AES-256-GCM under a key derived from SECRETS_KEY (every server
 * process must share it), else from a random key kept in `DATA_DIR/signin.key`, made once on first
 * use. The sealed value names its version; one sealed under another key reads as missing, and the
 * back office asks for the secret again.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string | null;
}

/** The configured key, or this installation's key file (created with mode 0600 by the first process). */
export function secretsKey(opts: { configured?: string | undefined; dataDir: string }): string {
  if (opts.configured) return opts.configured;
  const file = path.join(opts.dataDir, 'signin.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process made it first: read theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}

export function createSecretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(`openbourse:signin-secrets:${secret}`).digest();
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
