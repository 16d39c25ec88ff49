import { z } from 'zod';
import {
  BACK_OFFICE_PAGE_SIZE,
  EMPLOYEE_JOB_TITLES,
  EMPLOYEE_PERMISSIONS,
  type EmployeePermission,
} from '../constants.js';
import { BillDetailSchema } from './billing.js';
import { pathId } from './fields.js';

/*
 * Roles and permissions of the back office (docs/back-office-people.md "Roles and permissions",
 * docs/decisions/0031-permissions-per-job-title.md): what an employee of each job title may do,
 * decided by the admin; and the employee's request to cancel a bill, which the admin decides.
 */

/** The permissions table's column headings. */
export const EMPLOYEE_PERMISSION_LABELS: Record<EmployeePermission, string> = {
  createCustomerRequests: 'Create customer requests',
  editCustomers: 'Edit customers',
  addPurchases: 'Add purchases',
  takePayments: 'Take payments',
  closeBills: 'Close bills',
  requestBillCancels: 'Ask to cancel bills',
  seeReports: 'See reports (ledger, statements)',
};

/** What a refusal says the role may not do: "Your role (Helper) may not take payments". */
export const EMPLOYEE_PERMISSION_ACTIONS: Record<EmployeePermission, string> = {
  createCustomerRequests: 'create customer requests',
  editCustomers: 'edit customers',
  addPurchases: 'add purchases',
  takePayments: 'take payments',
  closeBills: 'close bills',
  requestBillCancels: 'ask to cancel bills',
  seeReports: 'see reports',
};

/**
 * What every job title may do until the admin changes it (and what an employee without a job
 * title may do): everything an employee could do before permissions existed.
 */
export const DEFAULT_EMPLOYEE_PERMISSIONS: readonly EmployeePermission[] = EMPLOYEE_PERMISSIONS;

/** The refusal of an employee whose job title lacks `permission` (403 FORBIDDEN). */
export function permissionRefusal(jobTitle: string | null, permission: EmployeePermission): string {
  return `Your role (${jobTitle ?? 'Employee'}) may not ${EMPLOYEE_PERMISSION_ACTIONS[permission]}`;
}

/**
 * True when a signed-in user may do `permission`: the admin always, an employee when the session
 * says their job title has it; any other role never (those routes are not theirs). The web app
 * hides what this refuses; the server enforces the same rule.
 */
export function userMay(
  user:
    { role: string; permissions?: readonly EmployeePermission[] | undefined } | null | undefined,
  permission: EmployeePermission,
): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return user.role === 'employee' && (user.permissions ?? []).includes(permission);
}

const PermissionListSchema = z
  .array(z.enum(EMPLOYEE_PERMISSIONS, 'Unknown permission'))
  .max(EMPLOYEE_PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, 'Each permission once');

/** One job title's row of the table: the permissions it has (any not listed it lacks). */
export const JobTitlePermissionsSchema = z
  .object({
    jobTitle: z.enum(EMPLOYEE_JOB_TITLES, 'Choose a job title'),
    permissions: PermissionListSchema,
  })
  .strict();
export type JobTitlePermissions = z.infer<typeof JobTitlePermissionsSchema>;

/**
 * `GET /api/employee-permissions` (admin): every job title's row, in EMPLOYEE_JOB_TITLES order,
 * with when and by whom it last changed (null while it has the defaults).
 */
export const EmployeePermissionsTableSchema = z.object({
  titles: z.array(
    JobTitlePermissionsSchema.extend({
      updatedAt: z.string().nullable(),
      updatedByName: z.string().nullable(),
    }),
  ),
});
export type EmployeePermissionsTable = z.infer<typeof EmployeePermissionsTableSchema>;

/**
 * `PUT /api/employee-permissions` (admin): the rows to save; each job title at most once; titles
 * not listed keep their permissions.
 */
export const SaveEmployeePermissionsSchema = z
  .object({
    titles: z
      .array(JobTitlePermissionsSchema)
      .min(1, 'Give at least one job title')
      .max(EMPLOYEE_JOB_TITLES.length)
      .refine(
        (rows) => new Set(rows.map((row) => row.jobTitle)).size === rows.length,
        'Each job title once',
      ),
  })
  .strict();
export type SaveEmployeePermissions = z.infer<typeof SaveEmployeePermissionsSchema>;

// ---------------------------------------------------------------------------------------------
// Bill cancel requests (docs/back-office-bills.md "Cancel requests")

export const BILL_CANCEL_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BillCancelRequestStatus = (typeof BILL_CANCEL_REQUEST_STATUSES)[number];

export const BILL_CANCEL_REQUEST_MESSAGES = {
  pendingExists: 'A cancel request for this bill is already waiting for the admin',
  decided: 'This cancel request has already been decided',
  notFound: 'Cancel request not found',
  rejectReasonRequired: 'Give the reason for rejecting (1 to 500 characters)',
  requested: 'Cancel request sent to the admin',
} as const;

/** An employee's request to cancel a bill, and how the admin decided it. Money in paise. */
export const BillCancelRequestSchema = z.object({
  id: z.number().int(),
  billId: z.number().int(),
  billNumber: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  shopName: z.string(),
  /** The bill's total (amount + GST) when listed. */
  totalPaise: z.number().int(),
  status: z.enum(BILL_CANCEL_REQUEST_STATUSES),
  reason: z.string(),
  requestedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type BillCancelRequest = z.infer<typeof BillCancelRequestSchema>;

/** `GET /api/bills/{billId}/cancel-requests`: the bill's requests, newest first. */
export const BillCancelRequestListSchema = z.object({ items: z.array(BillCancelRequestSchema) });
export type BillCancelRequestList = z.infer<typeof BillCancelRequestListSchema>;

/** `GET /api/bill-cancel-requests?status=&page=` (admin): 10 a page, newest first. */
export const BillCancelRequestPageSchema = z.object({
  items: z.array(BillCancelRequestSchema),
  page: z.number().int(),
  pageSize: z.literal(BACK_OFFICE_PAGE_SIZE),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type BillCancelRequestPage = z.infer<typeof BillCancelRequestPageSchema>;

export const BillCancelRequestListQuerySchema = z
  .object({
    status: z.enum(BILL_CANCEL_REQUEST_STATUSES).default('pending'),
    page: z
      .string()
      .regex(/^\d{1,6}$/, 'page must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'page must be at least 1'))
      .default(1),
  })
  .strict();
export type BillCancelRequestListQuery = z.input<typeof BillCancelRequestListQuerySchema>;

export const BillCancelRequestIdParamsSchema = z
  .object({ requestId: pathId('requestId') })
  .strict();

/** `POST /api/bill-cancel-requests/{requestId}/reject`. */
export const RejectBillCancelRequestSchema = z
  .object({
    reason: z
      .string(BILL_CANCEL_REQUEST_MESSAGES.rejectReasonRequired)
      .trim()
      .min(1, BILL_CANCEL_REQUEST_MESSAGES.rejectReasonRequired)
      .max(500, BILL_CANCEL_REQUEST_MESSAGES.rejectReasonRequired),
  })
  .strict();
export type RejectBillCancelRequest = z.infer<typeof RejectBillCancelRequestSchema>;

/** `POST /api/bill-cancel-requests/{requestId}/approve` (200): the request and the cancelled bill. */
export const ApprovedBillCancelRequestSchema = z.object({
  request: BillCancelRequestSchema,
  bill: BillDetailSchema,
});
export type ApprovedBillCancelRequest = z.infer<typeof ApprovedBillCancelRequestSchema>;
