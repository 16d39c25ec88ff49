import { formatDisplayDate } from './dates.js';

/**
 * Back-office payments (docs/back-office-bills.md "Payments"): how money was paid, its receipt's
 * series, and how a payment taken on a customer's account is shared over the open bills. Pure
 * rules the screens, the server and the receipt PDF all call. Money is integer paise.
 */

/** How a payment was made. */
export const PAYMENT_MODES = ['cash', 'upi', 'bank_transfer', 'cheque'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** What the screens and the receipt call each mode. */
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
};

/** A payment is `received` until its cheque is marked `bounced` (then it counts for nothing). */
export const RECEIPT_STATUSES = ['received', 'bounced'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** The modes that carry a bank reference (UTR, or the UPI transaction's reference number). */
export const REFERENCE_MODES: readonly PaymentMode[] = ['upi', 'bank_transfer'];

/**
 * A UTR or UPI reference: 12 to 22 capital letters or digits. UPI and IMPS references are 12
 * digits, NEFT UTRs 16 characters, RTGS UTRs 22; the form upper-cases what is typed.
 */
export const PAYMENT_REFERENCE_PATTERN = /^[A-Z0-9]{12,22}$/;

/** A cheque number as printed on Indian (CTS-2010) cheques: 6 digits. */
export const CHEQUE_NUMBER_PATTERN = /^\d{6}$/;

/** A cheque may be presented for three months from its date (RBI, from 1 April 2012). */
export const CHEQUE_VALIDITY_MONTHS = 3;

/** The document series of payment receipts (`document_series.kind`), per financial year. */
export const RECEIPT_SERIES_KIND = 'payment_receipt';

/** Default prefix of the business's receipt numbers: 'RC/26-27/00001' (RECEIPT_PREFIX). */
export const BUSINESS_RECEIPT_PREFIX = 'RC';

/** How a payment was made, as the lists and the receipt print it. */
export interface PaymentModeDetails {
  mode: PaymentMode;
  /** UTR or UPI reference (UPI, bank transfer), else null. */
  reference: string | null;
  /** Cheque only: 6 digits, the drawee bank and the cheque's date `YYYY-MM-DD`. */
  chequeNumber: string | null;
  chequeBank: string | null;
  chequeDate: string | null;
}

/** 'Mar 5, 2026' for '2026-03-05' (a calendar day, not an instant: a cheque's date). */
export function formatCalendarDay(day: string): string {
  // Noon in India is the same calendar day in every zone formatDisplayDate could meet.
  return formatDisplayDate(`${day}T12:00:00+05:30`);
}

/**
 * The mode and its details in one line: 'Cash'; 'UPI, UTR 412345678901'; 'Bank transfer, UTR
 * SBIN0000123456789'; 'Cheque 004512, State Bank of India, dated Mar 5, 2026'.
 */
export function paymentMethodText(method: PaymentModeDetails): string {
  const label = PAYMENT_MODE_LABELS[method.mode];
  if (method.mode === 'cheque') {
    const parts = [`${label} ${method.chequeNumber ?? ''}`.trim()];
    if (method.chequeBank) parts.push(method.chequeBank);
    if (method.chequeDate) parts.push(`dated ${formatCalendarDay(method.chequeDate)}`);
    return parts.join(', ');
  }
  return method.reference ? `${label}, UTR ${method.reference}` : label;
}

/** A bill that can take part of a payment: its id, date and dues (paise). */
export interface OpenBillDues {
  id: number;
  /** ISO time of the bill (its bill date). */
  purchasedAt: string;
  duesPaise: number;
}

/** The part of a payment that goes to one bill, paise. */
export interface PaymentAllocation {
  billId: number;
  amountPaise: number;
}

/**
 * Shares `amountPaise` over `bills` oldest first (FIFO: by bill date, then Bill-No), each bill
 * getting at most its dues; bills without dues get nothing. `leftPaise` is what no bill could
 * take (more than the dues together): the server refuses such a payment, the screen says so.
 * @example allocateOldestFirst([{ id: 1, purchasedAt: '2026-04-02T..', duesPaise: 500 },
 *   { id: 2, purchasedAt: '2026-05-01T..', duesPaise: 800 }], 1000)
 *   // { allocations: [{ billId: 1, amountPaise: 500 }, { billId: 2, amountPaise: 500 }], leftPaise: 0 }
 */
export function allocateOldestFirst(
  bills: readonly OpenBillDues[],
  amountPaise: number,
): { allocations: PaymentAllocation[]; leftPaise: number } {
  const oldestFirst = [...bills].sort(
    (a, b) => Date.parse(a.purchasedAt) - Date.parse(b.purchasedAt) || a.id - b.id,
  );
  const allocations: PaymentAllocation[] = [];
  let left = amountPaise;
  for (const bill of oldestFirst) {
    if (left <= 0) break;
    if (bill.duesPaise <= 0) continue;
    const part = Math.min(left, bill.duesPaise);
    allocations.push({ billId: bill.id, amountPaise: part });
    left -= part;
  }
  return { allocations, leftPaise: left };
}

/**
 * Shares `amountPaise` oldest first over the customer's opening balance and open bills
 * (docs/back-office-ledger.md "Opening balance"): the opening balance's dues come first (it is
 * the oldest debt, carried from the paper book), then `allocateOldestFirst` over the bills.
 * `openingPaise` is the part that pays the opening balance; `leftPaise` what nothing could take.
 * @example allocateOpeningThenOldest(1000, [{ id: 1, purchasedAt: '..', duesPaise: 500 }], 1200)
 *   // { openingPaise: 1000, allocations: [{ billId: 1, amountPaise: 200 }], leftPaise: 0 }
 */
export function allocateOpeningThenOldest(
  openingDuesPaise: number,
  bills: readonly OpenBillDues[],
  amountPaise: number,
): { openingPaise: number; allocations: PaymentAllocation[]; leftPaise: number } {
  const openingPaise = Math.max(0, Math.min(openingDuesPaise, amountPaise));
  return { openingPaise, ...allocateOldestFirst(bills, amountPaise - openingPaise) };
}
