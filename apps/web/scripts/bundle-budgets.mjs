// Page-speed budgets of the built web app (issue 5 item 9), checked from the build output
// without a browser; exits 1 when one is passed. Run after `vite build` (CI runs it in .ci/run).
//
//   node apps/web/scripts/bundle-budgets.mjs [distDir]
//
// - Storefront JavaScript: the entry script of dist/index.html, every <link rel="modulepreload">
//   there, start-app.js (a rendered page's loader of the entry) and every chunk they import
//   statically (what the browser fetches before any lazy page or lazy component): at most
//   150 KB gzip.
// - Storefront CSS: the stylesheets linked by dist/index.html (render-blocking): at most 30 KB gzip.
// - Back office (/adminHome): the storefront's initial JavaScript plus the staff areas' routes
//   (area-routes, loaded by the router before a staff page), the staff shell's lazy chunk
//   (area-layout) and the admin home page's chunk with their static imports: at most 250 KB
//   gzip. Charts the page imports lazily after its first render are listed, not counted.
//
// Sizes are gzip level 9 (what a compressing server sends), in KB of 1,024 bytes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));

export const BUDGETS_KB = { storefrontJs: 150, storefrontCss: 30, backOfficeJs: 250 };

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const assetsDir = path.join(dist, 'assets');
const assetFiles = fs.readdirSync(assetsDir);

/** `import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"` between chunks. */
const staticImport = /(?:import|export)\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g;

/** The files (relative to dist) a set of chunks loads statically, the chunks included. */
function staticClosure(files) {
  const loaded = new Set();
  const visit = (file) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const match of code.matchAll(staticImport)) visit(path.join(path.dirname(file), match[1]));
  };
  files.forEach(visit);
  return loaded;
}

const gzipKb = (file) =>
  zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const sumKb = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);

/** The one chunk whose name starts with `prefix-` (Vite names chunks after their module). */
function chunkNamed(prefix) {
  const matches = assetFiles.filter((file) => new RegExp(`^${prefix}-[\\w-]{8}\\.js$`).test(file));
  if (matches.length !== 1)
    throw new Error(`expected one assets/${prefix}-<hash>.js, found ${matches.length}`);
  return `assets/${matches[0]}`;
}

const attr = (name) =>
  [...html.matchAll(new RegExp(`<(?:script|link)[^>]*>`, 'g'))]
    .map((m) => m[0])
    .filter((tag) => tag.includes(name));
const hrefOf = (tag) => /(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
const entryScripts = attr('type="module"')
  .map(hrefOf)
  .filter((file) => file?.endsWith('.js'));
const preloads = attr('rel="modulepreload"').map(hrefOf).filter(Boolean);
const stylesheets = attr('rel="stylesheet"').map(hrefOf).filter(Boolean);

// A page the server rendered loads public/start-app.js first, which then adds the entry script.
const startApp = fs.existsSync(path.join(dist, 'start-app.js')) ? ['start-app.js'] : [];
const storefront = staticClosure([...startApp, ...entryScripts, ...preloads]);
const backOfficeExtra = [
  ...staticClosure([
    chunkNamed('area-routes'),
    chunkNamed('area-layout'),
    chunkNamed('admin-home-page'),
  ]),
].filter((file) => !storefront.has(file));

const results = [
  {
    name: 'storefront initial JavaScript',
    kb: sumKb(storefront),
    budget: BUDGETS_KB.storefrontJs,
    files: storefront,
  },
  {
    name: 'storefront initial CSS',
    kb: sumKb(stylesheets),
    budget: BUDGETS_KB.storefrontCss,
    files: stylesheets,
  },
  {
    name: 'back office /adminHome JavaScript (storefront + staff shell + page)',
    kb: sumKb(storefront) + sumKb(backOfficeExtra),
    budget: BUDGETS_KB.backOfficeJs,
    files: backOfficeExtra,
  },
];

const verbose = process.env.BUDGET_VERBOSE === '1';
let failed = false;
for (const result of results) {
  const over = result.kb > result.budget;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${result.kb.toFixed(1).padStart(6)} KB gzip / ${result.budget} KB  ${result.name} (${[...result.files].length} files)`,
  );
  if (verbose || over)
    for (const file of [...result.files].sort((a, b) => gzipKb(b) - gzipKb(a)).slice(0, 12))
      console.log(`       ${gzipKb(file).toFixed(1).padStart(6)} KB  ${file}`);
}
if (failed) {
  console.error('Over a page-speed budget: lazy-load what the first paint does not need.');
  process.exit(1);
}
