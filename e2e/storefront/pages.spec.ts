import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import { snap } from './helpers.js';

/** The page's level-1 heading once the (lazily loaded) page has rendered. */
async function pageHeading(page: Page): Promise<string> {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await heading.waitFor();
  return ((await heading.textContent()) ?? '').trim();
}

describe('information pages and routes', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('About US: who we are, three values and the parent company', async () => {
    await page.goto('/AboutUS');
    expect(await pageHeading(page)).toBe('About Bazaar');
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 2, name: 'Who we are' }).isVisible()).toBe(
      true,
    );
    const values = main.getByRole('heading', { level: 3 });
    expect(await values.count()).toBe(3);
    for (const text of await values.allInnerTexts()) expect(text.trim()).not.toBe('');
    const parent = main.getByRole('link', { name: /^Visit Bazaar Textiles/ });
    expect(await parent.isVisible()).toBe(true);
    expect(await parent.getAttribute('target')).toBe('_blank');
    expect(await parent.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await page.title()).toBe('About us | Bazaar');
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: 'About US' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  test('routes ignore case: /aboutus and /termCondition work', async () => {
    await page.goto('/aboutus');
    expect(await pageHeading(page)).toBe('About Bazaar');
    await page.goto('/termCondition');
    expect(await pageHeading(page)).toBe('Terms & Conditions');
    await page.goto('/CONTACTUS');
    expect(await pageHeading(page)).toBe('Contact us');
  });

  test('the four policy pages', async () => {
    for (const [path, title] of [
      ['/returnPolicy', 'Return Policy'],
      ['/PrivacyPolicy', 'Privacy Policy'],
      ['/CancellationPolicy', 'Cancellation Policy'],
      ['/TermCondition', 'Terms & Conditions'],
    ] as const) {
      await page.goto(path);
      expect(await pageHeading(page)).toBe(title);
      expect(await page.title()).toBe(`${title} | Bazaar`);
      const main = page.getByRole('main');
      expect(await main.getByText(/^Last updated: /).isVisible()).toBe(true);
      expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(0);
      const breadcrumb = main.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await breadcrumb.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    }
  });

  test('the cancellation table gives clothing (lifestyle) 7 days, and a product page prevails', async () => {
    await page.goto('/CancellationPolicy');
    await pageHeading(page);
    const table = page.getByRole('table', { name: 'Cancellation windows by category' });
    await table.waitFor();
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) =>
      text.trim(),
    );
    expect(headers).toEqual(['Category', 'Cancellation window', 'What you can do']);

    // Category -> cancellation window, as the table reads.
    const windows = new Map<string, string>();
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    for (let index = 0; index < (await rows.count()); index++) {
      const row = rows.nth(index);
      windows.set(
        ((await row.getByRole('rowheader').textContent()) ?? '').trim(),
        ((await row.getByRole('cell').first().textContent()) ?? '').trim(),
      );
    }
    const lifestyle = [...windows].filter(([category]) => /^Lifestyle\b/.test(category));
    expect(lifestyle.map(([category]) => category)).toEqual([
      "Lifestyle: men's clothing",
      "Lifestyle: women's clothing",
      "Lifestyle: kids' clothing (boys and girls)",
    ]);
    for (const [, days] of lifestyle) expect(days).toBe('7 days');
    expect(await page.getByText(/product page's policy prevails/).isVisible()).toBe(true);
    await snap(page, 'cancellation-policy');
  });

  test('the return and cancellation policies promise only what the shop does', async () => {
    // No size exchange and no fixed refund time: neither is something the marketplace does.
    for (const path of ['/returnPolicy', '/CancellationPolicy']) {
      await page.goto(path);
      await pageHeading(page);
      const text = await page.getByRole('main').innerText();
      expect(text, path).not.toMatch(/exchange for another size|size exchange/i);
      expect(text, path).not.toMatch(/working days/i);
    }
    await page.goto('/returnPolicy');
    await page.getByText(/We do not exchange items for another size/).waitFor();
  });

  test('a footer policy link opens the policy in a new tab', async () => {
    await page.goto('/');
    const link = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Cancellation Policy (opens in a new tab)' });
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    try {
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe('/CancellationPolicy');
      expect(await pageHeading(popup)).toBe('Cancellation Policy');
    } finally {
      await popup.close();
    }
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('an unknown route shows a helpful not-found page with a way home', async () => {
    await page.goto('/no-such-page');
    expect(await pageHeading(page)).toBe('Page not found');
    expect(await page.title()).toBe('Page not found | Bazaar');
    const main = page.getByRole('main');
    expect(await main.getByText('/no-such-page', { exact: true }).isVisible()).toBe(true);
    expect(
      await main.getByRole('search').getByPlaceholder('Search by product name').isVisible(),
    ).toBe(true);
    expect(await main.getByRole('link', { name: 'Contact us' }).isVisible()).toBe(true);
    // The header and footer are still there.
    expect(
      await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).isVisible(),
    ).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await snap(page, 'not-found');

    await main.getByRole('link', { name: 'Go to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 2, name: 'Best selling products' }).waitFor();
  });

  test("the not-found page's search lands on the grid's results", async () => {
    await page.goto('/some/old/link');
    expect(await pageHeading(page)).toBe('Page not found');
    const search = page.getByRole('main').getByRole('search');
    await search.getByPlaceholder('Search by product name').fill('saree');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('q') === 'saree');
    const grid = page.getByRole('region', { name: 'All products' });
    await grid.getByText(/^Showing 1–\d+ of \d+ products?$/).waitFor();
    expect(await grid.getByPlaceholder('Search by product name').inputValue()).toBe('saree');
  });
});
