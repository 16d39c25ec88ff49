import fs from 'node:fs';
import path from 'node:path';
import type { StockPage, StockRow } from '@bazaar/shared';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { uniqueMobile } from '../accounts/helpers.js';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Paise as the page should show them, written here independently of the app's helper: en-IN
 * rupees with two decimals ('₹2,101.05').
 */
export function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
}

/** Calls the API with the browser context's session (signed in through the login page). */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<T> {
  const response =
    method === 'GET'
      ? await request.get(url)
      : await request.post(url, {
          data: body ?? {},
          headers: { 'content-type': 'application/json' },
        });
  if (!response.ok()) {
    throw new Error(`${method} ${url}: HTTP ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** A stock row by item, category, type and size (all pages), or undefined. */
export async function findStock(
  request: APIRequestContext,
  line: { item: string; category: string; type: string; size: string },
): Promise<StockRow | undefined> {
  for (let page = 1; ; page += 1) {
    const result = await apiCall<StockPage>(request, 'GET', `/api/stock?page=${page}`);
    const row = result.items.find(
      (each) =>
        each.item === line.item &&
        each.category === line.category &&
        each.type === line.type &&
        each.size === line.size,
    );
    if (row) return row;
    if (page >= result.totalPages) return undefined;
  }
}

/**
 * Makes sure the stock holds at least `atLeast` pieces of the line's item x category x type x
 * size (creating the row or adding to it as the admin) and returns the row as it then is.
 */
export async function ensureStock(
  request: APIRequestContext,
  line: { item: string; category: string; type: string; size: string },
  atLeast: number,
): Promise<StockRow> {
  const existing = await findStock(request, line);
  if (!existing) {
    return apiCall<StockRow>(request, 'POST', '/api/stock', {
      item: line.item,
      category: line.category,
      type: line.type,
      size: line.size,
      quantity: atLeast,
      pricePaise: 45_000,
    });
  }
  if (existing.quantity >= atLeast) return existing;
  return apiCall<StockRow>(request, 'POST', `/api/stock/${existing.id}/adjust`, {
    kind: 'add',
    quantity: atLeast - existing.quantity,
  });
}

/** Creates a wholesale customer as the admin (`POST /api/customers`) and returns its id and name. */
export async function createCustomer(
  request: APIRequestContext,
  stamp: string,
  label: string,
): Promise<{ id: number; name: string; shopName: string }> {
  const name = `${label} ${stamp.slice(-6)}`;
  const created = await apiCall<{ customer: { id: number; name: string; shopName: string } }>(
    request,
    'POST',
    '/api/customers',
    {
      name,
      mobile: uniqueMobile(9),
      email: `bills-${label.toLowerCase().replace(/\W+/g, '-')}-${stamp}@example.test`,
      shopName: `${label} Textiles`,
      locality: 'Boring Road',
      landmark: 'Near Gandhi Maidan',
      city: 'Patna',
      pincode: '800001',
    },
  );
  return created.customer;
}

/** The bill table's row of a Bill-No ('0012'). */
export function billRow(page: Page, billNumber: string): Locator {
  return page
    .getByRole('table', { name: 'Bills' })
    .getByRole('row', { name: `Bill ${billNumber}` });
}

/** A stock table row ('Shirt-Box Silver Men's'). */
export function stockRow(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'Stock' }).getByRole('row', { name, exact: true });
}

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string | RegExp, option: string) {
  await scope.getByLabel(label, { exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A screenshot under e2e/screenshots/ named 'bills-<name>' once transitions are over: the full
 * page from the top, or only the window (a dialog).
 */
export async function snap(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `bills-${name}.png`), fullPage });
}

/**
 * Asserts that `locator` (a button) is whole on screen as the page shows it: the window scrolled
 * up or down to it (never sideways, and no table scrolled for it), its box lies inside the
 * viewport and inside every ancestor that clips it (a table that scrolls sideways), so nothing
 * of it is cut off at a screen or table edge.
 */
export async function expectWholeOnScreen(page: Page, locator: Locator, what: string) {
  await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    window.scrollBy(0, rect.top + rect.height / 2 - window.innerHeight / 2);
  });
  const box = await locator.boundingBox();
  expect(box, `${what}: on the page`).not.toBeNull();
  const viewport = page.viewportSize()!;
  const clips = await locator.evaluate((element) => {
    const found: { left: number; right: number; top: number; bottom: number }[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const rect = node.getBoundingClientRect();
        found.push({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
      }
    }
    return found;
  });
  const edges = [{ left: 0, top: 0, right: viewport.width, bottom: viewport.height }, ...clips];
  // Half a pixel of rounding either way.
  for (const edge of edges) {
    expect(
      box!.x >= edge.left - 0.5 &&
        box!.y >= edge.top - 0.5 &&
        box!.x + box!.width <= edge.right + 0.5 &&
        box!.y + box!.height <= edge.bottom + 0.5,
      `${what} at ${JSON.stringify(box)} inside ${JSON.stringify(edge)}`,
    ).toBe(true);
  }
}

/** Polls until `read` gives `expected`, then asserts (a failure shows the last value). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  expect(value).toEqual(expected);
}
