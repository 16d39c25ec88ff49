import {
  ACCOUNT_MESSAGES,
  CAPTCHA_LENGTH,
  COUNTRY,
  confirmPasswordFeedback,
  CustomerRegistrationSchema,
  SellerRegistrationSchema,
  ShopDetailsSubmissionSchema,
  STATE,
  type CustomerRegistration,
  type SellerRegistration,
} from '@bazaar/shared';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { ShopDetailsSubmission } from '@bazaar/shared';
import { shopImageError } from './shop-image';

/**
 * The registration flow's model (marketplace.md sections 2-5): the values of every step, which
 * step owns which field, and each field's rule. The rules are the shared request schemas' own
 * (`CustomerRegistrationSchema.shape.mobile`, ...), so a message under a field is the one the
 * server would send.
 */

/** Which form: customer sign-up, seller sign-up, or a signed-in seller adding a shop. */
export type RegistrationKind = 'customer' | 'seller' | 'shop';

export interface RegistrationValues {
  /** The person's name; for sellers the shop name (the account is named after the shop). */
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  mobile: string;
  gender: string;
  locality: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  gstin: string;
  shopCategory: string;
  shopDescription: string;
  shopImage: File | null;
  captchaCode: string;
  otp: string;
  acceptTerms: boolean;
}

export type RegistrationField = keyof RegistrationValues;

export type RegistrationForm = UseFormReturnType<RegistrationValues>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  mobile: '',
  gender: '',
  locality: '',
  landmark: '',
  city: '',
  state: STATE,
  pincode: '',
  country: COUNTRY,
  gstin: '',
  shopCategory: '',
  shopDescription: '',
  shopImage: null,
  captchaCode: '',
  otp: '',
  acceptTerms: false,
};

export type StepId = 'account' | 'contact' | 'address' | 'shop' | 'captcha' | 'verification';

export interface StepDefinition {
  id: StepId;
  label: string;
  description: string;
  fields: RegistrationField[];
}

const ACCOUNT_STEP: StepDefinition = {
  id: 'account',
  label: 'Account Setup',
  description: 'Name, email, password',
  fields: ['name', 'email', 'password', 'confirmPassword'],
};
const CONTACT_STEP: StepDefinition = {
  id: 'contact',
  label: 'Contact Info',
  description: 'Phone, gender',
  fields: ['mobile', 'gender'],
};
const ADDRESS_STEP: StepDefinition = {
  id: 'address',
  label: 'Address Details',
  description: 'Where you live',
  fields: ['locality', 'landmark', 'city', 'state', 'pincode', 'country'],
};
const SHOP_STEP: StepDefinition = {
  id: 'shop',
  label: 'Shop Details',
  description: 'GST, category, photo',
  fields: ['gstin', 'shopCategory', 'shopDescription', 'shopImage'],
};
const VERIFICATION_STEP: StepDefinition = {
  id: 'verification',
  label: 'Verification',
  description: 'Review your details',
  fields: [],
};

/** The steps in order: account, contact, address, shop (sellers only), captcha/OTP, verification. */
export function stepsFor(kind: 'customer' | 'seller'): StepDefinition[] {
  const captcha: StepDefinition = {
    id: 'captcha',
    label: 'Captcha',
    description: kind === 'seller' ? 'Captcha, OTP, terms' : 'Captcha, terms',
    fields:
      kind === 'seller' ? ['captchaCode', 'otp', 'acceptTerms'] : ['captchaCode', 'acceptTerms'],
  };
  return kind === 'seller'
    ? [
        ACCOUNT_STEP,
        CONTACT_STEP,
        { ...ADDRESS_STEP, description: 'Where your shop is' },
        SHOP_STEP,
        captcha,
        VERIFICATION_STEP,
      ]
    : [ACCOUNT_STEP, CONTACT_STEP, ADDRESS_STEP, captcha, VERIFICATION_STEP];
}

/** The fields of the seller's shop-details form (`/ShopDetailsStepperForm`); `name` is the shop name. */
export const SHOP_FORM_FIELDS: RegistrationField[] = [
  'name',
  ...SHOP_STEP.fields,
  ...ADDRESS_STEP.fields,
];

interface FieldSchema {
  safeParse(value: unknown): { error?: { issues: readonly { message: string }[] } };
}

function firstIssue(schema: FieldSchema, value: unknown): string | null {
  return schema.safeParse(value).error?.issues[0]?.message ?? null;
}

/** True when the password is typed and the confirmation equals it. */
export function passwordsMatch(values: Pick<RegistrationValues, 'password' | 'confirmPassword'>) {
  return values.password.length > 0 && values.password === values.confirmPassword;
}

/**
 * The message a field shows, or null when it is valid. Checks only what the browser can know:
 * whether the captcha text is right, the OTP correct or the email free is the server's answer.
 */
export function fieldError(
  kind: RegistrationKind,
  field: RegistrationField,
  values: RegistrationValues,
): string | null {
  switch (field) {
    case 'confirmPassword':
      return passwordsMatch(values)
        ? null
        : confirmPasswordFeedback(values.password, values.confirmPassword);
    case 'captchaCode':
      return values.captchaCode.trim().length === CAPTCHA_LENGTH
        ? null
        : ACCOUNT_MESSAGES.registrationCaptchaInvalid;
    case 'shopImage':
      return shopImageError(values.shopImage, { required: true });
    case 'name':
      if (kind === 'shop')
        return firstIssue(ShopDetailsSubmissionSchema.shape.shopName, values.name);
      break;
  }
  const shape: Partial<Record<string, FieldSchema>> =
    kind === 'customer'
      ? CustomerRegistrationSchema.shape
      : kind === 'seller'
        ? SellerRegistrationSchema.shape
        : ShopDetailsSubmissionSchema.shape;
  const schema = shape[field];
  return schema ? firstIssue(schema, values[field]) : null;
}

/** Messages for the given fields; valid fields are left out. */
export function fieldErrors(
  kind: RegistrationKind,
  fields: readonly RegistrationField[],
  values: RegistrationValues,
): FormErrors {
  const errors: FormErrors = {};
  for (const field of fields) {
    const message = fieldError(kind, field, values);
    if (message) errors[field] = message;
  }
  return errors;
}

/** Mantine form rules, one per field, so a field is checked when it loses focus. */
export function formRules(kind: RegistrationKind, fields: readonly RegistrationField[]) {
  return Object.fromEntries(
    fields.map((field) => [
      field,
      (_value: unknown, values: RegistrationValues) => fieldError(kind, field, values),
    ]),
  );
}

/** Replaces the errors of `fields` (cleared when valid), keeping the others. */
export function withFieldErrors(
  current: FormErrors,
  fields: readonly RegistrationField[],
  errors: FormErrors,
): FormErrors {
  const next: FormErrors = { ...current };
  for (const field of fields) delete next[field];
  return { ...next, ...errors };
}

type Common = Omit<CustomerRegistration, 'captchaId' | 'captchaCode' | 'acceptTerms' | 'name'>;

function commonFields(values: RegistrationValues): Common {
  return {
    email: values.email.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    mobile: values.mobile.trim(),
    gender: values.gender as Common['gender'],
    locality: values.locality.trim(),
    landmark: values.landmark.trim(),
    city: values.city.trim(),
    state: STATE,
    pincode: values.pincode.trim(),
    country: COUNTRY,
  };
}

/** The body of `POST /api/auth/register/customer`. */
export function toCustomerRegistration(
  values: RegistrationValues,
  captchaId: string,
): CustomerRegistration {
  return {
    ...commonFields(values),
    name: values.name.trim(),
    captchaId,
    captchaCode: values.captchaCode.trim(),
    acceptTerms: true,
  };
}

/** The fields of `POST /api/auth/register/seller` (sent as multipart strings). */
export function toSellerRegistration(
  values: RegistrationValues,
  captchaId: string,
): SellerRegistration {
  return {
    ...commonFields(values),
    name: values.name.trim(),
    gstin: values.gstin.trim().toUpperCase(),
    shopCategory: values.shopCategory as SellerRegistration['shopCategory'],
    shopDescription: values.shopDescription.trim(),
    captchaId,
    captchaCode: values.captchaCode.trim(),
    otp: values.otp.trim(),
    acceptTerms: true,
  };
}

/** The fields of `POST /api/seller/shop-details` (sent as multipart strings). */
export function toShopDetailsSubmission(values: RegistrationValues): ShopDetailsSubmission {
  return {
    shopName: values.name.trim(),
    gstin: values.gstin.trim().toUpperCase(),
    shopCategory: values.shopCategory as ShopDetailsSubmission['shopCategory'],
    shopDescription: values.shopDescription.trim(),
    locality: values.locality.trim(),
    landmark: values.landmark.trim(),
    city: values.city.trim(),
    state: STATE,
    pincode: values.pincode.trim(),
    country: COUNTRY,
  };
}

/**
 * The form field a server error names: the captcha's id means the captcha expired or was used,
 * which the user fixes by typing the new one.
 */
export function formFieldOf(serverField: string): RegistrationField | null {
  if (serverField === 'captchaId') return 'captchaCode';
  if (serverField === 'shopName') return 'name';
  return serverField in EMPTY_REGISTRATION ? (serverField as RegistrationField) : null;
}
