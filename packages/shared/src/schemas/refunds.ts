import { z } from 'zod';
import { pathId } from './fields.js';

/*
 * Refunds of marketplace orders (docs/refunds.md): one per cancelled paid shipment or received
 * return. Online payments go back through Razorpay; cash-on-delivery money goes to the UPI id or
 * bank account the customer gave with the return request, and the shop records the transfer's
 * reference (UTR).
 */

/** pending: owed or under way; processed: the money left; failed: Razorpay refused (retried by the office). */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** razorpay: back to the card/UPI/netbanking that paid; upi and bank_transfer: for cash on delivery. */
export const REFUND_METHODS = ['razorpay', 'upi', 'bank_transfer'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Why money goes back: the shipment was cancelled after payment, or its return was received. */
export const REFUND_REASONS = ['cancelled', 'returned'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund pending',
  processed: 'Refunded',
  failed: 'Refund failed',
};

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  razorpay: 'To the original payment method',
  upi: 'To your UPI id',
  bank_transfer: 'To your bank account',
};

export const REFUND_MESSAGES = {
  upiId: 'Enter a UPI id like name@bank',
  accountNumber: 'Enter the account number: 9 to 18 digits',
  ifsc: 'Enter the 11-character IFSC, like SBIN0001234',
  accountName: 'Enter the account holder name (2 to 80 characters)',
  payeeNeeded: 'This order was paid in cash: tell us the UPI id or bank account for your refund',
  payeeNotNeeded: 'This order was paid online: the refund goes back to the payment method',
  reference: 'Enter the transfer reference (UTR): 12 to 22 letters and digits',
  refundNotFound: 'No refund is owed for this shipment',
  notManual: 'This refund goes back through Razorpay; it cannot be marked paid by hand',
  alreadyProcessed: 'This refund is already recorded as paid',
  notFailedPending:
    'This refund is already under way with Razorpay: only a failed refund can be retried',
  notFailedProcessed: 'This refund is already processed: only a failed refund can be retried',
  notFailedManual:
    'A cash-on-delivery refund is paid by the shop; it cannot be retried with Razorpay',
} as const;

/** A UPI virtual payment address: handle@psp (NPCI's format: letters, digits, . - _ before @). */
export const UPI_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** RBI's IFSC: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;
/** A bank transfer's UTR (NEFT 16, RTGS 22, IMPS/UPI 12 characters). */
export const UTR_PATTERN = /^[A-Za-z0-9]{12,22}$/;

/** Where a cash-on-delivery refund goes, given with the return request. */
export const RefundPayeeSchema = z.discriminatedUnion('method', [
  z
    .object({
      method: z.literal('upi'),
      upiId: z.string().trim().regex(UPI_ID_PATTERN, REFUND_MESSAGES.upiId),
    })
    .strict(),
  z
    .object({
      method: z.literal('bank_transfer'),
      accountNumber: z.string().trim().regex(BANK_ACCOUNT_PATTERN, REFUND_MESSAGES.accountNumber),
      ifsc: z
        .string()
        .trim()
        .transform((value) => value.toUpperCase())
        .pipe(z.string().regex(IFSC_PATTERN, REFUND_MESSAGES.ifsc)),
      accountName: z
        .string()
        .trim()
        .min(2, REFUND_MESSAGES.accountName)
        .max(80, REFUND_MESSAGES.accountName),
    })
    .strict(),
]);
export type RefundPayee = z.output<typeof RefundPayeeSchema>;

/** A refund as the customer and the shop see it (amounts in paise, times ISO 8601). */
export const RefundSchema = z.object({
  id: z.number().int(),
  /** Which request to Razorpay this is: 1, one more per retry of a failed refund. */
  attempt: z.number().int(),
  amountPaise: z.number().int(),
  method: z.enum(REFUND_METHODS),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
  /** Razorpay's refund id, or the UTR the shop recorded; null until known. */
  reference: z.string().nullable(),
  /** Where the money goes, masked for the customer ('UPI priya@okaxis', 'A/c ending 4321'). */
  payTo: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** Razorpay's reason when it failed, else null. */
  failureReason: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** `POST /api/shop/orders/{shipmentId}/refund/paid`: the UTR of the shop's transfer. */
export const MarkRefundPaidInputSchema = z
  .object({
    reference: z
      .string(REFUND_MESSAGES.reference)
      .trim()
      .regex(UTR_PATTERN, REFUND_MESSAGES.reference)
      .transform((value) => value.toUpperCase()),
  })
  .strict();
export type MarkRefundPaidInput = z.output<typeof MarkRefundPaidInputSchema>;

/**
 * Where a refund goes, in words: the customer sees the account's last 4 digits only; the shop,
 * which makes the transfer, sees the whole number (`full`).
 */
export function describePayee(payee: RefundPayee, options: { full?: boolean } = {}): string {
  if (payee.method === 'upi') return `UPI ${payee.upiId}`;
  const account = options.full
    ? `A/c ${payee.accountNumber}`
    : `A/c ending ${payee.accountNumber.slice(-4)}`;
  return `${payee.accountName}, ${account}, IFSC ${payee.ifsc}`;
}

/** `/api/refunds/:refundId/...` (admin). */
export const RefundParamsSchema = z.object({ refundId: pathId('Refund id') });

/** A failed online refund as the admin's list shows it: the refund, its order and shop. */
export const FailedRefundSchema = RefundSchema.extend({
  orderId: z.number().int(),
  orderNumber: z.string(),
  shipmentId: z.number().int(),
  shopName: z.string(),
  customerName: z.string(),
  updatedAt: z.string(),
});
export type FailedRefund = z.infer<typeof FailedRefundSchema>;

/** `GET /api/refunds/failed` (admin): online refunds Razorpay refused, oldest first (at most 100). */
export const FailedRefundsSchema = z.object({ items: z.array(FailedRefundSchema) });
export type FailedRefunds = z.infer<typeof FailedRefundsSchema>;
