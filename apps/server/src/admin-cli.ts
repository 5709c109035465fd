/**
 * Back-office accounts from the command line (the database of DATABASE_URL, or the embedded one in
 * DATA_DIR):
 *
 *   npm run admin -w @openbourse/server -- create-owner <email> [name]
 *
 * reads the password from ADMIN_PASSWORD or, when unset, from standard input (not echoed to logs).
 * Creates an owner whatever admins exist (e.g. when every owner lost their authenticator); the new
 * owner enrols TOTP at the first sign-in. Audited as `admins.createFromCli`.
 */
import { createInterface } from 'node:readline/promises';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import { createAdminAccounts } from './modules/admin/admin.accounts.ts';

async function main() {
  const [command, email, name] = process.argv.slice(2);
  if (command !== 'create-owner' || !email) {
    process.stderr.write('usage: npm run admin -w @openbourse/server -- create-owner <email> [name]\n');
    process.exit(2);
  }
  let password = process.env.ADMIN_PASSWORD ?? '';
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
    process.stderr.write('password (at least 10 characters): ');
    password = (await rl.question('')).trim();
    rl.close();
  }
  if (password.length < 10 || password.length > 128) {
    process.stderr.write('the password must have 10 to 128 characters\n');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const owner = await createAdminAccounts({ db: database.db, clock: systemClock }).createOwnerFromCli({
      email,
      password,
      ...(name ? { name } : {}),
    });
    process.stdout.write(`owner ${owner.email} created (id ${owner.id}); TOTP is set up at the first sign-in\n`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
