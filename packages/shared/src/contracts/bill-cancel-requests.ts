import { defineEndpoint } from './endpoint.js';
import { BillIdParamsSchema, CancelBillInputSchema } from '../schemas/billing.js';
import {
  ApprovedBillCancelRequestSchema,
  BillCancelRequestIdParamsSchema,
  BillCancelRequestListQuerySchema,
  BillCancelRequestListSchema,
  BillCancelRequestPageSchema,
  BillCancelRequestSchema,
  RejectBillCancelRequestSchema,
} from '../schemas/employee-permissions.js';

/**
 * An employee's request to cancel a bill and the admin's decision (docs/back-office-bills.md
 * "Cancel requests"). Admins cancel at once with `POST /api/bills/{billId}/cancel`; an employee
 * asks here. Every endpoint may answer 401 (no session) and 403 (another role, or an employee
 * whose job title may not ask: "Your role (Helper) may not ask to cancel bills").
 */

/**
 * Employee: asks the admin to cancel the bill, with a reason (5-500 characters); the bill is
 * unchanged until the admin approves. 201 the pending request; 404 'Bill not found'; 409 a
 * request for this bill is already pending; 422 BILL_CANCELLED, BILL_HAS_CREDIT_NOTES.
 */
export const requestBillCancel = defineEndpoint({
  method: 'POST',
  path: '/api/bills/:billId/cancel-requests',
  tag: 'back-office',
  summary: 'Ask the admin to cancel a bill',
  params: BillIdParamsSchema,
  body: CancelBillInputSchema,
  responses: { 201: BillCancelRequestSchema },
  errors: [400, 401, 403, 404, 409, 422],
});

/** The bill's cancel requests, newest first, every state (what the bill's screen shows). 404. */
export const listBillCancelRequests = defineEndpoint({
  method: 'GET',
  path: '/api/bills/:billId/cancel-requests',
  tag: 'back-office',
  summary: "A bill's cancel requests",
  params: BillIdParamsSchema,
  responses: { 200: BillCancelRequestListSchema },
  errors: [400, 401, 403, 404],
});

/** Admin: every bill's cancel requests of a state (default pending), 10 a page, newest first. */
export const listCancelRequests = defineEndpoint({
  method: 'GET',
  path: '/api/bill-cancel-requests',
  tag: 'back-office',
  summary: 'Cancel requests waiting for the admin',
  query: BillCancelRequestListQuerySchema,
  responses: { 200: BillCancelRequestPageSchema },
  errors: [400, 401, 403],
});

/**
 * Admin: approves a pending request: the bill is cancelled exactly as `POST
 * /api/bills/{billId}/cancel` does (stock back, invoice marked cancelled, money recorded as
 * refunded, ledger rows, audit `bill` cancel) with the request's reason, and the request is
 * approved (audit `bill_cancel_request` approve), in one transaction. 200 `{ request, bill }`;
 * 404; 409 decided already; 422 BILL_CANCELLED / BILL_HAS_CREDIT_NOTES (the request stays
 * pending: reject it).
 */
export const approveCancelRequest = defineEndpoint({
  method: 'POST',
  path: '/api/bill-cancel-requests/:requestId/approve',
  tag: 'back-office',
  summary: 'Approve a cancel request: the bill is cancelled',
  params: BillCancelRequestIdParamsSchema,
  responses: { 200: ApprovedBillCancelRequestSchema },
  errors: [400, 401, 403, 404, 409, 422],
});

/** Admin: rejects a pending request with a reason (1-500); the bill stays as it is. 404; 409. */
export const rejectCancelRequest = defineEndpoint({
  method: 'POST',
  path: '/api/bill-cancel-requests/:requestId/reject',
  tag: 'back-office',
  summary: 'Reject a cancel request',
  params: BillCancelRequestIdParamsSchema,
  body: RejectBillCancelRequestSchema,
  responses: { 200: BillCancelRequestSchema },
  errors: [400, 401, 403, 404, 409],
});
