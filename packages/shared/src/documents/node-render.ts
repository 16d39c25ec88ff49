/// <reference types="node" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { CustomerStatement } from '../schemas/ledger.js';

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

let statementWorker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextJob = 1;

/**
 * The worker that draws statements (./render-worker): started on first use and kept. From the
 * build it is that file's JavaScript; from TypeScript sources (the tests, the benchmarks) a
 * small module first registers tsx's loader in the worker, then imports the TypeScript file.
 */
function worker(): Worker {
  if (statementWorker) return statementWorker;
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
  // The server's own handles keep the process alive; an idle worker must not.
  started.unref();
  started.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (message.pdf)
      job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    else job.reject(new Error(message.error ?? 'statement PDF failed'));
  });
  const fail = (error: Error) => {
    statementWorker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => {
    if (statementWorker === started) fail(new Error(`statement PDF worker stopped (${code})`));
  });
  statementWorker = started;
  return started;
}

/**
 * The customer statement PDF (`writeStatementPdf`, docs/back-office-ledger.md "Statement") drawn
 * in a worker thread, so the event loop keeps serving other requests meanwhile; statements wait
 * for each other in the worker (one core's worth at most).
 * @throws Error when the worker fails to draw it.
 */
export function renderStatementPdf(statement: CustomerStatement): Promise<Buffer> {
  const id = nextJob++;
  const thread = worker();
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, statement });
  }).finally(() => {
    if (pending.size === 0) statementWorker?.unref();
  });
}

/** Stops the statement worker (tests and a clean shutdown); the next statement starts another. */
export async function stopStatementWorker(): Promise<void> {
  const running = statementWorker;
  statementWorker = undefined;
  await running?.terminate();
}
export { writeStatementPdf } from './statement-pdf.js';
