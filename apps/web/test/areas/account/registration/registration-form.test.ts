import {
  ACCOUNT_MESSAGES,
  AccountSetupSchema,
  ContactInfoSchema,
  ShopDetailsSchema,
} from '@bazaar/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION,
  registrationResolver,
  shopFormResolver,
  stepErrors,
  type RegistrationValues,
} from '../../../../src/areas/account/registration/registration-form';

const values = (changes: Partial<RegistrationValues>): RegistrationValues => ({
  ...EMPTY_REGISTRATION,
  ...changes,
});

/** The shared schema's first message for a field, as the server would send it. */
function sharedMessage(
  schema: { safeParse(value: unknown): unknown },
  body: object,
  field: string,
) {
  const result = schema.safeParse(body) as {
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('the registration steps check with the shared schemas', () => {
  it('gives Account Setup the shared messages, and a customer name letters only', () => {
    const typed = values({ name: 'Ravi 2', email: 'not-an-email', password: 'Secret1!' });
    const errors = stepErrors('customer', 'account', typed);
    expect(errors.email).toBe(sharedMessage(AccountSetupSchema, typed, 'email'));
    expect(errors.name).toBe('Name should only contain letters');
    expect(errors.confirmPassword).toBe('Confirm password not matched');
    // A seller's account is named after the shop, which may hold digits.
    expect(stepErrors('seller', 'account', typed).name).toBeUndefined();
  });

  it('checks only the fields of the step asked for', () => {
    const errors = stepErrors('customer', 'contact', values({ mobile: '12345' }));
    expect(Object.keys(errors).sort()).toEqual(['gender', 'mobile']);
    expect(errors.mobile).toBe(sharedMessage(ContactInfoSchema, { mobile: '12345' }, 'mobile'));
  });

  it('wants the whole captcha, the terms and, for sellers, the emailed code', () => {
    const typed = values({ captchaCode: 'ab', otp: '12' });
    expect(stepErrors('customer', 'captcha', typed)).toEqual({
      captchaCode: ACCOUNT_MESSAGES.registrationCaptchaInvalid,
      acceptTerms: ACCOUNT_MESSAGES.termsRequired,
    });
    expect(stepErrors('seller', 'captcha', typed).otp).toBe(ACCOUNT_MESSAGES.otpInvalid);
  });

  it("refuses a seller's Shop Details without a photo, with the shared GST message", () => {
    const typed = values({ gstin: '10ABCDE1234F1Z0' });
    const errors = stepErrors('seller', 'shop', typed);
    expect(errors.shopImage).toBe(ACCOUNT_MESSAGES.shopImageRequired);
    expect(errors.gstin).toBe(sharedMessage(ShopDetailsSchema, typed, 'gstin'));
  });

  it('has no rules for Verification, and checks every step on blur', () => {
    expect(stepErrors('customer', 'verification', EMPTY_REGISTRATION)).toEqual({});
    const all = registrationResolver('customer')(EMPTY_REGISTRATION);
    expect(all).toHaveProperty('name');
    expect(all).toHaveProperty('locality');
    expect(all).toHaveProperty('captchaCode');
    expect(all).not.toHaveProperty('shopImage');
  });

  it("checks the signed-in seller's shop form under the form's own field names", () => {
    const errors = shopFormResolver(values({ name: '' }));
    expect(errors.name).toBe('Name is required');
    expect(errors.shopImage).toBe(ACCOUNT_MESSAGES.shopImageRequired);
    expect(errors).not.toHaveProperty('shopName');
  });
});
