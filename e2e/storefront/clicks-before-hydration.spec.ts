import type { ProductCard } from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseUrl } from '../support/browser.js';
import { launchChromium } from '../support/processes.js';
import { apiGridPage } from './helpers.js';

/*
 * docs/decisions/0032-clicks-before-hydration-are-replayed.md: on a page the server rendered, a
 * click on Add to cart (or a wishlist heart) before the app has taken the page over is held back
 * and carried out once it has, exactly once. The scripts are held on their way here, as a slow
 * phone would get them, so the clicks land (1) before the app's script has even arrived and
 * (2) after the app has started but while the page's own chunk is still loading, when React
 * itself would drop a click on the not yet hydrated part.
 *
 * The browser is launched without launchBrowser's wrapper, whose `goto` waits for the app.
 */

const PENDING_CART_KEY = 'bazaar.pendingCart';

let browser: Browser;
let product: ProductCard;

beforeAll(async () => {
  browser = await launchChromium();
  const candidate = (await apiGridPage({})).items.find((item) => item.stockQuantity >= 2);
  if (!candidate) throw new Error('the grid has no product in stock');
  product = candidate;
});

afterAll(async () => {
  await browser?.close();
});

/** Holds every script whose path matches `pattern` for `ms` before letting it through. */
async function holdScripts(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}

/** The browser cart's lines (docs/shopping.md "Guest cart"). */
async function browserCart(page: Page): Promise<{ productId: number; quantity: number }[]> {
  return page.evaluate((key) => {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '{"items":[]}') as {
      items: { productId: number; quantity: number }[];
    };
    return stored.items.map(({ productId, quantity }) => ({ productId, quantity }));
  }, PENDING_CART_KEY);
}

const appStarted = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.appStarted === 'true');

async function visitorPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
}

describe('clicks before the app has taken a server-rendered page over', () => {
  test('Add to cart pressed before any script has arrived adds the product once the page is live', async () => {
    const { context, page } = await visitorPage();
    try {
      await holdScripts(page, /^\/assets\/.+\.js$/, 2_000);
      await page.goto(`/ProductInfo?id=${product.id}`, { waitUntil: 'domcontentloaded' });
      const add = page.getByRole('main').getByRole('button', { name: 'Add to cart', exact: true });
      await add.click();
      // The click landed on the server's markup: the app had not started.
      expect(await appStarted(page)).toBe(false);
      expect(await add.getAttribute('aria-busy')).toBe('true');

      await page.getByRole('alert').filter({ hasText: 'Added to cart' }).first().waitFor();
      expect(await appStarted(page)).toBe(true);
      expect(await browserCart(page)).toEqual([{ productId: product.id, quantity: 1 }]);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Cart\s*1 item$/ })
        .waitFor();
      expect(await add.getAttribute('aria-busy')).toBeNull();

      // Live now: the next click goes straight to the app.
      await add.click();
      await expect.poll(() => browserCart(page)).toEqual([{ productId: product.id, quantity: 2 }]);
    } finally {
      await context.close();
    }
  });

  test('Add to cart pressed after the app started, while the page’s own code loads, still adds it', async () => {
    const { context, page } = await visitorPage();
    try {
      await holdScripts(page, /^\/assets\/product-info-page-[\w-]+\.js$/, 3_000);
      await page.goto(`/ProductInfo?id=${product.id}`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.documentElement.dataset.appStarted === 'true');
      const add = page.getByRole('main').getByRole('button', { name: 'Add to cart', exact: true });
      await add.click();
      expect(await add.getAttribute('aria-busy')).toBe('true');

      await page.getByRole('alert').filter({ hasText: 'Added to cart' }).first().waitFor();
      expect(await browserCart(page)).toEqual([{ productId: product.id, quantity: 1 }]);
    } finally {
      await context.close();
    }
  });

  test('a visitor’s wishlist heart pressed before any script has arrived opens the login, coming back here', async () => {
    const { context, page } = await visitorPage();
    try {
      await holdScripts(page, /^\/assets\/.+\.js$/, 1_500);
      await page.goto(`/ProductInfo?id=${product.id}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('main').getByRole('button', { name: 'Add to wishlist' }).click();
      expect(await appStarted(page)).toBe(false);

      await page.waitForURL((url) => url.pathname === '/CustomerLogin');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(
        `/ProductInfo?id=${product.id}`,
      );
    } finally {
      await context.close();
    }
  });
});
