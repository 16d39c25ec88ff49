import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  E_INVOICE_TURNOVER_THRESHOLD_PAISE,
  type DocumentRecipient,
  type EInvoiceJson,
  type IssuedTaxDocument,
  type TaxSettings,
} from '@bazaar/shared';
import { auditLog } from '../../../src/db/schema/index.js';
import { cancelTaxDocument, issueTaxDocument } from '../../../src/modules/tax-documents/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { callWith, signInEveryRole, type StaffCookies } from '../bills/bills-test-support.js';

/*
 * docs/gst.md "Settings" and "E-invoice": the turnover setting, the e-invoice JSON download of
 * an issued B2B document and the IRN entered from the IRP's answer.
 */

let ctx: TestContext;
let as: StaffCookies;

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
});

afterAll(async () => {
  await ctx.close();
});

const supplier = {
  name: 'Bazaar Wholesale',
  address: 'Fraser Road',
  city: 'Patna',
  pincode: '800001',
  state: 'Bihar',
  stateCode: '10',
  gstin: '10AABCU9603R1Z2',
  mobile: '9876543210',
};

const registeredInUp: DocumentRecipient = {
  name: 'Ramesh Gupta',
  shopName: 'Gupta Textiles',
  address: 'Aminabad',
  city: 'Lucknow',
  pincode: '226001',
  state: 'Uttar Pradesh',
  stateCode: '09',
  gstin: '09AABCU9603R1ZL',
  mobile: '9123456780',
};

let day = 0;

/** Issues a tax invoice of one line (10 shirts at ₹500) straight through the module. */
async function issueInvoice(
  recipient: DocumentRecipient = registeredInUp,
  kind: 'tax_invoice' | 'bill_of_supply' = 'tax_invoice',
): Promise<IssuedTaxDocument> {
  day += 1;
  return ctx.database.db.transaction((tx) =>
    issueTaxDocument(tx, {
      supplierKey: 'business',
      supplier,
      recipient,
      prefix: kind === 'tax_invoice' ? 'BZ' : 'BS',
      kind,
      documentDate: `2026-11-${String(day).padStart(2, '0')}`,
      pricesIncludeTax: false,
      lines: [
        {
          description: "Shirt-Box Golden Men's",
          details: 'Size: M',
          hsnClass: 'mens-shirt',
          quantity: 10,
          unitPricePaise: 50_000,
        },
      ],
      paymentTerms: 'Payable on receipt',
      issuedBy: null,
    }),
  );
}

async function putTurnover(cookie: string, payload: unknown) {
  return callWith(ctx.app, cookie, {
    method: 'PUT',
    url: '/api/settings/tax',
    payload: payload as object,
  });
}

function fieldsOf(response: { json: <T>() => T }) {
  return response.json<{ error: { fields?: Record<string, string> } }>().error.fields;
}

describe('the turnover setting', () => {
  it('is 0 until entered, and only the admin reads or saves it', async () => {
    const read = await callWith(ctx.app, as.admin, { method: 'GET', url: '/api/settings/tax' });
    expect(read.statusCode).toBe(200);
    expect(read.json<TaxSettings>()).toEqual({
      annualTurnoverPaise: 0,
      eInvoiceThresholdPaise: E_INVOICE_TURNOVER_THRESHOLD_PAISE,
      eInvoiceRequired: false,
      updatedAt: null,
    });
    for (const cookie of [as.employee, as.customer, as.seller]) {
      expect(
        (await callWith(ctx.app, cookie, { method: 'GET', url: '/api/settings/tax' })).statusCode,
      ).toBe(403);
      expect((await putTurnover(cookie, { annualTurnoverPaise: 1 })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/tax' })).statusCode).toBe(
      401,
    );
  });

  it('refuses a negative, fractional or missing turnover with a field message', async () => {
    for (const payload of [
      { annualTurnoverPaise: -1 },
      { annualTurnoverPaise: 10.5 },
      { annualTurnoverPaise: '100' },
      {},
    ]) {
      const response = await putTurnover(as.admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(response)).toHaveProperty('annualTurnoverPaise');
    }
  });

  it('below ₹5 crore: invoices print 4-digit HSN and need no IRN', async () => {
    const saved = await putTurnover(as.admin, {
      annualTurnoverPaise: E_INVOICE_TURNOVER_THRESHOLD_PAISE,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TaxSettings>()).toMatchObject({ eInvoiceRequired: false });
    const invoice = await issueInvoice();
    expect(invoice.snapshot).toMatchObject({ hsnDigits: 4, eInvoiceRequired: false });
  });

  it('above ₹5 crore: saved and audited; new B2B invoices need an IRN and print 6-digit HSN', async () => {
    const turnover = 60_000_000_000; // ₹60 crore
    const saved = await putTurnover(as.admin, { annualTurnoverPaise: turnover });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TaxSettings>()).toMatchObject({
      annualTurnoverPaise: turnover,
      eInvoiceRequired: true,
    });
    expect(saved.json<TaxSettings>().updatedAt).not.toBeNull();
    const read = await callWith(ctx.app, as.admin, { method: 'GET', url: '/api/settings/tax' });
    expect(read.json<TaxSettings>().annualTurnoverPaise).toBe(turnover);

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'business_setting'), eq(auditLog.action, 'update')));
    expect(audit.at(-1)).toMatchObject({
      actorRole: 'admin',
      before: { annualTurnoverPaise: E_INVOICE_TURNOVER_THRESHOLD_PAISE },
      after: { annualTurnoverPaise: turnover },
    });

    const b2b = await issueInvoice();
    expect(b2b.snapshot).toMatchObject({ hsnDigits: 6, eInvoiceRequired: true });
    expect(b2b.snapshot.lines[0]!.hsn).toHaveLength(6);
    const b2c = await issueInvoice({ ...registeredInUp, gstin: null });
    expect(b2c.snapshot).toMatchObject({ hsnDigits: 6, eInvoiceRequired: false });
  });
});

describe('GET /api/tax-documents/{id}/e-invoice', () => {
  const download = (cookie: string, id: number | string) =>
    callWith(ctx.app, cookie, { method: 'GET', url: `/api/tax-documents/${id}/e-invoice` });

  it('answers the INV-01 JSON of a B2B invoice as a download, to admins and employees', async () => {
    const invoice = await issueInvoice();
    for (const cookie of [as.admin, as.employee]) {
      const response = await download(cookie, invoice.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="EINV_${invoice.snapshot.number.replace(/\//g, '-')}.json"`,
      );
      const json = response.json<EInvoiceJson>();
      expect(json).toMatchObject({
        Version: '1.1',
        DocDtls: { Typ: 'INV', No: invoice.snapshot.number },
        SellerDtls: { Gstin: supplier.gstin, Stcd: '10', Pin: 800001 },
        BuyerDtls: { Gstin: '09AABCU9603R1ZL', Pos: '09', Stcd: '09', Pin: 226001 },
        // ₹5,000 to Uttar Pradesh: inter-state, IGST 5 %.
        ValDtls: { AssVal: 5000, CgstVal: 0, SgstVal: 0, IgstVal: 250, TotInvVal: 5250 },
      });
      expect(json.ItemList).toHaveLength(1);
    }
  });

  it('answers a credit note as CRN with its invoice under RefDtls', async () => {
    const invoice = await issueInvoice();
    const note = await ctx.database.db.transaction((tx) =>
      issueTaxDocument(tx, {
        supplierKey: 'business',
        supplier,
        recipient: registeredInUp,
        prefix: 'CN',
        kind: 'credit_note',
        documentDate: '2026-12-20',
        pricesIncludeTax: false,
        lines: [
          {
            description: "Shirt-Box Golden Men's",
            details: 'Size: M',
            hsnClass: 'mens-shirt',
            quantity: 2,
            unitPricePaise: 50_000,
            originalLineNumber: 1,
          },
        ],
        paymentTerms: 'Adjusted against dues',
        issuedBy: null,
        original: {
          id: invoice.id,
          number: invoice.snapshot.number,
          documentDate: invoice.snapshot.documentDate,
        },
        reason: 'Goods returned',
      }),
    );
    const response = await download(as.admin, note.id);
    expect(response.statusCode, response.body).toBe(200);
    const json = response.json<EInvoiceJson>();
    expect(json.DocDtls).toMatchObject({ Typ: 'CRN', No: note.snapshot.number, Dt: '20/12/2026' });
    const [year, month, date] = invoice.snapshot.documentDate.split('-');
    expect(json.RefDtls).toEqual({
      PrecDocDtls: [{ InvNo: invoice.snapshot.number, InvDt: `${date}/${month}/${year}` }],
    });
    expect(json.ValDtls).toMatchObject({ AssVal: 1000, IgstVal: 50, TotInvVal: 1050 });
  });

  it('refuses a B2C invoice and a bill of supply with 422, an unknown id with 404', async () => {
    const b2c = await issueInvoice({ ...registeredInUp, gstin: null });
    const b2cResponse = await download(as.admin, b2c.id);
    expect(b2cResponse.statusCode).toBe(422);
    expect(b2cResponse.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'BUSINESS_RULE',
      message: expect.stringContaining('no GSTIN'),
    });
    const billOfSupply = await issueInvoice(registeredInUp, 'bill_of_supply');
    expect((await download(as.admin, billOfSupply.id)).statusCode).toBe(422);
    expect((await download(as.admin, 999_999)).statusCode).toBe(404);
    expect((await download(as.admin, 'abc')).statusCode).toBe(400);
    expect((await download(as.customer, b2c.id)).statusCode).toBe(403);
  });
});

describe('PUT /api/tax-documents/{id}/irn', () => {
  const irnBody = {
    irn: 'a'.repeat(32) + '0123456789abcdef0123456789ABCDEF',
    ackNumber: '112010036563310',
    ackDate: '2026-11-27T14:05:00+05:30',
    signedQrCode: 'eyJhbGciOiJSUzI1NiJ9.signed.qr',
  };
  const put = (cookie: string, id: number | string, payload: unknown = irnBody) =>
    callWith(ctx.app, cookie, {
      method: 'PUT',
      url: `/api/tax-documents/${id}/irn`,
      payload: payload as object,
    });

  it('stores the IRN, acknowledgement and QR once, audited; a second time is 409', async () => {
    const invoice = await issueInvoice();
    const response = await put(as.admin, invoice.id);
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json<IssuedTaxDocument>();
    expect(stored).toMatchObject({
      id: invoice.id,
      irn: irnBody.irn.toLowerCase(),
      irnAckNumber: irnBody.ackNumber,
      irnAckDate: '2026-11-27T08:35:00.000Z',
      signedQrCode: irnBody.signedQrCode,
      snapshot: invoice.snapshot,
    });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tax_document'), eq(auditLog.entityId, String(invoice.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', after: { irn: irnBody.irn.toLowerCase() } });

    const again = await put(as.admin, invoice.id, { ...irnBody, irn: 'b'.repeat(64) });
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input with field messages, employees with 403, unknown with 404', async () => {
    const invoice = await issueInvoice();
    const bad = await put(as.admin, invoice.id, {
      irn: 'xyz',
      ackNumber: '12a',
      ackDate: '27/11/2026',
      signedQrCode: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(bad) ?? {}).sort()).toEqual([
      'ackDate',
      'ackNumber',
      'irn',
      'signedQrCode',
    ]);
    expect((await put(as.employee, invoice.id)).statusCode).toBe(403);
    expect((await put(as.admin, 999_999)).statusCode).toBe(404);
  });

  it('refuses a cancelled document with 409 and a B2C one with 422', async () => {
    const invoice = await issueInvoice();
    await ctx.database.db.transaction((tx) =>
      cancelTaxDocument(tx, invoice.id, { reason: 'Entered twice', actorId: null }),
    );
    const cancelled = await put(as.admin, invoice.id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.body).toContain('cancelled');
    const b2c = await issueInvoice({ ...registeredInUp, gstin: null });
    expect((await put(as.admin, b2c.id)).statusCode).toBe(422);
  });
});
