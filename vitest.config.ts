import { defineConfig } from 'vitest/config';

/**
 * Test files at once. Vitest's default outside watch mode is one less than the cores: on a two-core
 * machine one file at a time, while most API tests wait on PostgreSQL, a server process or a timer.
 * Two at once (TEST_WORKERS sets it). Measured on two cores: one took the unit and API tests 21
 * minutes, three 13, but in that run one VIP fee test failed once (not reproduced since, in the
 * modules/levels README); two keep each file about a core.
 */
const workers = Number(process.env.TEST_WORKERS ?? 2);

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
