import { buildApp, type Services } from './app.ts';
import type { Config } from './config.ts';
import fs from 'node:fs';
import { openDatabase } from './db/client.ts';
import { offsetFileClock } from './lib/clock.ts';
import { ensureInitialOwner, type FirstOwner } from './modules/admin/admin.first-owner.ts';
import { seedPlatform } from './seed.ts';

export const DEMO_LOGIN = { username: 'demo', email: 'demo@openbourse.local', password: 'Demo12345' };

/**
 * One server process: opens the database, builds the app with this process's roles, seeds what is
 * missing, listens when it has the `api` role, and stops cleanly on SIGINT / SIGTERM (the feed
 * flushed, the runner settled, the leases let go for another process to take).
 */
export async function startServer(
  config: Config,
  /** Called once the app is built, before it starts (a test's extra jobs). */
  setup?: (services: Services) => void,
) {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    onPoolError: (err) => process.stderr.write(`database connection lost (will reconnect): ${err.message}\n`),
  });
  const { app, services } = await buildApp({
    config,
    database,
    ...(config.CLOCK_OFFSET_FILE ? { clock: offsetFileClock(config.CLOCK_OFFSET_FILE, fs) } : {}),
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.newPassword', 'req.body.code'],
    },
  });
  setup?.(services);
  await seedPlatform(services, database.db, config.SEED_DEMO_USER ? DEMO_LOGIN : null);
  // The first owner of the back office, when none exists yet: ADMIN_EMAIL / ADMIN_PASSWORD, or on the
  // embedded defaults a generated one written to DATA_DIR (admin.first-owner.ts).
  let firstOwner: FirstOwner | null = null;
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await services.adminAccounts.bootstrapOwner({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  } else if (!config.DATABASE_URL && services.roles.includes('api')) {
    firstOwner = await ensureInitialOwner(services.adminAccounts, config.dataDir);
  }

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

  const roles = services.roles;
  let port: number | null = null;
  if (roles.includes('api')) {
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : config.PORT;
    // Where the other processes send this one the spot books' commands when it owns them.
    await services.spot.advertise(config.INTERNAL_URL ?? `http://127.0.0.1:${port}`);
  } else {
    await app.ready();
  }
  return { app, services, database, roles, port, firstOwner };
}
