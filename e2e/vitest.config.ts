import { defineConfig } from 'vitest/config';

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
    fileParallelism: false,
    pool: 'forks',
  },
});
