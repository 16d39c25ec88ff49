import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountPercent } from '../../src/domain/prices.js';

/** Largest MRP the product form accepts (₹10,00,000). */
const MAX_PAISE = 100_000_000;

describe('discountPercent: the percent off the MRP', () => {
  it('works the percent out from the MRP the seller printed', () => {
    expect(discountPercent({ mrpPaise: 150_000, pricePaise: 120_000 })).toBe(20);
    expect(discountPercent({ mrpPaise: 100_000, pricePaise: 50_000 })).toBe(50);
  });

  it('rounds down, so the tag never claims more off than the customer gets', () => {
    // ₹1,199 for ₹999 is 16.68 % off, not the 20 % that "price plus 20 %" would suggest.
    expect(discountPercent({ mrpPaise: 119_900, pricePaise: 99_900 })).toBe(16);
    expect(discountPercent({ mrpPaise: 300_000, pricePaise: 100_000 })).toBe(66); // 66.67 %
    expect(discountPercent({ mrpPaise: 99_900, pricePaise: 100 })).toBe(99); // 99.9 %
  });

  it('keeps exact percents exact, where floating point would lose one', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(discountPercent({ mrpPaise: 100, pricePaise: 71 })).toBe(29);
    expect(discountPercent({ mrpPaise: 10_000, pricePaise: 4_300 })).toBe(57);
    expect(discountPercent({ mrpPaise: 300, pricePaise: 201 })).toBe(33);
  });

  it('is 0 below one percent, at or above the MRP, and without an MRP', () => {
    expect(discountPercent({ mrpPaise: 100_000, pricePaise: 99_950 })).toBe(0);
    expect(discountPercent({ mrpPaise: 120_000, pricePaise: 120_000 })).toBe(0);
    expect(discountPercent({ mrpPaise: 100_000, pricePaise: 120_000 })).toBe(0);
    expect(discountPercent({ mrpPaise: 0, pricePaise: 120_000 })).toBe(0);
    expect(discountPercent({ mrpPaise: null, pricePaise: 120_000 })).toBe(0);
    expect(discountPercent({ pricePaise: 120_000 })).toBe(0);
  });

  it('is floor((MRP - price) / MRP × 100) for every price up to the MRP', () => {
    const prices = fc.integer({ min: 1, max: MAX_PAISE }).chain((mrpPaise) =>
      fc.record({
        mrpPaise: fc.constant(mrpPaise),
        pricePaise: fc.integer({ min: 1, max: mrpPaise }),
      }),
    );
    fc.assert(
      fc.property(prices, ({ mrpPaise, pricePaise }) => {
        // The definition in exact integers, independent of the function's arithmetic.
        const expected = Number((BigInt(mrpPaise - pricePaise) * 100n) / BigInt(mrpPaise));
        const percent = discountPercent({ mrpPaise, pricePaise });
        expect(percent).toBe(expected);
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThan(100);
        // Honest both ways: the percent claimed is given, and one more would not be.
        expect(mrpPaise * (100 - percent)).toBeGreaterThanOrEqual(pricePaise * 100);
        expect(mrpPaise * (100 - percent - 1)).toBeLessThan(pricePaise * 100);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never rises as the price rises, and is 0 from the MRP up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_PAISE }),
        fc.integer({ min: 1, max: MAX_PAISE }),
        fc.integer({ min: 1, max: MAX_PAISE }),
        (mrpPaise, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(discountPercent({ mrpPaise, pricePaise: low })).toBeGreaterThanOrEqual(
            discountPercent({ mrpPaise, pricePaise: high }),
          );
          expect(discountPercent({ mrpPaise, pricePaise: mrpPaise + low - 1 })).toBe(0);
        },
      ),
    );
  });
});
