import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Unit and API tests (e2e has its own config). The shared package is read from source. */
export default defineConfig({
  resolve: {
    alias: {
      // Listed first: an alias also matches its key's subpaths.
      '@bazaar/shared/node-render': fileURLToPath(
        new URL('./packages/shared/src/documents/node-render.ts', import.meta.url),
      ),
      '@bazaar/shared': fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/*/test/**/*.test.tsx',
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite is memory-hungry and single-connection; PostgreSQL tests share one database.
    fileParallelism: false,
    // CI also writes a JSON report that .ci/run totals into one 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: {
      json: `test-results/api-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json`,
    },
  },
});
