// Checks the home page's JavaScript budget: the gzip size of the entry script of dist/index.html
// plus every chunk it imports statically (what the browser fetches before any lazy page).
// Usage: node apps/web/scripts/home-js-budget.mjs [distDir] [budgetKB]   (after `vite build`)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const budgetKb = Number(process.argv[3] ?? 200);

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]);
const staticImport = /(?:import|export)\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g;

const loaded = new Set();
function visit(file) {
  if (loaded.has(file)) return;
  loaded.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const match of code.matchAll(staticImport)) visit(path.join(path.dirname(file), match[1]));
}
entries.forEach(visit);

let totalGzip = 0;
for (const file of loaded) {
  const gzip = zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
  totalGzip += gzip;
  console.log(`${(gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${file}`);
}
const totalKb = totalGzip / 1024;
console.log(
  `${totalKb.toFixed(1).padStart(7)} KB gzip  home page JavaScript (budget ${budgetKb} KB)`,
);
if (totalKb > budgetKb) {
  console.error('Over budget: lazy-load what the home page does not need.');
  process.exit(1);
}
