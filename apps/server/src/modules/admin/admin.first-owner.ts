/**
 * The first owner of the back office on the embedded defaults (`npm start` with no ADMIN_EMAIL): a
 * start that finds no admin creates `owner@openbourse.local` with a generated password and writes
 * both to `DATA_DIR/initial-admin.txt` (readable by this user only), the way self-hosted tools hand
 * out their first administrator. Each start prints where the file is while it exists; TOTP is set
 * up at the first sign-in. Delete the file once the owner has signed in. With ADMIN_EMAIL and
 * ADMIN_PASSWORD, or the CLI, no file is written.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AdminAccounts } from './admin.accounts.ts';

export const INITIAL_OWNER_EMAIL = 'owner@openbourse.local';
export const INITIAL_ADMIN_FILE = 'initial-admin.txt';

export interface FirstOwner {
  email: string;
  /** The file holding the email and password. */
  file: string;
}

export async function ensureInitialOwner(accounts: AdminAccounts, dataDir: string): Promise<FirstOwner | null> {
  const file = path.join(dataDir, INITIAL_ADMIN_FILE);
  const password = randomBytes(12).toString('base64url');
  const created = await accounts.bootstrapOwner({ email: INITIAL_OWNER_EMAIL, password, name: 'Owner' });
  if (created) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(
      file,
      `The back office's first owner (created ${new Date().toISOString()}).\nemail: ${created.email}\npassword: ${password}\n` +
        'Sign in at /admin/ and set up two-factor sign-in; then delete this file.\n',
      { mode: 0o600 },
    );
    return { email: created.email, file };
  }
  if (!fs.existsSync(file)) return null;
  const email = /^email: (.+)$/m.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? INITIAL_OWNER_EMAIL;
  return { email, file };
}
