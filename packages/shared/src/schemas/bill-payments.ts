import { z } from 'zod';
import { indianDateOf } from '../domain/dates.js';
import { formatRupees } from '../domain/money.js';
import {
  CHEQUE_NUMBER_PATTERN,
  CHEQUE_VALIDITY_MONTHS,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  PAYMENT_REFERENCE_PATTERN,
  RECEIPT_STATUSES,
  type PaymentMode,
} from '../domain/payments.js';
import { addMonths } from './reports.js';
import { bodyId, pathId, VisibleTextSchema } from './fields.js';

/**
 * Back-office payments (docs/back-office-bills.md "Payments"): the mode of every payment and its
 * details, a payment taken on a customer's account and shared over bills, a bounced cheque, and
 * the payment as the lists and the receipt show it. Amounts are integer paise, dates
 * `YYYY-MM-DD` (Indian calendar), times ISO 8601.
 */

/** Highest single payment, paise (₹1,00,00,000, the highest bill total). */
const PAYMENT_MAX_PAISE = 1_000_000_000;
/** Most bills one payment may be shared over by hand. */
export const PAYMENT_MAX_CHOSEN_BILLS = 50;

/** Texts of the payment routes and forms; the server's refusals carry these messages. */
export const PAYMENT_MESSAGES = {
  chooseMode: 'Choose how it was paid: cash, UPI, bank transfer or cheque',
  referenceRequired: 'Enter the UTR / reference number',
  referenceInvalid: 'The UTR / reference number is 12 to 22 letters or digits',
  chequeNumberInvalid: 'The cheque number is 6 digits',
  chequeBankRequired: 'Enter the bank of the cheque',
  chequeBankTooLong: 'At most 80 characters',
  chequeDateInvalid: 'Enter the date on the cheque',
  chequePostDated: 'A post-dated cheque can be taken on its date, not before',
  chequeStale: `This cheque is more than ${CHEQUE_VALIDITY_MONTHS} months old: the bank will not accept it`,
  /** A detail sent for a mode that does not take it ('A cash payment takes no reference'). */
  notForMode: (mode: PaymentMode, detail: string) =>
    `A ${PAYMENT_MODE_LABELS[mode].toLowerCase()} payment takes no ${detail}`,
  amountNotPositive: 'Enter an amount above 0',
  amountTooLarge: 'The amount is too large',
  chooseBills: 'Choose at least one bill',
  billsOnlyWhenChosen: 'Bills are chosen only with allocation "chosen"',
  billChosenTwice: 'Each bill once',
  allocationMismatch: 'The amounts on the chosen bills must add up to the payment',
  paymentNotFound: 'Payment not found',
  notACheque: 'Only a cheque can be marked bounced',
  alreadyBounced: 'This cheque is already marked bounced',
  bounceReasonRequired: 'Give the reason the cheque bounced (at least 5 characters)',
  bouncedOnCancelledBill:
    'This cheque paid a bill that is cancelled, whose money was refunded: settle it by hand',
  noOpenBills: 'This customer has no open bills with dues',
  /** Take payment with `openingPaise` above what is left of the opening balance. */
  openingDuesExceeded: (duesPaise: number) =>
    `The opening balance owes only ${formatRupees(duesPaise)}`,
  /** A payment on account above the dues of the open bills together. */
  moreThanDues: (duesPaise: number) =>
    `The amount is more than the dues of the open bills (${formatRupees(duesPaise)})`,
  /** A chosen bill that is unknown, closed, cancelled or another customer's. */
  billNotOpen: (billNumber: string) => `Bill ${billNumber} is not an open bill of this customer`,
  /** A chosen bill given more than it owes. */
  billDuesExceeded: (billNumber: string, duesPaise: number) =>
    `Bill ${billNumber} owes only ${formatRupees(duesPaise)}`,
  paymentTaken: 'Payment saved successfully',
  chequeBounced: 'Cheque marked bounced: its bills owe the amount again',
} as const;

export const PaymentModeSchema = z.enum(PAYMENT_MODES, { error: PAYMENT_MESSAGES.chooseMode });
export const ReceiptStatusSchema = z.enum(RECEIPT_STATUSES);

/**
 * The mode fields every payment body carries (flat, so each error names its field): `mode`
 * (default 'cash', what a payment meant before modes existed), `reference` for UPI and bank
 * transfer (upper-cased), `chequeNumber`, `chequeBank`, `chequeDate` for a cheque. The rules
 * between them are `checkPaymentMethod`'s.
 */
export const PaymentMethodShape = {
  mode: PaymentModeSchema.default('cash'),
  reference: z.string(PAYMENT_MESSAGES.referenceInvalid).trim().toUpperCase().optional(),
  chequeNumber: z.string(PAYMENT_MESSAGES.chequeNumberInvalid).trim().optional(),
  chequeBank: VisibleTextSchema.optional(),
  chequeDate: z.string(PAYMENT_MESSAGES.chequeDateInvalid).trim().optional(),
};

/** The mode fields as a body holds them (before defaults). */
export interface PaymentMethodInput {
  mode?: PaymentMode | undefined;
  reference?: string | undefined;
  chequeNumber?: string | undefined;
  chequeBank?: string | undefined;
  chequeDate?: string | undefined;
}

/** Whether `day` is a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/**
 * The problems of a payment's mode fields, by field, for `today` (Indian `YYYY-MM-DD`):
 * UPI and bank transfer need a reference of 12-22 letters or digits; a cheque needs a 6-digit
 * number, its bank (1-80 characters) and its date, neither after today (a post-dated cheque is
 * not money yet) nor more than three months before it (a stale cheque is refused by banks); a
 * detail a mode does not take is refused. Empty when all is well. The forms show these under
 * the fields; the schemas below answer them as 400 `fields`.
 */
export function paymentMethodProblems(
  input: PaymentMethodInput,
  today: string = indianDateOf(new Date()),
): Record<string, string> {
  const problems: Record<string, string> = {};
  const mode = input.mode ?? 'cash';
  const given = (value: string | undefined) => value !== undefined && value !== '';
  if (mode === 'upi' || mode === 'bank_transfer') {
    if (!given(input.reference)) problems.reference = PAYMENT_MESSAGES.referenceRequired;
    else if (!PAYMENT_REFERENCE_PATTERN.test(input.reference!)) {
      problems.reference = PAYMENT_MESSAGES.referenceInvalid;
    }
  } else if (given(input.reference)) {
    problems.reference = PAYMENT_MESSAGES.notForMode(mode, 'reference');
  }
  if (mode === 'cheque') {
    if (!CHEQUE_NUMBER_PATTERN.test(input.chequeNumber ?? '')) {
      problems.chequeNumber = PAYMENT_MESSAGES.chequeNumberInvalid;
    }
    if (!given(input.chequeBank)) problems.chequeBank = PAYMENT_MESSAGES.chequeBankRequired;
    else if (input.chequeBank!.length > 80) {
      problems.chequeBank = PAYMENT_MESSAGES.chequeBankTooLong;
    }
    const date = input.chequeDate ?? '';
    if (!isCalendarDay(date)) problems.chequeDate = PAYMENT_MESSAGES.chequeDateInvalid;
    else if (date > today) problems.chequeDate = PAYMENT_MESSAGES.chequePostDated;
    else if (date < addMonths(today, -CHEQUE_VALIDITY_MONTHS)) {
      problems.chequeDate = PAYMENT_MESSAGES.chequeStale;
    }
  } else {
    for (const [field, detail] of [
      ['chequeNumber', 'cheque number'],
      ['chequeBank', 'cheque bank'],
      ['chequeDate', 'cheque date'],
    ] as const) {
      if (given(input[field])) problems[field] = PAYMENT_MESSAGES.notForMode(mode, detail);
    }
  }
  return problems;
}

/** Adds `paymentMethodProblems` of a parsed body to a zod refinement context. */
export function checkPaymentMethod(input: PaymentMethodInput, context: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(paymentMethodProblems(input))) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
}

/** An amount of money paid, paise: a whole number from 1 to ₹1,00,00,000. */
export const PaymentAmountSchema = z
  .number(PAYMENT_MESSAGES.amountNotPositive)
  .int(PAYMENT_MESSAGES.amountNotPositive)
  .min(1, PAYMENT_MESSAGES.amountNotPositive)
  .max(PAYMENT_MAX_PAISE, PAYMENT_MESSAGES.amountTooLarge);

/** One chosen bill of a payment on account and the part of the payment it takes, paise. */
export const ChosenBillSchema = z
  .object({
    billId: bodyId('Choose a bill'),
    amountPaise: PaymentAmountSchema,
  })
  .strict();

/**
 * `POST /api/customers/{customerId}/payments` (Take payment): an amount with its mode, shared
 * over the customer's opening balance and open bills either oldest first (`allocation`
 * 'oldest_first', the default: the opening balance first) or as chosen ('chosen'): `openingPaise`
 * to the opening balance and `bills` with an amount each, adding up to the payment.
 */
export const TakePaymentInputSchema = z
  .object({
    amountPaise: PaymentAmountSchema,
    ...PaymentMethodShape,
    allocation: z
      .enum(['oldest_first', 'chosen'], { error: 'Choose oldest bills first or chosen bills' })
      .default('oldest_first'),
    bills: z
      .array(ChosenBillSchema, PAYMENT_MESSAGES.chooseBills)
      .max(PAYMENT_MAX_CHOSEN_BILLS, `At most ${PAYMENT_MAX_CHOSEN_BILLS} bills`)
      .optional(),
    /** 'chosen' only: the part of the payment that pays the opening balance, paise. */
    openingPaise: z
      .number({ error: PAYMENT_MESSAGES.amountNotPositive })
      .int(PAYMENT_MESSAGES.amountNotPositive)
      .min(1, PAYMENT_MESSAGES.amountNotPositive)
      .max(PAYMENT_MAX_PAISE, PAYMENT_MESSAGES.amountTooLarge)
      .optional(),
  })
  .strict()
  .superRefine((input, context) => {
    checkPaymentMethod(input, context);
    if (input.allocation === 'oldest_first') {
      for (const key of ['bills', 'openingPaise'] as const) {
        if (input[key] !== undefined) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: PAYMENT_MESSAGES.billsOnlyWhenChosen,
          });
        }
      }
      return;
    }
    const bills = input.bills ?? [];
    const openingPaise = input.openingPaise ?? 0;
    if (bills.length === 0 && openingPaise === 0) {
      context.addIssue({ code: 'custom', path: ['bills'], message: PAYMENT_MESSAGES.chooseBills });
      return;
    }
    if (new Set(bills.map((bill) => bill.billId)).size !== bills.length) {
      context.addIssue({
        code: 'custom',
        path: ['bills'],
        message: PAYMENT_MESSAGES.billChosenTwice,
      });
    } else if (
      bills.reduce((sum, bill) => sum + bill.amountPaise, openingPaise) !== input.amountPaise
    ) {
      context.addIssue({
        code: 'custom',
        path: ['bills'],
        message: PAYMENT_MESSAGES.allocationMismatch,
      });
    }
  });
export type TakePaymentInput = z.input<typeof TakePaymentInputSchema>;

/** Path parameters `{paymentId}`. */
export const PaymentIdParamsSchema = z.object({ paymentId: pathId('paymentId') });

/** `POST /api/payments/{paymentId}/bounce` (admin): why the cheque bounced, 5-500 characters. */
export const BouncePaymentInputSchema = z
  .object({
    reason: VisibleTextSchema.min(5, PAYMENT_MESSAGES.bounceReasonRequired).max(
      500,
      'At most 500 characters',
    ),
  })
  .strict();
export type BouncePaymentInput = z.infer<typeof BouncePaymentInputSchema>;

/* ------------------------------------------------------------------ responses */

/** How a payment was made, as answered: the details a mode does not take are null. */
export const PaymentModeDetailsSchema = z.object({
  mode: PaymentModeSchema,
  reference: z.string().nullable(),
  chequeNumber: z.string().nullable(),
  chequeBank: z.string().nullable(),
  /** The cheque's date, `YYYY-MM-DD`. */
  chequeDate: z.string().nullable(),
});

/** A payment's receipt and state, as every list of payments carries them. */
export const PaymentFactsSchema = PaymentModeDetailsSchema.extend({
  paymentId: z.number().int(),
  /** 'RC/26-27/00001': the receipt's number in its gap-free series per financial year. */
  receiptNumber: z.string(),
  /** 'bounced' once its cheque is marked bounced: then it counts for nothing. */
  status: ReceiptStatusSchema,
});

/** The part of a payment one bill took. */
export const PaymentAllocationSchema = z.object({
  billId: z.number().int(),
  /** '00' + id. */
  billNumber: z.string(),
  amountPaise: z.number().int(),
});

/**
 * One payment with its receipt (`POST /api/customers/{id}/payments`, the bounce): the amount,
 * mode and details, when, who took it, its state and the bills it paid, oldest first.
 */
export const PaymentSchema = PaymentFactsSchema.extend({
  customerId: z.number().int(),
  amountPaise: z.number().int(),
  /** ISO time it was received. */
  paidAt: z.string(),
  receivedByName: z.string().nullable(),
  bouncedAt: z.string().nullable(),
  bounceReason: z.string().nullable(),
  /** The part that paid the customer's opening balance, paise (0 for most payments). */
  openingPaise: z.number().int(),
  allocations: z.array(PaymentAllocationSchema),
});
export type Payment = z.infer<typeof PaymentSchema>;
