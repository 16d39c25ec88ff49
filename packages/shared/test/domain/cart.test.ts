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
      gstIncludedPaise: 10_945, // 229850 × 5 / 105 = 10945.24
      deliveryPaise: 0,
    });
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
        expect(Math.abs(totals.gstIncludedPaise * 105 - totals.totalPaise * 5)).toBeLessThanOrEqual(
          105 / 2,
        );
        expect(totals.deliveryPaise).toBe(0);
      }),
    );
  });
});
