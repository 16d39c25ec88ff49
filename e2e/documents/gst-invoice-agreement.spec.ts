import type { BillDetail, BillInvoiceData } from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { billInvoiceDocument, taxRowsByRate } from '../../packages/shared/src/documents/index.js';
import { renderPdf } from '../../packages/shared/src/documents/node-render.js';
import { DEMO_EMAILS, logIn, unique } from '../accounts/helpers.js';
import { apiCall, createCustomer, ensureStock, rupees } from '../back-office-bills/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/**
 * docs/gst.md "Printed documents": one bill, three readers, one set of figures. A mixed-rate bill
 * (shirts at ₹500 a piece: 5 %; trousers at ₹3,000 a piece: 18 %) is saved through the API; the
 * bill's detail screen, the API's JSON (its issued invoice) and the PDF rendered from
 * `/api/documents/bills/{id}/invoice` must agree on the taxable value, every tax line by rate
 * and the total, to the paisa.
 */

const SHIRT = { item: 'Shirt-Box', category: 'Silver', type: "Men's", size: 'M' } as const;
const TROUSER = {
  item: 'Trouser-Loose',
  category: 'Golden',
  type: 'Kids(Boy)',
  size: '32',
} as const;

/** Every `data-money` figure of the detail screen: label -> '₹1,234.00'. */
async function screenFigures(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[aria-label="Bill items"] [data-money]')].map((node) => [
        node.getAttribute('data-money') ?? '',
        node.textContent ?? '',
      ]),
    ),
  );
}

describe('GST: screen, API and PDF of one bill agree', () => {
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

  test('taxable value, CGST/SGST by rate and total are the same on all three', async () => {
    const request = page.request;
    const customer = await createCustomer(request, unique(), 'Gst Agreement');
    await ensureStock(request, SHIRT, 10);
    await ensureStock(request, TROUSER, 4);
    const created = await apiCall<BillDetail>(
      request,
      'POST',
      `/api/customers/${customer.id}/bills`,
      {
        lines: [
          { ...SHIRT, quantity: 10, ratePaise: 50_000 },
          { ...TROUSER, quantity: 4, ratePaise: 300_000 },
        ],
        gstApplied: true,
        receivedPaise: 0,
      },
    );

    // The API: the bill and its issued invoice.
    const api = await apiCall<BillDetail>(request, 'GET', `/api/bills/${created.id}`);
    const invoice = api.invoice;
    expect(invoice, 'the bill has its issued invoice').not.toBeNull();
    const snapshot = invoice!.snapshot;
    expect(snapshot.kind).toBe('tax_invoice');
    expect(snapshot.lines.map((line) => line.ratePercent)).toEqual([5, 18]);
    // Independent arithmetic: ₹5,000 at 5 % and ₹12,000 at 18 %, within Bihar.
    expect(snapshot.totals.taxableValuePaise).toBe(1_700_000);
    expect(snapshot.totals.taxPaise).toBe(25_000 + 216_000);
    expect(snapshot.totals.totalPaise).toBe(1_941_000);
    expect(api.totalPaise).toBe(snapshot.totals.totalPaise);
    const taxLines = taxRowsByRate(snapshot);
    expect(taxLines.map((row) => row.label)).toEqual([
      'CGST @ 2.5 %',
      'SGST @ 2.5 %',
      'CGST @ 9 %',
      'SGST @ 9 %',
    ]);

    // The screen: More Details of the bill.
    await page.goto(`/TransactionDetails/${customer.id}`);
    await page.getByRole('button', { name: `More details of bill ${api.billNumber}` }).click();
    await page.getByText(snapshot.number).first().waitFor();
    const onScreen = await screenFigures(page);
    expect(onScreen['Taxable value']).toBe(rupees(snapshot.totals.taxableValuePaise));
    for (const row of taxLines) expect(onScreen[row.label], row.label).toBe(rupees(row.paise));
    expect(onScreen['Total GST']).toBe(rupees(snapshot.totals.taxPaise));
    expect(onScreen['Total']).toBe(rupees(snapshot.totals.totalPaise));

    // The PDF: rendered from the documents endpoint's data.
    const data = await apiCall<BillInvoiceData>(
      request,
      'GET',
      `/api/documents/bills/${created.id}/invoice`,
    );
    expect(data.document.snapshot).toEqual(snapshot);
    const pdf = new Uint8Array(await renderPdf(billInvoiceDocument(data)));
    const proxy = await getDocumentProxy(pdf);
    const text = (await extractText(proxy, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Tax Invoice No. ${snapshot.number}`);
    expect(text).toContain(`Taxable value ${rupees(snapshot.totals.taxableValuePaise)}`);
    for (const row of taxLines) expect(text).toContain(`${row.label} ${rupees(row.paise)}`);
    expect(text).toContain(
      `Total GST ${rupees(snapshot.totals.taxPaise)} Total ${rupees(snapshot.totals.totalPaise)}`,
    );
  });
});
