/**
 * Storefront first-load weight (issue: foundation; budget: the home page's JavaScript under
 * 200 KB gzip). Starts the built server on a demo data folder, opens `/` in headless Chromium,
 * records every JavaScript and CSS file the page loads until the network is idle, gzips each
 * (level 9, as a server would) and prints the totals. Writes bench/results/page-weight.json.
 *
 * Run: npm run build && npx tsx bench/page-weight.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium, waitUntilAnswering } from '../e2e/support/processes.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUDGET_JS_GZIP_BYTES = 200 * 1024;
const PORT = 3992;

async function main(): Promise<void> {
  const dataDir = path.join(ROOT, 'data/bench-web');
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const baseUrl = `http://127.0.0.1:${PORT}`;
    await waitUntilAnswering(`${baseUrl}/api/health`, server);
    const browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const files: { url: string; kind: 'js' | 'css'; bytes: number; gzipBytes: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      const kind = /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : null;
      if (!kind) return;
      pending.push(
        response.body().then((body) => {
          files.push({
            url: new URL(url).pathname,
            kind,
            bytes: body.length,
            gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
          });
        }),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    await browser.close();

    const sum = (kind: 'js' | 'css', key: 'bytes' | 'gzipBytes') =>
      files.filter((file) => file.kind === kind).reduce((total, file) => total + file[key], 0);
    const report = {
      date: new Date().toISOString(),
      jsBytes: sum('js', 'bytes'),
      jsGzipBytes: sum('js', 'gzipBytes'),
      cssGzipBytes: sum('css', 'gzipBytes'),
      budgetJsGzipBytes: BUDGET_JS_GZIP_BYTES,
      files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    };
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'bench/results/page-weight.json'),
      JSON.stringify(report, null, 2),
    );
    for (const file of report.files)
      console.log(
        `${file.kind.padEnd(3)} ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB gzip  ${file.url}`,
      );
    const kb = (report.jsGzipBytes / 1024).toFixed(1);
    console.log(
      `Home page JavaScript: ${kb} KB gzip (${(report.jsBytes / 1024).toFixed(1)} KB raw) in ${files.filter((f) => f.kind === 'js').length} files; CSS ${(report.cssGzipBytes / 1024).toFixed(1)} KB gzip`,
    );
    console.log(
      report.jsGzipBytes < BUDGET_JS_GZIP_BYTES
        ? 'within the 200 KB budget'
        : 'OVER the 200 KB budget',
    );
    if (report.jsGzipBytes >= BUDGET_JS_GZIP_BYTES) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
