import { defineConfig } from 'vitest/config';

/**
 * Test files at once. Vitest's default outside watch mode is one less than the cores, which on a
 * two-core machine is one file at a time; most API tests spend their time waiting on PostgreSQL, a
 * server process or a timer, so three at once finish the suite in far less time (TEST_WORKERS sets it).
 */
const workers = Number(process.env.TEST_WORKERS ?? 3);

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      'apps/web/vitest.config.ts',
      'apps/admin/vitest.config.ts',
    ],
  },
});
