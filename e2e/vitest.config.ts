import { defineConfig } from 'vitest/config';

/**
 * Journey files at once (E2E_WORKERS, default 2): each has its own server, database and browser.
 * Measured on two cores on 2026-11-29: one at a time 812 s, two at a time 539 s, and two at a time
 * with two busy loops taking half the CPU 740 s, every journey passing.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    name: 'e2e',
    root: __dirname,
    include: ['journeys/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A browser on a loaded two-core machine (CI runs suites side by side) can take seconds to
    // show what it will show; a second (the default) is a flaky bar, not a stricter one.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    fileParallelism: workers > 1,
    maxWorkers: workers,
    pool: 'forks',
  },
});
