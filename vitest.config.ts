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
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // CI also writes a JSON report that .ci/run totals into one 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: {
      json: `test-results/api-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json`,
    },
    // The two projects run side by side: the API files one at a time on one core, the unit
    // files (no database) in parallel beside them.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/web/test/**/*.test.ts',
            'apps/web/test/**/*.test.tsx',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          // PostgreSQL test files share one database (each starts by dropping its schema), and
          // timing checks (the event loop kept free while PDFs are drawn) want a core each.
          fileParallelism: false,
        },
      },
    ],
  },
});
