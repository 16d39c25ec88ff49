import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { and, eq, gte, lte, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianDateOf, type Gstr1Json } from '@bazaar/shared';
import { taxDocuments } from '../../../src/db/schema/index.js';
import { seedDemoBackOffice } from '../../../src/seed/demo-back-office.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { callWith, signInEveryRole, type StaffCookies } from '../bills/bills-test-support.js';

/*
 * docs/gst.md "GSTR-1": the demo data's last month, as a fresh server has it, exports as JSON in
 * the shape of the portal's schema (the JSON Schema written from its published format), and the
 * return's taxable value and taxes equal the month's issued invoices less its credit notes.
 */

let ctx: TestContext;
let as: StaffCookies;

/** The month before this one, `YYYY-MM`, and its first and last day. */
function lastMonth(): { period: string; from: string; to: string } {
  const today = indianDateOf(new Date());
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const period = `${y}-${String(m).padStart(2, '0')}`;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { period, from: `${period}-01`, to: `${period}-${String(lastDay).padStart(2, '0')}` };
}

const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBackOffice(ctx.database.db);
  as = await signInEveryRole(ctx.app, ctx.database.db);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GSTR-1 of the demo data', () => {
  it("exports last month in the portal's shape, its totals the invoices less the credit notes", async () => {
    const { period, from, to } = lastMonth();
    const response = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: `/api/gst-returns/gstr1/json?period=${period}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const json = response.json<Gstr1Json>();

    const schema = JSON.parse(
      readFileSync(
        new URL('../../../../../packages/shared/test/gst/gstr1.schema.json', import.meta.url),
        'utf8',
      ),
    );
    const validate = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 6 }).compile(
      schema,
    );
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);

    // The month's documents as issued, straight from the table (cancelled ones excluded).
    const totalsOf = async (kind: string) => {
      const [row] = await ctx.database.db
        .select({
          count: sql<number>`count(*)::int`,
          taxable: sum(taxDocuments.taxableValuePaise).mapWith(Number),
          tax: sql<string>`coalesce(sum(${taxDocuments.cgstPaise} + ${taxDocuments.sgstPaise} + ${taxDocuments.igstPaise}), 0)`.mapWith(
            Number,
          ),
        })
        .from(taxDocuments)
        .where(
          and(
            eq(taxDocuments.supplierKey, 'business'),
            eq(taxDocuments.kind, kind),
            eq(taxDocuments.status, 'issued'),
            gte(taxDocuments.documentDate, from),
            lte(taxDocuments.documentDate, to),
          ),
        );
      return { count: row!.count, taxable: row!.taxable ?? 0, tax: row!.tax };
    };
    const invoices = await totalsOf('tax_invoice');
    const creditNotes = await totalsOf('credit_note');
    expect(invoices.count).toBeGreaterThan(0);

    // B2B + B2CL + B2CS - CDNR - CDNUR, item by item, in paise.
    let taxable = 0;
    let tax = 0;
    const add = (
      detail: { txval: number; iamt?: number; camt?: number; samt?: number },
      sign = 1,
    ) => {
      taxable += sign * rupeesToPaise(detail.txval);
      tax +=
        sign *
        (rupeesToPaise(detail.iamt ?? 0) +
          rupeesToPaise(detail.camt ?? 0) +
          rupeesToPaise(detail.samt ?? 0));
    };
    for (const party of json.b2b ?? [])
      for (const invoice of party.inv) for (const item of invoice.itms) add(item.itm_det);
    for (const place of json.b2cl ?? [])
      for (const invoice of place.inv) for (const item of invoice.itms) add(item.itm_det);
    for (const row of json.b2cs ?? []) add(row);
    for (const party of json.cdnr ?? [])
      for (const note of party.nt) for (const item of note.itms) add(item.itm_det, -1);
    for (const note of json.cdnur ?? []) for (const item of note.itms) add(item.itm_det, -1);

    expect(taxable).toBe(invoices.taxable - creditNotes.taxable);
    expect(tax).toBe(invoices.tax - creditNotes.tax);
  }, 120_000);
});
