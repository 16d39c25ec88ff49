/// <reference types="node" />
import { parentPort } from 'node:worker_threads';
import type { CustomerStatement } from '../schemas/ledger.js';
import { joinPdfs } from './join-pdf.js';
import { writeStatementPdf, type StatementPart } from './statement-pdf.js';

/** A job for the worker: draw a statement's part, or join parts drawn by the workers. */
export type RenderJob =
  | { id: number; kind: 'draw'; statement: CustomerStatement; part: StatementPart }
  | { id: number; kind: 'join'; parts: Uint8Array[] };

/**
 * A worker thread that draws statement PDFs off the server's event loop (`renderStatementPdf`
 * in ./node-render.ts): a job (`RenderJob`) is answered `{ id, pdf }` or `{ id, error }`. A year
 * of a very busy customer is seconds of CPU, which would otherwise stop every other request of
 * the process meanwhile.
 */
parentPort?.on('message', (job: RenderJob) => {
  const work =
    job.kind === 'draw' ? writeStatementPdf(job.statement, job.part) : joinPdfs(job.parts);
  work.then(
    (pdf) => parentPort?.postMessage({ id: job.id, pdf }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
