import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  indianDateOf,
  sellerStatementDocument,
  SellerStatementSchema,
  type Order,
  type SellerStatement,
} from '@bazaar/shared';
import { renderPdf } from '../../../../../packages/shared/src/documents/node-render.js';
import {
  auditLog,
  orders,
  settlementEntries,
  settlementPayouts,
  taxDocumentLines,
  taxDocuments,
} from '../../../src/db/schema/index.js';
import { moveShipment } from '../../../src/modules/orders/index.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { asStaff, createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';
import {
  addToCart,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../orders/orders-test-support.js';

/*
 * docs/settlements.md: a ledger entry per delivered shipment (gross, commission and its GST, TCS
 * of section 52 on the taxable value, TDS of section 194-O on the gross, net), its reversal when
 * the return is received, payouts, the seller's statement (JSON, CSV, PDF), GSTR-8.
 */

const run = promisify(execFile);

let ctx: TestContext;
let customer: TestCustomer;
let rider: TestStaff;
let admin: TestStaff;
let shopA: number;
let shopB: number;
let sellerA: TestStaff;
let sellerB: TestStaff;
let supportA: TestStaff;
const month = indianDateOf(new Date()).slice(0, 7);
const GSTIN_A = '10AAGFP5678L1Z2';

function db() {
  return ctx.database.db;
}

beforeAll(async () => {
  ctx = await createTestApp();
  shopA = await insertShop(db(), { name: 'Patna Fashion Hub', gstin: GSTIN_A });
  shopB = await insertShop(db(), { name: 'Gaya Garments', gstin: '10ABCDE1234F1ZF' });
  sellerA = await createStaff(ctx.app, db(), 'seller', shopA);
  sellerB = await createStaff(ctx.app, db(), 'seller', shopB);
  supportA = await createStaff(ctx.app, db(), 'support_admin', shopA);
  rider = await createStaff(ctx.app, db(), 'delivery');
  admin = await createStaff(ctx.app, db(), 'admin');
  customer = await createCustomer(ctx.app, db());
});

afterAll(async () => {
  await ctx.close();
});

/** Half-up rounding of amount x bp / divisor, computed here independently of the code. */
function share(amountPaise: number, numerator: number, divisor: number): number {
  return Math.floor((amountPaise * numerator * 2 + divisor) / (divisor * 2));
}

/** Places a COD order of the given (product, quantity) lines; answers it. */
async function order(lines: Array<[number, number]>): Promise<Order> {
  for (const [productId, quantity] of lines) {
    await addToCart(ctx.app, customer, productId, quantity);
  }
  const placed = await placeOrder(ctx.app, customer);
  expect(placed.statusCode).toBe(201);
  return placed.json<Order>();
}

/** Moves a shipment through the shop office and delivers it through the delivery API. */
async function deliver(shipmentId: number) {
  await db().transaction(async (tx) => {
    await moveShipment(tx, { shipmentId, allowedFrom: ['placed'], to: 'confirmed' });
    await moveShipment(tx, { shipmentId, allowedFrom: ['confirmed'], to: 'packed' });
    await moveShipment(tx, {
      shipmentId,
      allowedFrom: ['packed'],
      to: 'assigned',
      patch: { deliveryStaffId: rider.id, assignedAt: new Date(), deliveryCode: '4821' },
    });
  });
  const base = `/api/delivery/shipments/${shipmentId}`;
  for (const step of ['pick-up', 'out-for-delivery']) {
    expect(
      (await asStaff(ctx.app, rider, { method: 'POST', url: `${base}/${step}` })).statusCode,
    ).toBe(200);
  }
  const delivered = await asStaff(ctx.app, rider, {
    method: 'POST',
    url: `${base}/deliver`,
    payload: { code: '4821' },
  });
  expect(delivered.statusCode).toBe(200);
}

/** The taxable value of the shipment's issued invoice, from its stored tax lines. */
async function taxableOfShipment(shipmentId: number): Promise<number> {
  const [row] = await db()
    .select({ sum: sql<string>`sum(${taxDocumentLines.taxableValuePaise})` })
    .from(taxDocumentLines)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
    .where(
      sql`${taxDocuments.shipmentId} = ${shipmentId} and ${taxDocuments.kind} = 'tax_invoice'`,
    );
  return Number(row!.sum);
}

async function entriesOf(shipmentId: number) {
  return db()
    .select()
    .from(settlementEntries)
    .where(eq(settlementEntries.shipmentId, shipmentId))
    .orderBy(settlementEntries.id);
}

async function statementAs(staff: TestStaff): Promise<SellerStatement> {
  const response = await asStaff(ctx.app, staff, {
    method: 'GET',
    url: `/api/shop/settlements/statement?month=${month}`,
  });
  expect(response.statusCode).toBe(200);
  return SellerStatementSchema.parse(response.json());
}

let intraShipment: number;
let intraGross: number;

describe('a delivered shipment', () => {
  it('records gross, TCS as CGST + SGST on the taxable value and TDS on the gross, within Bihar', async () => {
    // ₹1,050 including 5 % GST is ₹1,000 taxable a piece; ₹799 leaves an uneven taxable value.
    const kurta = await insertProduct(db(), {
      shopId: shopA,
      name: 'Cotton Kurta',
      pricePaise: 105_000,
      stockQuantity: 20,
    });
    const tee = await insertProduct(db(), {
      shopId: shopA,
      name: 'Round Neck Tee',
      pricePaise: 79_900,
      stockQuantity: 20,
    });
    const placed = await order([
      [kurta, 2],
      [tee, 1],
    ]);
    const shipmentId = placed.shipments[0]!.id;
    await deliver(shipmentId);

    const gross = 2 * 105_000 + 79_900;
    const taxable = await taxableOfShipment(shipmentId);
    expect(taxable).toBeGreaterThan(200_000);
    const cgst = share(taxable, 25, 10_000);
    const tds = share(gross, 1, 1_000);
    const [entry, ...rest] = await entriesOf(shipmentId);
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({
      kind: 'sale',
      shopId: shopA,
      supplierGstin: GSTIN_A,
      interState: false,
      paymentMethod: 'cod',
      grossPaise: gross,
      taxableValuePaise: taxable,
      commissionPaise: 0,
      commissionGstPaise: 0,
      tcsCgstPaise: cgst,
      tcsSgstPaise: cgst,
      tcsIgstPaise: 0,
      tdsPaise: tds,
      netPaise: gross - 2 * cgst - tds,
    });
    // The figures by hand: ₹2,000 + ₹760.96 taxable (₹799 less CGST and SGST of ₹19.02 each);
    // TCS 0.25 % each; TDS 0.1 % of ₹2,899.
    expect(taxable).toBe(200_000 + 76_096);
    expect(cgst).toBe(690); // 276,096 x 0.25 % = 690.24 paise
    expect(tds).toBe(290); // 289,900 x 0.1 % = 289.9 paise
    intraShipment = shipmentId;
    intraGross = gross;
  });

  it("records TCS as IGST at 0.5 % when the delivery state is outside the shop's", async () => {
    const saree = await insertProduct(db(), {
      shopId: shopA,
      name: 'Silk Saree',
      pricePaise: 312_345,
      stockQuantity: 5,
    });
    const placed = await order([[saree, 1]]);
    // The marketplace delivers in Bihar; the order's address is moved to make the supply inter-state.
    await db().update(orders).set({ state: 'Uttar Pradesh' }).where(eq(orders.id, placed.id));
    const shipmentId = placed.shipments[0]!.id;
    await deliver(shipmentId);

    const taxable = await taxableOfShipment(shipmentId);
    const [entry] = await entriesOf(shipmentId);
    const igst = share(taxable, 50, 10_000);
    const tds = share(312_345, 1, 1_000);
    expect(entry).toMatchObject({
      interState: true,
      grossPaise: 312_345,
      taxableValuePaise: taxable,
      tcsCgstPaise: 0,
      tcsSgstPaise: 0,
      tcsIgstPaise: igst,
      tdsPaise: tds,
      netPaise: 312_345 - igst - tds,
    });
    expect(tds).toBe(312); // 312.345 paise
  });

  it('is recorded once: the entries stay one per shipment and kind', async () => {
    expect(await entriesOf(intraShipment)).toHaveLength(1);
  });
});

describe('a return received after delivery', () => {
  it('reverses the entry with every component negated', async () => {
    const shirt = await insertProduct(db(), {
      shopId: shopA,
      name: 'Linen Shirt',
      pricePaise: 149_900,
      stockQuantity: 5,
    });
    const placed = await order([[shirt, 1]]);
    const shipmentId = placed.shipments[0]!.id;
    await deliver(shipmentId);
    const returned = await asStaff(
      ctx.app,
      { cookie: customer.cookie },
      {
        method: 'POST',
        url: `/api/orders/${placed.id}/shipments/${shipmentId}/return`,
        payload: { reason: 'Size does not fit' },
      },
    );
    expect(returned.statusCode).toBe(200);
    // Approval alone writes nothing; receiving the goods reverses.
    const approve = await asStaff(ctx.app, sellerA, {
      method: 'POST',
      url: `/api/shop/orders/${shipmentId}/return/approve`,
    });
    expect(approve.statusCode).toBe(200);
    expect(await entriesOf(shipmentId)).toHaveLength(1);
    const receive = await asStaff(ctx.app, sellerA, {
      method: 'POST',
      url: `/api/shop/orders/${shipmentId}/return/receive`,
    });
    expect(receive.statusCode).toBe(200);

    const [sale, reversal] = await entriesOf(shipmentId);
    expect(reversal).toMatchObject({
      kind: 'reversal',
      grossPaise: 0 - sale!.grossPaise,
      taxableValuePaise: 0 - sale!.taxableValuePaise,
      commissionPaise: 0 - sale!.commissionPaise,
      commissionGstPaise: 0 - sale!.commissionGstPaise,
      tcsCgstPaise: 0 - sale!.tcsCgstPaise,
      tcsSgstPaise: 0 - sale!.tcsSgstPaise,
      tcsIgstPaise: 0 - sale!.tcsIgstPaise,
      tdsPaise: 0 - sale!.tdsPaise,
      netPaise: 0 - sale!.netPaise,
      ratesId: sale!.ratesId,
    });
  });
});

describe('the statement and payouts', () => {
  it("adds the month's entries to the balance, the cash on delivery included", async () => {
    const statement = await statementAs(sellerA);
    expect(statement.shop).toMatchObject({
      id: shopA,
      gstin: GSTIN_A,
      pan: '******678L',
      tdsBp: 10,
    });
    expect(statement.openingBalancePaise).toBe(0);
    expect(statement.lines.map((line) => line.kind)).toEqual(['sale', 'sale', 'sale', 'reversal']);
    const entries = await db()
      .select()
      .from(settlementEntries)
      .where(eq(settlementEntries.shopId, shopA));
    const net = entries.reduce((sum, entry) => sum + entry.netPaise, 0);
    expect(statement.closingBalancePaise).toBe(net);
    expect(statement.lines.at(-1)!.balancePaise).toBe(net);
    expect(statement.codCollectedPaise).toBe(intraGross + 312_345);
  });

  it('reduces the balance by a payout, audited', async () => {
    const before = await statementAs(sellerA);
    const response = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/settlements/shops/${shopA}/payouts`,
      payload: { amountPaise: 100_000, utr: 'sbin0012345678901', paidOn: indianDateOf(new Date()) },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      amountPaise: 100_000,
      utr: 'SBIN0012345678901',
      balancePaise: before.closingBalancePaise - 100_000,
    });
    const after = await statementAs(sellerA);
    expect(after.closingBalancePaise).toBe(before.closingBalancePaise - 100_000);
    expect(after.lines.at(-1)).toMatchObject({
      kind: 'payout',
      reference: 'SBIN0012345678901',
      payoutPaise: 100_000,
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'settlement_payout'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);

    const balances = await asStaff(ctx.app, admin, {
      method: 'GET',
      url: '/api/settlements/shops',
    });
    const rowA = balances
      .json<{ items: Array<{ shopId: number; balancePaise: number; paidPaise: number }> }>()
      .items.find((row) => row.shopId === shopA);
    expect(rowA).toMatchObject({ balancePaise: after.closingBalancePaise, paidPaise: 100_000 });
  });

  it.each([
    ['a UTR of 11 characters', { utr: 'SBIN0012345' }, 400, 'utr'],
    ['a UTR with a dash', { utr: 'SBIN-00123456789' }, 400, 'utr'],
    ['a date in the future', { paidOn: '2999-01-01' }, 400, 'paidOn'],
    ['an amount of 0', { amountPaise: 0 }, 400, 'amountPaise'],
    ['an amount in rupees with paise', { amountPaise: 10.5 }, 400, 'amountPaise'],
    ['more than is owed', { amountPaise: 999_999_999 }, 422, undefined],
    ['a UTR already recorded', { utr: 'SBIN0012345678901' }, 409, undefined],
  ])('refuses a payout with %s and saves nothing', async (_name, change, status, field) => {
    const counts = async () => ({
      payouts: (await db().select().from(settlementPayouts)).length,
      audit: (await db().select().from(auditLog)).length,
    });
    const before = await counts();
    const response = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/settlements/shops/${shopA}/payouts`,
      payload: {
        amountPaise: 1_000,
        utr: 'HDFCR52026112800001',
        paidOn: indianDateOf(new Date()),
        ...change,
      },
    });
    expect(response.statusCode).toBe(status);
    const body = response.json<{
      error: { code: string; message: string; fields?: Record<string, string> };
    }>();
    expect(body.error.message).toBeTruthy();
    if (field) expect(body.error.fields?.[field]).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for a payout to a shop that does not exist', async () => {
    const response = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/settlements/shops/999999/payouts',
      payload: { amountPaise: 1_000, utr: 'HDFCR52026112800002', paidOn: indianDateOf(new Date()) },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('who sees a statement', () => {
  it("shows a seller only its own shop's statement", async () => {
    const own = await statementAs(sellerB);
    expect(own.shop.id).toBe(shopB);
    expect(own.lines).toHaveLength(0);
    const other = await asStaff(ctx.app, sellerB, {
      method: 'GET',
      url: `/api/settlements/shops/${shopA}/statement?month=${month}`,
    });
    expect(other.statusCode).toBe(403);
    // The query cannot name a shop either: unknown parameters are refused.
    const named = await asStaff(ctx.app, sellerB, {
      method: 'GET',
      url: `/api/shop/settlements/statement?month=${month}&shopId=${shopA}`,
    });
    expect(named.statusCode).toBe(400);
  });

  it('keeps money totals from support admins, as the shop customers list does', async () => {
    const response = await asStaff(ctx.app, supportA, {
      method: 'GET',
      url: `/api/shop/settlements/statement?month=${month}`,
    });
    expect(response.statusCode).toBe(403);
  });

  it("shows the admin any shop's statement, the same as the seller's", async () => {
    const response = await asStaff(ctx.app, admin, {
      method: 'GET',
      url: `/api/settlements/shops/${shopA}/statement?month=${month}`,
    });
    expect(response.statusCode).toBe(200);
    const { generatedAt: _a, ...asAdmin } = SellerStatementSchema.parse(response.json());
    const { generatedAt: _s, ...asSeller } = await statementAs(sellerA);
    expect(asAdmin).toEqual(asSeller);
  });
});

describe('downloads', () => {
  it('gives the statement as CSV with its columns, opening and closing rows', async () => {
    const response = await asStaff(ctx.app, sellerA, {
      method: 'GET',
      url: `/api/shop/settlements/statement.csv?month=${month}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`statement-${shopA}-${month}.csv`);
    const rows = response.body
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(rows[0]).toEqual([
      'Date',
      'Type',
      'Reference',
      'Payment',
      'Gross',
      'Commission',
      'GST on commission',
      'TCS CGST',
      'TCS SGST',
      'TCS IGST',
      'TDS',
      'Net',
      'Payout',
      'Balance',
      'TDS rate',
      'PAN',
    ]);
    expect(rows[1]!.slice(0, 2)).toEqual([`${month}-01`, 'Opening balance']);
    // The TDS rate and PAN in force, then each line's: the PAN of the GSTIN, masked.
    expect(rows[1]!.slice(14)).toEqual(['0.1 %', '******678L']);
    expect(rows[2]!.slice(14)).toEqual(['0.1 %', '******678L']);
    const first = rows[2]!;
    expect(first.slice(1, 5)).toEqual(['Delivered', first[2], 'Cash on delivery', '2899.00']);
    expect(first[7]).toBe('6.90');
    expect(first[8]).toBe('6.90');
    expect(first[10]).toBe('2.90');
    // A reversal's amounts are negative numbers, never apostrophe-escaped texts.
    const reversal = rows.find((row) => row[1] === 'Return received')!;
    expect(reversal.slice(3, 5)).toEqual(['Cash on delivery', '-1499.00']);
    expect(rows.at(-1)![1]).toBe('Closing balance');
    expect(rows.every((row) => row.length === 16)).toBe(true);
  });

  it('renders the statement PDF with the shop, the month, the lines and the balances', async () => {
    const statement = await statementAs(sellerA);
    const pdf = await renderPdf(sellerStatementDocument(statement));
    const dir = await mkdtemp(path.join(tmpdir(), 'statement-'));
    try {
      const file = path.join(dir, 'statement.pdf');
      await writeFile(file, pdf);
      const { stdout } = await run('pdftotext', ['-layout', file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain('Seller Statement');
      expect(text).toContain('Patna Fashion Hub');
      expect(text).toContain(statement.monthLabel);
      expect(text).toContain(`GSTIN: ${GSTIN_A}`);
      expect(text).toContain('Opening balance');
      expect(text).toContain('Return received');
      expect(text).toContain('SBIN0012345678901');
      expect(text).toContain('₹2,899.00');
      expect(text).toContain('Closing balance');
      expect(text).toContain('Cash on delivery collected');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives the month's GSTR-8 figures per seller GSTIN as CSV", async () => {
    const response = await asStaff(ctx.app, admin, {
      method: 'GET',
      url: `/api/settlements/gstr8.csv?month=${month}`,
    });
    expect(response.statusCode).toBe(200);
    const rows = response.body
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(rows[0]).toEqual([
      'GSTIN of supplier',
      'Shop',
      'Gross value of supplies',
      'Value of supplies returned',
      'Net amount liable for TCS',
      'IGST',
      'CGST',
      'SGST',
    ]);
    const entries = await db()
      .select()
      .from(settlementEntries)
      .where(eq(settlementEntries.shopId, shopA));
    const sum = (pick: (entry: (typeof entries)[number]) => number) =>
      (entries.reduce((total, entry) => total + pick(entry), 0) / 100).toFixed(2);
    const sales = entries.filter((entry) => entry.kind === 'sale');
    const grossSupplies = (
      sales.reduce((total, entry) => total + entry.taxableValuePaise, 0) / 100
    ).toFixed(2);
    expect(rows[1]).toEqual([
      GSTIN_A,
      'Patna Fashion Hub',
      grossSupplies,
      (Number(grossSupplies) - Number(sum((entry) => entry.taxableValuePaise))).toFixed(2),
      sum((entry) => entry.taxableValuePaise),
      sum((entry) => entry.tcsIgstPaise),
      sum((entry) => entry.tcsCgstPaise),
      sum((entry) => entry.tcsSgstPaise),
    ]);
  });
});

describe('rates', () => {
  it('charges a commission and 18 % GST on it from the day a new rate row starts', async () => {
    const today = indianDateOf(new Date());
    const added = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/settlements/rates',
      payload: {
        effectiveFrom: today,
        commissionBp: 1000,
        commissionGstBp: 1800,
        tcsBp: 50,
        tdsBp: 10,
      },
    });
    expect(added.statusCode).toBe(201);
    const again = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/settlements/rates',
      payload: {
        effectiveFrom: today,
        commissionBp: 500,
        commissionGstBp: 1800,
        tcsBp: 50,
        tdsBp: 10,
      },
    });
    expect(again.statusCode).toBe(409);
    const past = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/settlements/rates',
      payload: {
        effectiveFrom: '2025-01-01',
        commissionBp: 500,
        commissionGstBp: 1800,
        tcsBp: 50,
        tdsBp: 10,
      },
    });
    expect(past.statusCode).toBe(409);

    const jeans = await insertProduct(db(), {
      shopId: shopB,
      name: 'Denim Jeans',
      pricePaise: 129_999,
      stockQuantity: 5,
    });
    const placed = await order([[jeans, 1]]);
    const shipmentId = placed.shipments[0]!.id;
    await deliver(shipmentId);
    const taxable = await taxableOfShipment(shipmentId);
    const commission = share(129_999, 10, 100); // 12,999.9 -> 13,000
    const commissionGst = share(commission, 18, 100);
    const cgst = share(taxable, 25, 10_000);
    const tds = share(129_999, 1, 1_000);
    const [entry] = await entriesOf(shipmentId);
    expect(entry).toMatchObject({
      commissionPaise: commission,
      commissionGstPaise: commissionGst,
      tcsCgstPaise: cgst,
      tdsPaise: tds,
      netPaise: 129_999 - commission - commissionGst - 2 * cgst - tds,
    });
    expect(commission).toBe(13_000);
    expect(commissionGst).toBe(2_340);
  });
});

describe('TDS with and without a PAN (sections 194-O and 206AA)', () => {
  it('takes 5 % of the gross from a shop without PAN, and 0.1 % once the admin records its PAN', async () => {
    // Unregistered (no GSTIN, so no PAN from it and no TCS); the commission row of 'rates' is in force.
    const shopC = await insertShop(db(), { name: 'Ara Handloom', gstin: null });
    const sellerC = await createStaff(ctx.app, db(), 'seller', shopC);
    const stole = await insertProduct(db(), {
      shopId: shopC,
      name: 'Handloom Stole',
      pricePaise: 123_457,
      stockQuantity: 5,
    });
    const first = (await order([[stole, 1]])).shipments[0]!.id;
    await deliver(first);
    const commission = share(123_457, 10, 100); // 12,345.7 -> 12,346
    const commissionGst = share(commission, 18, 100); // 2,222.28 -> 2,222
    const noPanTds = share(123_457, 5, 100); // 6,172.85 -> 6,173
    expect([commission, commissionGst, noPanTds]).toEqual([12_346, 2_222, 6_173]);
    const [withoutPan] = await entriesOf(first);
    expect(withoutPan).toMatchObject({
      grossPaise: 123_457,
      tcsCgstPaise: 0,
      tcsSgstPaise: 0,
      tcsIgstPaise: 0,
      tdsPaise: 6_173,
      tdsBp: 500,
      tdsPan: null,
      netPaise: 123_457 - 12_346 - 2_222 - 6_173,
    });

    let statement = await statementAs(sellerC);
    expect(statement.shop).toMatchObject({ pan: null, tdsBp: 500 });
    expect(statement.lines[0]).toMatchObject({ tdsPaise: 6_173, tdsBp: 500, tdsPan: null });

    // The admin records the PAN: refused when malformed, or for a shop whose GSTIN carries one.
    const url = `/api/settlements/shops/${shopC}/pan`;
    const bad = await asStaff(ctx.app, admin, {
      method: 'PUT',
      url,
      payload: { pan: 'ABCD1234Q' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.pan).toContain('5 letters, 4 digits, a letter');
    const fromGstin = await asStaff(ctx.app, admin, {
      method: 'PUT',
      url: `/api/settlements/shops/${shopA}/pan`,
      payload: { pan: 'ABCPK1234Q' },
    });
    expect(fromGstin.statusCode).toBe(409);
    expect(fromGstin.json().error).toMatchObject({ reason: 'SHOP_PAN_FROM_GSTIN' });
    expect(
      (await asStaff(ctx.app, sellerC, { method: 'PUT', url, payload: { pan: 'ABCPK1234Q' } }))
        .statusCode,
    ).toBe(403);
    const recorded = await asStaff(ctx.app, admin, {
      method: 'PUT',
      url,
      payload: { pan: 'abcpk1234q' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      shopId: shopC,
      pan: '******234Q',
      panFromGstin: false,
    });
    const [trail] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'shop_pan' and ${auditLog.entityId} = ${String(shopC)}`);
    expect(trail).toMatchObject({ action: 'update', after: { pan: '******234Q' } });

    const second = (await order([[stole, 1]])).shipments[0]!.id;
    await deliver(second);
    const panTds = share(123_457, 1, 1_000); // 123.457 -> 123
    expect(panTds).toBe(123);
    const [withPan] = await entriesOf(second);
    expect(withPan).toMatchObject({
      tdsPaise: 123,
      tdsBp: 10,
      tdsPan: 'ABCPK1234Q',
      netPaise: 123_457 - 12_346 - 2_222 - 123,
    });
    // The first entry keeps what it was written with.
    expect((await entriesOf(first))[0]).toMatchObject({ tdsPaise: 6_173, tdsBp: 500 });

    statement = await statementAs(sellerC);
    expect(statement.shop).toMatchObject({ pan: '******234Q', tdsBp: 10 });
    expect(statement.lines.map((line) => [line.tdsPaise, line.tdsBp, line.tdsPan])).toEqual([
      [6_173, 500, null],
      [123, 10, '******234Q'],
    ]);
    expect(statement.totals.tdsPaise).toBe(6_296);

    const csv = await asStaff(ctx.app, sellerC, {
      method: 'GET',
      url: `/api/shop/settlements/statement.csv?month=${month}`,
    });
    const rows = csv.body
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(rows[2]!.slice(10, 11).concat(rows[2]!.slice(14))).toEqual(['61.73', '5 %', 'No PAN']);
    expect(rows[3]!.slice(10, 11).concat(rows[3]!.slice(14))).toEqual([
      '1.23',
      '0.1 %',
      '******234Q',
    ]);

    const pdf = await renderPdf(sellerStatementDocument(statement));
    const dir = await mkdtemp(path.join(tmpdir(), 'statement-pan-'));
    try {
      const file = path.join(dir, 'statement.pdf');
      await writeFile(file, pdf);
      const { stdout } = await run('pdftotext', ['-layout', file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain('PAN: ******234Q');
      expect(text).toContain('TDS 0.1 %');
      expect(text).toContain('5 %');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a rate row dated before the latest row, and keeps the no-PAN rate when left out', async () => {
    const list = await asStaff(ctx.app, admin, { method: 'GET', url: '/api/settlements/rates' });
    expect(list.statusCode).toBe(200);
    const latest = list.json<{ items: Array<{ effectiveFrom: string; tdsNoPanBp: number }> }>()
      .items[0]!;
    expect(latest.tdsNoPanBp).toBe(500);
    const later = new Date(Date.now() + 40 * 86_400_000);
    const laterDay = indianDateOf(later);
    const body = { commissionBp: 1000, commissionGstBp: 1800, tcsBp: 50, tdsBp: 10 };
    const added = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/settlements/rates',
      payload: { ...body, effectiveFrom: laterDay, tdsNoPanBp: 2000 },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ tdsNoPanBp: 2000 });
    const between = indianDateOf(new Date(Date.now() + 10 * 86_400_000));
    const refused = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/settlements/rates',
      payload: { ...body, effectiveFrom: between },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      reason: 'SETTLEMENT_RATE_REFUSED',
      message: `Choose a day after ${laterDay}, the latest rates' first day`,
    });
    const percentTooFine = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/settlements/rates',
      payload: { ...body, effectiveFrom: laterDay, tdsNoPanBp: 10_001 },
    });
    expect(percentTooFine.statusCode).toBe(400);
  });
});
