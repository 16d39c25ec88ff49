import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeInvoiceTax,
  gstRateOf,
  inclusiveRateOf,
  inconsistentInclusiveBands,
  type TaxContext,
  type TaxLineInput,
} from '../../src/gst/engine.js';
import { GST_RATE_RULES, rateRuleOn, type RateRule } from '../../src/gst/rates.js';
import { financialYearOf, formatDocumentNumber } from '../../src/gst/documents.js';
import { HSN_CLASSES, suggestHsnClass } from '../../src/gst/hsn-classes.js';
import { gstinMatchesState, placeOfSupplyOf } from '../../src/gst/states.js';

/**
 * The tax engine (docs/gst.md): golden cases from the rate notifications and property tests
 * over random documents.
 */

const bihar: TaxContext = {
  supplierStateCode: '10',
  placeOfSupplyCode: '10',
  documentDate: '2026-11-27',
  taxApplied: true,
};
const garment = (quantity: number, taxableValuePaise: number): TaxLineInput => ({
  hsn: '6203',
  goodsClass: 'garment',
  quantity,
  taxableValuePaise,
});

describe('rates by law (Notifications 1/2017 and 9/2025-Central Tax (Rate))', () => {
  const rate = (documentDate: string, quantity: number, taxableValuePaise: number) =>
    gstRateOf({ goodsClass: 'garment', quantity, taxableValuePaise, documentDate });

  it('since 22-09-2025: 5 % up to ₹2,500 a piece, 18 % above', () => {
    expect(rate('2025-09-22', 1, 250_000)).toBe(5);
    expect(rate('2025-09-22', 1, 250_001)).toBe(18);
    expect(rate('2026-11-27', 1, 9_999_999)).toBe(18); // a trouser at ₹99,999.99
    expect(rate('2026-11-27', 1, 99_900)).toBe(5);
  });

  it('before 22-09-2025: 5 % up to ₹1,000 a piece, 12 % above', () => {
    expect(rate('2025-09-21', 1, 100_000)).toBe(5);
    expect(rate('2025-09-21', 1, 100_001)).toBe(12);
    expect(rate('2017-07-01', 1, 250_000)).toBe(12);
  });

  it('decides on the value per piece, not per line or bill', () => {
    expect(rate('2026-11-27', 3, 750_000)).toBe(5); // ₹2,500.00 each
    expect(rate('2026-11-27', 3, 750_003)).toBe(18); // ₹2,500.01 each
    expect(rate('2026-11-27', 40, 1_000_000)).toBe(5); // ₹250 each, ₹10,000 the line
  });

  it('keeps fabrics (sarees, suit lengths) at 5 % at any value', () => {
    expect(
      gstRateOf({
        goodsClass: 'fabric',
        quantity: 1,
        taxableValuePaise: 5_000_000,
        documentDate: '2026-11-27',
      }),
    ).toBe(5);
  });

  it('refuses a date before GST', () => {
    expect(() => rate('2017-06-30', 1, 100)).toThrow(/No GST rate rule/);
  });

  it('takes a later notification as one more row, without code changes', () => {
    const later: RateRule[] = [
      ...GST_RATE_RULES.map((rule) =>
        rule.until === null && rule.goodsClasses.includes('garment')
          ? { ...rule, until: '2027-04-01' }
          : rule,
      ),
      {
        goodsClasses: ['garment', 'made-up'],
        from: '2027-04-01',
        until: null,
        slabs: [
          { upToPaisePerPiece: 300_000, ratePercent: 5 },
          { upToPaisePerPiece: null, ratePercent: 12 },
        ],
        notification: 'a later notification',
      },
    ];
    const on = (documentDate: string) =>
      gstRateOf(
        { goodsClass: 'garment', quantity: 1, taxableValuePaise: 280_000, documentDate },
        later,
      );
    expect(on('2027-03-31')).toBe(18);
    expect(on('2027-04-01')).toBe(5);
  });
});

describe('computeInvoiceTax', () => {
  it('computes CGST and SGST each at its own rate, rounded to the paisa (not half and rest)', () => {
    // ₹6,084.96 for 3 pieces (₹2,028.32 each): 5 %; 2.5 % of 6,084.96 = 152.124 -> 152.12 each.
    const tax = computeInvoiceTax(bihar, [garment(3, 608_496)]);
    expect(tax.lines[0]).toMatchObject({ ratePercent: 5, cgstPaise: 15_212, sgstPaise: 15_212 });
    expect(tax.totals).toMatchObject({ taxPaise: 30_424, totalPaise: 638_920 });
  });

  it('charges IGST at the whole rate when the place of supply is another state', () => {
    const tax = computeInvoiceTax({ ...bihar, placeOfSupplyCode: '09' }, [garment(3, 608_496)]);
    expect(tax.interState).toBe(true);
    expect(tax.lines[0]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 30_425 });
  });

  it('works for mixed-rate bills and sums them by HSN x rate', () => {
    const tax = computeInvoiceTax(bihar, [
      garment(2, 100_000),
      { hsn: '6205', goodsClass: 'garment', quantity: 1, taxableValuePaise: 300_000 },
      garment(1, 300_000),
      garment(1, 50_000),
    ]);
    expect(tax.lines.map((line) => line.ratePercent)).toEqual([5, 18, 18, 5]);
    expect(tax.summary).toEqual([
      expect.objectContaining({
        hsn: '6203',
        ratePercent: 5,
        quantity: 3,
        taxableValuePaise: 150_000,
      }),
      expect.objectContaining({
        hsn: '6203',
        ratePercent: 18,
        quantity: 1,
        taxableValuePaise: 300_000,
      }),
      expect.objectContaining({
        hsn: '6205',
        ratePercent: 18,
        quantity: 1,
        taxableValuePaise: 300_000,
      }),
    ]);
  });

  it('makes a Bill of Supply without tax when GST is not applied', () => {
    const tax = computeInvoiceTax({ ...bihar, taxApplied: false }, [garment(1, 300_000)]);
    expect(tax.kind).toBe('bill_of_supply');
    expect(tax.totals).toMatchObject({ taxPaise: 0, totalPaise: 300_000 });
    expect(tax.lines[0]!.ratePercent).toBe(0);
  });

  it('keeps a credit note at its invoice rate (fixedRatePercent)', () => {
    const tax = computeInvoiceTax(bihar, [{ ...garment(1, 10_000), fixedRatePercent: 18 }]);
    expect(tax.lines[0]).toMatchObject({ ratePercent: 18, cgstPaise: 900, sgstPaise: 900 });
  });
});

describe('prices including GST (marketplace)', () => {
  const inclusive = (paise: number) =>
    inclusiveRateOf({
      goodsClass: 'garment',
      quantity: 1,
      inclusiveValuePaise: paise,
      documentDate: '2026-11-27',
    });

  it('finds the consistent rate, and flags ₹2,625.01-₹2,950 where there is none', () => {
    expect(inclusive(262_500)).toEqual({ ratePercent: 5, consistent: true });
    expect(inclusive(262_501)).toEqual({ ratePercent: 18, consistent: false });
    expect(inclusive(295_000)).toEqual({ ratePercent: 18, consistent: false });
    expect(inclusive(295_001)).toEqual({ ratePercent: 18, consistent: true });
    expect(inconsistentInclusiveBands('garment', '2026-11-27')).toEqual([
      { fromPaise: 262_500, toPaise: 295_000 },
    ]);
    expect(inconsistentInclusiveBands('fabric', '2026-11-27')).toEqual([]);
  });
});

describe('engine properties', () => {
  const line = fc.record({
    hsn: fc.constantFrom('6203', '6205', '6109', '5007'),
    goodsClass: fc.constantFrom('garment' as const, 'made-up' as const, 'fabric' as const),
    quantity: fc.integer({ min: 1, max: 500 }),
    taxableValuePaise: fc.integer({ min: 0, max: 1_000_000_000 }),
  });
  const context = fc.record({
    supplierStateCode: fc.constant('10'),
    placeOfSupplyCode: fc.constantFrom('10', '09', '20', '19', ''),
    documentDate: fc.constantFrom('2017-07-01', '2025-09-21', '2025-09-22', '2026-11-27'),
    taxApplied: fc.boolean(),
  });

  it('totals are the sums of the lines, and so is the summary', () => {
    fc.assert(
      fc.property(context, fc.array(line, { minLength: 1, maxLength: 30 }), (ctx, lines) => {
        const tax = computeInvoiceTax(ctx, lines);
        const sum = (key: 'taxableValuePaise' | 'taxPaise' | 'cgstPaise' | 'igstPaise') =>
          tax.lines.reduce((total, taxed) => total + taxed[key], 0);
        expect(tax.totals.taxableValuePaise).toBe(sum('taxableValuePaise'));
        expect(tax.totals.taxPaise).toBe(sum('taxPaise'));
        expect(tax.totals.totalPaise).toBe(tax.totals.taxableValuePaise + tax.totals.taxPaise);
        expect(tax.summary.reduce((total, row) => total + row.taxPaise, 0)).toBe(sum('taxPaise'));
        expect(tax.summary.reduce((total, row) => total + row.quantity, 0)).toBe(
          lines.reduce((total, input) => total + input.quantity, 0),
        );
      }),
    );
  });

  it('each tax is its rate of the taxable value rounded to the paisa; CGST = SGST', () => {
    fc.assert(
      fc.property(context, line, (ctx, input) => {
        const tax = computeInvoiceTax(ctx, [input]);
        const taxed = tax.lines[0]!;
        const value = input.taxableValuePaise;
        const rate = taxed.ratePercent;
        if (!ctx.taxApplied) expect(taxed.taxPaise).toBe(0);
        expect(taxed.cgstPaise).toBe(taxed.sgstPaise);
        if (tax.interState) {
          expect(taxed.cgstPaise).toBe(0);
          expect(Math.abs(taxed.igstPaise - (value * rate) / 100)).toBeLessThanOrEqual(0.5);
        } else {
          expect(taxed.igstPaise).toBe(0);
          expect(Math.abs(taxed.cgstPaise - (value * rate) / 200)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('the rate never falls as the value per piece rises, and is one of the rule’s slabs', () => {
    fc.assert(
      fc.property(
        line,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('2025-09-21', '2026-11-27'),
        (input, extra, documentDate) => {
          const base = { ...input, documentDate, taxableValuePaise: input.taxableValuePaise };
          const lower = gstRateOf(base);
          const higher = gstRateOf({ ...base, taxableValuePaise: base.taxableValuePaise + extra });
          expect(higher).toBeGreaterThanOrEqual(lower);
          const slabs = rateRuleOn(input.goodsClass, documentDate).slabs.map((s) => s.ratePercent);
          expect(slabs).toContain(lower);
        },
      ),
    );
  });

  it('a line priced including GST totals exactly what the buyer paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom('10', '09'),
        (quantity, inclusiveValuePaise, placeOfSupplyCode) => {
          const tax = computeInvoiceTax({ ...bihar, placeOfSupplyCode }, [
            { hsn: '6205', goodsClass: 'garment', quantity, inclusiveValuePaise },
          ]);
          const [taxed] = tax.lines;
          expect(taxed!.totalPaise).toBe(inclusiveValuePaise);
          expect(taxed!.taxableValuePaise + taxed!.taxPaise).toBe(inclusiveValuePaise);
          expect(
            Math.abs(taxed!.taxPaise - (taxed!.taxableValuePaise * taxed!.ratePercent) / 100),
          ).toBeLessThanOrEqual(2);
        },
      ),
    );
  });
});

describe('place of supply, series and HSN classes', () => {
  it('is the delivery state: a Bihar delivery to a GSTIN of Uttar Pradesh is intra-state', () => {
    expect(placeOfSupplyOf('Bihar', '10')).toEqual({
      state: 'Bihar',
      code: '10',
      interState: false,
    });
    expect(placeOfSupplyOf('uttar  pradesh', '10')).toEqual({
      state: 'Uttar Pradesh',
      code: '09',
      interState: true,
    });
    expect(gstinMatchesState('09AAACR5055K1Z5', 'Bihar')).toBe(false);
    expect(gstinMatchesState('09AAACR5055K1Z5', 'Uttar Pradesh')).toBe(true);
    expect(gstinMatchesState(null, 'Bihar')).toBe(true);
  });

  it('numbers documents within the financial year in at most 16 characters', () => {
    expect(financialYearOf('2026-11-27')).toBe('26-27');
    expect(financialYearOf('2027-03-31')).toBe('26-27');
    expect(financialYearOf('2027-04-01')).toBe('27-28');
    expect(formatDocumentNumber('BZ', '26-27', 123)).toBe('BZ/26-27/00123');
    expect(formatDocumentNumber('ABCD', '26-27', 99_999)).toHaveLength(16);
    expect(() => formatDocumentNumber('ABCD', '26-27', 100_000)).toThrow(/16 characters/);
  });

  it('classes a frock as a dress (6204), a saree as fabric, a T-shirt as 6109', () => {
    const hsnOf = (name: string, category: string, material = 'Cotton') =>
      HSN_CLASSES.find((entry) => entry.key === suggestHsnClass({ name, category, material }))!;
    expect(hsnOf('Cotton Frock', 'Kids(Girls)').hsn).toBe('6204');
    expect(hsnOf('Banarasi Silk Saree', 'Women', 'Silk')).toMatchObject({
      hsn: '5007',
      goodsClass: 'fabric',
    });
    expect(hsnOf('Round Neck T-Shirt', 'Men').hsn).toBe('6109');
    expect(hsnOf('Formal Trousers', 'Men').hsn).toBe('6203');
  });
});
