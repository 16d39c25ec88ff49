/**
 * Catalog search benchmark (issue: foundation). For PostgreSQL and PGlite: loads 100,000
 * products (bench/seed-bench.ts), starts the built server, and sends `GET /api/products?q=<3
 * letters>&pageSize=20` at a fixed 500 requests/s with autocannon on loopback, then measures the
 * same against a bare Fastify route answering constant JSON. Prints latency percentiles, the
 * ratio to the bare route and writes bench/results/catalog-search.json.
 *
 * Run: npm run build && npx tsx bench/catalog-search.ts   (BENCH_TARGETS=postgres,pglite)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_BENCH_DB = 'bazaar_bench';
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TERMS = ['kur', 'shi', 'sar', 'jea', 'top', 'red', 'sil', 'fro'];
const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  requests: number;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

async function startServer(entry: string, env: Record<string, string>, healthPath: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${healthPath}`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not start`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function load(urls: string[], rate: number | undefined, durationS: number): Promise<Figures> {
  const requests = urls.map((url) => ({ method: 'GET' as const, path: url }));
  const result = await autocannon({
    url: new URL(urls[0]!).origin,
    connections: CONNECTIONS,
    duration: durationS,
    ...(rate ? { overallRate: rate } : {}),
    requests: requests.map((request) => ({ method: request.method, path: new URL(request.path).pathname + new URL(request.path).search })),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
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
  const report: Record<string, unknown> = { date: new Date().toISOString(), rate: RATE, durationS: DURATION_S, connections: CONNECTIONS, terms: TERMS };

  const barePort = 3990;
  const bare = await startServer(path.join(ROOT, 'bench/bare-server.mjs'), {}, '/api/constant', barePort);
  const bareUrls = [`http://127.0.0.1:${barePort}/api/constant`];
  await load(bareUrls, undefined, 3);
  report.bare = { atRate: await load(bareUrls, RATE, DURATION_S), max: await load(bareUrls, undefined, 10) };
  await stop(bare);

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
    const server = await startServer(path.join(ROOT, 'apps/server/dist/main.js'), env, '/api/health', port);
    const urls = TERMS.map((term) => `http://127.0.0.1:${port}/api/products?q=${term}&pageSize=20`);
    await load(urls, undefined, 5); // warm caches and JIT
    const atRate = await load(urls, RATE, DURATION_S);
    const max = await load(urls, undefined, 10);
    await stop(server);
    report[target] = { atRate, max };
  }

  fs.writeFileSync(path.join(RESULTS_DIR, 'catalog-search.json'), JSON.stringify(report, null, 2));
  const bareFigures = report.bare as { atRate: Figures; max: Figures };
  console.log(`\nCatalog search, 3-letter term, 20 per page, ${RATE} req/s for ${DURATION_S} s, ${CONNECTIONS} connections`);
  console.log('target     | p50 ms | p90 ms | p99 ms | max ms | errors | max req/s | vs bare (req/s)');
  for (const name of ['bare', ...targets]) {
    const figures = report[name] as { atRate: Figures; max: Figures };
    const ratio = (figures.max.requestsPerSecond / bareFigures.max.requestsPerSecond).toFixed(3);
    console.log(
      `${name.padEnd(10)} | ${String(figures.atRate.p50).padStart(6)} | ${String(figures.atRate.p90).padStart(6)} | ${String(figures.atRate.p99).padStart(6)} | ${String(figures.atRate.max).padStart(6)} | ${String(figures.atRate.errors + figures.atRate.non2xx).padStart(6)} | ${String(figures.max.requestsPerSecond).padStart(9)} | ${ratio}`,
    );
  }
  const pgFigures = report.postgres as { atRate: Figures } | undefined;
  if (pgFigures) {
    const verdict = pgFigures.atRate.p99 < 30 ? 'within' : 'OVER';
    console.log(`PostgreSQL p99 at ${RATE} req/s: ${pgFigures.atRate.p99} ms (${verdict} the 30 ms budget)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
