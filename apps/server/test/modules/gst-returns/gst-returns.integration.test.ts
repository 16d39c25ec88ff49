import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SELLER_OF_RECORD,
  indianDateOf,
  type BillDetail,
  type CreateBillInput,
  type Gstr1Json,
  type Gstr1Summary,
  type IssuedTaxDocument,
} from '@bazaar/shared';
import { issueTaxDocument } from '../../../src/modules/tax-documents/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';

/*
 * docs/gst.md "GSTR-1": the month's bills are saved through the API (each issues its tax invoice
 * or bill of supply), one is cancelled and one gets a credit note; the summary, JSON and CSV must
 * then report the month's invoices less the credit note, the cancelled invoice only counted in
 * the documents issued. A document with an invalid GSTIN in another month makes that month's
 * download refuse with the problems listed.
 */

let ctx: TestContext;
let as: StaffCookies;
const month = indianDateOf(new Date()).slice(0, 7);
const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;

const bills: BillDetail[] = [];
let cancelled: BillDetail;
let creditNote: IssuedTaxDocument;

async function newBill(customerId: number, body: CreateBillInput): Promise<BillDetail> {
  const response = await callWith(ctx.app, as.admin, {
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillDetail>();
}

const line = (quantity: number, ratePaise: number) => ({
  ...shirt,
  size: 'M' as const,
  quantity,
  ratePaise,
});

function get(url: string, cookie = as.admin) {
  return callWith(ctx.app, cookie, { method: 'GET', url });
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  as = await signInEveryRole(ctx.app, db);
  await insertStockRow(db, { ...shirt, quantity: 500 });
  const bihar = await insertWholesaleCustomer(db, 'Sinha Cloth Store');
  const biharRegistered = await insertWholesaleCustomer(db, 'Ram Traders', {
    gstin: '10AABCR1234Q1ZK',
  });
  const delhiRegistered = await insertWholesaleCustomer(db, 'Dilli Fabrics', {
    state: 'Delhi',
    city: 'New Delhi',
    pincode: '110001',
    gstin: '07AAACD5678K1ZA',
  });
  const delhi = await insertWholesaleCustomer(db, 'Karol Bagh Retail', {
    state: 'Delhi',
    city: 'New Delhi',
    pincode: '110005',
  });
  bills.push(
    await newBill(biharRegistered, { lines: [line(10, 123_45), line(3, 99_99)], gstApplied: true }),
  );
  bills.push(await newBill(delhiRegistered, { lines: [line(7, 201_01)], gstApplied: true }));
  bills.push(await newBill(bihar, { lines: [line(2, 150_00)], gstApplied: true }));
  // Inter-state to an unregistered buyer above ₹1,00,000: B2CL.
  bills.push(await newBill(delhi, { lines: [line(40, 3_000_00)], gstApplied: true }));
  bills.push(await newBill(bihar, { lines: [line(4, 100_00)], gstApplied: false }));
  cancelled = await newBill(bihar, { lines: [line(1, 500_00)], gstApplied: true });
  const cancel = await callWith(ctx.app, as.admin, {
    method: 'POST',
    url: `/api/bills/${cancelled.id}/cancel`,
    payload: { reason: 'Entered twice by mistake' },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const note = await callWith(ctx.app, as.admin, {
    method: 'POST',
    url: `/api/bills/${bills[0]!.id}/credit-notes`,
    payload: { reason: 'goods_returned', lines: [{ lineNumber: 1, quantity: 2 }] },
  });
  expect(note.statusCode, note.body).toBe(201);
  creditNote = note.json<IssuedTaxDocument>();

  // January 2026: a document whose recipient GSTIN fails its check character.
  await db.transaction((tx) =>
    issueTaxDocument(tx, {
      supplierKey: 'business',
      supplier: SELLER_OF_RECORD,
      recipient: {
        name: 'Bad GSTIN Traders',
        shopName: null,
        address: 'Boring Road',
        city: 'Patna',
        pincode: '800001',
        state: 'Bihar',
        stateCode: '10',
        gstin: '10AABCR1234Q1ZZ',
        mobile: '9876543210',
      },
      prefix: 'BZ',
      kind: 'tax_invoice',
      documentDate: '2026-01-15',
      pricesIncludeTax: false,
      lines: [
        {
          description: 'Shirt',
          details: '',
          hsnClass: 'mens-shirt',
          quantity: 1,
          unitPricePaise: 100_000,
        },
      ],
      paymentTerms: 'Payable on receipt',
      issuedBy: null,
    }),
  );
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

/** The month's expected net (paise) from the invoices the bills answered. */
function expectedNet() {
  const live = bills.filter((bill) => bill.invoice?.snapshot.kind === 'tax_invoice');
  const sum = (pick: (t: IssuedTaxDocument['snapshot']['totals']) => number) =>
    live.reduce((total, bill) => total + pick(bill.invoice!.snapshot.totals), 0) -
    pick(creditNote.snapshot.totals);
  return {
    taxable: sum((t) => t.taxableValuePaise),
    tax: sum((t) => t.taxPaise),
    cgst: sum((t) => t.cgstPaise),
    sgst: sum((t) => t.sgstPaise),
    igst: sum((t) => t.igstPaise),
  };
}

describe('GET /api/gst-returns/gstr1/summary', () => {
  it("reports the month's invoices less credit notes, cancelled documents counted apart", async () => {
    const response = await get(`/api/gst-returns/gstr1/summary?period=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<Gstr1Summary>();
    expect(summary.problems).toEqual([]);
    expect(summary.gstin).toBe(SELLER_OF_RECORD.gstin);
    expect(summary.documents).toEqual([
      expect.objectContaining({ kind: 'tax_invoice', issued: 5, cancelled: 1 }),
      expect.objectContaining({ kind: 'bill_of_supply', issued: 1, cancelled: 0 }),
      expect.objectContaining({ kind: 'credit_note', issued: 1, cancelled: 0 }),
    ]);
    const bos = bills[4]!.invoice!.snapshot.totals;
    const net = expectedNet();
    expect(summary.net.taxableValuePaise).toBe(net.taxable + bos.taxableValuePaise);
    expect(summary.net.taxPaise).toBe(net.tax);
    expect(summary.creditNotes).toMatchObject({
      count: 1,
      totalPaise: creditNote.snapshot.totals.totalPaise,
    });
    const taxed = summary.byRate.filter((row) => row.ratePercent > 0);
    expect(taxed.reduce((sum, row) => sum + row.taxableValuePaise, 0)).toBe(net.taxable);
    expect(summary.sections).toMatchObject({ b2b: 2, b2cl: 1, b2cs: 1, cdnr: 1, cdnur: 0, nil: 1 });
  });

  it('answers a calendar quarter and refuses a query with neither or both', async () => {
    const quarter = `${month.slice(0, 4)}-Q${Math.ceil(Number(month.slice(5, 7)) / 3)}`;
    const byQuarter = await get(`/api/gst-returns/gstr1/summary?quarter=${quarter}`);
    expect(byQuarter.statusCode, byQuarter.body).toBe(200);
    expect(byQuarter.json<Gstr1Summary>().documents[0]).toMatchObject({ issued: 5, cancelled: 1 });
    expect((await get('/api/gst-returns/gstr1/summary')).statusCode).toBe(400);
    expect(
      (await get(`/api/gst-returns/gstr1/summary?period=${month}&quarter=${quarter}`)).statusCode,
    ).toBe(400);
    expect((await get('/api/gst-returns/gstr1/summary?period=2026-13')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect(
      (await get(`/api/gst-returns/gstr1/summary?period=${month}`, as.employee)).statusCode,
    ).toBe(403);
    expect((await get(`/api/gst-returns/gstr1/json?period=${month}`, as.seller)).statusCode).toBe(
      403,
    );
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/gst-returns/gstr1/csv?period=${month}&section=b2b`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/gst-returns/gstr1/json', () => {
  it('answers the portal JSON as a download whose tables add up to the documents', async () => {
    const response = await get(`/api/gst-returns/gstr1/json?period=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const fp = `${month.slice(5, 7)}${month.slice(0, 4)}`;
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="GSTR1_${SELLER_OF_RECORD.gstin}_${fp}.json"`,
    );
    const json = response.json<Gstr1Json>();
    expect(json).toMatchObject({ gstin: SELLER_OF_RECORD.gstin, fp, hash: 'hash' });
    expect(json.b2b?.map((party) => party.ctin)).toEqual(['07AAACD5678K1ZA', '10AABCR1234Q1ZK']);
    expect(json.b2cl?.[0]).toMatchObject({
      pos: '07',
      inv: [{ inum: bills[3]!.invoice!.snapshot.number }],
    });
    expect(json.cdnr?.[0]?.nt[0]?.nt_num).toBe(creditNote.snapshot.number);
    const paise = (value: number | undefined) => Math.round((value ?? 0) * 100);
    let taxable = 0;
    let igst = 0;
    const add = (items: { itm_det: { txval: number; iamt?: number } }[], sign: number) => {
      for (const { itm_det: item } of items) {
        taxable += sign * paise(item.txval);
        igst += sign * paise(item.iamt);
      }
    };
    for (const party of json.b2b ?? []) for (const invoice of party.inv) add(invoice.itms, 1);
    for (const place of json.b2cl ?? []) for (const invoice of place.inv) add(invoice.itms, 1);
    add(
      (json.b2cs ?? []).map((row) => ({ itm_det: row })),
      1,
    );
    for (const party of json.cdnr ?? []) for (const note of party.nt) add(note.itms, -1);
    expect(taxable).toBe(expectedNet().taxable);
    expect(igst).toBe(expectedNet().igst);
    const cancelledNumber = cancelled.invoice!.snapshot.number;
    expect(JSON.stringify({ ...json, doc_issue: undefined })).not.toContain(cancelledNumber);
    const invoices = json.doc_issue?.doc_det.find((nature) => nature.doc_num === 1);
    expect(invoices?.docs[0]).toMatchObject({ totnum: 5, cancel: 1, net_issue: 4 });
    expect(invoices?.docs[1]).toMatchObject({ totnum: 1, cancel: 0, net_issue: 1 });
  });

  it('refuses a month with problems, listing them, while the summary shows them', async () => {
    const response = await get('/api/gst-returns/gstr1/json?period=2026-01');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { reason: 'GSTR1_HAS_PROBLEMS' } });
    expect(response.json().error.message).toContain('10AABCR1234Q1ZZ');
    const summary = (
      await get('/api/gst-returns/gstr1/summary?period=2026-01')
    ).json<Gstr1Summary>();
    expect(summary.problems.map((problem) => problem.code)).toEqual(['RECIPIENT_GSTIN_INVALID']);
    expect(summary.documents[0]).toMatchObject({ issued: 1 });
  });
});

describe('GET /api/gst-returns/gstr1/csv', () => {
  it("answers a section as the offline tool's CSV", async () => {
    const response = await get(`/api/gst-returns/gstr1/csv?period=${month}&section=b2b`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/GSTR1_.*_b2b\.csv"$/);
    const rows = response.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(
      expect.arrayContaining(['07AAACD5678K1ZA', '10AABCR1234Q1ZK']),
    );
    const docs = await get(`/api/gst-returns/gstr1/csv?period=${month}&section=docs`);
    expect(docs.body).toContain(',5,1\r\n');
    expect(
      (await get(`/api/gst-returns/gstr1/csv?period=${month}&section=gstr3b`)).statusCode,
    ).toBe(400);
  });
});
