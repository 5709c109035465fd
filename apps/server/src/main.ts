import { loadConfig } from './config.ts';
import { DEMO_LOGIN, startServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const { roles, port } = await startServer(config);
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
    port === null
      ? ''
      : config.ADMIN_EMAIL
        ? `  Admin API: http://localhost:${port}/swx/admin — first owner ${config.ADMIN_EMAIL} (TOTP set up at first sign-in)`
        : '  Admin API: /swx/admin — create the first owner with ADMIN_EMAIL and ADMIN_PASSWORD, or: npm run admin -w @openbourse/server -- create-owner <email>',
    '',
  ];
  process.stdout.write(`${lines.filter((l, i) => l || i === 0 || i === lines.length - 1).join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
