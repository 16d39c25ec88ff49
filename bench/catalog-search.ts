/**
 * Catalog search benchmark. For PostgreSQL and PGlite: loads 100,000 designs of 6 variants
 * (bench/seed-bench.ts), starts the built server, and sends `GET /api/products?q=<3
 * letters>&pageSize=20` on loopback at a constant 500 requests/s (open loop, latency measured
 * from each request's scheduled start: bench/open-loop.ts), BENCH_REPEAT times, then the highest
 * throughput autocannon reaches with 50 connections. The same for a bare Fastify route answering
 * constant JSON, as the ceiling. Then the same for the product page of 200 variants spread over
 * the catalog (`GET /api/products/{id}`, with its design's variants). Prints the figures and their ratio and writes
 * bench/results/catalog-search.json.
 *
 * Run: npm run build && npx tsx bench/catalog-search.ts   (BENCH_TARGETS=postgres,pglite)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { stopProcess, waitUntilAnswering } from '../e2e/support/processes.js';
import { runOpenLoop, type LatencyFigures } from './open-loop.js';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Designs with variants need their own database: an older one holds products without designs.
const PG_BENCH_DB = process.env.BENCH_PG_DB ?? 'bazaar_bench_designs';
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const TERMS = ['kur', 'shi', 'sar', 'jea', 'top', 'red', 'sil', 'fro'];
const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');

interface Throughput {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

interface TargetFigures {
  /** One entry per repeat of the constant-rate run. */
  atRate: LatencyFigures[];
  /** The run with the median p99. */
  median: LatencyFigures;
  max: Throughput;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

async function startServer(
  entry: string,
  env: Record<string, string>,
  healthPath: string,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilAnswering(`http://127.0.0.1:${port}${healthPath}`, child);
  return child;
}

/** Closed-loop maximum throughput with autocannon (50 connections). */
async function maxThroughput(urls: string[], durationS: number): Promise<Throughput> {
  const result = await autocannon({
    url: new URL(urls[0]!).origin,
    connections: CONNECTIONS,
    duration: durationS,
    requests: urls.map((url) => ({
      method: 'GET' as const,
      path: new URL(url).pathname + new URL(url).search,
    })),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Warm-up, REPEAT constant-rate runs and one throughput run against the same URLs. */
async function measure(urls: string[]): Promise<TargetFigures> {
  await runOpenLoop({ urls, rate: RATE, durationS: 5, connections: CONNECTIONS });
  const atRate: LatencyFigures[] = [];
  for (let repeat = 0; repeat < REPEAT; repeat += 1) {
    atRate.push(
      await runOpenLoop({ urls, rate: RATE, durationS: DURATION_S, connections: CONNECTIONS }),
    );
  }
  const median = [...atRate].sort((a, b) => a.p99 - b.p99)[Math.floor(atRate.length / 2)]!;
  return { atRate, median, max: await maxThroughput(urls, 10) };
}

async function ensurePgBenchDatabase(): Promise<string> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [PG_BENCH_DB]);
  if (exists.rowCount === 0) await client.query(`create database ${PG_BENCH_DB}`);
  await client.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_BENCH_DB}`;
  return url.toString();
}

async function main(): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    rate: RATE,
    durationS: DURATION_S,
    connections: CONNECTIONS,
    terms: TERMS,
  };

  const barePort = 3990;
  const bare = await startServer(
    path.join(ROOT, 'bench/bare-server.mjs'),
    {},
    '/api/constant',
    barePort,
  );
  report.bare = await measure([`http://127.0.0.1:${barePort}/api/constant`]);
  await stopProcess(bare);

  for (const target of targets) {
    const env: Record<string, string> = { DEMO_DATA: 'off', NODE_ENV: 'production' };
    if (target === 'postgres') {
      env.DATABASE_URL = await ensurePgBenchDatabase();
      env.DATA_DIR = path.join(ROOT, 'data/bench-postgres');
    } else {
      env.DATABASE_URL = '';
      env.DATA_DIR = path.join(ROOT, 'data/bench-pglite');
      env.BENCH_PGLITE_DIR = path.join(env.DATA_DIR, 'pglite');
    }
    await run('npx', ['tsx', 'bench/seed-bench.ts'], env);
    const port = 3991;
    const server = await startServer(
      path.join(ROOT, 'apps/server/dist/main.js'),
      env,
      '/api/health',
      port,
    );
    const urls = TERMS.map((term) => `http://127.0.0.1:${port}/api/products?q=${term}&pageSize=20`);
    report[target] = await measure(urls);
    // The product page of a variant (its design's variants listed): 200 ids spread over all.
    const pageUrls = Array.from(
      { length: 200 },
      (_, index) => `http://127.0.0.1:${port}/api/products/${1 + ((index * 2_999) % 590_000)}`,
    );
    report[`${target}-product-page`] = await measure(pageUrls);
    await stopProcess(server);
  }

  fs.writeFileSync(path.join(RESULTS_DIR, 'catalog-search.json'), JSON.stringify(report, null, 2));
  const bareFigures = report.bare as TargetFigures;
  console.log(
    `\nCatalog search, 3-letter terms, 20 per page, constant ${RATE} req/s for ${DURATION_S} s x ${REPEAT} (median run shown), ${CONNECTIONS} connections`,
  );
  console.log(
    'target                 | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | errors | p99 of each run  | max req/s | req/s vs bare',
  );
  for (const name of ['bare', ...targets.flatMap((t) => [t, `${t}-product-page`])]) {
    const figures = report[name] as TargetFigures;
    const { median } = figures;
    const ratio = (figures.max.requestsPerSecond / bareFigures.max.requestsPerSecond).toFixed(3);
    const runs = figures.atRate.map((run) => run.p99).join(' / ');
    console.log(
      [
        name.padEnd(22),
        String(median.p50).padStart(6),
        String(median.p90).padStart(6),
        String(median.p99).padStart(6),
        String(median.p999).padStart(8),
        String(median.max).padStart(6),
        String(median.errors).padStart(6),
        runs.padEnd(16),
        String(figures.max.requestsPerSecond).padStart(9),
        ratio,
      ].join(' | '),
    );
  }
  const pgFigures = report.postgres as TargetFigures | undefined;
  if (pgFigures) {
    const ratio = (pgFigures.median.p99 / bareFigures.median.p99).toFixed(1);
    const verdict = pgFigures.median.p99 < 30 ? 'within' : 'OVER';
    console.log(
      `PostgreSQL p99 at ${RATE} req/s: ${pgFigures.median.p99} ms (${verdict} the 30 ms budget; ${ratio}x the bare route's p99)`,
    );
  }
  const pageFigures = report['postgres-product-page'] as TargetFigures | undefined;
  if (pageFigures) {
    const verdict = pageFigures.median.p99 <= 20 ? 'within' : 'OVER';
    console.log(
      `PostgreSQL product page p99 at ${RATE} req/s: ${pageFigures.median.p99} ms (${verdict} the 20 ms budget)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
