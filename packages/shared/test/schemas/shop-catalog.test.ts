import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductInputSchema } from '../../src/schemas/shop-catalog.js';

/** A product form as the Add Product page sends it (multipart text fields). */
const form = {
  company: 'Raymond',
  name: 'Linen Kurta',
  category: 'Men',
  style: 'Plain',
  material: 'Cotton',
  colour: 'Red',
  size: 'L',
  quantity: '12',
  mrpPaise: '150000',
  pricePaise: '120000',
  description: '',
};

function fieldErrors(input: Record<string, unknown>): Record<string, string> {
  const result = ProductInputSchema.safeParse(input);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0] ?? ''), issue.message]),
  );
}

describe('ProductInputSchema: MRP and price', () => {
  it('takes a price up to the MRP, in paise', () => {
    expect(ProductInputSchema.parse(form)).toMatchObject({
      mrpPaise: 150_000,
      pricePaise: 120_000,
    });
    expect(ProductInputSchema.safeParse({ ...form, pricePaise: '150000' }).success).toBe(true);
  });

  it('refuses a price above the MRP on the price, naming the MRP', () => {
    expect(fieldErrors({ ...form, pricePaise: '150001' })).toEqual({
      pricePaise: 'Price cannot be more than the MRP (₹1,500)',
    });
    expect(fieldErrors({ ...form, mrpPaise: '99950', pricePaise: '120000' })).toEqual({
      pricePaise: 'Price cannot be more than the MRP (₹999.50)',
    });
  });

  it('says so beside the other fields’ messages, and not when an amount is itself invalid', () => {
    expect(fieldErrors({ ...form, company: '', pricePaise: '160000' })).toEqual({
      company: 'Company is required',
      pricePaise: 'Price cannot be more than the MRP (₹1,500)',
    });
    const badMrp = fieldErrors({ ...form, mrpPaise: 'abc', pricePaise: '160000' });
    expect(Object.keys(badMrp)).toEqual(['mrpPaise']);
  });

  it('has no offer field: the percent off is never typed', () => {
    expect(ProductInputSchema.safeParse({ ...form, offerPercent: '20' }).success).toBe(false);
  });

  it('accepts exactly the prices that are not above the MRP', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (mrpPaise, pricePaise) => {
          const result = ProductInputSchema.safeParse({ ...form, mrpPaise, pricePaise });
          expect(result.success).toBe(pricePaise <= mrpPaise);
        },
      ),
    );
  });
});
