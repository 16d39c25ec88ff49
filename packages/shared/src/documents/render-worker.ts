/// <reference types="node" />
import { parentPort } from 'node:worker_threads';
import type { CustomerStatement } from '../schemas/ledger.js';
import { writeStatementPdf } from './statement-pdf.js';

/**
 * The worker thread that draws statement PDFs off the server's event loop (`renderStatementPdf`
 * in ./node-render.ts): a message `{ id, statement }` is answered `{ id, pdf }` or
 * `{ id, error }`. A year of a very busy customer is seconds of CPU, which would otherwise stop
 * every other request of the process meanwhile.
 */
parentPort?.on('message', (message: { id: number; statement: CustomerStatement }) => {
  writeStatementPdf(message.statement).then(
    (pdf) => parentPort?.postMessage({ id: message.id, pdf }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
