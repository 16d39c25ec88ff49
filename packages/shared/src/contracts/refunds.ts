import { defineEndpoint } from './endpoint.js';
import { FailedRefundsSchema, RefundParamsSchema, RefundSchema } from '../schemas/refunds.js';

/**
 * The marketplace admin's refunds (docs/refunds.md "Retrying a failed refund"): the online
 * refunds Razorpay refused, and retrying one. Amounts in paise. Every endpoint may also answer
 * 401 (no session) and 403 (another role).
 */

/** Online refunds whose status is `failed`, oldest first (at most 100); admins only. */
export const listFailedRefunds = defineEndpoint({
  method: 'GET',
  path: '/api/refunds/failed',
  tag: 'refunds',
  summary: 'Online refunds Razorpay refused, to retry',
  responses: { 200: FailedRefundsSchema },
  errors: [401, 403],
});

/**
 * Retries a failed Razorpay refund: pending again, a new request to Razorpay in the background
 * under a receipt of its own (never paying twice); audited. 404 unknown refund; 409
 * REFUND_NOT_FAILED (pending, processed, or a cash refund).
 */
export const retryRefund = defineEndpoint({
  method: 'POST',
  path: '/api/refunds/:refundId/retry',
  tag: 'refunds',
  summary: 'Retry a failed Razorpay refund',
  params: RefundParamsSchema,
  responses: { 200: RefundSchema },
  errors: [400, 401, 403, 404, 409],
});
