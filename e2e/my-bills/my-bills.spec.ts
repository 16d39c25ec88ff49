import type { MyWholesaleSummary } from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn } from '../accounts/helpers.js';
import { rupees } from '../back-office-bills/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

/**
 * docs/back-office-ledger.md "The customer's own view" in real Chromium: the demo wholesale
 * customer shop1@wholesale.test signs in at /CustomerLogin, opens My Account > My bills and sees
 * the same dues as the admin's transaction screen shows for it; a bill's drawer lists its
 * payments and the ledger tab its rows. Screenshots at 1280 and 390 px go to
 * e2e/screenshots/my-bills-*.png.
 */

describe('a wholesale customer sees its own bills', () => {
  let browser: Browser;
  let shop: BrowserContext;
  let admin: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    shop = await newContext(browser);
    admin = await newContext(browser);
    page = await shop.newPage();
  });

  afterAll(async () => {
    await shop?.close();
    await admin?.close();
    await browser?.close();
  });

  test('My bills shows the dues of the admin transaction screen, at 1280 and 390 px', async () => {
    await logIn(page, 'customer', 'shop1@wholesale.test');
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('link', { name: 'My bills' }).waitFor();
    await page.screenshot({ path: 'e2e/screenshots/my-bills-menu-1280.png' });
    await page.getByRole('link', { name: 'My bills' }).click();
    await page.waitForURL((url) => url.pathname === '/MyBills');
    const tiles = page.getByLabel('My account with the business');
    await tiles.waitFor({ timeout: 15_000 });
    const summary = (await (
      await page.request.get('/api/my/wholesale')
    ).json()) as MyWholesaleSummary;
    expect(summary.customer).not.toBeNull();
    expect(summary.billCount).toBeGreaterThan(0);
    expect(await tiles.locator('[data-tile="Dues"]').textContent()).toBe(rupees(summary.duesPaise));

    // The admin's transaction screen for the same customer: the footer's dues.
    const adminPage = await admin.newPage();
    await logIn(adminPage, 'admin', 'admin@bazaar.test');
    await adminPage.goto(`/TransactionDetails/${summary.customer!.id}`);
    const dues = adminPage.locator('[data-total="Dues amount"]');
    await dues.waitFor({ timeout: 15_000 });
    expect(await dues.textContent()).toBe(rupees(summary.duesPaise));

    // The bills table and one bill's drawer with its payments and the invoice button.
    const table = page.getByRole('table', { name: 'My bills' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'my-bills-1280');
    await table
      .getByRole('button', { name: /^View bill / })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Invoice PDF' }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'my-bills-drawer-1280');
    await drawer.getByRole('button', { name: 'Close bill' }).click();

    await page.getByRole('tab', { name: 'Ledger and statement' }).click();
    const ledger = page.getByRole('table', { name: 'My ledger' });
    await ledger.waitFor({ timeout: 10_000 });
    const balances = await ledger.locator('tbody tr td:last-child').allTextContents();
    expect(balances[0]).toBe(rupees(summary.balancePaise));
    await screenshot(page, 'my-bills-ledger-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: /^Bills/ }).click();
    // Cards instead of the table: each bill's dues and View fit the width.
    const cards = page.getByRole('list', { name: 'My bills list' });
    await cards.waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(Math.min(summary.billCount, 10));
    await screenshot(page, 'my-bills-390');
    await cards
      .getByRole('button', { name: /^View bill / })
      .first()
      .click();
    const invoice = page.getByRole('dialog').getByRole('button', { name: 'Invoice PDF' });
    await invoice.waitFor();
    // The drawer slides in: the picture waits until it covers the narrow screen from the left edge.
    await expect.poll(async () => (await invoice.boundingBox())?.x ?? 999).toBeLessThan(40);
    await screenshot(page, 'my-bills-drawer-390');
  });

  test('a plain marketplace customer has no My bills in its menu and an empty page by URL', async () => {
    const plain = await newContext(browser);
    const own = await plain.newPage();
    await logIn(own, 'customer', 'customer@bazaar.test');
    await own.getByRole('button', { name: 'My Account' }).click();
    await own.getByRole('link', { name: 'My Orders' }).waitFor();
    // The summary has answered (empty state) before the menu is read.
    await own.waitForLoadState('networkidle');
    expect(await own.getByRole('link', { name: 'My bills' }).count()).toBe(0);
    await own.goto('/MyBills');
    await own.getByRole('heading', { name: 'No wholesale bills' }).waitFor({ timeout: 10_000 });
    await screenshot(own, 'my-bills-empty-1280');
    await plain.close();
  });
});
