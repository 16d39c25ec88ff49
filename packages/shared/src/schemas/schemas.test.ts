import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogQuerySchema } from './catalog.js';
import { ContactMessageSchema } from './contact.js';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

describe('CatalogQuerySchema', () => {
  it('fills the defaults', () => {
    expect(CatalogQuerySchema.parse({})).toEqual({ sort: 'newest', page: 1, pageSize: 20 });
  });

  it('parses every in-range whole number and refuses anything else for page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (page) => {
        expect(CatalogQuerySchema.parse({ page: String(page) }).page).toBe(page);
      }),
    );
    fc.assert(
      fc.property(
        fc
          .string()
          .filter((text) => !/^\d{1,12}$/.test(text) || Number(text) < 1 || Number(text) > 100_000),
        (page) => {
          const result = CatalogQuerySchema.safeParse({ page });
          expect(result.success).toBe(false);
          expect(Object.keys(fieldErrors(result))).toContain('page');
        },
      ),
    );
  });

  it('splits lists on commas and checks each value', () => {
    expect(CatalogQuerySchema.parse({ category: 'Men, Kids(Girls)', size: 'M,L,' })).toMatchObject({
      category: ['Men', 'Kids(Girls)'],
      size: ['M', 'L'],
    });
    expect(fieldErrors(CatalogQuerySchema.safeParse({ size: 'M,XXXL' })).size).toMatch(
      /^size must be one of/,
    );
  });

  it('refuses a maximum price below the minimum, naming maxPricePaise', () => {
    expect(
      fieldErrors(CatalogQuerySchema.safeParse({ minPricePaise: '500', maxPricePaise: '100' })),
    ).toEqual({
      maxPricePaise: 'maxPricePaise must not be below minPricePaise',
    });
  });
});

describe('ContactMessageSchema', () => {
  const valid = {
    name: 'Anjali Kumari',
    email: 'anjali@example.in',
    phone: '9123456780',
    subject: 'Size',
    message: 'Hello',
  };

  it('accepts any 10-digit mobile starting 6-9', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('6', '7', '8', '9'),
        fc.stringMatching(/^\d{9}$/),
        (first, rest) => {
          expect(ContactMessageSchema.safeParse({ ...valid, phone: first + rest }).success).toBe(
            true,
          );
        },
      ),
    );
  });

  it("uses the spec's messages", () => {
    expect(fieldErrors(ContactMessageSchema.safeParse({ ...valid, phone: '98765' })).phone).toBe(
      'Mobile number should be of 10 digits',
    );
    expect(
      fieldErrors(ContactMessageSchema.safeParse({ ...valid, phone: '5876543210' })).phone,
    ).toBe('First digit must be between 6 to 9');
    expect(fieldErrors(ContactMessageSchema.safeParse({ ...valid, name: 'R2D2' })).name).toBe(
      'Name should only contain letters',
    );
  });
});
