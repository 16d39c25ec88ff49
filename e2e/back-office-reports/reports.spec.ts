import type { Dashboard, TransactionsReport } from '@bazaar/shared';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn } from '../accounts/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

/*
 * docs/back-office-reports.md: the admin home's six charts drawn from the
 * demo bills, and Total transaction following the Select dates dropdown, in real Chromium at 1280
 * and 390 px. Figures on screen are compared with the API's, formatted here independently.
 */

/** Paise as the page shows them: en-IN rupees with two decimals ('₹2,101.05'). */
function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
}

async function apiGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`GET ${url}: HTTP ${response.status()}`);
  return (await response.json()) as T;
}

const CHARTS = [
  { title: 'Received, GST and Credit', marks: '.recharts-pie-sector path' },
  { title: 'Sell amount per month', marks: '.recharts-area-area' },
  { title: 'Sell count per month', marks: '.recharts-bar-rectangle path' },
  { title: 'Received amount per month', marks: '.recharts-area-area' },
  { title: 'Dues per month', marks: '.recharts-area-area' },
  { title: 'Payments received per month', marks: '.recharts-area-area' },
] as const;

/** A chart card by its title (each is a `section` named by its title). */
function chartCard(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Waits until the card's chart has drawn marks with real geometry (a non-empty `d`). */
async function expectDrawn(card: Locator, marks: string): Promise<void> {
  await card.locator(marks).first().waitFor();
  const shapes = await card
    .locator(marks)
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('d') ?? '').filter((d) => d.length > 10),
    );
  expect(shapes.length, marks).toBeGreaterThan(0);
}

/** The text of one of Total transaction's totals ('Total amount', 'Dues amount', ...). */
async function totalOf(page: Page, label: string): Promise<string> {
  const card = page.getByLabel('Totals').getByText(label, { exact: true }).locator('..');
  return (await card.locator('p').last().textContent()) ?? '';
}

/** Full-page screenshot 'back-office-reports-<name>' once transitions and chart animations end. */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0); // no chart tooltip left open under the pointer
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Recharts animates its shapes with JavaScript for about a second after drawing.
  await page.waitForTimeout(1600);
  await screenshot(page, `back-office-reports-${name}`);
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await logIn(page, 'admin', DEMO_EMAILS.admin);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('admin home (/adminHome)', () => {
  test('shows the tiles and the six charts drawn from the demo bills', async () => {
    const dashboard = await apiGet<Dashboard>(context.request, '/api/reports/dashboard');
    expect(dashboard.months).toHaveLength(12);
    expect(dashboard.months.some((month) => month.billCount > 0)).toBe(true);

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const customers = page.getByRole('link', { name: 'Total Customer: view customers' });
    await expect.poll(() => customers.textContent()).toContain(String(dashboard.totalCustomers));
    await page.getByText(rupees(dashboard.totalCreditPaise)).first().waitFor();

    for (const chart of CHARTS) {
      const card = chartCard(page, chart.title);
      await card.waitFor();
      await expectDrawn(card, chart.marks);
    }
    const firstLabel = dashboard.months[0]!.label;
    const lastLabel = dashboard.months.at(-1)!.label;
    await expect
      .poll(() => chartCard(page, 'Sell amount per month').textContent())
      .toContain(`${firstLabel} – ${lastLabel}, by month`);
    await snap(page, 'admin-home-1280');

    await customers.click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/totalcustomer');
  });
});

describe('total transactions (/totalTransaction)', () => {
  test('changing the interval changes the table and the totals', async () => {
    await page.goto('/totalTransaction');
    await page.getByRole('heading', { name: 'Total transaction', level: 1 }).waitFor();
    const year = await apiGet<TransactionsReport>(
      context.request,
      '/api/reports/transactions?interval=1%20YEAR',
    );
    expect(year.total).toBeGreaterThan(10);
    await expect.poll(() => totalOf(page, 'Total amount')).toBe(rupees(year.totals.amountPaise));
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(10);
    for (const chart of [
      'Sell amount by item',
      'No of Quantity sell on every month',
      'Top five best customers',
    ]) {
      await chartCard(page, chart).locator('.recharts-surface').first().waitFor();
    }
    await snap(page, 'total-transaction-1280');

    const quarter = await apiGet<TransactionsReport>(
      context.request,
      '/api/reports/transactions?interval=3%20MONTH',
    );
    expect(quarter.total).toBeLessThan(year.total);
    await page.getByLabel('Select dates', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Last three month', exact: true }).click();
    await expect.poll(() => totalOf(page, 'Total amount')).toBe(rupees(quarter.totals.amountPaise));
    await expect.poll(() => totalOf(page, 'Dues amount')).toBe(rupees(quarter.totals.duesPaise));
    await expect
      .poll(() => page.getByTestId('report-period').textContent())
      .toContain(`${quarter.total} bills`);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(Math.min(10, quarter.total));
    const firstShop = await table
      .locator('tbody tr')
      .first()
      .locator('td')
      .nth(1)
      .locator('p')
      .first()
      .textContent();
    expect(firstShop).toBe(quarter.rows[0]!.shopName);

    // A custom range the wrong way round is refused with the server's message, then Reset.
    await page.getByLabel('Start date').fill('2026-03-10');
    await page.getByLabel('End date').fill('2026-03-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('The start date must be on or before the end date').waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => totalOf(page, 'Total amount')).toBe(rupees(year.totals.amountPaise));
  });
});

describe('at 390 px', () => {
  test('the admin home and Total transaction fit a phone', async () => {
    const mobile = await newContext(browser, 'mobile');
    const phone = await mobile.newPage();
    try {
      await logIn(phone, 'admin', DEMO_EMAILS.admin);
      for (const chart of CHARTS) await expectDrawn(chartCard(phone, chart.title), chart.marks);
      // Charts are 320 px tall under 400 px wide (docs/back-office-reports.md "Decisions").
      const height = await chartCard(phone, 'Sell count per month')
        .locator('.recharts-responsive-container')
        .evaluate((element) => element.getBoundingClientRect().height);
      expect(Math.round(height)).toBe(320);
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await snap(phone, 'admin-home-390');
      await phone.goto('/totalTransaction');
      await phone.getByRole('table', { name: 'Transactions' }).waitFor();
      await snap(phone, 'total-transaction-390');
    } finally {
      await mobile.close();
    }
  });
});
