/// <reference types="node" />
import { placeOfSupplyOf } from '../../src/gst/states.js';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BIHAR_CUSTOMER,
  longBillInvoice,
  sampleBillInvoice,
  sampleCustomerSummary,
  samplePaymentHistory,
} from './fixtures.js';
import { BIHAR_RECIPIENT, issuedDocument, UP_RECIPIENT } from './issued-fixtures.js';
import { renderPdf } from '../../src/documents/node-render.js';
import {
  amountInWords,
  billInvoiceDocument,
  billInvoiceFileName,
  billPaymentDetailsDocument,
  customerSummaryDocument,
  issuedDocumentDefinition,
  paymentHistoryDocument,
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

  it("is titled 'Tax Invoice', original for recipient", () => {
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Original for recipient');
  });
  it('(a) supplier name, address and GSTIN', () => {
    expect(text).toContain(SELLER_OF_RECORD.name);
    expect(text).toContain(SELLER_OF_RECORD.address);
    expect(text).toContain('Patna - 800004');
    expect(text).toContain(`GSTIN: ${SELLER_OF_RECORD.gstin}`);
    expect(text).toContain('State: Bihar, Code: 10');
    expect(text).toContain(`Mobile: ${SELLER_OF_RECORD.mobile}`);
  });
  it('(b) the series number of at most 16 characters, not the bill number', () => {
    expect(text).toMatch(/Tax Invoice No\. BZ\/26-27\/00042/);
    expect(text).toMatch(/Bill No\. 0042/);
  });
  it('(c) date of issue', () => expect(text).toMatch(/Tax Invoice date 27-11-2026/));
  it('(d) recipient name, address and GSTIN', () => {
    expect(text).toContain('Ravi Kumar');
    expect(text).toContain('Ravi Cloth House');
    expect(text).toContain('Boring Road');
    expect(text).toContain('Patna - 800001');
    expect(text).toContain(`GSTIN: ${BIHAR_RECIPIENT.gstin}`);
  });
  it('(g) HSN code per line and (h) description', () => {
    expect(text).toMatch(/1 Shirt-Box Silver · Men's · Size: S,M,L 6205 10 PCS/);
    expect(text).toMatch(/2 Trouser- ?Loose Silver · Men's · Size: S,M,L 6203 4 PCS/);
  });
  it('(i) quantity with its unit', () => expect(text).toMatch(/Total 14 PCS/));
  it('(k) taxable value and (l) the rate of each line', () => {
    expect(text).toMatch(/6205 10 PCS ₹500\.00 ₹0\.00 ₹5,000\.00 5 % ₹125\.00 ₹125\.00 ₹5,250\.00/);
    expect(text).toMatch(
      /6203 4 PCS ₹3,000\.00 ₹0\.00 ₹12,000\.00 18 % ₹1,080\.00 ₹1,080\.00 ₹14,160\.00/,
    );
    expect(text).toMatch(/Taxable value ₹17,000\.00/);
  });
  it('(m) tax by rate: CGST and SGST @ 2.5 % and @ 9 %', () => {
    expect(text).toMatch(/CGST @ 2\.5 % ₹125\.00 SGST @ 2\.5 % ₹125\.00/);
    expect(text).toMatch(/CGST @ 9 % ₹1,080\.00 SGST @ 9 % ₹1,080\.00/);
    expect(text).toMatch(/Total GST ₹2,410\.00/);
    expect(text).not.toContain('IGST');
  });
  it('the HSN x rate summary', () => {
    expect(text).toContain('Tax summary by HSN');
    expect(text).toMatch(/6203 4 PCS ₹12,000\.00 18 % ₹1,080\.00 ₹1,080\.00 ₹2,160\.00/);
    expect(text).toMatch(/6205 10 PCS ₹5,000\.00 5 % ₹125\.00 ₹125\.00 ₹250\.00/);
  });
  it('(j) total value of supply', () => expect(text).toMatch(/Total ₹19,410\.00/));
  it('(n) place of supply with the state name and code', () =>
    expect(text).toMatch(/Place of supply Bihar \(10\)/));
  it('(p) whether tax is payable on reverse charge', () =>
    expect(text).toMatch(/Reverse charge No/));
  it('(q) signature of the supplier or authorised representative', () => {
    expect(text).toContain(`For ${SELLER_OF_RECORD.name}`);
    expect(text).toContain('Authorised Signatory');
  });
  it('amount in words, payments, received, dues, exchange note and Thank You', () => {
    expect(text).toContain(`Amount in words: ${data.document.snapshot.amountInWords}`);
    expect(text).toMatch(/1 RC\/26-27\/00001 Cash ₹10,000\.00 Nov 27, 2026/);
    expect(text).toMatch(/2 RC\/26-27\/00002 Cash ₹5,000\.00 Nov 30, 2026/);
    expect(text).toMatch(/Received ₹15,000\.00/);
    expect(text).toMatch(/Dues ₹4,410\.00/);
    expect(text).toContain('not refundable');
    expect(text).toContain('Thank You');
    expect(text).not.toContain('CANCELLED');
    expect(text).not.toContain('IRN');
  });
});

describe('issued documents of other kinds and states', () => {
  it('a bill of supply has no tax columns and no CGST', async () => {
    const document = issuedDocument({ taxApplied: false });
    const text = await textOf(await renderPdf(issuedDocumentDefinition(document)));
    expect(text).toContain('Bill of Supply');
    expect(text).toMatch(/Bill of Supply No\. BS\/26-27\/00007/);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('GST %');
    expect(text).toMatch(/Total ₹17,000\.00/);
  });
  it('a cancelled invoice says CANCELLED with the reason', async () => {
    const document = issuedDocument({ status: 'cancelled', cancelReason: 'Customer returned all' });
    const text = await textOf(await renderPdf(issuedDocumentDefinition(document)));
    expect(text).toContain('CANCELLED');
    expect(text).toContain('Reason: Customer returned all');
    expect(text).toMatch(/BZ\/26-27\/00042/);
  });
  it('an out-of-state delivery prints IGST by rate, place of supply Uttar Pradesh (09)', async () => {
    const text = await textOf(
      await renderPdf(issuedDocumentDefinition(issuedDocument({ recipient: UP_RECIPIENT }))),
    );
    expect(text).toMatch(/IGST @ 5 % ₹250\.00/);
    expect(text).toMatch(/IGST @ 18 % ₹2,160\.00/);
    expect(text).not.toContain('CGST');
    expect(text).toMatch(/Place of supply Uttar Pradesh \(09\)/);
  });
  it('a Bihar delivery to a GSTIN of another state prints CGST + SGST', async () => {
    // Section 10(1)(a) IGST Act: goods are supplied where their movement ends.
    expect(placeOfSupplyOf('Bihar', '10').interState).toBe(false);
    const document = issuedDocument({ recipient: UP_RECIPIENT, deliveryState: 'Bihar' });
    const text = await textOf(await renderPdf(issuedDocumentDefinition(document)));
    expect(text).toContain(`GSTIN: ${UP_RECIPIENT.gstin}`);
    expect(text).toMatch(/Place of supply Bihar \(10\)/);
    expect(text).toMatch(/CGST @ 9 % ₹1,080\.00 SGST @ 9 % ₹1,080\.00/);
    expect(text).not.toContain('IGST');
  });
  it('an e-invoiced document prints its IRN and acknowledgement', async () => {
    const document = issuedDocument({ irn: 'a'.repeat(64), signedQrCode: 'signed.qr.jwt' });
    const text = await textOf(await renderPdf(issuedDocumentDefinition(document)));
    expect(text).toContain(`IRN: ${'a'.repeat(64)}`);
    expect(text).toMatch(/Ack No\.: 112510012345678/);
  });
  it('a credit note prints its original invoice and reason', async () => {
    const base = issuedDocument({ lines: [{ item: 'Shirt-Box', quantity: 2, ratePaise: 50_000 }] });
    const document = {
      ...base,
      snapshot: {
        ...base.snapshot,
        kind: 'credit_note' as const,
        title: 'Credit Note',
        number: 'CN/26-27/00003',
        original: { number: 'BZ/26-27/00042', documentDate: '2026-11-27' },
        reason: 'Goods returned',
      },
    };
    const text = await textOf(await renderPdf(issuedDocumentDefinition(document)));
    expect(text).toMatch(/Credit note No\. CN\/26-27\/00003/);
    expect(text).toMatch(/Original invoice No\. BZ\/26-27\/00042/);
    expect(text).toMatch(/Reason Goods returned/);
    expect(text).toMatch(/CGST @ 2\.5 % ₹25\.00/);
    expect(text).toMatch(/Total credit ₹1,050\.00/);
  });
  it('a document whose prices include GST says so', async () => {
    const base = issuedDocument();
    const document = { ...base, snapshot: { ...base.snapshot, pricesIncludeTax: true } };
    const text = await textOf(await renderPdf(issuedDocumentDefinition(document)));
    expect(text).toContain('Prices include GST');
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
    for (const page of withRows.slice(0, 2)) {
      expect(page).toMatch(/S\.No Description HSN Qty Rate Discount Taxable value GST %/);
    }
    const all = pages.join(' ');
    for (let line = 1; line <= 60; line++) expect(all).toMatch(new RegExp(` ${line} [A-Z]`));
  });
});

describe('summary invoice', () => {
  it('lists every bill with the number of bills, total, GST, grand total, received and dues', async () => {
    const data = sampleCustomerSummary(12);
    const totals = summaryTotalsOf(data);
    const text = await textOf(await renderPdf(customerSummaryDocument(data)));
    expect(text).toContain('Summary Invoice');
    expect(text).toContain('Date: Mar 5, 2024');
    for (const bill of data.bills) expect(text).toContain(`00${bill.id}`);
    expect(text).toMatch(/Number of bills 12/);
    const rupees = (paise: number) =>
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
    expect(text).toContain(`Total amount ${rupees(totals.amountPaise)}`);
    expect(text).toContain(`GST ${rupees(totals.gstPaise)}`);
    expect(text).not.toContain('2.5 %');
    expect(text).toContain(`Grand total ${rupees(totals.totalPaise)}`);
    expect(text).toContain(`Received ${rupees(totals.receivedPaise)}`);
    expect(text).toContain(`Dues ${rupees(totals.duesPaise)}`);
    expect(text).toContain('Authorised Signatory');
    expect(text).toContain('Thank You');
  });
  it('lists a cancelled bill with 0 dues and leaves it out of the totals', async () => {
    const base = sampleCustomerSummary(2);
    const [first, second] = base.bills;
    const data = { ...base, bills: [first!, { ...second!, status: 'cancelled' as const }] };
    const totals = summaryTotalsOf(data);
    expect(totals.billCount).toBe(1);
    expect(totals.totalPaise).toBe(first!.amountPaise + first!.gstPaise);
    expect(totals.duesPaise).toBe(first!.amountPaise + first!.gstPaise - first!.receivedPaise);
    const text = await textOf(await renderPdf(customerSummaryDocument(data)));
    expect(text).toMatch(/2 002 .* Cancelled/);
    expect(text).toMatch(/Cancelled \(not counted\) 1/);
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
    expect(text).toMatch(/S\.no Bill-No Receipt No Mode Received amount Payment date/);
    expect(text).toMatch(/1 0041 RC\/26-27\/00003 Cash ₹12,500\.50 Feb 20, 2024/);
    expect(text).toMatch(/3 0042 RC\/26-27\/00005 Cash ₹20,000\.00 Mar 9, 2024/);
    expect(text).toMatch(/Total received ₹82,500\.50/);
  });
  it('payment history: a bounced cheque is marked and left out of the total', async () => {
    const data = samplePaymentHistory();
    data.payments[1] = { ...data.payments[1]!, mode: 'cheque', status: 'bounced' };
    const text = await textOf(await renderPdf(paymentHistoryDocument(data)));
    expect(text).toMatch(/2 0042 RC\/26-27\/00004 Cheque \(bounced\) ₹50,000\.00 Mar 5, 2024/);
    expect(text).toMatch(/Total received ₹32,500\.50/);
  });
  it('payment history: the part that paid the opening balance is named so, and counts', async () => {
    const data = samplePaymentHistory();
    data.payments.unshift({ ...data.payments[0]!, billId: null, amountPaise: 1_000_000 });
    const text = await textOf(await renderPdf(paymentHistoryDocument(data)));
    expect(text).toMatch(/1 Opening balance RC\/26-27\/00003 Cash ₹10,000\.00 Feb 20, 2024/);
    expect(text).toMatch(/Total received ₹92,500\.50/);
  });
  it("one bill's payment details: S.no, Received amount, Payment Date, Total, Received, Dues", async () => {
    const invoice = sampleBillInvoice();
    const text = await textOf(
      await renderPdf(
        billPaymentDetailsDocument({
          seller: SELLER_OF_RECORD,
          customer: BIHAR_CUSTOMER,
          generatedAt: '2024-03-10T06:30:00.000Z',
          bill: invoice.bill,
          payments: invoice.payments,
        }),
      ),
    );
    expect(text).toContain('Payment Details');
    expect(text).toContain('Bill-No 0042');
    expect(text).toMatch(/S\.no Receipt No Mode Received amount Payment date/);
    expect(text).toMatch(/Total ₹19,410\.00 Received ₹15,000\.00 Dues ₹4,410\.00/);
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
