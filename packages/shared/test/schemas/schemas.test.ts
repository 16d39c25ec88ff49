import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogQuerySchema } from '../../src/schemas/catalog.js';
import { ContactMessageSchema } from '../../src/schemas/contact.js';
import { gstinCheckCharacter, isValidGstin } from '../../src/domain/gstin.js';
import {
  EmailSchema,
  GstinSchema,
  MobileSchema,
  PasswordSchema,
  PincodeSchema,
  confirmPasswordFeedback,
  unmetPasswordRules,
} from '../../src/schemas/fields.js';

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

describe('field schemas', () => {
  it('checks mobile numbers with the spec messages', () => {
    expect(MobileSchema.safeParse('9876543210').success).toBe(true);
    expect(MobileSchema.safeParse('98765').error?.issues[0]?.message).toBe(
      'Mobile number should be length 10',
    );
    expect(MobileSchema.safeParse('5876543210').error?.issues[0]?.message).toBe(
      'Mobile number must be start from  6 - 9',
    );
  });

  it('checks pincodes', () => {
    expect(PincodeSchema.safeParse('800001').success).toBe(true);
    for (const bad of ['80001', '8000011', 'abcdef']) {
      expect(PincodeSchema.safeParse(bad).error?.issues[0]?.message).toBe(
        'Pincode must be 6 digit',
      );
    }
  });

  it('lists the unmet password rules in checklist order and accepts a strong password', () => {
    expect(unmetPasswordRules('abc')).toEqual([
      'Password must have include one capital letter...',
      'Password must have include one digit...',
      'Password must have include one special character...',
      'Password length must be greater than 7.',
    ]);
    expect(unmetPasswordRules('Patna@2024')).toEqual([]);
    expect(PasswordSchema.safeParse('Patna@2024').success).toBe(true);
    expect(PasswordSchema.safeParse('patna@2024').error?.issues[0]?.message).toBe(
      'Password must have include one capital letter...',
    );
  });

  it('accepts exactly the passwords that meet every rule', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const strong =
          /[A-Z]/.test(password) &&
          /[a-z]/.test(password) &&
          /\d/.test(password) &&
          /[^A-Za-z0-9]/.test(password) &&
          password.length >= 8;
        expect(PasswordSchema.safeParse(password).success).toBe(strong);
      }),
    );
  });

  it('gives the confirm-password feedback', () => {
    expect(confirmPasswordFeedback('', 'x')).toBe('Please enter the password first');
    expect(confirmPasswordFeedback('Patna@2024', 'Patna@2024')).toBe('Password matched');
    expect(confirmPasswordFeedback('Patna@2024', 'Patna@2025')).toBe(
      'Confirm password not matched',
    );
  });

  it('checks GSTINs by format and check character, in any case', () => {
    expect(GstinSchema.parse('27aapfu0939f1zv')).toBe('27AAPFU0939F1ZV');
    expect(GstinSchema.safeParse('27AAPFU0939F1ZW').error?.issues[0]?.message).toBe(
      'Invalid GST No',
    );
    expect(GstinSchema.safeParse('').error?.issues[0]?.message).toBe('Invalid GST No');
  });

  it('computes a check character that validates for any well-formed GSTIN body', () => {
    const body = fc
      .tuple(fc.stringMatching(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z$/))
      .map(([first14]) => first14);
    fc.assert(
      fc.property(body, (first14) => {
        expect(isValidGstin(first14 + gstinCheckCharacter(first14))).toBe(true);
      }),
    );
  });

  it('lower-cases emails and refuses over-long ones', () => {
    expect(EmailSchema.parse(' Ravi@Example.IN ')).toBe('ravi@example.in');
    expect(EmailSchema.safeParse(`${'a'.repeat(250)}@example.in`).success).toBe(false);
  });
});
