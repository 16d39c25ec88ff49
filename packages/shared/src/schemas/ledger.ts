import { z } from 'zod';
import { UpiPayeeSchema } from '../documents/upi.js';
import { formatRupees } from '../domain/money.js';
import { REPORT_MESSAGES, ReportDayParamSchema, addMonths } from './reports.js';

/**
 * The customer ledger (khata) of the wholesale back office (docs/back-office-ledger.md): every
 * event that changes what a customer owes, dated, with the running balance. Money is integer
 * paise; a debit raises the balance (the customer owes more), a credit lowers it. Days are
 * Indian days `YYYY-MM-DD`.
 */

/** Rows a ledger page holds (newest first). */
export const LEDGER_PAGE_SIZE = 20;

/** A statement covers at most this many years (a financial year fits with room). */
export const STATEMENT_MAX_YEARS = 3;

/** Largest opening balance or credit limit a customer may carry: ₹10 crore, in paise. */
export const LEDGER_MAX_AMOUNT_PAISE = 10_000_000_000;

export const LEDGER_KINDS = [
  'opening',
  'invoice',
  'payment',
  'bounce',
  'credit_note',
  'cancellation',
  'refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How each row is named on the screen, in the PDF and in the CSV. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  opening: 'Opening balance',
  invoice: 'Invoice',
  payment: 'Payment',
  bounce: 'Cheque bounced',
  credit_note: 'Credit note',
  cancellation: 'Bill cancelled',
  refund: 'Refund on cancellation',
};

/** Names of the payment modes as the ledger prints them. */
export const LEDGER_MODE_LABELS: Record<string, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
};

export const LEDGER_MESSAGES = {
  cursor: 'Invalid page cursor',
  openingBalance: 'Enter the opening balance in rupees, 0 or more',
  creditLimit: 'Enter the credit limit in rupees, 0 or more',
  amount: 'Enter the new bill amount in paise',
  creditLimitAdminOnly: 'Only the admin sets a credit limit',
} as const;

/**
 * A customer's opening balance (paise): what the paper book said was owed on the day the
 * customer was created. 0 by default.
 */
export const OpeningBalanceSchema = z
  .number({ error: LEDGER_MESSAGES.openingBalance })
  .int(LEDGER_MESSAGES.openingBalance)
  .min(0, LEDGER_MESSAGES.openingBalance)
  .max(LEDGER_MAX_AMOUNT_PAISE, LEDGER_MESSAGES.openingBalance);

/** An optional credit limit (paise); null means none. */
export const CreditLimitSchema = z
  .number({ error: LEDGER_MESSAGES.creditLimit })
  .int(LEDGER_MESSAGES.creditLimit)
  .min(0, LEDGER_MESSAGES.creditLimit)
  .max(LEDGER_MAX_AMOUNT_PAISE, LEDGER_MESSAGES.creditLimit)
  .nullable();

/** One row of the ledger with the balance after it. */
export const LedgerRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** When it happened (ISO 8601): bill date, payment date, bounce, issue, cancellation. */
  at: z.string(),
  /** Its Indian day. */
  date: z.string(),
  /** Bill-No, receipt number or credit note number. */
  reference: z.string(),
  mode: z.string().nullable(),
  detail: z.string().nullable(),
  billId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
  debitPaise: z.number().int(),
  creditPaise: z.number().int(),
  balancePaise: z.number().int(),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;

/** Dues by age in days since the bill date (India): 0-30, 31-60, 61-90, over 90. */
export const AgeingSchema = z.object({
  days0To30Paise: z.number().int(),
  days31To60Paise: z.number().int(),
  days61To90Paise: z.number().int(),
  over90Paise: z.number().int(),
  totalPaise: z.number().int(),
});
export type Ageing = z.infer<typeof AgeingSchema>;

export const AGEING_BUCKETS = [
  { key: 'days0To30Paise', label: '0-30 days' },
  { key: 'days31To60Paise', label: '31-60 days' },
  { key: 'days61To90Paise', label: '61-90 days' },
  { key: 'over90Paise', label: 'Over 90 days' },
] as const satisfies readonly { key: keyof Ageing; label: string }[];

/** `GET /api/customers/{customerId}/ledger?before=`: the id of the previous page's last row. */
export const LedgerQuerySchema = z
  .object({
    before: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, LEDGER_MESSAGES.cursor)
      .transform(Number)
      .optional(),
  })
  .strict();
export type LedgerQuery = z.input<typeof LedgerQuerySchema>;

/**
 * A ledger page: rows newest first, each with its balance after it (the first page's first row
 * carries the current balance); `nextCursor` fetches the older rows (null on the last page).
 * `balancePaise` (what the customer owes now), the opening balance, the credit limit and the
 * ageing of the dues are the customer's whole figures, the same on every page.
 */
export const LedgerPageSchema = z.object({
  customerId: z.number().int(),
  items: z.array(LedgerRowSchema),
  pageSize: z.literal(LEDGER_PAGE_SIZE),
  nextCursor: z.string().nullable(),
  balancePaise: z.number().int(),
  openingBalancePaise: z.number().int(),
  /** What is left of the opening balance after the payments that paid it (paise). */
  openingDuesPaise: z.number().int(),
  creditLimitPaise: z.number().int().nullable(),
  ageing: AgeingSchema,
});
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

/**
 * The keyset cursor of a row: its id. The server reads the row's (at, id) back, so the cursor
 * keeps the timestamp's microseconds that a number in a URL would round away.
 */
export function ledgerCursorOf(row: { id: number }): string {
  return String(row.id);
}

/** `?from=&to=` of the statement (PDF data and CSV): Indian days, both included. */
export const StatementQuerySchema = z
  .object({ from: ReportDayParamSchema, to: ReportDayParamSchema })
  .strict()
  .superRefine((query, context) => {
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.fromAfterTo });
    } else if (query.to >= addMonths(query.from, STATEMENT_MAX_YEARS * 12)) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Choose a range of at most ${STATEMENT_MAX_YEARS} years`,
      });
    }
  });
export type StatementQuery = z.input<typeof StatementQuerySchema>;

/**
 * The customer's statement for a range: the balance brought forward (every row before `from`,
 * the opening balance included), the range's rows oldest first with the balance after each, the
 * debit and credit totals and the closing balance.
 */
export const CustomerStatementSchema = z.object({
  seller: z.object({
    name: z.string(),
    address: z.string(),
    mobile: z.string(),
    gstin: z.string(),
  }),
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    shopName: z.string(),
    mobile: z.string(),
    gstin: z.string().nullable(),
    address: z.string(),
  }),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  openingBalancePaise: z.number().int(),
  rows: z.array(LedgerRowSchema),
  totals: z.object({ debitPaise: z.number().int(), creditPaise: z.number().int() }),
  closingBalancePaise: z.number().int(),
  /** The business's UPI payee (UPI_VPA); the PDF prints a pay QR of a closing balance owed. */
  upi: UpiPayeeSchema.nullable().optional(),
});
export type CustomerStatement = z.infer<typeof CustomerStatementSchema>;

/** `GET /api/ledger/ageing`: the admin home's block, every customer's dues by age. */
export const AgeingSummarySchema = z.object({
  asOf: z.string(),
  total: AgeingSchema,
});
export type AgeingSummary = z.infer<typeof AgeingSummarySchema>;

/** `GET /api/customers/{customerId}/credit-check?amountPaise=`: a new bill's total. */
export const CreditCheckQuerySchema = z
  .object({
    amountPaise: z
      .string()
      .regex(/^\d{1,13}$/, LEDGER_MESSAGES.amount)
      .transform(Number),
  })
  .strict();
export type CreditCheckQuery = z.input<typeof CreditCheckQuerySchema>;

/** What Add New Purchase shows: the limit, the dues now, the new bill and the dues after. */
export const CreditCheckSchema = z.object({
  creditLimitPaise: z.number().int().nullable(),
  duesPaise: z.number().int(),
  newBillPaise: z.number().int(),
  duesAfterPaise: z.number().int(),
  exceeds: z.boolean(),
  message: z.string().nullable(),
});
export type CreditCheck = z.infer<typeof CreditCheckSchema>;

/**
 * The credit-limit check of Add New Purchase (docs/back-office-ledger.md "Credit limit"): warns,
 * never blocks, when the dues now plus the new bill are above the customer's limit. Paise in,
 * the figures and the warning's text out (null when within the limit or without one).
 */
export function creditCheckOf(input: {
  creditLimitPaise: number | null;
  duesPaise: number;
  newBillPaise: number;
}): CreditCheck {
  const duesAfterPaise = input.duesPaise + input.newBillPaise;
  const exceeds = input.creditLimitPaise !== null && duesAfterPaise > input.creditLimitPaise;
  return {
    ...input,
    duesAfterPaise,
    exceeds,
    message: exceeds
      ? `Credit limit ${formatRupees(input.creditLimitPaise!)} exceeded: dues ${formatRupees(input.duesPaise)} + this bill ${formatRupees(input.newBillPaise)} = ${formatRupees(duesAfterPaise)}`
      : null,
  };
}
