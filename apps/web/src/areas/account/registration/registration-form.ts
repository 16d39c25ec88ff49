import {
  AccountSetupSchema,
  ACCOUNT_MESSAGES,
  AddressSchema,
  CAPTCHA_LENGTH,
  CaptchaFieldsSchema,
  ContactInfoSchema,
  COUNTRY,
  CustomerRegistrationSchema,
  PersonNameSchema,
  SellerRegistrationSchema,
  ShopDetailsSchema,
  ShopDetailsSubmissionSchema,
  STATE,
  type CustomerRegistration,
  type SellerRegistration,
} from '@bazaar/shared';
import { schemaResolver, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { ShopDetailsSubmission } from '@bazaar/shared';
import { shopImageError } from './shop-image';

/**
 * The registration flow's model (docs/accounts.md): the values of every step,
 * which step owns which field, and each step's schema. The rules are the shared request schemas'
 * own (`ContactInfoSchema`, `AddressSchema`, ...), so a message under a field is the one the
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

/** True when the password is typed and the confirmation equals it. */
export function passwordsMatch(values: Pick<RegistrationValues, 'password' | 'confirmPassword'>) {
  return values.password.length > 0 && values.password === values.confirmPassword;
}

type StepResolver = (values: RegistrationValues) => FormErrors;

const resolve = (schema: Parameters<typeof schemaResolver>[0]): StepResolver =>
  schemaResolver(schema, { sync: true });

/**
 * Adds the shop photo's rule to a step's resolver: the photo is a File, which no request schema
 * holds (it travels as a multipart file), so it is checked beside the schema, under `shopImage`.
 */
function withShopImage(resolver: StepResolver): StepResolver {
  return (values) => {
    const message = shopImageError(values.shopImage, { required: true });
    return message ? { ...resolver(values), shopImage: message } : resolver(values);
  };
}

/**
 * The captcha step: the answer must be typed in full before Next (whether it is right is the
 * server's answer), the terms accepted and, for sellers, the emailed code in its format.
 */
function captchaStepSchema(kind: 'customer' | 'seller') {
  const answer = CaptchaFieldsSchema.pick({ captchaCode: true }).extend({
    captchaCode: CaptchaFieldsSchema.shape.captchaCode.length(
      CAPTCHA_LENGTH,
      ACCOUNT_MESSAGES.registrationCaptchaInvalid,
    ),
  });
  return kind === 'seller'
    ? answer.extend({
        otp: SellerRegistrationSchema.shape.otp,
        acceptTerms: SellerRegistrationSchema.shape.acceptTerms,
      })
    : answer.extend({ acceptTerms: CustomerRegistrationSchema.shape.acceptTerms });
}

/**
 * Each step's schema, composed from the shared request schemas' own (`AccountSetupSchema`,
 * `ContactInfoSchema`, `AddressSchema`, `ShopDetailsSchema`), so a message under a field is the
 * one the server would send. Checks only what the browser can know: whether the captcha text is
 * right, the OTP correct or the email free is the server's answer.
 */
const STEP_SCHEMAS = {
  customer: {
    account: AccountSetupSchema.safeExtend({ name: PersonNameSchema }),
    contact: ContactInfoSchema,
    address: AddressSchema,
    captcha: captchaStepSchema('customer'),
  },
  seller: {
    account: AccountSetupSchema,
    contact: ContactInfoSchema,
    address: AddressSchema,
    shop: ShopDetailsSchema,
    captcha: captchaStepSchema('seller'),
  },
} as const;

/** The signed-in seller's shop form: the shop name (as `name`), Shop Details and the address. */
const SHOP_FORM_SCHEMA = ShopDetailsSchema.extend({
  ...AddressSchema.shape,
  name: ShopDetailsSubmissionSchema.shape.shopName,
});

const STEP_RESOLVERS: Record<'customer' | 'seller', Partial<Record<StepId, StepResolver>>> = {
  customer: Object.fromEntries(
    Object.entries(STEP_SCHEMAS.customer).map(([step, schema]) => [step, resolve(schema)]),
  ),
  seller: {
    ...Object.fromEntries(
      Object.entries(STEP_SCHEMAS.seller).map(([step, schema]) => [step, resolve(schema)]),
    ),
    shop: withShopImage(resolve(STEP_SCHEMAS.seller.shop)),
  },
};

/** The messages of one step's fields (`{ field: message }`); empty when the step is valid. */
export function stepErrors(
  kind: 'customer' | 'seller',
  step: StepId,
  values: RegistrationValues,
): FormErrors {
  return STEP_RESOLVERS[kind][step]?.(values) ?? {};
}

/**
 * The form's `validate` for the sign-up flow: every step's schema, so a field is checked with its
 * own step's rules when it loses focus.
 */
export function registrationResolver(kind: 'customer' | 'seller'): StepResolver {
  const resolvers = Object.values(STEP_RESOLVERS[kind]);
  return (values) => Object.assign({}, ...resolvers.map((resolver) => resolver?.(values)));
}

/** The form's `validate` for the signed-in seller's shop form. */
export const shopFormResolver: StepResolver = withShopImage(resolve(SHOP_FORM_SCHEMA));

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

/** The body of `accountsApi.registerCustomer`. */
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

/** The fields of `accountsApi.registerSeller` (sent as multipart strings). */
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

/** The fields of `accountsApi.submitShopDetails` (sent as multipart strings). */
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
