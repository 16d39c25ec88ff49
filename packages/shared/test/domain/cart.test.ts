import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals } from '../../src/domain/cart.js';

describe('cartTotals', () => {
  it('adds two lines with offers exactly, in paise', () => {
    const totals = cartTotals([
      { pricePaise: 80_000, mrpPaise: 100_000, quantity: 1 },
      { pricePaise: 49_950, mrpPaise: 60_000, quantity: 3 },
    ]);
    expect(totals).toEqual({
      itemCount: 4,
      mrpPaise: 280_000,
      discountPaise: 50_150,
      totalPaise: 229_850,
      // Each line at 5 % (under ₹2,625 a piece), CGST and SGST to the paisa per line:
      // 80000 -> 1905 + 1905, 149850 -> 3568 + 3568.
      gstIncludedPaise: 10_946,
      deliveryPaise: 0,
    });
  });

  it("includes each line's GST at its own rate: 18 % on a ₹3,000 kurta, 5 % on a saree", () => {
    const date = '2026-11-27';
    // ₹3,000 at 18 %: taxable 254237.29 -> 254237; CGST = SGST = 22881.33 -> 22881.
    expect(
      cartTotals([{ pricePaise: 300_000, mrpPaise: 300_000, quantity: 1 }], date).gstIncludedPaise,
    ).toBe(45_762);
    // A ₹3,000 silk saree is fabric: 5 % at any price.
    expect(
      cartTotals(
        [{ pricePaise: 300_000, mrpPaise: 300_000, quantity: 1, hsnClass: 'saree-silk' }],
        date,
      ).gstIncludedPaise,
    ).toBe(14_286);
  });

  it('is all zeros for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      itemCount: 0,
      mrpPaise: 0,
      discountPaise: 0,
      totalPaise: 0,
      gstIncludedPaise: 0,
      deliveryPaise: 0,
    });
  });

  it('adds up and never goes negative', () => {
    const line = fc.record({
      pricePaise: fc.integer({ min: 0, max: 100_000_000 }),
      mrpPaise: fc.integer({ min: 0, max: 100_000_000 }),
      quantity: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const totals = cartTotals(lines);
        expect(totals.itemCount).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
        expect(totals.totalPaise).toBe(
          lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0),
        );
        expect(totals.mrpPaise - totals.discountPaise).toBe(totals.totalPaise);
        for (const value of Object.values(totals)) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(totals.gstIncludedPaise).toBeLessThanOrEqual(totals.totalPaise);
        // Between 5 % and 18 % of the taxable value, give or take a paisa per line.
        expect(totals.gstIncludedPaise).toBeLessThanOrEqual(
          (totals.totalPaise * 18) / 118 + lines.length,
        );
        expect(totals.gstIncludedPaise).toBeGreaterThanOrEqual(
          (totals.totalPaise * 5) / 105 - lines.length,
        );
        expect(totals.deliveryPaise).toBe(0);
      }),
    );
  });
});
