import { z } from 'zod';
import {
  EMPLOYEE_PERMISSIONS,
  CAPTCHA_LENGTH,
  COUNTRY,
  EMPLOYEE_JOB_TITLES,
  GENDERS,
  OTP_LENGTH,
  ROLES,
  SHOP_CATEGORIES,
  STATE,
} from '../constants.js';
import { isValidAadhaar } from '../domain/aadhaar.js';
import { gstStateCodeOf, gstinMatchesState } from '../gst/states.js';
import {
  EmailSchema,
  GstinSchema,
  MobileSchema,
  PasswordSchema,
  PincodeSchema,
  VisibleTextSchema,
  confirmPasswordFeedback,
} from './fields.js';

/**
 * Accounts: registration, sign-in, profiles and passwords (docs/accounts.md). Every message here is
 * the product's own, spelling corrected (docs/platform.md "Texts"). The forms and the routes run
 * the same schemas.
 */

/** Texts the spec gives word for word, and the few ours that users need. */
export const ACCOUNT_MESSAGES = {
  loginInvalid: 'Email or Password Invalid !!',
  supportAdminLoginInline: 'Invalid Email / Password',
  loginCaptchaInvalid: 'Please Enter Valid Captcha Code !!',
  registrationCaptchaInvalid: 'Invalid captcha',
  otpInvalid: 'Invalid OTP',
  otpNotSent: 'Due to technical issue, OTP Not Sent.',
  emailTaken: 'This email address is already being used',
  mobileTaken: 'This mobile number is already being used',
  verifyEmailFirst: 'Please check your email to verify your email address before login.',
  termsRequired: 'Please accept the Terms & Condition',
  shopDetailsMissing: 'You need to submit shop details to continue...',
  passwordVerified: 'Password verified',
  passwordNotVerified: 'Password not verified',
  newPasswordRequired: 'Enter the New password !!!',
  passwordsDiffer: 'New Password and confirm password must be same !!!',
  passwordChanged: 'Password Change Successfully !!!',
  profileUpdated: 'Profile updated !!!',
  informationUpdated: 'information updated !!!',
  accountDisabled: 'This account has been disabled. Please contact support.',
  locked: 'Too many failed attempts. Please try again after some time.',
  resetLinkSent:
    'If an account exists for this email, we have sent a link to reset the password. Please check your email.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been changed. Please log in with the new password.',
  emailVerified: 'Your email address is verified. You can log in now.',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  pincodeOutsideBihar: 'We deliver only in Bihar: please enter a Bihar pincode',
  pincodeUnknown: 'This pincode was not found',
  gstinHelpUrl: 'https://services.gst.gov.in/services/searchtp',
  shopImageRequired: 'Please choose a photo of your shop (jpg or png)',
  shopImageType: 'Only jpg and png images can be uploaded',
  imageTooLarge: 'The image must be at most 5 MB',
  otpSendFirst: 'Press Send OTP: we email you a 6-digit code',
  jobTitleSetBySeller: 'Your role is set by the seller and cannot be changed here',
} as const;

export const RoleSchema = z.enum(ROLES);

/** A person's or shop's name: required, at most 80 characters, no hidden characters (NFC). */
export const NameSchema = VisibleTextSchema.min(1, 'Name is required').max(80, 'Name is too long');

/** A person's name: letters only (the contact form's rule, docs/catalog.md). */
export const PersonNameSchema = NameSchema.regex(/^[^0-9]*$/, 'Name should only contain letters');

export const GenderSchema = z.enum(GENDERS, 'Please select a gender');

/** Aadhaar: 12 digits, not starting 0 or 1, Verhoeff check digit. */
export const AadhaarSchema = z
  .string()
  .trim()
  .regex(/^\d{12}$/, 'Aadhaar number must be 12 digits')
  .refine(isValidAadhaar, 'Invalid Aadhaar number');

/** Captcha answer sent with every login and registration form. */
export const CaptchaFieldsSchema = z.object({
  captchaId: z.string().min(1).max(64),
  captchaCode: z
    .string()
    .trim()
    .max(CAPTCHA_LENGTH * 2),
});

/** A new captcha: the id to send back and an SVG image as a data URL. */
export const CaptchaSchema = z.object({
  captchaId: z.string(),
  image: z.string(),
  expiresInSeconds: z.number().int(),
});
export type Captcha = z.infer<typeof CaptchaSchema>;

/** `POST /api/auth/login`: one endpoint, the area says which login screen was used. */
export const LoginRequestSchema = CaptchaFieldsSchema.extend({
  area: RoleSchema,
  /** Email, or a 10-digit mobile number (admin login accepts both; so do the others). */
  identifier: z.string().trim().min(1, ACCOUNT_MESSAGES.loginInvalid).max(254),
  password: z.string().min(1, ACCOUNT_MESSAGES.loginInvalid).max(128),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The signed-in user as the browser sees it. */
export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  mobile: z.string().nullable(),
  shopId: z.number().int().nullable(),
  shopName: z.string().nullable(),
  /** Where this role's area starts, e.g. `/adminHome`. */
  homePath: z.string(),
  /**
   * The admin requires two-step sign-in for staff and this account has not turned it on: every
   * route but the setup ones answers 403 TWO_FACTOR_SETUP_REQUIRED (docs/accounts.md).
   */
  twoFactorSetupRequired: z.boolean(),
  /**
   * Employees only: their job title and what it may do (docs/back-office-people.md "Roles and
   * permissions"); the menu and the buttons follow it, the server enforces it. Absent for
   * every other role (the admin is never limited).
   */
  jobTitle: z.string().nullable().optional(),
  permissions: z.array(z.enum(EMPLOYEE_PERMISSIONS)).optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** Account Setup step (docs/accounts.md): name or shop name, email, password, confirm. */
export const AccountSetupSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string().max(128),
  })
  .superRefine((value, context) => {
    const feedback = confirmPasswordFeedback(value.password, value.confirmPassword);
    if (feedback !== 'Password matched') {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: feedback });
    }
  });

/** Contact Info step: phone and gender. */
export const ContactInfoSchema = z.object({ mobile: MobileSchema, gender: GenderSchema });

/**
 * Address Details step: Bihar and India only (docs/accounts.md); the lines refuse hidden
 * characters (VisibleTextSchema).
 */
export const AddressSchema = z.object({
  locality: VisibleTextSchema.min(1, 'Locality is required').max(160, 'Locality is too long'),
  landmark: VisibleTextSchema.max(160, 'Landmark is too long').default(''),
  city: VisibleTextSchema.min(1, 'City is required').max(80, 'City is too long'),
  state: z.literal(STATE, `State must be ${STATE}`).default(STATE),
  pincode: PincodeSchema,
  country: z.literal(COUNTRY, `Country must be ${COUNTRY}`).default(COUNTRY),
});
export type AddressInput = z.input<typeof AddressSchema>;

/**
 * The GST No placeholder of the seller forms: a Bihar GSTIN (code 10) whose check character is
 * right, so a seller copying its shape sees the format that passes (docs/accounts.md).
 */
export const SAMPLE_GSTIN = '10ABCDE1234F1ZF';

/** Refusal of a GSTIN registered in another state than the shop's (Bihar). */
export const GSTIN_STATE_MESSAGE = `GST No must be of a ${STATE} registration (starting ${gstStateCodeOf(STATE)})`;

/**
 * Shop Details step (sellers): GSTIN, category, description; the image travels as a file. Shops
 * are in Bihar, so the GSTIN must be a Bihar registration: its first two digits are the state
 * code 10 (docs/gst.md "Marketplace": the shop's invoices charge CGST + SGST of its state).
 */
export const ShopDetailsSchema = z.object({
  gstin: z
    .string()
    .trim()
    .min(1, 'Invalid GST No')
    .pipe(GstinSchema)
    .refine((gstin) => gstinMatchesState(gstin, STATE), GSTIN_STATE_MESSAGE),
  shopCategory: z.enum(SHOP_CATEGORIES, 'Please select a shop category'),
  shopDescription: z
    .string()
    .trim()
    .min(1, 'Shop description is required')
    .max(1000, 'Shop description is too long'),
});
export type ShopDetailsInput = z.input<typeof ShopDetailsSchema>;

const TermsSchema = z.literal(true, ACCOUNT_MESSAGES.termsRequired);

/** `POST /api/auth/register/customer`: every step of the customer flow in one request. */
export const CustomerRegistrationSchema = z
  .object({
    ...ContactInfoSchema.shape,
    ...AddressSchema.shape,
    ...CaptchaFieldsSchema.shape,
    name: PersonNameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string().max(128),
    acceptTerms: TermsSchema,
  })
  .superRefine((value, context) => {
    const feedback = confirmPasswordFeedback(value.password, value.confirmPassword);
    if (feedback !== 'Password matched') {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: feedback });
    }
  });
export type CustomerRegistration = z.input<typeof CustomerRegistrationSchema>;

/**
 * `POST /api/auth/register/seller` (multipart: these fields plus the file `shopImage`): the
 * customer flow with the shop name as the account name, Shop Details and the emailed OTP.
 */
export const SellerRegistrationSchema = z
  .object({
    ...ContactInfoSchema.shape,
    ...AddressSchema.shape,
    ...ShopDetailsSchema.shape,
    ...CaptchaFieldsSchema.shape,
    name: NameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string().max(128),
    otp: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ACCOUNT_MESSAGES.otpInvalid),
    acceptTerms: z
      .union([z.literal(true), z.literal('true')], ACCOUNT_MESSAGES.termsRequired)
      .transform(() => true as const),
  })
  .superRefine((value, context) => {
    const feedback = confirmPasswordFeedback(value.password, value.confirmPassword);
    if (feedback !== 'Password matched') {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: feedback });
    }
  });
export type SellerRegistration = z.input<typeof SellerRegistrationSchema>;

/**
 * `POST /api/seller/shop-details` (multipart, plus `shopImage`): a seller without a shop adds one.
 */
export const ShopDetailsSubmissionSchema = z.object({
  ...ShopDetailsSchema.shape,
  ...AddressSchema.shape,
  shopName: NameSchema,
});

export type ShopDetailsSubmission = z.input<typeof ShopDetailsSubmissionSchema>;

/** `POST /api/auth/registration-otp`: send the 6-digit code to the email being registered. */
export const RegistrationOtpRequestSchema = z.object({ email: EmailSchema });
export const OtpSentSchema = z.object({
  message: z.string(),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type OtpSent = z.infer<typeof OtpSentSchema>;

export const EmailAvailabilityRequestSchema = z.object({ email: EmailSchema });
export const EmailAvailabilitySchema = z.object({
  available: z.boolean(),
  /** 'exist' when taken, as the spec names the status (docs/accounts.md). */
  emailStatus: z.enum(['exist', 'available']),
});
export type EmailAvailability = z.infer<typeof EmailAvailabilitySchema>;

export const TokenRequestSchema = z.object({ token: z.string().min(1).max(2000) });

export const ForgotPasswordRequestSchema = CaptchaFieldsSchema.extend({
  email: EmailSchema,
});

export const ResetPasswordRequestSchema = z
  .object({
    token: z.string().min(1).max(2000),
    password: PasswordSchema,
    confirmPassword: z.string().max(128),
  })
  .superRefine((value, context) => {
    if (value.password !== value.confirmPassword) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: ACCOUNT_MESSAGES.passwordsDiffer,
      });
    }
  });

export const ResendVerificationRequestSchema = CaptchaFieldsSchema.extend({ email: EmailSchema });

/** `POST /api/account/verify-password`: the support admin's first step of a password change. */
export const VerifyPasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, ACCOUNT_MESSAGES.passwordNotVerified).max(128),
});
export const VerifyPasswordResponseSchema = z.object({
  verified: z.boolean(),
  message: z.string(),
});

/** `POST /api/account/change-password` (docs/accounts.md). */
export const ChangePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, ACCOUNT_MESSAGES.passwordNotVerified).max(128),
    newPassword: z
      .string()
      .max(128)
      .min(1, ACCOUNT_MESSAGES.newPasswordRequired)
      .pipe(PasswordSchema),
    confirmPassword: z.string().max(128),
  })
  .superRefine((value, context) => {
    if (value.newPassword !== value.confirmPassword) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: ACCOUNT_MESSAGES.passwordsDiffer,
      });
    }
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** An address as stored. */
export const AddressViewSchema = z.object({
  id: z.number().int(),
  locality: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
});

/** The shop of a seller or support admin, as its profile shows it. */
export const ShopViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gstin: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
});

/** `GET /api/account/profile`: the signed-in user's own profile. */
export const ProfileSchema = z.object({
  id: z.string(),
  role: RoleSchema,
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  aadhaarNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  address: AddressViewSchema.nullable(),
  shop: ShopViewSchema.nullable(),
  /** Customers: mail me about my orders (placed, paid, each step, cancelled); on by default. */
  orderMails: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * `PATCH /api/account/profile`: any subset of the editable fields (the support admin edits one
 * field at a time; the customer profile saves several). Email, role and shop are never editable
 * here.
 */
export const ProfileUpdateSchema = z
  .object({
    name: NameSchema,
    mobile: MobileSchema,
    gender: GenderSchema,
    dateOfBirth: z.iso.date('Enter a valid date of birth'),
    aadhaarNumber: AadhaarSchema,
    jobTitle: z.string().trim().min(1, 'Role is required').max(40, 'Role is too long'),
    address: AddressSchema,
    orderMails: z.boolean({ error: 'Choose whether to get order mails' }),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/** `GET /api/pincodes/{pincode}`: city (district) and state from India Post's directory. */
export const PincodeInfoSchema = z.object({
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  inServiceArea: z.boolean(),
  postOffices: z.array(z.string()),
});
export type PincodeInfo = z.infer<typeof PincodeInfoSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export { EMPLOYEE_JOB_TITLES };
