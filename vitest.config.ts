import { defineConfig } from 'vitest/config';

/**
 * Test files at once (TEST_WORKERS; Vitest's own default outside watch mode is one less than the
 * cores, so one on two cores). Measured on two cores: one file at a time took the unit and API tests
 * 21 minutes, three 13, two 13. (The VIP discount once seen missing with two or three was the test
 * apps' job runner rewriting levels: see modules/levels README.)
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
