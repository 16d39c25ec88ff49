import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const sharedSource = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

/**
 * The shared package's modules only define things; declaring them free of side effects lets the
 * bundler drop what a page does not use (the zod schemas stay out of the home page's download).
 */
const sharedWithoutSideEffects: Plugin = {
  name: 'bazaar-shared-without-side-effects',
  transform(code, id) {
    if (id.startsWith(sharedSource)) return { code, map: null, moduleSideEffects: false };
    return undefined;
  },
};

/**
 * React Router's browser build without what only its development build needs, and without the
 * components it defines that the app never renders (Form, NavLink...: ~2 KB gzip of the
 * storefront's first download, docs/performance.md):
 * - its package always resolves its development build (its warnings on: remix-run/react-router
 *   issue 12532), so the browser build is pointed at `dist/production` (both entry points, so
 *   `react-router` and `react-router/dom` stay one module);
 * - `X = React.forwardRef(...)` only makes an object, but the bundler cannot know that, nor that
 *   `X.displayName = "X"` (a name for React's developer tools) may go with it: the calls are
 *   marked pure and the names dropped, so unused components are left out.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(
    new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url),
  );
const reactRouterUnusedComponents: Plugin = {
  name: 'bazaar-react-router-unused-components',
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  transform(code, id) {
    if (!id.includes('/node_modules/react-router/dist/production/')) return undefined;
    return {
      code: code
        .replace(/^((?:var|const) [\w$]+ = )(?=[\w$]+\.forwardRef\()/gm, '$1/* @__PURE__ */ ')
        .replace(/^[\w$]+\.displayName = "[\w$]*";$/gm, ''),
      map: null,
    };
  },
};

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/** The API and the uploaded images are served by apps/server; in development Vite proxies them. */
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/media': { target: apiTarget, changeOrigin: false },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), sharedWithoutSideEffects, reactRouterUnusedComponents],
  resolve: {
    alias: [
      // The browser build compiles the shared package from source (no dist needed for Vite).
      {
        find: '@bazaar/shared',
        replacement: fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
      },
      ...(command === 'build' && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the server preloads a page's lazy chunks (platform/web-pages.ts).
    manifest: true,
    // No modulepreload polyfill in the entry chunk (~0.3 KB gzip): every browser the storefront
    // supports has <link rel="modulepreload"> (Safari since 17); one without it only fetches a
    // lazy page's chunks a moment later.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    sourcemap: true,
    // The real budgets are gzip sizes: scripts/bundle-budgets.mjs (storefront JavaScript 150 KB,
    // CSS 30 KB, back office 250 KB), run by CI after the build.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: the first paint needs all of
          // it anyway, and one file compresses ~15 KB better than the ~35 small shared chunks
          // the default splitting makes of it (issue 5 item 9, page speed).
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
}));
