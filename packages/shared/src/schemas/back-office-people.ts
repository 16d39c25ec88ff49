import { z } from 'zod';
import { CreditLimitSchema, OpeningBalanceSchema } from './ledger.js';
import {
  BACK_OFFICE_PAGE_SIZE,
  EMPLOYEE_JOB_TITLES,
  GENERATED_PASSWORD_LENGTH,
  IMAGE_UPLOAD_MAX_BYTES,
  ROLES,
} from '../constants.js';
import { AadhaarSchema, AddressSchema, NameSchema } from './accounts.js';
import { EmailSchema, GstinSchema, VisibleTextSchema, pathId } from './fields.js';
import { INDIAN_STATES, gstStateNameOf, gstinMatchesState } from '../gst/states.js';

/**
 * The back office's people: wholesale customers, employees' customer requests, employees and the
 * audit trail (docs/back-office-people.md is the contract). Money is integer paise; times are ISO
 * 8601.
 */

/**
 * Texts of these screens: the spec's where it has one (spelling fixed, docs/platform.md "Texts").
 */
export const PEOPLE_MESSAGES = {
  /** The back office's own mobile message, spelling fixed, for every mobile field. */
  mobileInvalid: 'Please re-enter your mobile number',
  shopNameRequired: 'Shop name is required',
  customerNotFound: 'Customer not found',
  requestNotFound: 'Customer request not found',
  requestAlreadyDecided: 'This request has already been approved or rejected',
  requestCreated: 'Request sent to the admin',
  requestApproved: 'Request approved: customer created',
  requestRejected: 'Request rejected',
  rejectReasonRequired: 'Please tell the employee why (at most 500 characters)',
  customerUpdated: 'information updated !!!',
  employeeNotFound: 'Employee not found',
  employeeDisabled: 'Employee disabled',
  employeeAlreadyDisabled: 'This employee is already disabled',
  employeeRoleRequired: 'Please select the employee role',
  idProofRequired: 'Please choose the id proof (jpg, png or pdf)',
  idProofType: 'Id proof must be a jpg, png or pdf file',
  idProofTooLarge: 'The id proof must be at most 5 MB',
  deliveryStaffCreated: 'Delivery staff member created successfully',
  deliveryStaffNotFound: 'Delivery staff member not found',
  deliveryStaffDisabled: 'Delivery staff member disabled',
  deliveryStaffAlreadyDisabled: 'This delivery staff member is already disabled',
  passwordShownOnce:
    'Note this password now: it is shown only once. It has also been emailed to the new account.',
} as const;

/** Largest id-proof upload, bytes (5 MB, docs/back-office-people.md). */
export const ID_PROOF_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;

/** Audit rows per page of the audit trail. */
export const AUDIT_PAGE_SIZE = 20;

/*
 * Generated passwords (docs/back-office-people.md: 8 characters from letters without look-alikes,
 * digits and @#$). I, O, l, o, 0 and 1 are left out. Every password has at least one capital, one
 * small letter, one digit and one of @#$, so it also meets the marketplace's password rules.
 */
export const GENERATED_PASSWORD_UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
export const GENERATED_PASSWORD_LOWER = 'abcdefghijkmnpqrstuvwxyz';
export const GENERATED_PASSWORD_DIGITS = '23456789';
export const GENERATED_PASSWORD_SPECIAL = '@#$';
/** Every character a generated password may contain. */
export const GENERATED_PASSWORD_ALPHABET =
  GENERATED_PASSWORD_UPPER +
  GENERATED_PASSWORD_LOWER +
  GENERATED_PASSWORD_DIGITS +
  GENERATED_PASSWORD_SPECIAL;

/**
 * A generated password of GENERATED_PASSWORD_LENGTH (8) characters of the alphabet above, with
 * one of each class, shuffled. `randomInt(max)` answers an integer in [0, max): the server passes
 * `crypto.randomInt`, tests a seeded one.
 */
export function generatePassword(randomInt: (max: number) => number): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [
    pick(GENERATED_PASSWORD_UPPER),
    pick(GENERATED_PASSWORD_LOWER),
    pick(GENERATED_PASSWORD_DIGITS),
    pick(GENERATED_PASSWORD_SPECIAL),
  ];
  while (chars.length < GENERATED_PASSWORD_LENGTH) chars.push(pick(GENERATED_PASSWORD_ALPHABET));
  for (let index = chars.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [chars[index], chars[other]] = [chars[other]!, chars[index]!];
  }
  return chars.join('');
}

/**
 * A back-office mobile number: 10 digits starting 6-9 (docs/back-office-people.md) with the spec's
 * message.
 */
export const BackOfficeMobileSchema = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, PEOPLE_MESSAGES.mobileInvalid);

/** An optional mobile: empty or absent means none (null). */
export const OptionalMobileSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(BackOfficeMobileSchema.nullable());

/** An optional GSTIN (with its check character): empty or absent means none (null). */
export const OptionalGstinSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(GstinSchema.nullable());

const ShopNameSchema = VisibleTextSchema.min(1, PEOPLE_MESSAGES.shopNameRequired).max(
  120,
  'Shop name is too long',
);

/** The state a wholesale customer's form starts with (the business is in Bihar). */
export const DEFAULT_CUSTOMER_STATE = 'Bihar';

/**
 * A wholesale customer's state: any Indian state or union territory (docs/gst.md "Place of
 * supply": a customer delivered to in another state is an inter-state supply, IGST).
 */
export const CustomerStateSchema = z.enum(INDIAN_STATES, 'Please select a state of India');

/**
 * A GSTIN placeholder for the customer forms: valid (check character right) and of the default
 * state's code 10, so a user copying its shape sees one that passes.
 */
export const SAMPLE_CUSTOMER_GSTIN = '10AABCU9603R1Z2';

/**
 * The field message for a GSTIN registered in another state than the customer's address:
 * 'GSTIN 09AABCU9603R1ZL is registered in Uttar Pradesh; the address is in Bihar'.
 */
export function gstinStateMismatchMessage(gstin: string, state: string): string {
  const registered = gstStateNameOf(gstin.slice(0, 2));
  return registered
    ? `GSTIN ${gstin} is registered in ${registered}; the address is in ${state}`
    : `GSTIN ${gstin} has no known state code (${gstin.slice(0, 2)}); the address is in ${state}`;
}

/**
 * Adds the field issue on `gstin` when a GSTIN's first two digits are not the state's GST code
 * (the same rule on the form and on the server).
 */
function refineGstinState(
  value: { gstin?: string | null | undefined; state?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (value.gstin && value.state && !gstinMatchesState(value.gstin, value.state)) {
    context.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: gstinStateMismatchMessage(value.gstin, value.state),
    });
  }
}

/**
 * `POST /api/customers` and `POST /api/customer-requests` (docs/back-office-people.md): no
 * password; the server generates it. State: any Indian state (Bihar by default), country India;
 * a GSTIN must be of the state's registration (docs/gst.md "Place of supply").
 */
const CustomerInputFields = z.object({
  name: NameSchema,
  mobile: BackOfficeMobileSchema,
  altMobile: OptionalMobileSchema,
  email: EmailSchema,
  shopName: ShopNameSchema,
  gstin: OptionalGstinSchema,
  ...AddressSchema.shape,
  state: CustomerStateSchema.default(DEFAULT_CUSTOMER_STATE),
});

export const CustomerInputSchema = CustomerInputFields.strict().superRefine(refineGstinState);
export type CustomerInput = z.input<typeof CustomerInputSchema>;
export type CustomerInputParsed = z.output<typeof CustomerInputSchema>;

/**
 * `POST /api/customers` (admin): the customer's fields plus its ledger's starting point
 * (docs/back-office-ledger.md): the opening balance from the paper book (paise, 0 or more; set
 * here once, never edited) and an optional credit limit (paise).
 */
export const NewCustomerInputSchema = CustomerInputFields.extend({
  openingBalancePaise: OpeningBalanceSchema.default(0),
  creditLimitPaise: CreditLimitSchema.default(null),
})
  .strict()
  .superRefine(refineGstinState);
export type NewCustomerInput = z.input<typeof NewCustomerInputSchema>;
export type NewCustomerInputParsed = z.output<typeof NewCustomerInputSchema>;

/**
 * `PATCH /api/customers/{customerId}`: the Edit modal (Name, Email, Mobile, Alt mobile, Shop
 * name, GSTIN). An absent `gstin` keeps the stored one, empty removes it; the server checks a
 * GSTIN against the customer's stored state (the form does the same with `gstinMatchesState`).
 */
export const CustomerUpdateSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    mobile: BackOfficeMobileSchema,
    altMobile: OptionalMobileSchema,
    shopName: ShopNameSchema,
    gstin: OptionalGstinSchema.optional(),
    /** Absent keeps the stored limit; null removes it (paise). */
    creditLimitPaise: CreditLimitSchema.optional(),
  })
  .strict();
export type CustomerUpdate = z.input<typeof CustomerUpdateSchema>;

/** The customer's fields as stored, shared by customers and customer requests. */
const CustomerFieldsSchema = z.object({
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  altMobile: z.string().nullable(),
  shopName: z.string(),
  gstin: z.string().nullable(),
  locality: z.string(),
  landmark: z.string(),
  city: z.string(),
  pincode: z.string(),
  state: z.string(),
  country: z.string(),
});

/** A wholesale customer. `duesPaise`: amount + GST - received over all its bills. */
export const WholesaleCustomerSchema = z.object({
  id: z.number().int(),
  ...CustomerFieldsSchema.shape,
  createdAt: z.string(),
  duesPaise: z.number().int(),
  billCount: z.number().int(),
  /** The ledger's starting point (paise), fixed at creation. */
  openingBalancePaise: z.number().int(),
  /** Optional credit limit (paise). */
  creditLimitPaise: z.number().int().nullable(),
});
export type WholesaleCustomer = z.infer<typeof WholesaleCustomerSchema>;

/**
 * `POST /api/customers` (201): the customer and its password, shown once
 * (docs/back-office-people.md).
 */
export const CreatedCustomerSchema = z.object({
  customer: WholesaleCustomerSchema,
  generatedPassword: z.string(),
});
export type CreatedCustomer = z.infer<typeof CreatedCustomerSchema>;

const PageParam = z
  .string()
  .regex(/^\d{1,6}$/, 'page must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'page must be at least 1'))
  .default(1);

const SearchParam = z.string().trim().max(100, 'Search is too long').default('');

/** `GET /api/customers?search=&page=` and `GET /api/employees?search=&page=`. */
export const PeopleListQuerySchema = z.object({ search: SearchParam, page: PageParam }).strict();
export type PeopleListQuery = z.input<typeof PeopleListQuerySchema>;

function pageOf<T extends z.ZodType>(item: T, pageSize: number) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.literal(pageSize),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}

/** `GET /api/customers`: a page of 10, newest first. */
export const CustomerPageSchema = pageOf(WholesaleCustomerSchema, BACK_OFFICE_PAGE_SIZE);
export type CustomerPage = z.infer<typeof CustomerPageSchema>;

/** `GET /api/customers/summary`: the employee home's tiles; credit = dues of open bills, paise. */
export const CustomerSummarySchema = z.object({
  totalCustomers: z.number().int(),
  totalCreditPaise: z.number().int(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

/** Path parameters of the customer, request and employee routes. */
export const CustomerIdParamsSchema = z.object({ customerId: pathId('customerId') }).strict();
export const RequestIdParamsSchema = z.object({ requestId: pathId('requestId') }).strict();
export const EmployeeIdParamsSchema = z.object({ employeeId: z.string().min(1).max(64) }).strict();

/** A customer request's states: pending until an admin approves or rejects it. */
export const CUSTOMER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CustomerRequestStatus = (typeof CUSTOMER_REQUEST_STATUSES)[number];

/**
 * An employee's Create Request: the customer's fields and how it was decided
 * (docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md).
 */
export const CustomerRequestSchema = z.object({
  id: z.number().int(),
  ...CustomerFieldsSchema.shape,
  status: z.enum(CUSTOMER_REQUEST_STATUSES),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  customerId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type CustomerRequest = z.infer<typeof CustomerRequestSchema>;

/** A page of 10 customer requests, newest first. */
export const CustomerRequestPageSchema = pageOf(CustomerRequestSchema, BACK_OFFICE_PAGE_SIZE);
export type CustomerRequestPage = z.infer<typeof CustomerRequestPageSchema>;

/** `GET /api/customer-requests?status=&page=` (admin): pending by default. */
export const CustomerRequestListQuerySchema = z
  .object({ status: z.enum(CUSTOMER_REQUEST_STATUSES).default('pending'), page: PageParam })
  .strict();

/** `GET /api/customer-requests/mine?page=` (employee). */
export const MyRequestsQuerySchema = z.object({ page: PageParam }).strict();

/** `POST /api/customer-requests/{requestId}/reject`. */
export const RejectRequestSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, PEOPLE_MESSAGES.rejectReasonRequired)
      .max(500, PEOPLE_MESSAGES.rejectReasonRequired),
  })
  .strict();
export type RejectRequest = z.infer<typeof RejectRequestSchema>;

/** `POST /api/customer-requests/{requestId}/approve` (200). */
export const ApprovedRequestSchema = z.object({
  request: CustomerRequestSchema,
  customer: WholesaleCustomerSchema,
  generatedPassword: z.string(),
});
export type ApprovedRequest = z.infer<typeof ApprovedRequestSchema>;

/**
 * `POST /api/employees` (multipart: these text fields plus the file `idProof`): the fields of
 * docs/back-office-people.md, plus Email (employees have accounts:
 * docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md). The role is the
 * employee's job title.
 */
export const EmployeeInputSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    mobile: BackOfficeMobileSchema,
    altMobile: OptionalMobileSchema,
    houseMobile: OptionalMobileSchema,
    aadhaarNumber: AadhaarSchema,
    employeeRole: z.enum(EMPLOYEE_JOB_TITLES, PEOPLE_MESSAGES.employeeRoleRequired),
    ...AddressSchema.shape,
  })
  .strict();
export type EmployeeInput = z.input<typeof EmployeeInputSchema>;
export type EmployeeInputParsed = z.output<typeof EmployeeInputSchema>;

/**
 * An employee as the View Employees table shows it. Only the last four digits of the Aadhaar
 * number are sent (shown with `maskedAadhaar`); the full number stays in the database.
 */
export const EmployeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  altMobile: z.string().nullable(),
  houseMobile: z.string().nullable(),
  aadhaarLastFour: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  employeeRole: z.string().nullable(),
  locality: z.string(),
  landmark: z.string(),
  city: z.string(),
  pincode: z.string(),
  state: z.string(),
  country: z.string(),
  hasIdProof: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Employee = z.infer<typeof EmployeeSchema>;

/** `GET /api/employees`: a page of 10, newest first. */
export const EmployeePageSchema = pageOf(EmployeeSchema, BACK_OFFICE_PAGE_SIZE);
export type EmployeePage = z.infer<typeof EmployeePageSchema>;

/**
 * `POST /api/employees` (201): the employee and its password, shown once
 * (docs/back-office-people.md).
 */
export const CreatedEmployeeSchema = z.object({
  employee: EmployeeSchema,
  generatedPassword: z.string(),
});
export type CreatedEmployee = z.infer<typeof CreatedEmployeeSchema>;

/**
 * `POST /api/delivery-staff` (JSON; docs/back-office-people.md): name, email and
 * mobile; the server generates the password, as for employees.
 */
export const DeliveryStaffInputSchema = z
  .object({ name: NameSchema, email: EmailSchema, mobile: BackOfficeMobileSchema })
  .strict();
export type DeliveryStaffInput = z.input<typeof DeliveryStaffInputSchema>;

/** A delivery staff account as the admin's Delivery staff list shows it. */
export const DeliveryStaffSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DeliveryStaff = z.infer<typeof DeliveryStaffSchema>;

/** `GET /api/delivery-staff?search=&page=`: a page of 10, newest first. */
export const DeliveryStaffPageSchema = pageOf(DeliveryStaffSchema, BACK_OFFICE_PAGE_SIZE);
export type DeliveryStaffPage = z.infer<typeof DeliveryStaffPageSchema>;

/** `POST /api/delivery-staff` (201): the account and its password, shown once. */
export const CreatedDeliveryStaffSchema = z.object({
  deliveryStaff: DeliveryStaffSchema,
  generatedPassword: z.string(),
});
export type CreatedDeliveryStaff = z.infer<typeof CreatedDeliveryStaffSchema>;

/** Path parameters of `POST /api/delivery-staff/{deliveryStaffId}/disable`. */
export const DeliveryStaffIdParamsSchema = z
  .object({ deliveryStaffId: z.string().min(1).max(64) })
  .strict();

/** The audited records and changes (docs/back-office-people.md). */
export const AUDIT_ENTITIES = [
  'customer',
  'customer_request',
  'bill',
  'payment',
  'stock',
  'employee',
  'delivery_staff',
  'security_setting',
  'business_setting',
  'tax_document',
  'settlement_payout',
  'settlement_rates',
  'review',
  'refund',
  'shop_pan',
  'bill_cancel_request',
  'employee_permissions',
] as const;
/** How the audit trail names each kind of record (its filter and its Record column). */
export const AUDIT_ENTITY_LABELS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  customer: 'Customer',
  customer_request: 'Customer request',
  bill: 'Bill',
  payment: 'Payment',
  stock: 'Stock',
  employee: 'Employee',
  delivery_staff: 'Delivery staff',
  security_setting: 'Security setting',
  business_setting: 'Business setting',
  tax_document: 'Tax document',
  settlement_payout: 'Payout to shop',
  settlement_rates: 'Settlement rates',
  review: 'Product review',
  refund: 'Refund',
  shop_pan: 'Shop PAN',
  bill_cancel_request: 'Cancel request',
  employee_permissions: 'Employee permissions',
};
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'close',
  'approve',
  'reject',
  'disable',
  'cancel',
  'bounce',
  'backdate',
  'hide',
  'unhide',
  'retry',
] as const;

const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2024-03-05')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a real date');

/**
 * `GET /api/audit?entity=&actor=&from=&to=&page=` (admin): `actor` is a user id; `from` and `to`
 * are calendar days in India time (IST), both included.
 */
export const AuditQuerySchema = z
  .object({
    entity: z.enum(AUDIT_ENTITIES).optional(),
    actor: z.string().trim().min(1).max(64).optional(),
    from: DateParam.optional(),
    to: DateParam.optional(),
    page: PageParam,
  })
  .strict();
export type AuditQuery = z.input<typeof AuditQuerySchema>;

/**
 * One audit row: who (id, name, role at the time), when, what and the record before and after.
 * `record` names what changed in words ('Bill 00153', 'Employee Birju Mahto'); `people` gives
 * the names of the accounts whose ids the before and after hold (requestedBy, decidedBy...).
 */
export const AuditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  actorRole: z.enum(ROLES),
  entity: z.string(),
  entityId: z.string(),
  record: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  people: z.record(z.string(), z.string()),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

/** `GET /api/audit`: a page of 20 audit rows, newest first. */
export const AuditPageSchema = pageOf(AuditRowSchema, AUDIT_PAGE_SIZE);
export type AuditPage = z.infer<typeof AuditPageSchema>;
