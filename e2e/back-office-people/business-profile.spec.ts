import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_MESSAGES, SAMPLE_GSTIN, SELLER_OF_RECORD } from '@bazaar/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, unique } from '../accounts/helpers.js';
import { expectWholeOnScreen } from '../back-office-bills/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/*
 * docs/back-office-people.md "Business profile" and "Shop list" in Chromium at 1280 px: the
 * admin edits the business's shop fields row by row on /AdminProfile (a wrong GSTIN or pincode
 * is refused beside the field; a saved value survives a reload and is marked where invoices
 * print otherwise), and searches the marketplace's shops on /shopList (case-insensitive; empty
 * reads 'Data not avalible'). Screenshots at 1280 and 390 px go to scratch/A-business/.
 */

const SHOTS = path.resolve(import.meta.dirname, '../../scratch/A-business');

let browser: Browser;

async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The row of the Shop details list labelled `label`. */
function businessRow(page: Page, label: string): Locator {
  return page
    .locator('section[aria-labelledby="profile-business"]')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .last();
}

async function editAndSave(page: Page, label: string, value: string): Promise<Locator> {
  const row = businessRow(page, label);
  await row.getByRole('button', { name: `Edit ${label}` }).click();
  const input = row.getByLabel(label, { exact: true });
  if ((await input.evaluate((element) => element.tagName)) === 'SELECT') {
    await input.selectOption(value);
  } else {
    await input.fill(value);
  }
  const save = row.getByRole('button', { name: `Save ${label}` });
  await expectWholeOnScreen(page, save, `Save ${label} at 1280 px`);
  await save.click();
  return row;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('business profile and shop list', () => {
  test('the admin edits the shop fields of the profile one at a time at 1280 px', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, 'admin', DEMO_EMAILS.admin);
    await page.goto('/AdminProfile');
    const section = page.locator('section[aria-labelledby="profile-business"]');
    await section.getByRole('heading', { name: 'Shop details' }).waitFor();
    for (const label of [
      'Shop name',
      'Shop category',
      'GST No',
      'Address',
      'City',
      'State',
      'Country',
      'Pincode',
      'Description',
    ]) {
      await businessRow(page, label)
        .getByRole('button', { name: `Edit ${label}` })
        .waitFor();
    }
    await snap(page, 'admin-profile-1280');

    // A wrong GSTIN check character and a 5-digit pincode stay on their fields, unsaved.
    let row = await editAndSave(page, 'GST No', '10ABCDE1234F1ZA');
    await row.getByText('Invalid GST No').waitFor();
    await row.getByRole('button', { name: 'Cancel editing GST No' }).click();
    row = await editAndSave(page, 'Pincode', '80001');
    await row.getByText('Pincode must be 6 digits').waitFor();
    await snap(page, 'admin-profile-pincode-error-1280');
    await row.getByRole('button', { name: 'Cancel editing Pincode' }).click();

    const shopName = `Bazaar Wholesale ${unique().slice(-5)}`;
    row = await editAndSave(page, 'Shop name', shopName);
    await page.getByText(ACCOUNT_MESSAGES.profileUpdated).first().waitFor();
    await row.getByText(shopName).waitFor();
    // Invoices keep the configured seller; the row says so.
    await row.getByText(`Invoices print: ${SELLER_OF_RECORD.name}`).waitFor();
    row = await editAndSave(page, 'GST No', SAMPLE_GSTIN.toLowerCase());
    await row.getByText(SAMPLE_GSTIN, { exact: true }).waitFor();
    row = await editAndSave(page, 'Shop category', 'Sport');
    await row.getByText('Sport', { exact: true }).waitFor();
    await editAndSave(page, 'Description', 'Wholesale shirts and trousers');

    await page.reload();
    await businessRow(page, 'Shop name').getByText(shopName).waitFor();
    await businessRow(page, 'GST No').getByText(SAMPLE_GSTIN, { exact: true }).waitFor();
    await businessRow(page, 'Shop category').getByText('Sport', { exact: true }).waitFor();
    await snap(page, 'admin-profile-saved-1280');

    const phone = await newContext(browser, 'mobile');
    const phonePage = await phone.newPage();
    await logIn(phonePage, 'admin', DEMO_EMAILS.admin);
    await phonePage.goto('/AdminProfile');
    await phonePage
      .locator('section[aria-labelledby="profile-business"]')
      .getByText(shopName)
      .waitFor();
    // The longest value (the address) must not squeeze its Edit button until the word is cut.
    const editAddress = businessRow(phonePage, 'Address').getByRole('button', {
      name: 'Edit Address',
    });
    await expectWholeOnScreen(phonePage, editAddress, 'Edit Address at 390 px');
    expect(
      await editAddress.evaluate((button) =>
        [button, ...button.querySelectorAll('*')].every(
          (element) => element.scrollWidth <= element.clientWidth + 1,
        ),
      ),
      'Edit Address shows its whole label at 390 px',
    ).toBe(true);
    await snap(phonePage, 'admin-profile-390');
    await phone.close();
    await context.close();
  });

  test('the admin searches the shops by name, case-insensitive, at 1280 px', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, 'admin', DEMO_EMAILS.admin);
    await page.getByRole('link', { name: 'Shops', exact: true }).first().click();
    await page.waitForURL(/\/shopList/);
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: 'Owner' }).waitFor();
    await snap(page, 'shop-list-1280');

    await page.getByPlaceholder('Search shop name').fill('TEXTILES');
    await expect
      .poll(async () => {
        const names = await table.locator('tbody tr td:nth-child(2)').allTextContents();
        return names.length > 0 && names.every((name) => /textiles/i.test(name));
      })
      .toBe(true);
    await table.getByText('New Lakshmi Textiles').waitFor();
    await expectWholeOnScreen(page, page.getByPlaceholder('Search shop name'), 'search at 1280 px');
    await snap(page, 'shop-list-search-1280');

    await page.getByPlaceholder('Search shop name').fill('zzzz no such shop');
    await page.getByText('Data not avalible', { exact: true }).waitFor();
    await snap(page, 'shop-list-empty-1280');

    const phone = await newContext(browser, 'mobile');
    const phonePage = await phone.newPage();
    await logIn(phonePage, 'admin', DEMO_EMAILS.admin);
    await phonePage.goto('/shopList?search=textiles');
    await phonePage.getByText('New Lakshmi Textiles').first().waitFor();
    await snap(phonePage, 'shop-list-390');
    await phone.close();
    await context.close();
  });
});
