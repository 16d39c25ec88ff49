import fs from 'node:fs';
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folder names under a directory (server modules, web areas). */
const foldersOf = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverModules = foldersOf('apps/server/src/modules');
const webAreas = foldersOf('apps/web/src/areas');

/**
 * The boundaries of docs/architecture.md "Boundaries", enforced here so they hold without
 * review:
 * - a server module is used by other modules only through its service (`<module>.service.ts`)
 *   or a small public `index.ts`, never its repo, routes or other files;
 * - a web area never imports another area; `components/` and `api/` import no area and no
 *   `app/`;
 * - product code (`src/`) never imports tests, doubles or harnesses (`test/`, `bench/`, `e2e/`).
 */
const boundaryZones = [
  ...serverModules.map((module) => ({
    target: serverModules
      .filter((other) => other !== module)
      .map((other) => `./apps/server/src/modules/${other}/**`),
    from: `./apps/server/src/modules/${module}`,
    except: [`./${module}.service.ts`, './index.ts'],
    message: `Use the ${module} module through its service or index.ts (docs/architecture.md).`,
  })),
  ...webAreas.map((area) => ({
    target: `./apps/web/src/areas/${area}/**`,
    from: webAreas
      .filter((other) => other !== area)
      .map((other) => `./apps/web/src/areas/${other}`),
    message: 'An area never imports another area: move what both use to components/ or api/.',
  })),
  {
    target: ['./apps/web/src/components/**', './apps/web/src/api/**'],
    from: ['./apps/web/src/areas', './apps/web/src/app'],
    message: 'components/ and api/ serve every area: they import no area and no app/ file.',
  },
  {
    target: ['./apps/*/src/**', './packages/*/src/**'],
    from: ['./apps/server/test', './apps/web/test', './packages/shared/test', './bench', './e2e'],
    message: 'Product code never imports tests, doubles or harnesses.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/web/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'scratch/**',
      'coverage/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/shared/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Every delete and update names its rows (a missing where would change the whole table).
    files: ['apps/server/src/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Classic scripts served as they are (apps/web/public/start-app.js).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: [
      'bench/**',
      'e2e/**',
      '**/*.test.ts',
      'apps/server/src/seed/cli.ts',
      'apps/web/scripts/**',
      '**/*.mjs',
    ],
    rules: { 'no-console': 'off' },
  },
);
