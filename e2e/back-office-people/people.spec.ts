import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_MESSAGES, BACK_OFFICE_MESSAGES, verhoeffCheckDigit } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, messageOnScreen, unique, uniqueMobile } from '../accounts/helpers.js';
import { expectWholeOnScreen } from '../back-office-bills/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/*
 * docs/back-office-people.md in Chromium: the admin creates a customer,
 * finds it in /TotalCustomer and edits it; an employee sends a customer request which the admin
 * approves; the admin creates an employee; the audit trail lists those changes. Screenshots of
 * every page at 1280 and 390 px go to scratch/A-people/ (git-ignored) to be looked at.
 */

const SHOTS = path.resolve(import.meta.dirname, '../../scratch/A-people');

let browser: Browser;
let admin: BrowserContext;
let employee: BrowserContext;
let adminPage: Page;
let employeePage: Page;

const stamp = unique().replace(/\D/g, '').slice(-6);
const customer = {
  name: `Ramesh Test ${stamp}`,
  shopName: `Ramesh Hosiery ${stamp}`,
  email: `ramesh-${unique()}@example.in`,
  mobile: uniqueMobile(8),
};
const requested = {
  name: `Kavita Request ${stamp}`,
  shopName: `Kavita Fashion ${stamp}`,
  email: `kavita-${unique()}@example.in`,
  mobile: uniqueMobile(7),
};
const staff = {
  name: `Birju Staff ${stamp}`,
  email: `birju-${unique()}@example.in`,
  mobile: uniqueMobile(6),
};

/** A labelled field of `scope`, whether or not its label carries the required asterisk. */
function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Fills the customer form (Create Customer or Create Request) on the page. */
async function fillCustomerForm(
  page: Page,
  values: { name: string; shopName: string; email: string; mobile: string },
) {
  const form = page.locator('form').last();
  await field(form, 'Name').fill(values.name);
  await field(form, 'Shop name').fill(values.shopName);
  await field(form, 'Mobile').fill(values.mobile);
  await field(form, 'Email').fill(values.email);
  await field(form, 'Locality').fill('Boring Road');
  await field(form, 'Landmark').fill('Near A. N. College');
  await field(form, 'Pincode').fill('800001');
  await expect.poll(() => field(form, 'City').inputValue()).not.toBe('');
  return form;
}

/** The generated password in the open Confirmed dialog. */
async function shownPassword(page: Page, message: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: BACK_OFFICE_MESSAGES.customerCreatedTitle });
  await dialog.getByText(message).waitFor();
  const password = (await dialog.getByTestId('generated-password').textContent()) ?? '';
  expect(password).toHaveLength(8);
  return password;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser);
  employee = await newContext(browser);
  adminPage = await admin.newPage();
  employeePage = await employee.newPage();
  await logIn(adminPage, 'admin', DEMO_EMAILS.admin);
  await logIn(employeePage, 'employee', DEMO_EMAILS.employee);
});

afterAll(async () => {
  await browser?.close();
});

describe('back office people', () => {
  test('the admin creates a customer, sees the password once, and a taken email stays on its field', async () => {
    const page = adminPage;
    await page.goto('/createCustomer');
    const form = await fillCustomerForm(page, customer);
    await snap(page, 'create-customer-filled-1280');
    await form.getByRole('button', { name: 'Create customer' }).click();
    await shownPassword(page, BACK_OFFICE_MESSAGES.customerCreated);
    await snap(page, 'create-customer-confirmed-1280');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    // The form clears on success (docs/back-office-people.md "Screens").
    expect(await field(form, 'Name').inputValue()).toBe('');

    await fillCustomerForm(page, { ...customer, mobile: uniqueMobile(9) });
    await form.getByRole('button', { name: 'Create customer' }).click();
    await form.getByText(ACCOUNT_MESSAGES.emailTaken).waitFor();
    await field(form, 'Mobile').fill('5123456789');
    await form.getByRole('button', { name: 'Create customer' }).click();
    await form.getByText('Please re-enter your mobile number').waitFor();
    await snap(page, 'create-customer-errors-1280');
  });

  test('the admin finds the customer in /TotalCustomer and edits it', async () => {
    const page = adminPage;
    await page.goto('/TotalCustomer');
    await page.getByRole('textbox', { name: 'Search customer' }).fill(customer.name.toUpperCase());
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await row.waitFor();
    // The head and the one match, once the debounced search has answered.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expect
      .poll(() =>
        row.getByRole('link', { name: `Transaction of ${customer.name}` }).getAttribute('href'),
      )
      .toMatch(/^\/TransactionDetails\/\d+$/);
    await snap(page, 'total-customer-search-1280');

    await row.getByRole('button', { name: `Edit ${customer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit customer' });
    await field(dialog, 'Shop name').fill(`${customer.shopName} Edited`);
    await snap(page, 'edit-customer-modal-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await messageOnScreen(page, 'information updated !!!').waitFor();
    await row.getByText(`${customer.shopName} Edited`).waitFor();
  });

  test('an employee sends a customer request and the admin approves it', async () => {
    const page = employeePage;
    await page.goto('/employeeHome');
    await page.getByText('Total Customer', { exact: true }).first().waitFor();
    const form = await fillCustomerForm(page, requested);
    await form.getByRole('button', { name: 'Send request' }).click();
    await messageOnScreen(page, 'Request sent to the admin').waitFor();
    const mine = page.getByRole('row').filter({ hasText: requested.shopName });
    await mine.getByText('Pending').waitFor();
    await snap(page, 'employee-home-1280');

    await adminPage.goto('/customerRequests');
    const row = adminPage.getByRole('row').filter({ hasText: requested.shopName });
    await row.waitFor();
    // At 1280 px the table fits beside the menu: Approve and Reject are whole on screen.
    for (const name of ['Approve', 'Reject']) {
      await expectWholeOnScreen(
        adminPage,
        row.getByRole('button', { name, exact: true }),
        `${name} of a customer request at 1280 px`,
      );
    }
    await snap(adminPage, 'customer-requests-1280');
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Approve request' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await shownPassword(adminPage, BACK_OFFICE_MESSAGES.customerCreated);
    await snap(adminPage, 'customer-request-approved-1280');
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await row.waitFor({ state: 'detached' });

    await page.reload();
    await page
      .getByRole('row')
      .filter({ hasText: requested.shopName })
      .getByText('Approved')
      .waitFor();
    await page.goto('/employeeTotalCustomer');
    await page.getByRole('textbox', { name: 'Search Customer' }).fill(requested.shopName);
    const found = page.getByRole('row').filter({ hasText: requested.email });
    await found.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(
      await found.getByRole('link', { name: `Details of ${requested.name}` }).getAttribute('href'),
    ).toMatch(/^\/employeeTransaction\/\d+$/);
    await snap(page, 'employee-total-customer-1280');
  });

  test('the admin creates an employee with an id proof and finds them in /viewEmployees', async () => {
    const page = adminPage;
    await page.goto('/createEmployess');
    const form = page.getByRole('form', { name: 'Create employee' });
    await field(form, 'Employee Name').fill(staff.name);
    await field(form, 'Email').fill(staff.email);
    await field(form, 'Employee Mobile').fill(staff.mobile);
    await field(form, 'Employee Role').fill('Kar');
    await page.getByRole('option', { name: 'Karigar', exact: true }).click();
    const base = `2${stamp.padStart(10, '3')}`;
    const aadhaar = `${base}${verhoeffCheckDigit(base)}`;
    await field(form, 'Aadhar Number').fill(aadhaar);
    await form.locator('input[type="file"]').setInputFiles({
      name: 'id-proof.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await field(form, 'Locality').fill('Rajendra Nagar');
    await field(form, 'Pincode').fill('800016');
    await expect.poll(() => field(form, 'City').inputValue()).not.toBe('');
    await snap(page, 'create-employee-filled-1280');
    await form.getByRole('button', { name: 'Submit' }).click();
    await shownPassword(page, BACK_OFFICE_MESSAGES.employeeCreated);
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

    await page.goto('/viewEmployees');
    await page.getByRole('textbox', { name: 'Search employee' }).fill('karigar');
    const row = page.getByRole('row').filter({ hasText: staff.name });
    await row.waitFor();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Rakesh Paswan' }).count())
      .toBe(0);
    // Only the last four digits of the Aadhaar number are on screen.
    await row.getByRole('cell', { name: `XXXX XXXX ${aadhaar.slice(-4)}`, exact: true }).waitFor();
    const rowText = await row.innerText();
    expect(rowText).not.toContain(aadhaar.slice(0, 8));
    expect(rowText).not.toContain(`${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)}`);
    await snap(page, 'view-employees-1280');

    // The id proof is not a public file: only this admin link hands it out, as an attachment.
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: `View id proof of ${staff.name}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^id-proof-[a-z0-9-]+\.pdf$/);
    expect(fs.readFileSync((await file.path())!).toString('latin1')).toContain('%PDF-1.4');
  });

  test('the audit trail lists those changes with their before and after', async () => {
    const page = adminPage;
    await page.goto('/auditTrail');
    const rows = page.getByRole('row');
    // What changed in words (never a raw id), when in India time like the rest of the app.
    const employeeRow = rows
      .filter({ hasText: `Employee ${staff.name}` })
      .filter({ hasText: 'create' })
      .first();
    await employeeRow.waitFor();
    expect(await employeeRow.innerText()).toMatch(
      /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[ap]m/i,
    );
    expect(await employeeRow.innerText()).not.toMatch(/#|\d{4}-\d{2}-\d{2}T/);
    for (const [record, action] of [
      ['Customer', 'update'],
      ['Customer request', 'approve'],
      ['Customer request', 'create'],
      ['Customer', 'create'],
    ]) {
      expect(
        await rows.filter({ hasText: record! }).filter({ hasText: action! }).count(),
        `${record} ${action}`,
      ).toBeGreaterThan(0);
    }
    const update = rows.filter({ hasText: 'Customer' }).filter({ hasText: 'update' }).first();
    await update.getByRole('button', { name: 'Show the change' }).click();
    await page.getByText(`${customer.shopName} Edited`).first().waitFor();
    // The before and after name people and show times in India time, not ids and UTC ISO.
    expect(await page.locator('tbody').first().innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
    await snap(page, 'audit-trail-1280');
  });

  test('every page at 390 px', async () => {
    const mobileAdmin = await newContext(browser, 'mobile');
    const mobileEmployee = await newContext(browser, 'mobile');
    try {
      const a = await mobileAdmin.newPage();
      const e = await mobileEmployee.newPage();
      await logIn(a, 'admin', DEMO_EMAILS.admin);
      await logIn(e, 'employee', DEMO_EMAILS.employee);
      for (const [page, url, name, ready] of [
        [a, '/createCustomer', 'create-customer', 'Customer details'],
        [a, '/TotalCustomer', 'total-customer', 'Sl. No'],
        [a, '/customerRequests', 'customer-requests', 'Pending'],
        [a, '/createEmployess', 'create-employee', 'Employee details'],
        [a, '/viewEmployees', 'view-employees', 'Sl. No'],
        [a, '/auditTrail', 'audit-trail', 'Reset'],
        [e, '/employeeHome', 'employee-home', 'My requests'],
        [e, '/createRequest', 'create-request', 'Send request'],
        [e, '/employeeTotalCustomer', 'employee-total-customer', 'Sl. No'],
      ] as const) {
        await page.goto(url);
        await page.getByText(ready, { exact: true }).first().waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${url} fits 390 px`).toBeLessThanOrEqual(390);
        await snap(page, `${name}-390`);
      }
    } finally {
      await mobileAdmin.close();
      await mobileEmployee.close();
    }
  });
});
