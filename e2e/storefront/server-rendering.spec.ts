import { formatRupeesShort, type ProductPage } from '@bazaar/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseUrl, launchBrowser, newContext } from '../support/browser.js';
import { apiGridPage, productGrid } from './helpers.js';

/*
 * The storefront's first pages come rendered by the server and are hydrated in the browser
 * (page speed; docs/decisions/0014-storefront-first-pages-rendered-on-the-server.md):
 * the HTML alone shows the page (a browser without JavaScript, a search engine), the browser
 * adopts that markup as it is (the server's heading is still the same element once the app
 * runs, which a mismatch would have replaced, and nothing is logged as an error), and the page
 * then works.
 */

/** Remembers the page's first heading as parsed from the HTML, before any script has run. */
const REMEMBER_SERVER_HEADING = `
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive')
      window.__serverHeading = document.querySelector('#root[data-server-rendered] h1');
  });
`;

let browser: Browser;
let product: ProductPage['items'][number];

beforeAll(async () => {
  browser = await launchBrowser();
  product = (await apiGridPage()).items[0]!;
});

afterAll(async () => {
  await browser?.close();
});

describe('server-rendered storefront pages', () => {
  test('the HTML alone shows a product’s name, price and title, and the home page’s sliders', async () => {
    const productHtml = await (await fetch(`${baseUrl()}/ProductInfo?id=${product.id}`)).text();
    expect(productHtml).toContain('<div id="root" data-server-rendered>');
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/ProductInfo?id=${product.id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(product.name);
    expect(await page.locator('#root').textContent()).toContain(
      formatRupeesShort(product.pricePaise),
    );
    // The page's own title, without the app running.
    expect(await page.title()).toBe(`${product.name} by ${product.company} | Bazaar`);
    await page.goto('/');
    expect(await page.getByRole('heading', { name: 'Best selling products' }).count()).toBe(1);
    expect(await page.locator('#root article').count()).toBeGreaterThan(0);
    await context.close();
  });

  for (const [name, path] of [
    ['home', '/'],
    ['product', 'product'],
  ] as const) {
    test(`the ${name} page is hydrated without a mismatch and then works`, async () => {
      const context = await newContext(browser, 'mobile');
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(REMEMBER_SERVER_HEADING);
      await page.goto(path === 'product' ? `/ProductInfo?id=${product.id}` : path);

      if (name === 'home') {
        // The grid is the browser's own render, after hydration: the app runs.
        await productGrid(page).getByRole('searchbox', { name: 'Search' }).waitFor();
      } else {
        // The menu opens only once the app runs.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').waitFor();
      }
      const sameHeading = await page.evaluate(() => {
        const remembered = (window as unknown as { __serverHeading?: Element }).__serverHeading;
        return remembered !== undefined && remembered !== null && remembered.isConnected;
      });
      expect(sameHeading).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
