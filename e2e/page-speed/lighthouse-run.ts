/**
 * Lighthouse on the storefront (docs/performance.md), shared by bench/lighthouse.ts and the e2e
 * spec e2e/page-speed/lighthouse.spec.ts: which pages, the thresholds, and one audit of one page in
 * Debian's Chromium. No Vitest here, so the benchmark can import it.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../support/processes.js';

/** The four Lighthouse categories, as Lighthouse names them. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The lowest score (0-100) each category may have on every page. */
export const THRESHOLDS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
};

export type Scores = Record<Category, number>;

/** One page's audit: its scores (0-100) and the failing audits' titles per category. */
export interface PageAudit {
  name: string;
  url: string;
  scores: Scores;
  /** Audits under 90 % that weigh on a category, `id: title (score)`, for the report. */
  findings: string[];
  /** Largest Contentful Paint, Total Blocking Time (ms) and Cumulative Layout Shift. */
  metrics: { lcpMs: number; tbtMs: number; cls: number; fcpMs: number };
  /**
   * Lighthouse's measure of this machine's CPU speed during the audit (its BenchmarkIndex; higher
   * is faster). Simulated throttling multiplies the main-thread work it observes by 4, so a
   * slower hour on this shared VM raises TBT and lowers Performance: printed with the scores.
   */
  benchmarkIndex: number;
  /** The full Lighthouse result (JSON). */
  lhr: unknown;
}

/** The storefront pages the budget is about: home, search results and a product's page. */
export async function storefrontPages(baseUrl: string): Promise<{ name: string; url: string }[]> {
  const response = await fetch(`${baseUrl}/api/products?q=kurta&pageSize=1`);
  if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
  const list = (await response.json()) as { items: { id: number }[] };
  const product = list.items[0];
  if (!product) throw new Error('the demo catalogue has no kurta: load the demo data');
  const pages = [
    { name: 'home', url: `${baseUrl}/` },
    // Search results are the home page's product grid with the query in the URL.
    { name: 'search', url: `${baseUrl}/?q=kurta` },
    { name: 'product', url: `${baseUrl}/ProductInfo?id=${product.id}` },
  ];
  // Each page once before the audits: the server loads the web app's server bundle on its first
  // page request (docs/decisions/0014-storefront-first-pages-rendered-on-the-server.md), and the
  // audits measure a server that has served pages.
  for (const page of pages) await (await fetch(page.url)).text();
  return pages;
}

/** Pages whose scores are under a threshold, as readable lines ('' when all pass). */
export function belowThresholds(audits: PageAudit[]): string[] {
  return audits.flatMap((audit) =>
    CATEGORIES.filter((category) => audit.scores[category] < THRESHOLDS[category]).map(
      (category) =>
        `${audit.name}: ${category} ${audit.scores[category]} < ${THRESHOLDS[category]}`,
    ),
  );
}

/**
 * Runs Lighthouse's default (mobile) configuration, simulated throttling, on one URL in a fresh
 * headless Chromium, and closes it; a Lighthouse runtime error (trace not recorded) is retried
 * once in a fresh browser.
 * @throws Error when Lighthouse returns no result or a runtime error twice (page did not load).
 */
export async function auditPage(name: string, url: string): Promise<PageAudit> {
  // Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP) on a busy machine: one
  // more try in a fresh browser before giving up.
  try {
    return await auditOnce(name, url);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    return auditOnce(name, url);
  }
}

/** Lighthouse ran but recorded no usable trace (NO_NAVSTART, NO_FCP): the page was not judged. */
export class LighthouseRuntimeError extends Error {}

async function auditOnce(name: string, url: string): Promise<PageAudit> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(`Lighthouse: ${lhr.runtimeError.message} (${url})`);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        Math.round((lhr.categories[category]?.score ?? 0) * 100),
      ]),
    ) as Scores;
    const findings = CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
        .map((audit) => `${category}/${audit!.id}: ${audit!.title} (${audit!.score})`),
    );
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      name,
      url,
      scores,
      findings,
      metrics: {
        fcpMs: Math.round(numeric('first-contentful-paint')),
        lcpMs: Math.round(numeric('largest-contentful-paint')),
        tbtMs: Math.round(numeric('total-blocking-time')),
        cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
      },
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      lhr,
    };
  } finally {
    chrome.kill();
  }
}

/** One line per page: `home  perf 97  a11y 100  bp 100  seo 100  LCP 1.9 s ...`. */
export function formatAudit(audit: PageAudit): string {
  const { scores, metrics } = audit;
  return (
    `${audit.name.padEnd(8)} performance ${scores.performance}  accessibility ${scores.accessibility}` +
    `  best-practices ${scores['best-practices']}  seo ${scores.seo}` +
    `  (FCP ${metrics.fcpMs} ms, LCP ${metrics.lcpMs} ms, TBT ${metrics.tbtMs} ms, CLS ${metrics.cls};` +
    ` CPU benchmark ${audit.benchmarkIndex})`
  );
}
