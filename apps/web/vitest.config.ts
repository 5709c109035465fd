import { fileURLToPath, URL } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Run from the workspace root (root config's projects) or with --config: paths stay relative to this app.
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // A test renders whole pages in jsdom; beside the API tests on two cores one can take longer than
    // the 5 s default without anything being wrong.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/shared/test/setup.ts'],
    restoreMocks: true,
  },
});
