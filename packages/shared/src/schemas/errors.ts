import { z } from 'zod';

/** Machine-readable error codes, each mapped to one HTTP status on the server (DESIGN.md section 3). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Reasons a screen can act on, each under the one error code (and so HTTP status) it answers
 * with. An error body carries `reason` beside `code` when the server refuses for one of these.
 */
export const ERROR_REASONS = {
  /** A line asks for more pieces than the stock holds. */
  OUT_OF_STOCK: 'CONFLICT',
  /** A payment or change on a bill that is already closed. */
  BILL_CLOSED: 'BUSINESS_RULE',
  /** Closing a bill whose total exceeds the amount received. */
  BILL_NOT_PAID: 'BUSINESS_RULE',
  /** A payment above the bill's dues (or a first payment above its total). */
  PAYMENT_EXCEEDS_DUES: 'BUSINESS_RULE',
} as const satisfies Record<string, ErrorCode>;
export type ErrorReason = keyof typeof ERROR_REASONS;
const REASON_NAMES = Object.keys(ERROR_REASONS) as [ErrorReason, ...ErrorReason[]];

/**
 * The one error body every route answers with:
 * `{ error: { code, reason?, message, fields?: { fieldName: message } } }` (docs/api.md).
 */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      reason: z.enum(REASON_NAMES).optional(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
