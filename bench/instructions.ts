/**
 * Framework overhead counted in CPU instructions (bench/README.md): the user-space instructions
 * the server executes per request on the full stack's trivial route (GET /api/support/contact)
 * and on a bare Fastify route (bench/bare-server.mjs), counted with valgrind's callgrind.
 *
 * Why a second measure next to bench/soak.ts's autocannon ratio: on this shared 2-core VM the
 * bare route's requests/s moves by ±20 % from one 5 s run to the next, more than most changes
 * under study; an instruction count repeats to within 1-2 %. It counts what our process does
 * (all its threads, the garbage collector's included), not the kernel's socket work (about the
 * same for both servers) nor waiting.
 *
 * How: each server runs under `valgrind --tool=callgrind --instr-atstart=no` (full speed until
 * counting is switched on, then about 50x slower). BENCH_INSTR_WARMUP keep-alive requests
 * (10 connections) warm it up uncounted; then, twice, `callgrind_control` zeroes the counters,
 * switches counting on, BENCH_INSTR_REQUESTS requests run, and the counts are dumped and read
 * (`totals:` of the dump). The full stack runs the built server in production mode on a PGlite
 * folder migrated beforehand by a normal start (DEMO_DATA=off: the route reads no data).
 *
 * Run: npm run build && npx tsx bench/instructions.ts   (needs valgrind; 3-5 minutes)
 *   BENCH_INSTR_REQUESTS=5000  counted requests per round
 *   BENCH_INSTR_WARMUP=3000    uncounted requests first
 *   BENCH_INSTR_MIX_ROUNDS=100 rounds of seven other routes (otherRoutes) before the trivial
 *                              route is counted a second time
 * Prints instructions per request for both routes (each round, and the lower one as the figure)
 * and bare / trivial, the trivial route counted on its own and again after the other routes; writes bench/results/instructions-<time>.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopProcess, waitUntilAnswering } from '../e2e/support/processes.js';
import { HOST_PREFIXED_COOKIES } from '../apps/server/src/platform/auth.js';
import { keepAliveClient } from './open-loop.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const REQUESTS = Number(process.env.BENCH_INSTR_REQUESTS ?? 5000);
const WARMUP = Number(process.env.BENCH_INSTR_WARMUP ?? 3000);
const MIX_ROUNDS = Number(process.env.BENCH_INSTR_MIX_ROUNDS ?? 100);
const SERVER_PORT = 3992;
const BARE_PORT = 3993;
/**
 * valgrind names its control pipes after the HOST variable (the server reads HOST too), so the
 * servers and callgrind_control must see the same value.
 */
const HOST = '127.0.0.1';

/** `count` GETs of `url`, 10 at a time on keep-alive sockets; throws on any answer but 200. */
async function requests(url: string, count: number): Promise<void> {
  const { origin, pathname } = new URL(url);
  const { request, agent } = keepAliveClient(origin, 10);
  let left = count;
  try {
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (left > 0) {
          left -= 1;
          const answer = await request('GET', pathname);
          if (answer.status !== 200) {
            throw new Error(`${url} answered ${String(answer.status)}`);
          }
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}

/**
 * Other routes, as a server in service runs them between two calls of the trivial one: product
 * list, search and detail, the session, a captcha and a refused sign-in, the home page.
 * Afterwards V8 has generalised code the routes share (Fastify's reply path, the serializer
 * glue), which the trivial route then pays for too (bench/README.md, "2026-11-24").
 */
async function otherRoutes(origin: string, rounds: number): Promise<void> {
  const { request, agent } = keepAliveClient(origin, 1);
  const cookie = `${HOST_PREFIXED_COOKIES.session_token!.name}=bench.0`;
  try {
    for (let round = 0; round < rounds; round++) {
      const answers = [
        await request('GET', `/api/products?page=${1 + (round % 5)}&pageSize=20`),
        await request('GET', '/api/products?q=kurta&pageSize=20'),
        await request('GET', '/api/products/00000000-0000-4000-8000-000000000000'),
        await request('GET', '/api/auth/session', cookie),
        await request('POST', '/api/captchas'),
        await request('POST', '/api/auth/login', undefined, { area: 'customer' }),
        await request('GET', '/'),
      ];
      // 404 (no such product) and 400 (the refused sign-in) are expected; a 5xx is not.
      const failed = answers.find((answer) => answer.status === 0 || answer.status >= 500);
      if (failed) throw new Error(`a route answered ${String(failed.status)} during the mix`);
    }
  } finally {
    agent.destroy();
  }
}

/** GET /api/auth/session with a session cookie (an unknown token: the lookup runs, finds none). */
async function sessionLookup(origin: string): Promise<void> {
  const { request, agent } = keepAliveClient(origin, 1);
  try {
    const answer = await request(
      'GET',
      '/api/auth/session',
      `${HOST_PREFIXED_COOKIES.session_token!.name}=bench.0`,
    );
    if (answer.status !== 200) throw new Error(`session lookup answered ${String(answer.status)}`);
  } finally {
    agent.destroy();
  }
}

function callgrindControl(pid: number, ...args: string[]): void {
  const result = spawnSync('callgrind_control', [...args, String(pid)], {
    env: { ...process.env, HOST },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`callgrind_control ${args.join(' ')} failed: ${result.stderr}`);
  }
}

/** Starts `nodeArgs` under callgrind (counting off) with `env`; resolves once `healthUrl` answers. */
async function startUnderCallgrind(
  outDir: string,
  nodeArgs: string[],
  env: NodeJS.ProcessEnv,
  healthUrl: string,
): Promise<ChildProcess> {
  const child = spawn(
    'valgrind',
    [
      '-q',
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${path.join(outDir, 'callgrind.%p')}`,
      process.execPath,
      ...nodeArgs,
    ],
    { cwd: ROOT, env: { ...process.env, ...env, HOST }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitUntilAnswering(healthUrl, child, 600_000);
  return child;
}

/** Dumps callgrind has written so far, per process id. */
const dumpsSoFar = new Map<number, number>();

/**
 * Instructions per request of `url` on the callgrind-run `child`, one figure per round, after
 * `warmup` uncounted requests.
 */
async function countPerRequest(
  child: ChildProcess,
  outDir: string,
  url: string,
  warmup = WARMUP,
): Promise<number[]> {
  const pid = child.pid!;
  await requests(url, warmup);
  const perRequest: number[] = [];
  for (let round = 1; round <= 2; round++) {
    callgrindControl(pid, '--zero');
    callgrindControl(pid, '--instr=on');
    await requests(url, REQUESTS);
    callgrindControl(pid, '--dump');
    callgrindControl(pid, '--instr=off');
    // callgrind numbers a process's dumps 1, 2, 3, ... whatever their reason
    const dumpNumber = (dumpsSoFar.get(pid) ?? 0) + 1;
    dumpsSoFar.set(pid, dumpNumber);
    const dump = path.join(outDir, `callgrind.${pid}.${dumpNumber}`);
    const totals = /^totals: (\d+)/m.exec(fs.readFileSync(dump, 'utf8'));
    if (!totals) throw new Error(`no totals in ${dump}`);
    perRequest.push(Math.round(Number(totals[1]) / REQUESTS));
  }
  return perRequest;
}

async function main(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    process.stderr.write('valgrind is not installed (Debian: apt-get install -y valgrind)\n');
    process.exit(2);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-instructions-'));
  const serverEnv: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    DATA_DIR: path.join(work, 'data'),
    DEMO_DATA: 'off',
    PORT: String(SERVER_PORT),
    PUBLIC_URL: `http://127.0.0.1:${SERVER_PORT}`,
    AUTH_SECRET: 'instructions-bench-secret-0123456789abcdefghij',
    LOG_LEVEL: 'warn',
  };
  const serverHealth = `http://127.0.0.1:${SERVER_PORT}/api/health`;
  const serverEntry = path.join(ROOT, 'apps/server/dist/main.js');
  let child: ChildProcess | undefined;
  try {
    // A normal start migrates the new PGlite folder; the counted one starts on it.
    child = spawn(process.execPath, [serverEntry], {
      cwd: ROOT,
      env: { ...process.env, ...serverEnv, HOST },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitUntilAnswering(serverHealth, child);
    await stopProcess(child);

    child = await startUnderCallgrind(work, [serverEntry], serverEnv, serverHealth);
    // As in service (and in bench/soak.ts, whose customers sign in first): a session lookup has
    // run better-auth's code before the trivial route is counted.
    await sessionLookup(`http://127.0.0.1:${SERVER_PORT}`);
    const trivialUrl = `http://127.0.0.1:${SERVER_PORT}/api/support/contact`;
    const trivial = await countPerRequest(child, work, trivialUrl);
    await otherRoutes(`http://127.0.0.1:${SERVER_PORT}`, MIX_ROUNDS);
    // A few requests re-warm the route; the shared code stays as general as the mix left it.
    const trivialMixed = await countPerRequest(child, work, trivialUrl, 200);
    await stopProcess(child);

    child = await startUnderCallgrind(
      work,
      [path.join(ROOT, 'bench/bare-server.mjs')],
      { PORT: String(BARE_PORT) },
      `http://127.0.0.1:${BARE_PORT}/api/constant`,
    );
    const bare = await countPerRequest(child, work, `http://127.0.0.1:${BARE_PORT}/api/constant`);
    await stopProcess(child);
    child = undefined;

    const trivialFigure = Math.min(...trivial);
    const trivialMixedFigure = Math.min(...trivialMixed);
    const bareFigure = Math.min(...bare);
    const bareOverTrivial = Math.round((bareFigure / trivialFigure) * 1000) / 1000;
    const bareOverTrivialMixed = Math.round((bareFigure / trivialMixedFigure) * 1000) / 1000;
    const result = {
      at: new Date().toISOString(),
      node: process.version,
      requestsPerRound: REQUESTS,
      warmupRequests: WARMUP,
      mixRounds: MIX_ROUNDS,
      instructionsPerRequest: { trivial, trivialAfterOtherRoutes: trivialMixed, bare },
      figures: {
        trivial: trivialFigure,
        trivialAfterOtherRoutes: trivialMixedFigure,
        bare: bareFigure,
        bareOverTrivial,
        bareOverTrivialAfterOtherRoutes: bareOverTrivialMixed,
      },
    };
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `instructions-${result.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(
      `instructions per request (${REQUESTS} requests a round, after ${WARMUP} uncounted):\n` +
        `  GET /api/support/contact (full stack) ${trivial.join(', ')} -> ${trivialFigure}\n` +
        `  the same after ${MIX_ROUNDS} rounds of other routes ${trivialMixed.join(', ')} -> ${trivialMixedFigure}\n` +
        `  GET /api/constant (bare Fastify)      ${bare.join(', ')} -> ${bareFigure}\n` +
        `  bare / trivial ${bareOverTrivial}; after the other routes ${bareOverTrivialMixed}\n` +
        `written ${path.relative(ROOT, file)}\n`,
    );
  } finally {
    if (child) await stopProcess(child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
