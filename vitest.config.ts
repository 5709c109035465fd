import { defineConfig } from 'vitest/config';

/**
 * Test files at once (TEST_WORKERS; Vitest's own default outside watch mode is one less than the
 * cores, so one on two cores). Measured on two cores: one file at a time took the unit and API tests
 * 21 minutes, three 13, two 13. But with two or three, two VIP fee tests failed on PostgreSQL in both
 * runs (a level row written by the test not seen by the next read; see modules/levels README): one at
 * a time, where it was not seen in a full run, until that is understood.
 */
const workers = Number(process.env.TEST_WORKERS ?? 1);

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
