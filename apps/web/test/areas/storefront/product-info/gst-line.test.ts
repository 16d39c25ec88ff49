import { describe, expect, it } from 'vitest';
import { gstLineOf } from '../../../../src/areas/storefront/product-info/gst-line';

/* docs/gst.md "Marketplace": the product page states the GST rate its price includes. */

const today = '2026-11-27';

describe('the GST line under a product price', () => {
  it('names 5 % and its slab for a ₹999 frock', () => {
    expect(gstLineOf({ hsnClass: 'womens-dress', pricePaise: 99_900 }, today)).toBe(
      'Price includes GST at 5 % (garments up to ₹2,500 a piece before tax)',
    );
  });

  it('names 18 % for a ₹3,000 kurta, and the higher rate in the band no slab fits', () => {
    expect(gstLineOf({ hsnClass: 'mens-shirt', pricePaise: 300_000 }, today)).toBe(
      'Price includes GST at 18 % (garments above ₹2,500 a piece before tax)',
    );
    expect(gstLineOf({ hsnClass: 'mens-shirt', pricePaise: 270_000 }, today)).toContain(
      'GST at 18 % (garments: the higher rate',
    );
  });

  it('names 5 % at any price for a silk saree, and follows the schedule of the day', () => {
    expect(gstLineOf({ hsnClass: 'saree-silk', pricePaise: 900_000 }, today)).toBe(
      'Price includes GST at 5 % (fabrics and sarees, at any price)',
    );
    // Before 22-09-2025 the garment slab was ₹1,000 and the higher rate 12 %.
    expect(gstLineOf({ hsnClass: 'mens-shirt', pricePaise: 150_000 }, '2025-06-01')).toBe(
      'Price includes GST at 12 % (garments above ₹1,000 a piece before tax)',
    );
  });
});
