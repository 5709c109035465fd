import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { keyFrom } from './twofactor.codes.ts';

/**
 * The key TOTP secrets are sealed with: `TWOFACTOR_KEY` when set (every process of an installation
 * must share it), else a random key kept in `DATA_DIR/twofactor.key`, made once on first use (the
 * embedded default: one machine). Read lazily, once per process.
 */
export function twoFactorKey(opts: { configured?: string | undefined; dataDir?: string | undefined }) {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= load();
    return key;
  };
  async function load(): Promise<Buffer> {
    if (opts.configured) return keyFrom(opts.configured);
    const file = path.join(opts.dataDir ?? './data', 'twofactor.key');
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      await fs.writeFile(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return keyFrom((await fs.readFile(file, 'utf8')).trim());
  }
}
