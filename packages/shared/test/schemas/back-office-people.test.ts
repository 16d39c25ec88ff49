import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BackOfficeMobileSchema,
  CustomerInputSchema,
  GENERATED_PASSWORD_ALPHABET,
  GENERATED_PASSWORD_DIGITS,
  GENERATED_PASSWORD_LOWER,
  GENERATED_PASSWORD_SPECIAL,
  GENERATED_PASSWORD_UPPER,
  PEOPLE_MESSAGES,
  generatePassword,
} from '../../src/schemas/back-office-people.js';
import { unmetPasswordRules } from '../../src/schemas/fields.js';

/** A deterministic randomInt from a list of seeds (fast-check drives the seeds). */
function randomFrom(seeds: number[]) {
  let index = 0;
  return (max: number) => {
    const seed = seeds[index % seeds.length]!;
    index += 1;
    return seed % max;
  };
}

describe('generatePassword (docs/back-office-people.md)', () => {
  it('is 8 characters of the alphabet, one of each class, meeting the password rules', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (seeds) => {
        const password = generatePassword(randomFrom(seeds));
        expect(password).toHaveLength(8);
        expect([...password].every((char) => GENERATED_PASSWORD_ALPHABET.includes(char))).toBe(
          true,
        );
        for (const set of [
          GENERATED_PASSWORD_UPPER,
          GENERATED_PASSWORD_LOWER,
          GENERATED_PASSWORD_DIGITS,
          GENERATED_PASSWORD_SPECIAL,
        ]) {
          expect([...password].some((char) => set.includes(char))).toBe(true);
        }
        expect(unmetPasswordRules(password)).toEqual([]);
      }),
    );
  });

  it('leaves out the look-alikes I, O, l, o, 0 and 1', () => {
    for (const char of 'IOlo01') expect(GENERATED_PASSWORD_ALPHABET).not.toContain(char);
  });
});

describe('back-office mobile numbers', () => {
  it('accepts 10 digits starting 6-9 and refuses anything else with the spec message', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[6-9]\d{9}$/), (mobile) => {
        expect(BackOfficeMobileSchema.safeParse(mobile).success).toBe(true);
      }),
    );
    for (const mobile of ['5123456789', '912345678', '91234567890', '98765abcde', '']) {
      const parsed = BackOfficeMobileSchema.safeParse(mobile);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(PEOPLE_MESSAGES.mobileInvalid);
    }
  });

  it('treats an empty alt mobile and GSTIN as none', () => {
    const parsed = CustomerInputSchema.parse({
      name: 'Ravi',
      mobile: '9876543210',
      altMobile: '',
      email: 'Ravi@Example.in',
      shopName: 'Ravi Stores',
      gstin: '',
      locality: 'Boring Road',
      city: 'Patna',
      pincode: '800001',
    });
    expect(parsed).toMatchObject({ altMobile: null, gstin: null, email: 'ravi@example.in' });
  });
});
