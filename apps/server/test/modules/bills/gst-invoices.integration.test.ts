import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SELLER_OF_RECORD,
  financialYearOf,
  indianDateOf,
  type BillDetail,
  type BillInvoiceData,
  type CreateBillInput,
} from '@bazaar/shared';
import { stockItems, wholesaleCustomers } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from './bills-test-support.js';

/*
 * docs/gst.md "Wholesale invoices": saving a bill issues its Tax Invoice (or Bill of Supply) in
 * the same transaction, taxed by the engine (rate by value per piece, CGST + SGST each rounded
 * at half the rate within Bihar, IGST across states by the delivery address's state), numbered
 * gap-free, frozen as issued; cancelling keeps the number.
 */

let ctx: TestContext;
let as: StaffCookies;
let biharCustomer: number;
let shirtId: number;

const shirt = { item: 'Shirt-Box', category: 'Golden', type: "Men's" } as const;
const trouser = { item: 'Trouser-Loose', category: 'Diamond', type: "Men's" } as const;
const year = financialYearOf(indianDateOf(new Date()));

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  biharCustomer = await insertWholesaleCustomer(ctx.database.db, 'Sinha Cloth Store', {
    gstin: '10ABCDE1234F1Z5',
  });
  shirtId = await insertStockRow(ctx.database.db, { ...shirt, quantity: 500 });
  await insertStockRow(ctx.database.db, { ...trouser, quantity: 50 });
});

afterAll(async () => {
  await ctx.close();
});

const line = (quantity: number, ratePaise: number, key: typeof shirt | typeof trouser = shirt) => ({
  ...key,
  size: 'M' as const,
  quantity,
  ratePaise,
});

async function save(body: CreateBillInput, customer = biharCustomer): Promise<BillDetail> {
  const response = await callWith(ctx.app, as.admin, {
    method: 'POST',
    url: `/api/customers/${customer}/bills`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillDetail>();
}

async function invoiceData(billId: number): Promise<BillInvoiceData> {
  const response = await callWith(ctx.app, as.employee, {
    method: 'GET',
    url: `/api/documents/bills/${billId}/invoice`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BillInvoiceData>();
}

async function stockOf(stockItemId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ quantity: stockItems.quantity })
    .from(stockItems)
    .where(eq(stockItems.id, stockItemId));
  return row!.quantity;
}

describe('place of supply', () => {
  it('charges CGST + SGST to a Bihar customer with a Bihar address', async () => {
    const bill = await save({ lines: [line(2, 100_000)], gstApplied: true });
    expect(bill).toMatchObject({ cgstPaise: 5_000, sgstPaise: 5_000, igstPaise: 0 });
    const { document } = await invoiceData(bill.id);
    expect(document.snapshot.placeOfSupply).toEqual({
      state: 'Bihar',
      code: '10',
      interState: false,
    });
    expect(document.snapshot.totals).toMatchObject({ cgstPaise: 5_000, sgstPaise: 5_000 });
    expect(document.snapshot.supplier.gstin).toBe(SELLER_OF_RECORD.gstin);
    expect(document.snapshot.recipient).toMatchObject({
      gstin: '10ABCDE1234F1Z5',
      state: 'Bihar',
      stateCode: '10',
      address: 'Khemnichak, Near the temple',
    });
  });

  it('charges IGST to a customer registered and delivered to in Uttar Pradesh', async () => {
    const upCustomer = await insertWholesaleCustomer(ctx.database.db, 'Lucknow Traders', {
      state: 'Uttar Pradesh',
      city: 'Lucknow',
      pincode: '226001',
      gstin: '09AAACR5055K1Z5',
    });
    const bill = await save({ lines: [line(2, 100_000)], gstApplied: true }, upCustomer);
    expect(bill).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 10_000, gstPaise: 10_000 });
    const { document } = await invoiceData(bill.id);
    expect(document.snapshot.placeOfSupply).toEqual({
      state: 'Uttar Pradesh',
      code: '09',
      interState: true,
    });
    expect(document.snapshot.recipient.gstin).toBe('09AAACR5055K1Z5');
  });

  it('takes the place of supply from the address, not the GSTIN', async () => {
    // Inserted directly: the customer forms may refuse a GSTIN of another state, but the rule
    // for documents stays that the delivery address decides (section 10(1)(a), IGST Act).
    const customer = await insertWholesaleCustomer(ctx.database.db, 'Patna Branch', {
      gstin: '09AAACR5055K1Z5',
    });
    const bill = await save({ lines: [line(1, 100_000)], gstApplied: true }, customer);
    expect(bill).toMatchObject({ cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 });
    expect(bill.invoice!.snapshot.placeOfSupply).toEqual({
      state: 'Bihar',
      code: '10',
      interState: false,
    });
  });
});

describe('rates and rounding', () => {
  it('charges 18 % on a trouser at ₹99,999.99 a piece', async () => {
    const bill = await save({ lines: [line(1, 9_999_999, trouser)], gstApplied: true });
    const [taxed] = bill.invoice!.snapshot.lines;
    expect(taxed).toMatchObject({ hsn: '6203', ratePercent: 18, taxableValuePaise: 9_999_999 });
    // 9 % of ₹99,999.99 = ₹8,999.9991 each half.
    expect(bill).toMatchObject({ cgstPaise: 900_000, sgstPaise: 900_000, gstPaise: 1_800_000 });
  });

  it('gives a bill with a 5 % line and an 18 % line two summary rows', async () => {
    const bill = await save({
      lines: [line(2, 100_000), line(1, 300_000)],
      gstApplied: true,
    });
    const { summary, totals } = bill.invoice!.snapshot;
    expect(summary.map((row) => [row.hsn, row.ratePercent, row.taxableValuePaise])).toEqual([
      ['6205', 5, 200_000],
      ['6205', 18, 300_000],
    ]);
    expect(totals).toMatchObject({ cgstPaise: 5_000 + 27_000, sgstPaise: 5_000 + 27_000 });
    expect(bill.gstPaise).toBe(64_000);
  });

  it('rounds CGST and SGST each at half the rate: ₹6,084.96 at 5 % is ₹152.12 + ₹152.12', async () => {
    const bill = await save({
      lines: [line(3, 202_832)],
      gstApplied: true,
      receivedPaise: 600_000,
    });
    expect(bill).toMatchObject({
      amountPaise: 608_496,
      cgstPaise: 15_212,
      sgstPaise: 15_212,
      gstPaise: 30_424,
      totalPaise: 638_920,
    });
    expect(bill.invoice!.snapshot.paymentTerms).toBe('Payable on receipt');
  });

  it('issues a Bill of Supply without tax when GST is not applied', async () => {
    const bill = await save({ lines: [line(2, 100_000)], gstApplied: false });
    expect(bill).toMatchObject({ gstApplied: false, gstPaise: 0, cgstPaise: 0, sgstPaise: 0 });
    expect(bill.invoice!.snapshot).toMatchObject({
      kind: 'bill_of_supply',
      title: 'Bill of Supply',
      totals: { taxPaise: 0, totalPaise: 200_000 },
    });
    expect(bill.invoice!.snapshot.number).toMatch(new RegExp(`^BS/${year}/\\d{5}$`));
    expect(bill.invoice!.snapshot.lines.every((taxed) => taxed.ratePercent === 0)).toBe(true);
  });
});

describe('numbers, cancelling and the frozen snapshot', () => {
  const serialOf = (bill: BillDetail) => Number(bill.invoice!.snapshot.number.split('/')[2]);

  it('gives a refused purchase no number; cancelling keeps the number and returns the stock', async () => {
    const first = await save({ lines: [line(1, 50_000)], gstApplied: true });
    const refused = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/customers/${biharCustomer}/bills`,
      payload: { lines: [line(1, 50_000), line(10_000, 100)], gstApplied: true },
    });
    expect(refused.statusCode).toBe(409);
    const stockBefore = await stockOf(shirtId);
    const second = await save({ lines: [line(4, 50_000)], gstApplied: true });
    expect(first.invoice!.snapshot.number).toMatch(new RegExp(`^BZ/${year}/\\d{5}$`));
    expect(serialOf(second)).toBe(serialOf(first) + 1);
    expect(await stockOf(shirtId)).toBe(stockBefore - 4);

    const cancelled = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bills/${second.id}/cancel`,
      payload: { reason: 'Wrong customer chosen' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(shirtId)).toBe(stockBefore);
    const { document, bill } = await invoiceData(second.id);
    expect(document).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Wrong customer chosen',
      snapshot: { number: second.invoice!.snapshot.number },
    });
    expect(bill).toMatchObject({ status: 'cancelled', creditedPaise: 0 });

    const third = await save({ lines: [line(1, 50_000)], gstApplied: true });
    expect(serialOf(third)).toBe(serialOf(second) + 1);
  });

  it('keeps the recipient as issued when the customer is edited later', async () => {
    const customer = await insertWholesaleCustomer(ctx.database.db, 'Old Shop Name');
    const bill = await save({ lines: [line(1, 50_000)], gstApplied: true }, customer);
    await ctx.database.db
      .update(wholesaleCustomers)
      .set({ shopName: 'New Shop Name', locality: 'Boring Road', state: 'Jharkhand' })
      .where(eq(wholesaleCustomers.id, customer));
    const { document } = await invoiceData(bill.id);
    expect(document.snapshot.recipient).toMatchObject({
      shopName: 'Old Shop Name',
      state: 'Bihar',
      address: 'Khemnichak, Near the temple',
    });
    expect(document.snapshot.placeOfSupply.interState).toBe(false);
    expect(document).toEqual(bill.invoice);
  });
});
