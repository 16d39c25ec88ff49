import fs from 'node:fs';
import path from 'node:path';
import type { ProductCard, ProductPage } from '@bazaar/shared';
import { CATALOG_PAGE_SIZE_DEFAULT } from '@bazaar/shared';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, screenshot } from '../support/browser.js';

/** GET from the API under test; the tests use it to learn expected values, never to assert. */
export async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The API page the storefront grid asks for (same page size), e.g. `{ q: 'kurta' }`. */
export async function apiGridPage(
  query: Record<string, string | number | undefined> = {},
): Promise<ProductPage> {
  const params = new URLSearchParams({ pageSize: String(CATALOG_PAGE_SIZE_DEFAULT) });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return api<ProductPage>(`/api/products?${params.toString()}`);
}

/**
 * Polls `read` until `done` accepts its value or the time is up, and returns the last value, so
 * the caller asserts on what the page finally showed (and a failure shows the real value).
 */
export async function settle<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** The 'All products' section of the home page: search, price slider, cards and pages. */
export function productGrid(page: Page): Locator {
  return page.getByRole('region', { name: 'All products' });
}

/** 'Showing 1–20 of 61 products', as the grid words it for the first page of a result. */
export function resultSummary(total: number): string {
  if (total === 0) return 'No products';
  const last = Math.min(CATALOG_PAGE_SIZE_DEFAULT, total);
  return `Showing 1–${last} of ${total.toLocaleString('en-IN')} ${total === 1 ? 'product' : 'products'}`;
}

/** The product name a card shows (its second link: the photo link comes first). */
export function cardName(card: Locator): Locator {
  return card.getByRole('link').nth(1);
}

/** The selling price a card shows, '₹1,299'. */
export function cardPrice(card: Locator): Locator {
  return card.getByText(/^₹[\d,]+(\.\d{2})?$/).first();
}

/** '₹1,299.50' -> 129950 */
export function parseRupees(text: string): number {
  const match = /₹([\d,]+(?:\.\d{2})?)/.exec(text);
  if (!match?.[1]) throw new Error(`no rupee amount in '${text}'`);
  return Math.round(Number(match[1].replaceAll(',', '')) * 100);
}

/** The names on every card of the grid, in order. */
export async function gridCardNames(page: Page): Promise<string[]> {
  const cards = productGrid(page).getByRole('article');
  const names: string[] = [];
  for (let index = 0; index < (await cards.count()); index++) {
    names.push(((await cardName(cards.nth(index)).textContent()) ?? '').trim());
  }
  return names;
}

/**
 * Waits until the grid shows the first page of `expected` (the API's answer for the same
 * filters): the summary line, no update in flight, and the same product names in the same order.
 * Returns the names the grid finally showed.
 */
export async function waitForGrid(page: Page, expected: ProductPage): Promise<string[]> {
  const grid = productGrid(page);
  await grid.getByText(resultSummary(expected.total), { exact: true }).waitFor();
  await grid.getByLabel('Updating products').waitFor({ state: 'hidden' });
  const want = expected.items.map((item: ProductCard) => item.name);
  return settle(
    () => gridCardNames(page),
    (names) => names.join('\n') === want.join('\n'),
  );
}

/**
 * Gets the page ready for a full-page screenshot without changing what it shows: loads the lazily
 * loaded images now and waits until they are decoded (so photos, not empty frames, are drawn),
 * and scrolls to the top (so the sticky header sits where a visitor first sees it).
 */
export async function prepareScreenshot(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    window.scrollTo(0, 0);
  });
}

/**
 * A screenshot under e2e/screenshots/ for people to look at, images loaded: the full page, or
 * only the window (for something fixed on screen, such as the open side menu).
 */
export async function snap(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  await prepareScreenshot(page);
  if (fullPage) {
    await screenshot(page, name);
    return;
  }
  const directory = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, `${name}.png`) });
}
