// Fails when product code has an import cycle, type-only imports included (ESLint's
// import-x/no-cycle skips `import type`, and a type-only cycle still ties two files together
// for a reader). Part of `npm run lint`; docs/architecture.md "Boundaries".
//
//   node scripts/check-import-cycles.mjs
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const EXTENSIONS = ['.ts', '.tsx'];
/** Every static `import ... from`, `export ... from` and side-effect import, types included. */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'"]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The file a relative specifier names: `./x.js` is `./x.ts`, `./x` is `./x.tsx` or `./x/index.ts`. */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  const candidates = [
    ...EXTENSIONS.map((extension) => stem + extension),
    ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => fs.existsSync(candidate));
}

const files = ROOTS.flatMap((root) => sourceFiles(root).map((file) => path.resolve(file)));
const graph = new Map(
  files.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolve(file, match[1]))
      .filter((target) => target !== undefined);
    return [file, [...new Set(targets)]];
  }),
);

// Depth-first search with colours: a grey node met again closes a cycle.
const WHITE = 0;
const GREY = 1;
const BLACK = 2;
const colour = new Map(files.map((file) => [file, WHITE]));
const stack = [];
const cycles = [];

function visit(file) {
  colour.set(file, GREY);
  stack.push(file);
  for (const target of graph.get(file) ?? []) {
    if (colour.get(target) === GREY) {
      cycles.push([...stack.slice(stack.indexOf(target)), target]);
    } else if (colour.get(target) === WHITE) {
      visit(target);
    }
  }
  stack.pop();
  colour.set(file, BLACK);
}

for (const file of files) if (colour.get(file) === WHITE) visit(file);

if (cycles.length > 0) {
  console.error(`${cycles.length} import cycle(s), type-only imports included:`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.map((file) => path.relative(process.cwd(), file)).join(' -> ')}`);
  }
  process.exit(1);
}
console.log(`No import cycles among ${files.length} product files.`);
