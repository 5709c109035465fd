import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedPlatform } from './seed.ts';

const DEMO_LOGIN = { username: 'demo', email: 'demo@openbourse.local', password: 'Demo12345' };

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    onPoolError: (err) => process.stderr.write(`database connection lost (will reconnect): ${err.message}\n`),
  });
  const { app, services } = await buildApp({
    config,
    database,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.newPassword', 'req.body.code'],
    },
  });
  await seedPlatform(services, database.db, config.SEED_DEMO_USER ? DEMO_LOGIN : null);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  OpenBourse is running at http://localhost:${port}/`,
    `  Database: ${where}`,
    config.SEED_DEMO_USER ? `  Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}` : '',
    `  API docs: http://localhost:${port}/swx/docs/json`,
    '',
  ];
  process.stdout.write(`${lines.filter((l, i) => l || i === 0 || i === lines.length - 1).join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
