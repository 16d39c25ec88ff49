/// <reference types="node" />
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { CustomerStatement } from '../schemas/ledger.js';
import type { RenderJob } from './render-worker.js';

/**
 * Renders a document definition to PDF bytes in Node, with the Roboto files pdfmake ships (they
 * have the rupee sign). For the server's shared links (`/api/shared/{token}.pdf`, docs/documents.md
 * "Sharing"), the document tests and `bench/documents.ts`: the browser has its own renderer
 * (apps/web/src/components/documents/render.ts); the shared index never imports this file, the
 * server does as `@bazaar/shared/node-render`.
 */

const require = createRequire(import.meta.url);

type PdfMakeNode = typeof PdfMake;

let pdfmake: PdfMakeNode | undefined;

function printer(): PdfMakeNode {
  if (pdfmake) return pdfmake;
  const instance = require('pdfmake') as PdfMakeNode;
  const fonts = require('pdfmake/fonts/Roboto.js') as Parameters<PdfMakeNode['setFonts']>[0];
  const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
  instance.setFonts(fonts);
  // Documents never load images or files: refuse every URL and any file but the fonts.
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  pdfmake = instance;
  return instance;
}

/** The PDF of `definition` as bytes. @throws what pdfmake throws for a bad definition. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return printer().createPdf(definition).getBuffer();
}

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

/**
 * A statement of at least this many ledger rows (about 28 pages) is drawn in parts, one per
 * worker, and joined (decision 35); a shorter one by one worker, whole.
 */
export const STATEMENT_PARTS_MIN_ROWS = 2_000;

/** Workers that draw statements: one per core, at most 4 (joining more parts costs more). */
const STATEMENT_WORKERS = Math.max(1, Math.min(4, os.availableParallelism()));

/** A running statement worker with its jobs in flight (a failing worker rejects only its own). */
interface StatementWorker {
  thread: Worker;
  jobs: Map<number, Pending>;
}

const statementWorkers: Array<StatementWorker | undefined> = [];
let nextJob = 1;

/**
 * Worker `index` of the statement workers (./render-worker): started on first use and kept.
 * From the build it is that file's JavaScript; from TypeScript sources (the tests, the
 * benchmarks) a small module first registers tsx's loader in the worker, then imports the
 * TypeScript file.
 */
function worker(index: number): StatementWorker {
  const running = statementWorkers[index];
  if (running) return running;
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(`./render-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  let entry = script;
  if (fromSource) {
    const tsxApi = pathToFileURL(
      path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
    );
    const bootstrap = [
      `const { register } = await import(${JSON.stringify(tsxApi.href)});`,
      'register();',
      `await import(${JSON.stringify(script.href)});`,
    ].join('\n');
    entry = new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
  }
  const started = new Worker(entry);
  const jobs = new Map<number, Pending>();
  const kept: StatementWorker = { thread: started, jobs };
  // The server's own handles keep the process alive; an idle worker must not.
  started.unref();
  started.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = jobs.get(message.id);
    if (!job) return;
    jobs.delete(message.id);
    if (message.pdf)
      job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    else job.reject(new Error(message.error ?? 'statement PDF failed'));
  });
  // A worker that fails takes its jobs with it: the statement is refused, the next one starts
  // another worker.
  const fail = (error: Error) => {
    if (statementWorkers[index] === kept) statementWorkers[index] = undefined;
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`statement PDF worker stopped (${code})`)));
  statementWorkers[index] = kept;
  return kept;
}

/** Posts `job` (less its id) to worker `index`; resolves with the PDF it answers. */
function run(index: number, job: DistributiveOmit<RenderJob, 'id'>): Promise<Buffer> {
  const id = nextJob++;
  const { thread, jobs: inFlight } = worker(index);
  return new Promise<Buffer>((resolve, reject) => {
    inFlight.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ ...job, id });
  }).finally(() => {
    inFlight.delete(id);
    if (inFlight.size === 0) thread.unref();
  });
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The customer statement PDF (`writeStatementPdf`, docs/back-office-ledger.md "Statement") drawn
 * in worker threads, so the event loop keeps serving other requests meanwhile. A statement of
 * `STATEMENT_PARTS_MIN_ROWS` rows or more is drawn in equal page ranges, one per worker (one per
 * core, at most 4), and the parts joined in the first worker: a year of a very busy customer
 * (15,000 rows, 211 pages) in about half the time of one core (decision 35).
 * @throws Error when a worker fails to draw or join it.
 */
export async function renderStatementPdf(statement: CustomerStatement): Promise<Buffer> {
  const count = statement.rows.length >= STATEMENT_PARTS_MIN_ROWS ? STATEMENT_WORKERS : 1;
  if (count === 1) return run(0, { kind: 'draw', statement, part: { index: 0, count: 1 } });
  const parts = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      run(index, { kind: 'draw', statement, part: { index, count } }),
    ),
  );
  return run(0, { kind: 'join', parts });
}

/** Stops the statement workers (tests and a clean shutdown); the next statement starts others. */
export async function stopStatementWorker(): Promise<void> {
  const running = statementWorkers.splice(0);
  await Promise.all(running.map((entry) => entry?.thread.terminate()));
}
export { writeStatementPdf } from './statement-pdf.js';
