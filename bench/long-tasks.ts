/**
 * What makes the storefront's Total Blocking Time (docs/performance.md "Page speed"): loads the
 * home page, search results and a product's page in headless Chromium with the CPU slowed 4x (as
 * Lighthouse's mobile run assumes), records a performance trace with V8's sampling profiler, and
 * prints, per page, the main thread's time blocked after the first contentful paint (each task's
 * part over 50 ms, the way Lighthouse counts it) as the median of `LONG_TASK_RUNS` (5) loads,
 * then the long tasks of the median load: when each started, how long it ran, what Chromium was
 * doing (layout, a timer, a module's evaluation) and the functions that ran most in it, named
 * through the build's source maps (file, line, function).
 *
 * Lighthouse's score is a simulation over the same trace; this is the trace itself, so a change
 * can be seen shrinking the task it aimed at. The figures move from load to load (the blocked
 * time of one page by 2-3x on a quiet machine): compare medians, and a task's attribution.
 *
 * Run: npm run build && npx tsx bench/long-tasks.ts   (LONG_TASK_RUNS=9 for steadier medians)
 * Writes bench/results/long-tasks-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { storefrontPages } from '../e2e/page-speed/lighthouse-run.js';
import {
  launchChromium,
  startBuiltServer,
  stopProcess,
  waitUntilAnswering,
} from '../e2e/support/processes.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ASSETS = path.join(ROOT, 'apps/web/dist/assets');
const PORT = Number(process.env.BENCH_PORT ?? 3993);
const RUNS = Number(process.env.LONG_TASK_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** How long a page is traced after the app marked itself started (its last chunks and effects). */
const SETTLE_MS = 5000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  /** Chromium leaves out `url` (and the line) for native and V8-internal frames. */
  callFrame: { url?: string; functionName: string; lineNumber?: number; columnNumber?: number };
}

interface LongTask {
  startMs: number;
  durationMs: number;
  /** Chromium's own steps inside the task over 5 ms, e.g. 'Layout 74 ms'. */
  steps: string[];
  /** The functions with the most samples inside the task, `file:line function (samples)`. */
  hottest: string[];
}

interface PageLoad {
  firstContentfulPaintMs: number;
  blockedAfterPaintMs: number;
  longTasks: LongTask[];
}

const sourceMaps = new Map<string, TraceMap | undefined>();

/** `file:line function` of a sampled frame, through the build's source map when it has one. */
function frameName({
  url = '',
  functionName,
  lineNumber = 0,
  columnNumber = 0,
}: ProfileNode['callFrame']) {
  const asset = url.includes('/assets/') ? url.slice(url.lastIndexOf('/assets/') + 8) : undefined;
  if (asset !== undefined && !sourceMaps.has(asset)) {
    const file = path.join(ASSETS, `${asset}.map`);
    sourceMaps.set(
      asset,
      fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : undefined,
    );
  }
  const map = asset === undefined ? undefined : sourceMaps.get(asset);
  if (map) {
    const original = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    if (original.source)
      return `${original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${original.line} ${original.name ?? functionName}`;
  }
  return `${url ? url.slice(url.lastIndexOf('/') + 1) : ''} ${functionName || '(native)'}`.trim();
}

/**
 * Chromium now and then records a load without its first-contentful-paint event (about 1 load in
 * 20): such a trace cannot be measured, so that page is loaded again (`tracePage`).
 */
class TraceWithoutPaint extends Error {
  constructor() {
    super('the trace has no first contentful paint');
  }
}

/** Reads one load's trace: the page's main thread, its tasks, and the profiler's samples. */
function analyse(events: TraceEvent[]): PageLoad {
  const threadNames = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const eventsOn = (thread: TraceEvent) =>
    events.filter((event) => event.pid === thread.pid && event.tid === thread.tid);
  // The page's renderer is the one whose main thread did the most (others are Chromium's own).
  const mainThread = threadNames
    .map((thread) => ({ thread, events: eventsOn(thread) }))
    .sort((a, b) => b.events.length - a.events.length)[0];
  if (!mainThread) throw new Error('the trace has no renderer main thread');
  const main = mainThread.events;
  const start = Math.min(...main.filter((event) => event.ts > 0).map((event) => event.ts));
  const paint = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === mainThread.thread.pid,
  );
  if (!paint) throw new TraceWithoutPaint();

  // The profiler's samples as (instant, node); chunks carry the nodes met since the last one.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === mainThread.thread.pid,
  );
  let instant = Number(profile?.args?.data?.startTime ?? 0);
  for (const chunk of events.filter(
    (event) => event.name === 'ProfileChunk' && event.pid === mainThread.thread.pid,
  )) {
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      instant += data?.timeDeltas?.[index] ?? 0;
      samples.push({ ts: instant, node });
    });
  }

  // Playwright's own scripts (waiting for the app's mark) run in tasks of their own: left out.
  const playwrightScripts = main.filter((event) => event.name === 'EvaluateScript');
  const tasks = main.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.dur !== undefined &&
      !playwrightScripts.some(
        (script) => script.ts >= event.ts && script.ts < event.ts + event.dur!,
      ),
  );
  let blocked = 0;
  const longTasks: LongTask[] = [];
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    if (end < paint.ts) continue;
    const afterPaintMs = (end - Math.max(task.ts, paint.ts)) / 1000;
    if (afterPaintMs > LONG_TASK_MS) blocked += afterPaintMs - LONG_TASK_MS;
    if (task.dur! / 1000 <= LONG_TASK_MS) continue;
    const steps = main
      .filter(
        (event) =>
          event !== task &&
          event.ts >= task.ts &&
          event.ts < end &&
          (event.dur ?? 0) > 5000 &&
          !event.name.startsWith('V8.'),
      )
      .slice(0, 6)
      .map((event) => `${event.name} ${Math.round(event.dur! / 1000)} ms`);
    const counts = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const node = nodes.get(sample.node);
      if (!node || ['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName))
        continue;
      const name = frameName(node.callFrame);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const hottest = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, count]) => `${name} (${count})`);
    longTasks.push({
      startMs: Math.round((task.ts - start) / 1000),
      durationMs: Math.round(task.dur! / 1000),
      steps,
      hottest,
    });
  }
  return {
    firstContentfulPaintMs: Math.round((paint.ts - start) / 1000),
    blockedAfterPaintMs: Math.round(blocked),
    longTasks,
  };
}

async function traceLoad(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  url: string,
): Promise<PageLoad> {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Tracing.start', {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
      ].join(','),
      transferMode: 'ReturnAsStream',
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('html[data-app-started]', { state: 'attached', timeout: 30_000 });
    await page.waitForTimeout(SETTLE_MS);
    const complete = new Promise<{ stream?: string }>((resolve) =>
      cdp.once('Tracing.tracingComplete', resolve),
    );
    await cdp.send('Tracing.end');
    const { stream } = await complete;
    if (!stream) throw new Error('Chromium returned no trace');
    let text = '';
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle: stream });
      text += chunk.data;
      if (chunk.eof) break;
    }
    const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
    return analyse(Array.isArray(parsed) ? parsed : parsed.traceEvents);
  } finally {
    await page.close();
  }
}

/** One measured load of `url`, loading it again (up to 3 times) when the trace has no paint. */
async function tracePage(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  url: string,
): Promise<PageLoad> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await traceLoad(browser, url);
    } catch (error) {
      if (!(error instanceof TraceWithoutPaint) || attempt === 3) throw error;
      console.log(`  ${url}: ${error.message}, loading it again`);
    }
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-long-tasks-'));
  const server = startBuiltServer(PORT, dataDir);
  const browser = await launchChromium();
  try {
    const baseUrl = `http://127.0.0.1:${PORT}`;
    await waitUntilAnswering(`${baseUrl}/api/health`, server);
    const results: { page: string; blockedMs: number[]; median: PageLoad }[] = [];
    for (const page of await storefrontPages(baseUrl)) {
      const loads: PageLoad[] = [];
      for (let run = 0; run < RUNS; run += 1) loads.push(await tracePage(browser, page.url));
      loads.sort((a, b) => a.blockedAfterPaintMs - b.blockedAfterPaintMs);
      const median = loads[Math.floor(loads.length / 2)]!;
      results.push({ page: page.name, blockedMs: loads.map((l) => l.blockedAfterPaintMs), median });
      console.log(
        `${page.name.padEnd(8)} blocked after first paint (${CPU_SLOWDOWN}x CPU): median ${median.blockedAfterPaintMs} ms` +
          ` (runs ${loads.map((l) => l.blockedAfterPaintMs).join(' / ')}); first paint ${median.firstContentfulPaintMs} ms`,
      );
      for (const task of median.longTasks) {
        console.log(`  @${task.startMs} ms, ${task.durationMs} ms: ${task.steps.join(' | ')}`);
        if (task.hottest.length > 0) console.log(`      ${task.hottest.join('; ')}`);
      }
    }
    const dir = path.join(ROOT, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(
      dir,
      `long-tasks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    fs.writeFileSync(
      file,
      JSON.stringify({ cpuSlowdown: CPU_SLOWDOWN, runs: RUNS, results }, null, 2),
    );
    console.log(`written ${path.relative(ROOT, file)}`);
  } finally {
    await browser.close();
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
