/**
 * Document rendering benchmark (docs/performance.md "Budgets": the summary invoice of a customer
 * with 500 bills renders in under 1 s in Node). Builds the definition from fixed data and renders
 * it to PDF bytes with pdfmake, as the tests do: BENCH_RUNS (default 7) measured runs after one
 * warm-up, reporting median and max; also a 60-line tax invoice for comparison. Exits 1 when the
 * median of the summary is over the budget. Writes bench/results/documents.json.
 *
 * Run: npx tsx bench/documents.ts (no build or database needed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  longBillInvoice,
  sampleCustomerSummary,
} from '../packages/shared/test/documents/fixtures.js';
import { renderPdf } from '../packages/shared/src/documents/node-render.js';
import {
  billInvoiceDocument,
  customerSummaryDocument,
} from '../packages/shared/src/documents/index.js';

const BUDGET_MS = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

interface Figures {
  name: string;
  runs: number[];
  medianMs: number;
  maxMs: number;
  pages: number;
  bytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Times definition + render `RUNS` times after a warm-up. */
async function measure(name: string, build: () => TDocumentDefinitions): Promise<Figures> {
  await renderPdf(build());
  const runs: number[] = [];
  let last: Buffer = Buffer.alloc(0);
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    last = await renderPdf(build());
    runs.push(performance.now() - start);
  }
  const pages = (last.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  return {
    name,
    runs,
    medianMs: median(runs),
    maxMs: Math.max(...runs),
    pages,
    bytes: last.length,
  };
}

async function main(): Promise<void> {
  const summaryData = sampleCustomerSummary(500);
  const invoiceData = longBillInvoice(60);
  const results = [
    await measure('summary invoice, 500 bills', () => customerSummaryDocument(summaryData)),
    await measure('tax invoice, 60 lines', () => billInvoiceDocument(invoiceData)),
  ];
  for (const result of results) {
    console.log(
      `${result.name}: median ${result.medianMs.toFixed(0)} ms, max ${result.maxMs.toFixed(0)} ms ` +
        `over ${RUNS} runs (${result.pages} pages, ${(result.bytes / 1024).toFixed(0)} KB); ` +
        `runs ${result.runs.map((ms) => ms.toFixed(0)).join(' / ')} ms`,
    );
  }
  const dir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'documents.json'),
    JSON.stringify({ at: new Date().toISOString(), budgetMs: BUDGET_MS, results }, null, 2),
  );
  const summary = results[0]!;
  const verdict = summary.medianMs < BUDGET_MS ? 'met' : 'NOT met';
  console.log(`Budget: summary of 500 bills under ${BUDGET_MS} ms: ${verdict}`);
  if (summary.medianMs >= BUDGET_MS) process.exitCode = 1;
}

await main();
