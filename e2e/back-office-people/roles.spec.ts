import type { BillDetail } from '@bazaar/shared';
import { verhoeffCheckDigit } from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, messageOnScreen, unique, uniqueMobile } from '../accounts/helpers.js';
import {
  apiCall,
  billRow,
  createCustomer,
  ensureStock,
  snap,
} from '../back-office-bills/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/**
 * docs/back-office-people.md "Roles and permissions" and docs/back-office-bills.md "Cancel
 * requests" in real Chromium: the admin unticks Take payments for Helper; a Helper signs in and
 * has no Take payment button and the API refuses the payment; the Helper asks to cancel a bill,
 * the admin approves it on Cancel requests, and the bill shows Cancelled. Screenshots of the
 * permissions table and the cancel request screens at 1280 and 390 px go to e2e/screenshots/.
 */

const SHIRT = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;

/** A valid 12-digit Aadhaar number not used before in this run. */
function aadhaar(): string {
  const base = `3${String(Date.now() % 1e10).padStart(10, '0')}`;
  return `${base}${verhoeffCheckDigit(base)}`;
}

/** Creates a Helper employee as the admin; answers their email and generated password. */
async function createHelper(page: Page): Promise<{ email: string; password: string }> {
  const email = `helper-${unique()}@example.test`;
  const response = await page.request.post('/api/employees', {
    multipart: {
      name: 'Pappu Helper',
      email,
      mobile: uniqueMobile(8),
      altMobile: '',
      houseMobile: '',
      aadhaarNumber: aadhaar(),
      employeeRole: 'Helper',
      locality: 'Rajendra Nagar',
      landmark: 'Road No. 5',
      city: 'Patna',
      pincode: '800016',
      state: 'Bihar',
      country: 'India',
      idProof: {
        name: 'aadhaar.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = (await response.json()) as { generatedPassword: string };
  return { email, password: created.generatedPassword };
}

describe('back office: permissions per job title and cancel requests', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let helperContext: BrowserContext;
  let admin: Page;
  let helper: Page;
  let customerId = 0;
  let bill: BillDetail;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminContext = await newContext(browser);
    admin = await adminContext.newPage();
    await logIn(admin, 'admin', 'admin@bazaar.test');
    await ensureStock(admin.request, { ...SHIRT, size: 'M' }, 50);
    const customer = await createCustomer(admin.request, unique(), 'Roles');
    customerId = customer.id;
    bill = await apiCall<BillDetail>(admin.request, 'POST', `/api/customers/${customerId}/bills`, {
      lines: [{ ...SHIRT, size: 'M', quantity: 2, ratePaise: 100_000 }],
    });
    const account = await createHelper(admin);
    helperContext = await newContext(browser);
    helper = await helperContext.newPage();
    await logIn(helper, 'employee', account.email, account.password);
  });

  afterAll(async () => {
    // Give Helper back every permission, so other specs on the same data see the defaults.
    await admin?.request.put('/api/employee-permissions', {
      data: {
        titles: [
          {
            jobTitle: 'Helper',
            permissions: [
              'createCustomerRequests',
              'editCustomers',
              'addPurchases',
              'takePayments',
              'closeBills',
              'requestBillCancels',
              'seeReports',
            ],
          },
        ],
      },
    });
    await adminContext?.close();
    await helperContext?.close();
    await browser?.close();
  });

  test('the admin unticks Take payments for Helper and saves after confirming', async () => {
    await admin.goto('/employeePermissions');
    const box = admin.getByRole('checkbox', { name: 'Helper: Take payments' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await admin.getByText('Unsaved changes: Helper').waitFor();
    await snap(admin, 'permissions-1280');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Save permissions' });
    await dialog.getByText('Change what Helper may do?').waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await messageOnScreen(admin, 'Permissions saved').waitFor();
    await admin.getByText('No unsaved changes').waitFor();
    expect(await box.isChecked()).toBe(false);
    expect(
      await admin.getByRole('checkbox', { name: 'Sales Man: Take payments' }).isChecked(),
    ).toBe(true);
  });

  test('a Helper has no Take payment button, and the API refuses the payment', async () => {
    await helper.goto(`/employeeTransaction/${customerId}`);
    await billRow(helper, bill.billNumber).waitFor();
    await helper.getByRole('button', { name: 'Payment history' }).waitFor();
    expect(await helper.getByRole('button', { name: 'Take payment' }).count()).toBe(0);
    expect(
      await helper
        .getByRole('button', { name: `Edit received of bill ${bill.billNumber}` })
        .isDisabled(),
    ).toBe(true);
    // Add New Purchase stays: Helper may still add purchases.
    await helper.getByRole('button', { name: 'Add New Purchase' }).waitFor();
    const refused = await helper.request.post(`/api/bills/${bill.id}/payments`, {
      data: { amountPaise: 1_000 },
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Your role (Helper) may not take payments',
    );
  });

  test('the Helper asks to cancel a bill, the admin approves, the bill shows cancelled', async () => {
    await helper.getByRole('button', { name: `Ask to cancel bill ${bill.billNumber}` }).click();
    const ask = helper.getByRole('dialog', { name: `Ask to cancel bill ${bill.billNumber}` });
    await ask.getByLabel('Reason for cancelling').fill('Entered twice by mistake');
    await ask.getByRole('button', { name: 'Send to the admin' }).click();
    await ask.getByText('Waiting for the admin').waitFor();
    await snap(helper, 'ask-cancel-pending-1280', { fullPage: false });
    await ask.getByRole('button', { name: 'Close', exact: true }).click();
    // Unchanged until the admin decides.
    expect(
      await billRow(helper, bill.billNumber).getByRole('button', { name: /^Open/ }).count(),
    ).toBe(1);

    await admin.goto('/cancelRequests');
    const approve = admin.getByRole('button', {
      name: `Approve cancel of bill ${bill.billNumber}`,
    });
    await approve.waitFor();
    await snap(admin, 'cancel-requests-1280');
    await approve.click();
    const confirm = admin.getByRole('dialog', { name: 'Approve cancel request' });
    await confirm.getByRole('button', { name: 'Cancel the bill' }).click();
    await messageOnScreen(admin, `Bill ${bill.billNumber} cancelled`).waitFor();

    await helper.reload();
    await helper
      .getByRole('radiogroup', { name: 'Bill status' })
      .getByText('All', { exact: true })
      .click();
    await billRow(helper, bill.billNumber).getByText('Cancelled', { exact: true }).waitFor();
    await helper.getByRole('button', { name: `Ask to cancel bill ${bill.billNumber}` }).click();
    const state = helper.getByRole('dialog', { name: `Ask to cancel bill ${bill.billNumber}` });
    await state.getByText('Approved: bill cancelled').waitFor();
    await snap(helper, 'ask-cancel-approved-1280', { fullPage: false });
  });

  test('the permissions table and the cancel requests fit a phone (390 px)', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/employeePermissions');
    await admin.getByRole('checkbox', { name: 'Helper: Take payments' }).waitFor();
    await snap(admin, 'permissions-390');
    await admin.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await admin.goto('/cancelRequests');
    await admin
      .getByRole('radiogroup', { name: 'Cancel request status' })
      .getByText('Approved', { exact: true })
      .click();
    await admin.getByText(bill.billNumber, { exact: true }).first().waitFor();
    await snap(admin, 'cancel-requests-390');
  });
});
