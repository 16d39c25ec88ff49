/// <reference types="node" />
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitGst } from '../../src/domain/bill.js';
import {
  BIHAR_CUSTOMER,
  longBillInvoice,
  sampleBillInvoice,
  sampleCustomerSummary,
  sampleOrderInvoice,
  samplePaymentHistory,
  UNREGISTERED_CUSTOMER,
  UP_CUSTOMER,
} from './fixtures.js';
import { renderPdf } from '../../src/documents/node-render.js';
import {
  amountInWords,
  billInvoiceDocument,
  billInvoiceFileName,
  billPaymentDetailsDocument,
  customerSummaryDocument,
  gstIncludedIn,
  orderInvoiceDocument,
  paymentHistoryDocument,
  placeOfSupplyOf,
  SELLER_OF_RECORD,
  summaryTotalsOf,
} from '../../src/documents/index.js';

/**
 * docs/documents.md "Tests and benchmark": every document rendered in Node from fixed data, its
 * text extracted with unpdf and checked; the Rule 46 (CGST Rules, 2017) checklist one clause a
 * line; IGST for an out-of-state recipient; CGST + SGST = GST; amounts in words; a 60-line bill
 * over pages with the header on each; the first page as PNG (poppler's pdftoppm) is not blank.
 */

const run = promisify(execFile);

/** The text of each page of a PDF, spaces collapsed. */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

async function textOf(pdf: Uint8Array): Promise<string> {
  return (await pagesOf(pdf)).join(' ');
}

describe('amount in words (Indian system)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [9_950, 'Rupees Ninety Nine And Fifty Paise Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [
      123_456_789_05,
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine And Five Paise Only',
    ],
    [12_000_000, 'Rupees One Lakh Twenty Thousand Only'],
  ])('%i paise -> %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('refuses negative or fractional paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe('tax invoice of one bill: Rule 46 checklist (same-state registered customer)', () => {
  let text = '';
  const data = sampleBillInvoice();
  beforeAll(async () => {
    text = await textOf(await renderPdf(billInvoiceDocument(data)));
  });

  it("is titled 'Tax Invoice'", () => expect(text).toContain('Tax Invoice'));
  it('(a) supplier name, address and GSTIN', () => {
    expect(text).toContain(SELLER_OF_RECORD.name);
    expect(text).toContain(SELLER_OF_RECORD.address);
    expect(text).toContain('Patna - 800004');
    expect(text).toContain(`GSTIN: ${SELLER_OF_RECORD.gstin}`);
    expect(text).toContain('State: Bihar, Code: 10');
    expect(text).toContain(`Mobile: ${SELLER_OF_RECORD.mobile}`);
  });
  it('(b) consecutive serial number of at most 16 characters: 00{id}', () => {
    expect(text).toMatch(/Invoice No\. 0042/);
    expect('0042'.length).toBeLessThanOrEqual(16);
  });
  it('(c) date of issue', () => expect(text).toMatch(/Invoice date Mar 5, 2024/));
  it('(d) recipient name, address and GSTIN', () => {
    expect(text).toContain('Ravi Kumar');
    expect(text).toContain('Ravi Cloth House');
    expect(text).toContain('Boring Road');
    expect(text).toContain('Patna - 800001');
    expect(text).toContain(`GSTIN: ${BIHAR_CUSTOMER.gstin}`);
  });
  it('(g) HSN code per item group', () => {
    expect(text).toContain('HSN code');
    expect(text).toMatch(/Shirt-Box Silver Men's S,M,L 6205/);
    expect(text).toMatch(/Trouser-Loose Silver Men's S,M,L 6203/);
    expect(text).toMatch(/T-Shirt-Collar Silver Men's S,M,L 6109/);
  });
  it('(h) description of goods', () => expect(text).toMatch(/S\.No Item Category Type Size/));
  it('(i) quantity with its unit', () => {
    expect(text).toMatch(/10 PCS/);
    expect(text).toMatch(/Total 60 PCS/);
  });
  it('(j) total value of supply', () => expect(text).toMatch(/Grand total ₹1,26,000\.00/));
  it('(k) taxable value', () => expect(text).toMatch(/Taxable value ₹1,20,000\.00/));
  it('(l) rate of tax: CGST 2.5 % and SGST 2.5 %', () => {
    expect(text).toContain('CGST @ 2.5 %');
    expect(text).toContain('SGST @ 2.5 %');
    expect(text).not.toContain('IGST');
  });
  it('(m) amount of tax', () => {
    expect(text).toMatch(/CGST @ 2\.5 % ₹3,000\.00/);
    expect(text).toMatch(/SGST @ 2\.5 % ₹3,000\.00/);
    expect(text).toMatch(/Total GST ₹6,000\.00/);
  });
  it('(n) place of supply with the state name and code', () =>
    expect(text).toMatch(/Place of supply Bihar \(State code: 10\)/));
  it('(o) address of delivery', () =>
    expect(text).toMatch(/Delivery address Same as the bill-to address/));
  it('(p) whether tax is payable on reverse charge', () =>
    expect(text).toMatch(/Tax payable on reverse charge No/));
  it('(q) signature of the supplier or authorised representative', () => {
    expect(text).toContain(`For ${SELLER_OF_RECORD.name}`);
    expect(text).toContain('Authorised Signatory');
  });
  it('amount in words, payments, received, dues, exchange note and Thank You', () => {
    expect(text).toContain('Amount in words: Rupees One Lakh Twenty Six Thousand Only');
    expect(text).toMatch(/1 ₹50,000\.00 Mar 5, 2024/);
    expect(text).toMatch(/2 ₹20,000\.00 Mar 9, 2024/);
    expect(text).toMatch(/Received ₹70,000\.00/);
    expect(text).toMatch(/Dues ₹56,000\.00/);
    expect(text).toContain('not refundable');
    expect(text).toContain('within three days');
    expect(text).toContain('Thank You');
  });
});

describe('tax invoice: unregistered recipients (Rule 46 (e) and (f))', () => {
  it('(e) value of ₹50,000 or more: name, address, delivery address, state name and code', async () => {
    const data = sampleBillInvoice(UNREGISTERED_CUSTOMER);
    expect(data.bill.amountPaise).toBeGreaterThanOrEqual(5_000_000);
    const text = await textOf(await renderPdf(billInvoiceDocument(data)));
    expect(text).toContain('Sunita Devi');
    expect(text).toContain('Boring Road');
    expect(text).toContain('GSTIN: Unregistered');
    expect(text).toMatch(/Delivery address Same as the bill-to address Bihar, State code: 10/);
  });
  it('(f) value under ₹50,000: the same details are printed', async () => {
    const base = sampleBillInvoice(UNREGISTERED_CUSTOMER);
    const lines = base.lines.slice(0, 1);
    const data = {
      ...base,
      lines,
      bill: { ...base.bill, amountPaise: 500_000, gstPaise: 25_000, receivedPaise: 0 },
      payments: [],
    };
    const text = await textOf(await renderPdf(billInvoiceDocument(data)));
    expect(text).toContain('Sunita Devi');
    expect(text).toMatch(/Bihar, State code: 10/);
    expect(text).toContain('No payments yet');
  });
});

describe('IGST for an out-of-state recipient', () => {
  it('prints one IGST 5 % line instead of CGST and SGST, place of supply Uttar Pradesh (09)', async () => {
    const text = await textOf(await renderPdf(billInvoiceDocument(sampleBillInvoice(UP_CUSTOMER))));
    expect(text).toMatch(/IGST @ 5 % ₹6,000\.00/);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toMatch(/Place of supply Uttar Pradesh \(State code: 09\)/);
  });
  it('is inter-state when only the GSTIN names another state', () => {
    expect(placeOfSupplyOf({ state: 'Bihar', gstin: '09AAFPV1234K1ZQ' }, '10').interState).toBe(
      true,
    );
    expect(placeOfSupplyOf({ state: 'Bihar', gstin: null }, '10')).toEqual({
      state: 'Bihar',
      code: '10',
      interState: false,
    });
  });
});

describe('CGST + SGST = GST', () => {
  it.each([0, 1, 5_001, 6_000_00, 1_234_567])(
    'GST %i paise splits into halves that add up',
    (gst) => {
      const { cgstPaise, sgstPaise } = splitGst(gst);
      expect(cgstPaise + sgstPaise).toBe(gst);
      expect(Math.abs(cgstPaise - sgstPaise)).toBeLessThanOrEqual(1);
    },
  );
  it('an odd GST prints CGST ₹50.00 and SGST ₹50.01 for ₹100.01', async () => {
    const base = sampleBillInvoice();
    const data = {
      ...base,
      bill: { ...base.bill, amountPaise: 200_020, gstPaise: 10_001, receivedPaise: 0 },
      payments: [],
    };
    const text = await textOf(await renderPdf(billInvoiceDocument(data)));
    expect(text).toMatch(/CGST @ 2\.5 % ₹50\.00/);
    expect(text).toMatch(/SGST @ 2\.5 % ₹50\.01/);
    expect(text).toMatch(/Total GST ₹100\.01/);
  });
});

describe('a 60-line bill', () => {
  it('spans pages and repeats the table header on each', async () => {
    const pages = await pagesOf(await renderPdf(billInvoiceDocument(longBillInvoice(60))));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [index, page] of pages.entries()) {
      expect(page, `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    // Every page holding item rows starts its table with the header row.
    const withRows = pages.filter((page) => / PCS /.test(page));
    expect(withRows.length).toBeGreaterThanOrEqual(2);
    for (const page of withRows) {
      expect(page).toMatch(/S\.No Item Category Type Size HSN code Quantity Rate Amount/);
    }
    const all = pages.join(' ');
    for (let line = 1; line <= 60; line++) expect(all).toMatch(new RegExp(` ${line} [A-Z]`));
  });
});

describe('summary invoice', () => {
  it('lists every bill with the number of bills, total, CGST, SGST, grand total, received and dues', async () => {
    const data = sampleCustomerSummary(12);
    const totals = summaryTotalsOf(data);
    expect(totals.cgstPaise + totals.sgstPaise).toBe(totals.gstPaise);
    const text = await textOf(await renderPdf(customerSummaryDocument(data)));
    expect(text).toContain('Summary Invoice');
    expect(text).toContain('Date: Mar 5, 2024');
    for (const bill of data.bills) expect(text).toContain(`00${bill.id}`);
    expect(text).toMatch(/Number of bills 12/);
    const rupees = (paise: number) =>
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
    expect(text).toContain(`Total amount ${rupees(totals.amountPaise)}`);
    expect(text).toContain(`CGST @ 2.5 % ${rupees(totals.cgstPaise)}`);
    expect(text).toContain(`SGST @ 2.5 % ${rupees(totals.sgstPaise)}`);
    expect(text).toContain(`Grand total ${rupees(totals.totalPaise)}`);
    expect(text).toContain(`Received ${rupees(totals.receivedPaise)}`);
    expect(text).toContain(`Dues ${rupees(totals.duesPaise)}`);
    expect(text).toContain('Authorised Signatory');
    expect(text).toContain('Thank You');
  });
  it('uses an IGST column for an out-of-state customer', async () => {
    const text = await textOf(
      await renderPdf(customerSummaryDocument(sampleCustomerSummary(3, UP_CUSTOMER))),
    );
    expect(text).toContain('IGST 5 %');
    expect(text).not.toContain('CGST');
  });
  it('says so when the customer has no bills', async () => {
    const text = await textOf(await renderPdf(customerSummaryDocument(sampleCustomerSummary(0))));
    expect(text).toContain('No bills yet');
    expect(text).toMatch(/Number of bills 0/);
  });
});

describe('payment history and payment details', () => {
  it('payment history: S.no, Bill-No, Received amount, Payment date and the total', async () => {
    const text = await textOf(await renderPdf(paymentHistoryDocument(samplePaymentHistory())));
    expect(text).toContain('Payment History');
    expect(text).toMatch(/S\.no Bill-No Received amount Payment date/);
    expect(text).toMatch(/1 0041 ₹12,500\.50 Feb 20, 2024/);
    expect(text).toMatch(/3 0042 ₹20,000\.00 Mar 9, 2024/);
    expect(text).toMatch(/Total received ₹82,500\.50/);
  });
  it("one bill's payment details: S.no, Received amount, Payment Date, Total, Received, Dues", async () => {
    const invoice = sampleBillInvoice();
    const text = await textOf(
      await renderPdf(
        billPaymentDetailsDocument({
          seller: invoice.seller,
          customer: invoice.customer,
          generatedAt: '2024-03-10T06:30:00.000Z',
          bill: invoice.bill,
          payments: invoice.payments,
        }),
      ),
    );
    expect(text).toContain('Payment Details');
    expect(text).toContain('Bill-No 0042');
    expect(text).toMatch(/S\.no Received amount Payment date/);
    expect(text).toMatch(/Total ₹1,26,000\.00 Received ₹70,000\.00 Dues ₹56,000\.00/);
  });
});

describe('customer order invoice (marketplace shipment)', () => {
  it('names the shop as seller and works the GST back out of the prices', async () => {
    const data = sampleOrderInvoice();
    const text = await textOf(await renderPdf(orderInvoiceDocument(data)));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Patna Fashion Hub');
    expect(text).toContain(`GSTIN: ${data.shop.gstin}`);
    expect(text).toMatch(/Invoice No\. BZ00001234-7/);
    expect(text).toContain('Neha Singh');
    // ₹1,050 includes ₹50 GST; ₹1,049 includes ₹49.95.
    expect(gstIncludedIn(105_000)).toBe(5_000);
    expect(text).toMatch(/₹1,000\.00 ₹50\.00 ₹1,050\.00/);
    expect(text).toMatch(/Taxable value ₹1,999\.05/);
    expect(text).toMatch(/CGST @ 2\.5 % ₹49\.97/);
    expect(text).toMatch(/SGST @ 2\.5 % ₹49\.98/);
    expect(text).toMatch(/Total ₹2,099\.00/);
    expect(text).toContain('Rupees Two Thousand Ninety Nine Only');
    expect(text).toContain('Cash on delivery');
    expect(text).toContain('Authorised Signatory');
  });
});

describe('file names', () => {
  it('is {shop name}_{customer name}.pdf with unsafe characters replaced', () => {
    expect(billInvoiceFileName('Ravi Cloth House', 'Ravi Kumar')).toBe(
      'Ravi Cloth House_Ravi Kumar.pdf',
    );
    expect(billInvoiceFileName('A/B: "Shop"?', ' ..x<y>|z ')).toBe('A-B- -Shop-_x-y-z.pdf');
    expect(billInvoiceFileName('', '...')).toBe('document_document.pdf');
  });
});

describe('the first page as a picture', () => {
  it('renders to PNG with pdftoppm and is not blank', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bazaar-invoice-'));
    try {
      const pdfPath = path.join(dir, 'invoice.pdf');
      await fs.writeFile(pdfPath, await renderPdf(billInvoiceDocument(sampleBillInvoice())));
      // poppler-utils (Debian); .ci/run installs it next to Chromium.
      await run('pdftoppm', [
        '-r',
        '50',
        '-png',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdfPath,
        path.join(dir, 'page'),
      ]);
      const { default: sharp } = await import('sharp');
      const { data, info } = await sharp(path.join(dir, 'page.png'))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // A4 at 50 dpi is about 413 x 585 pixels.
      expect(info.width).toBeGreaterThan(400);
      expect(info.height).toBeGreaterThan(570);
      let dark = 0;
      for (const value of data) if (value < 160) dark++;
      expect(dark / data.length).toBeGreaterThan(0.01);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
