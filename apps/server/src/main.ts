import { loadConfig } from './config.ts';
import type { FirstOwner } from './modules/admin/admin.first-owner.ts';
import { DEMO_LOGIN, startServer } from './server.ts';

function firstOwnerLine(adminEmail: string | undefined, firstOwner: FirstOwner | null): string {
  if (adminEmail)
    return `    first owner: ${adminEmail} (ADMIN_EMAIL); two-factor sign-in is set up at the first sign-in`;
  if (firstOwner) {
    return `    first owner: ${firstOwner.email}, password in ${firstOwner.file}; set up two-factor sign-in, then delete the file`;
  }
  return '    owners: set ADMIN_EMAIL and ADMIN_PASSWORD, or run: npm run admin -w @openbourse/server -- create-owner <email>';
}

async function main() {
  const config = loadConfig();
  const { roles, port, firstOwner } = await startServer(config);
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    port === null
      ? `  OpenBourse is running without HTTP (roles: ${roles.join(', ')})`
      : `  OpenBourse is running at http://localhost:${port}/`,
    `  Database: ${where}`,
    roles.length < 4 ? `  Roles: ${roles.join(', ')}` : '',
    config.SEED_DEMO_USER ? `  Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}` : '',
    port === null ? '' : `  API docs: http://localhost:${port}/swx/docs/json`,
    port === null ? '' : `  Back office: http://localhost:${port}/admin/`,
    port === null ? '' : firstOwnerLine(config.ADMIN_EMAIL, firstOwner),
    '',
  ];
  process.stdout.write(`${lines.filter((l, i) => l || i === 0 || i === lines.length - 1).join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
