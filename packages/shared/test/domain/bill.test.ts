import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billDuesPaise,
  billNumberOf,
  billTaxPreview,
  billTotals,
  canCloseBill,
  lineAmountPaise,
  maxPaymentPaise,
  purchaseItemHsnClass,
  sellerLabelOf,
  sellerNameOf,
} from '../../src/domain/bill.js';
import { formatRupees } from '../../src/domain/money.js';
import { BACK_OFFICE_MESSAGES } from '../../src/constants.js';
import {
  BILL_LINE_MAX_QUANTITY,
  BILL_LINE_MAX_RATE_PAISE,
  BILL_MAX_LINES,
  CreateBillInputSchema,
  notEnoughStockMessage,
} from '../../src/schemas/billing.js';

/*
 * The money rules of a wholesale bill (docs/back-office-bills.md "Money rules", docs/gst.md
 * "The engine"): line amounts, totals from the tax engine (CGST and SGST each rounded at half the
 * rate, per line), dues net of credit notes and 0 once cancelled, close-bill rule, payment cap.
 */

/** Lines of shirts at up to ₹2,500 a piece: 5 % since 22-09-2025. */
const line = fc.record({
  item: fc.constant('Shirt-Box'),
  quantity: fc.integer({ min: 1, max: BILL_LINE_MAX_QUANTITY }),
  ratePaise: fc.integer({ min: 1, max: 250_000 }),
});
const lines = fc.array(line, { minLength: 0, maxLength: BILL_MAX_LINES });
const paise = fc.integer({ min: 0, max: 1_000_000_000 });
const bill = fc.record({
  amountPaise: fc.integer({ min: 1, max: 900_000_000 }),
  gstPaise: fc.integer({ min: 0, max: 45_000_000 }),
  receivedPaise: paise,
});

describe('bill money rules', () => {
  it('line amount = quantity x rate', () => {
    fc.assert(
      fc.property(line, (entry) => {
        expect(lineAmountPaise(entry)).toBe(entry.quantity * entry.ratePaise);
        expect(Number.isSafeInteger(lineAmountPaise(entry))).toBe(true);
      }),
    );
  });

  it('amount is the sum of the lines; total = amount + GST; GST = 2 x half of 5 % per line, or 0', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (entries, gstApplied) => {
        const totals = billTotals(entries, gstApplied);
        const amount = entries.reduce((sum, entry) => sum + entry.quantity * entry.ratePaise, 0);
        expect(totals.amountPaise).toBe(amount);
        // Exact integer arithmetic: 2.5 % of v rounded half up = floor((v + 20) / 40), twice.
        const gst = entries.reduce(
          (sum, entry) => sum + 2 * Math.floor((entry.quantity * entry.ratePaise + 20) / 40),
          0,
        );
        expect(totals.gstPaise).toBe(gstApplied ? gst : 0);
        expect(totals.totalPaise).toBe(totals.amountPaise + totals.gstPaise);
      }),
    );
  });

  it('CGST = SGST within the state, adding up to the GST', () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (entries, gstApplied) => {
        const totals = billTotals(entries, gstApplied);
        expect(totals.cgstPaise).toBe(totals.sgstPaise);
        expect(totals.cgstPaise + totals.sgstPaise).toBe(totals.gstPaise);
      }),
    );
  });

  it('known values: 5 % of ₹1,000; ₹6,084.96 gives ₹152.12 + ₹152.12; IGST across states', () => {
    expect(billTotals([{ item: 'Shirt-Box', quantity: 2, ratePaise: 50_000 }], true)).toEqual({
      amountPaise: 100_000,
      gstPaise: 5_000,
      cgstPaise: 2_500,
      sgstPaise: 2_500,
      totalPaise: 105_000,
    });
    expect(
      billTotals([{ item: 'Shirt-Box', quantity: 3, ratePaise: 202_832 }], true),
    ).toMatchObject({ cgstPaise: 15_212, sgstPaise: 15_212, gstPaise: 30_424 });
    const igst = billTaxPreview({
      lines: [{ item: 'Shirt-Box', quantity: 3, ratePaise: 202_832 }],
      gstApplied: true,
      placeOfSupplyCode: '09',
      documentDate: '2026-11-27',
    });
    expect(igst.interState).toBe(true);
    expect(igst.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 30_425 });
    expect(billTotals([], true).totalPaise).toBe(0);
  });

  it("takes each line's rate by its value per piece and its class", () => {
    const preview = billTaxPreview({
      lines: [
        { item: 'Trouser-Loose', quantity: 1, ratePaise: 9_999_999 },
        { item: 'Shirt-Box', quantity: 2, ratePaise: 100_000 },
      ],
      gstApplied: true,
      documentDate: '2026-11-27',
    });
    expect(preview.lines.map((taxed) => [taxed.hsn, taxed.ratePercent])).toEqual([
      ['6203', 18],
      ['6205', 5],
    ]);
    expect(purchaseItemHsnClass('T-Shirt-Collar')).toBe('t-shirt');
    expect(purchaseItemHsnClass('Shorts-Sports')).toBe('mens-trousers-knitted');
    expect(
      billTaxPreview({
        lines: [{ item: 'Shirt-Box', hsnClass: 't-shirt', quantity: 1, ratePaise: 100 }],
        gstApplied: true,
      }).lines[0]!.hsn,
    ).toBe('6109');
  });

  it('dues subtract credit notes, and are 0 once cancelled', () => {
    const open = { amountPaise: 100_000, gstPaise: 5_000, receivedPaise: 20_000 };
    expect(billDuesPaise({ ...open, creditedPaise: 10_500 })).toBe(74_500);
    expect(billDuesPaise({ ...open, status: 'cancelled' })).toBe(0);
    expect(maxPaymentPaise({ ...open, status: 'cancelled' })).toBe(0);
  });

  it('dues = total - received', () => {
    fc.assert(
      fc.property(bill, (entry) => {
        expect(billDuesPaise(entry)).toBe(entry.amountPaise + entry.gstPaise - entry.receivedPaise);
      }),
    );
  });

  it('a bill can be closed iff received >= total', () => {
    fc.assert(
      fc.property(bill, (entry) => {
        expect(canCloseBill(entry)).toBe(entry.receivedPaise >= entry.amountPaise + entry.gstPaise);
      }),
    );
  });

  it('the payment cap is the dues, never negative, and paying it makes the bill closable', () => {
    fc.assert(
      fc.property(bill, (entry) => {
        const cap = maxPaymentPaise(entry);
        expect(cap).toBeGreaterThanOrEqual(0);
        expect(cap).toBe(Math.max(0, billDuesPaise(entry)));
        expect(canCloseBill({ ...entry, receivedPaise: entry.receivedPaise + cap })).toBe(true);
        if (cap > 0) {
          expect(canCloseBill({ ...entry, receivedPaise: entry.receivedPaise + cap - 1 })).toBe(
            false,
          );
        }
      }),
    );
  });

  it('the seller label round-trips to the name shown (employee_{name}_{id}) and admin stays admin', () => {
    const name = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((text) => text.trim().length > 0);
    fc.assert(
      fc.property(name, fc.uuid(), (employeeName, id) => {
        const label = sellerLabelOf({ role: 'employee', name: employeeName, id });
        expect(label).toBe(`employee_${employeeName}_${id}`);
        // uuids contain no underscore, so the last underscore is the one before the id.
        expect(sellerNameOf(label)).toBe(employeeName);
      }),
    );
    fc.assert(
      fc.property(name, fc.uuid(), (adminName, id) => {
        expect(sellerLabelOf({ role: 'admin', name: adminName, id })).toBe('admin');
      }),
    );
    expect(sellerNameOf('admin')).toBe('admin');
    expect(sellerNameOf('employee_Rakesh Paswan_42')).toBe('Rakesh Paswan');
    // Who recorded it, by account name, when the account is known.
    expect(sellerNameOf('admin', 'Anil Sinha')).toBe('Anil Sinha');
    expect(sellerNameOf('employee_Rakesh Paswan_42', 'Rakesh Paswan')).toBe('Rakesh Paswan');
    expect(sellerNameOf('admin', null)).toBe('admin');
  });

  it('bill numbers are 00 + id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(billNumberOf(id)).toBe(`00${id}`);
      }),
    );
  });
});

describe('CreateBillInputSchema', () => {
  const valid = {
    item: 'Shirt-Box',
    category: 'Silver',
    type: "Men's",
    size: 'M',
    quantity: 2,
    ratePaise: 50_000,
  };

  it('accepts received up to the total including GST (and the paisa a line IGST may add), no more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: BILL_LINE_MAX_RATE_PAISE / 100 }),
        fc.boolean(),
        (quantity, ratePaise, gstApplied) => {
          const lines = [{ ...valid, quantity, ratePaise }];
          const total = billTotals(lines, gstApplied).totalPaise;
          for (const receivedPaise of [total, total + 1]) {
            expect(
              CreateBillInputSchema.safeParse({ lines, gstApplied, receivedPaise }).success,
            ).toBe(true);
          }
          const over = CreateBillInputSchema.safeParse({
            lines,
            gstApplied,
            receivedPaise: total + 2,
          });
          expect(over.success).toBe(false);
          expect(over.error?.issues[0]?.message).toBe(BACK_OFFICE_MESSAGES.paymentTooLarge);
        },
      ),
    );
  });

  it('refuses no lines, unknown options, zero quantities and client-sent totals', () => {
    expect(CreateBillInputSchema.safeParse({ lines: [] }).error?.issues[0]?.message).toBe(
      'Add at least one item',
    );
    expect(CreateBillInputSchema.safeParse({ lines: [{ ...valid, item: 'Saree' }] }).success).toBe(
      false,
    );
    expect(CreateBillInputSchema.safeParse({ lines: [{ ...valid, quantity: 0 }] }).success).toBe(
      false,
    );
    expect(CreateBillInputSchema.safeParse({ lines: [valid], totalPaise: 1 }).success).toBe(false);
    expect(CreateBillInputSchema.parse({ lines: [valid] })).toEqual({
      lines: [valid],
      gstApplied: false,
      receivedPaise: 0,
      // A first payment without a mode is cash (older clients send none).
      mode: 'cash',
    });
  });

  it('words the refusals as the spec does', () => {
    expect(
      notEnoughStockMessage(3, { item: 'Shirt-Box', category: 'Silver', type: "Men's", size: 'M' }),
    ).toBe("Only 3 pieces of Shirt-Box Silver Men's size M in stock");
    expect(BACK_OFFICE_MESSAGES.closeBillRefused(formatRupees(105_000), formatRupees(500))).toBe(
      "You can't close this bill because bill amount ₹1,050.00 greater than received amount ₹5.00.",
    );
  });
});
