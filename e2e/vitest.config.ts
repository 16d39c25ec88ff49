import { defineConfig } from 'vitest/config';

/**
 * Browser tests: one production server (built app, fresh data folder with demo data) for the
 * whole run, driven by playwright-core in Debian's Chromium. Run `npm run build` first.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
