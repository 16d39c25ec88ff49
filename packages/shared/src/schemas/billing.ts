import { z } from 'zod';
import {
  BACK_OFFICE_MESSAGES,
  BACK_OFFICE_PAGE_SIZE,
  BILL_STATUSES,
  PURCHASE_CATEGORIES,
  PURCHASE_ITEMS,
  PURCHASE_SIZES,
  PURCHASE_TYPES,
  STOCK_MOVEMENT_KINDS,
} from '../constants.js';
import { billTotals } from '../domain/bill.js';
import { indianDateOf } from '../domain/dates.js';
import { formatCalendarDay } from '../domain/payments.js';
import { financialYearRangeOf } from '../gst/documents.js';
import { IssuedTaxDocumentSchema } from './tax-documents.js';
import { pathId } from './fields.js';
import {
  isCalendarDay,
  checkPaymentMethod,
  PaymentAmountSchema,
  PaymentFactsSchema,
  PaymentMethodShape,
} from './bill-payments.js';

/**
 * Wholesale bills (the spec's "purchases"), their payments and the product stock
 * (docs/back-office-bills.md is the route table).
 * Every amount is integer paise, every quantity whole pieces, every time ISO 8601.
 */

/** Most pieces on one bill line or one stock change. */
export const BILL_LINE_MAX_QUANTITY = 100_000;
/** Highest rate per piece, paise (₹1,00,000). */
export const BILL_LINE_MAX_RATE_PAISE = 10_000_000;
/** Most lines on one bill. */
export const BILL_MAX_LINES = 50;
/**
 * Highest bill total including GST, paise (₹1,00,00,000): keeps every sum a safe 32-bit integer.
 */
export const BILL_MAX_TOTAL_PAISE = 1_000_000_000;
/** Most pieces a stock row may hold. */
export const STOCK_MAX_QUANTITY = 10_000_000;

/** Texts of the bills and stock routes; the server's refusals carry these messages. */
export const BILLING_MESSAGES = {
  customerNotFound: 'Customer not found',
  billNotFound: 'Bill not found',
  cancelReasonRequired: 'Give the reason for cancelling (at least 5 characters)',
  billCancelled: 'This bill is cancelled',
  invoiceNotIssued: 'The invoice of this bill is not issued yet',
  billHasCreditNotes: 'Issue a credit note instead: this bill has credit notes',
  billCancelledDone: 'Bill cancelled: its stock is back and its invoice is marked cancelled',
  stockItemNotFound: 'Stock item not found',
  noLines: 'Add at least one item',
  totalNotPositive: 'The total must be above 0',
  totalTooLarge: 'The bill total is too large',
  chooseItem: 'Choose an item',
  chooseCategory: 'Choose a category',
  chooseType: 'Choose a type',
  chooseSize: 'Choose a size',
  quantityInvalid: `Quantity must be a whole number from 1 to ${BILL_LINE_MAX_QUANTITY}`,
  rateInvalid: 'Rate must be above 0',
  amountNotPositive: 'Enter an amount above 0',
  /**
   * Payment above the bill's dues (the cap includes GST: docs/back-office-bills.md "Money rules").
   */
  paymentTooLarge: BACK_OFFICE_MESSAGES.paymentTooLarge,
  billClosed: 'This bill is closed',
  billAlreadyClosed: 'This bill is already closed',
  purchased: BACK_OFFICE_MESSAGES.purchased,
  billClosedDone: 'Bill closed successfully',
  paymentSaved: 'Payment saved successfully',
  stockBelowZero: 'Stock cannot go below zero',
  stockTooLarge: `Stock cannot exceed ${STOCK_MAX_QUANTITY} pieces`,
  stockExists: 'This item, category, type and size is already in stock',
  stockUpdated: 'Stock updated successfully',
  stockDetailsSaved: 'Stock details saved',
  skuInvalid: 'Use 3 to 32 letters, digits or hyphens',
  skuTaken: 'This SKU is already used by another stock row',
  skuNotFound: (sku: string) => `No stock item has the code ${sku}`,
  costInvalid: 'Enter a cost of 0 or more',
  lowStockAtInvalid: 'Enter a whole number of pieces, 0 or more',
  nothingToChange: 'Change at least one detail',
  stockCreated: 'Stock item created successfully',
  priceInvalid: 'Price must be 0 or more',
} as const;

/** Texts of the bill date of Add New Purchase (docs/back-office-bills.md "Bill date"). */
export const BILL_DATE_MESSAGES = {
  invalid: 'Enter the bill date like 2026-11-28',
  future: 'The bill date cannot be in the future',
  /** Before the first day of the open financial year ('Apr 1, 2026'). */
  beforeYear: (firstDay: string) =>
    `The bill date must be in this financial year: on or after ${formatCalendarDay(firstDay)}`,
} as const;

/**
 * The problem of a bill date (`YYYY-MM-DD`, Indian calendar) for `today`, or undefined: a real
 * date, not after today, not before the first day (1 April) of today's financial year, the one
 * whose returns are still open.
 */
export function billDateProblem(
  billDate: string,
  today: string = indianDateOf(new Date()),
): string | undefined {
  if (!isCalendarDay(billDate)) return BILL_DATE_MESSAGES.invalid;
  if (billDate > today) return BILL_DATE_MESSAGES.future;
  const { from } = financialYearRangeOf(today);
  if (billDate < from) return BILL_DATE_MESSAGES.beforeYear(from);
  return undefined;
}

/**
 * The 409 when a sale needs more pieces than the stock row of its size holds
 * (docs/back-office-bills.md): 'Only 3 pieces of Shirt-Box Silver Men's size M in stock' (0 when
 * the row does not exist).
 */
export function notEnoughStockMessage(
  available: number,
  line: { item: string; category: string; type: string; size: string },
): string {
  return `Only ${available} pieces of ${line.item} ${line.category} ${line.type} size ${line.size} in stock`;
}

/** `?page=`: 1-based, default 1. */
const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, 'page must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'page must be at least 1'))
  .default(1);

/** `?search=`: trimmed, at most 100 characters, empty = no filter. */
const searchParam = z.string().trim().max(100, 'Search is too long').default('');

const paise = z.number().int();

export const BillStatusSchema = z.enum(BILL_STATUSES);
export const StockMovementKindSchema = z.enum(STOCK_MOVEMENT_KINDS);
export const PurchaseItemSchema = z.enum(PURCHASE_ITEMS, { error: BILLING_MESSAGES.chooseItem });
export const PurchaseCategorySchema = z.enum(PURCHASE_CATEGORIES, {
  error: BILLING_MESSAGES.chooseCategory,
});
export const PurchaseTypeSchema = z.enum(PURCHASE_TYPES, { error: BILLING_MESSAGES.chooseType });
export const PurchaseSizeSchema = z.enum(PURCHASE_SIZES, { error: BILLING_MESSAGES.chooseSize });

/* ------------------------------------------------------------------ params and queries */

/** Path parameters `{customerId}`. */
export const BillCustomerParamsSchema = z.object({ customerId: pathId('customerId') });
/** Path parameters `{billId}`. */
export const BillIdParamsSchema = z.object({ billId: pathId('billId') });
/** Path parameters `{stockItemId}`. */
export const StockItemIdParamsSchema = z.object({ stockItemId: pathId('stockItemId') });

/**
 * A stock row's SKU (docs/back-office-bills.md "Barcode labels"): 3-32 letters, digits or
 * hyphens, trimmed and upper-cased (Code 128 prints them and a USB scanner types them back).
 */
export const SkuSchema = z
  .string(BILLING_MESSAGES.skuInvalid)
  .trim()
  // Checked before upper-casing so the published pattern admits what a person types.
  .regex(/^[A-Za-z0-9-]{3,32}$/, BILLING_MESSAGES.skuInvalid)
  .toUpperCase();

/** Path parameters `{sku}` (the scanner's lookup). */
export const StockSkuParamsSchema = z.object({ sku: SkuSchema });

/** Cost price per piece, paise (0 when not known). */
const CostPaiseSchema = z
  .number(BILLING_MESSAGES.costInvalid)
  .int(BILLING_MESSAGES.costInvalid)
  .min(0, BILLING_MESSAGES.costInvalid)
  .max(BILL_LINE_MAX_RATE_PAISE, BILLING_MESSAGES.costInvalid);

/** Low stock when quantity <= this many pieces. */
const LowStockAtSchema = z
  .number(BILLING_MESSAGES.lowStockAtInvalid)
  .int(BILLING_MESSAGES.lowStockAtInvalid)
  .min(0, BILLING_MESSAGES.lowStockAtInvalid)
  .max(STOCK_MAX_QUANTITY, BILLING_MESSAGES.lowStockAtInvalid);

/**
 * `GET /api/customers/{customerId}/bills?status=&search=&page=`: status open (default), closed
 * or all; search matches the Bill-No ('0042' or '42') or an item name of the bill (contains,
 * case-insensitive); 10 a page, newest first.
 */
export const BillListQuerySchema = z
  .object({
    status: z.enum(['open', 'closed', 'cancelled', 'all']).default('open'),
    search: searchParam,
    page: pageParam,
  })
  .strict();
export type BillListQuery = z.output<typeof BillListQuerySchema>;

/** `?page=` alone (stock movements). */
export const StockMovementQuerySchema = z.object({ page: pageParam }).strict();
export type StockMovementQuery = z.output<typeof StockMovementQuerySchema>;

/**
 * `GET /api/stock?page=&search=&low=`: search matches item, category, type, size or SKU
 * (contains); `low=true` keeps the low-stock rows only (quantity <= the row's threshold).
 */
export const StockListQuerySchema = z
  .object({
    search: searchParam,
    page: pageParam,
    low: z
      .enum(['true', 'false'], { error: 'Use true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  })
  .strict();
export type StockListQuery = z.output<typeof StockListQuerySchema>;

/* ------------------------------------------------------------------ request bodies */

/** One line of the Add New Purchase modal (docs/back-office-bills.md). */
export const PurchaseLineInputSchema = z
  .object({
    item: PurchaseItemSchema,
    category: PurchaseCategorySchema,
    type: PurchaseTypeSchema,
    size: PurchaseSizeSchema,
    quantity: z
      .number(BILLING_MESSAGES.quantityInvalid)
      .int(BILLING_MESSAGES.quantityInvalid)
      .min(1, BILLING_MESSAGES.quantityInvalid)
      .max(BILL_LINE_MAX_QUANTITY, BILLING_MESSAGES.quantityInvalid),
    /** Rate per piece, paise. */
    ratePaise: z
      .number(BILLING_MESSAGES.rateInvalid)
      .int(BILLING_MESSAGES.rateInvalid)
      .min(1, BILLING_MESSAGES.rateInvalid)
      .max(BILL_LINE_MAX_RATE_PAISE, BILLING_MESSAGES.rateInvalid),
  })
  .strict();
export type PurchaseLineInput = z.infer<typeof PurchaseLineInputSchema>;

/**
 * `POST /api/customers/{customerId}/bills`: the lines, whether GST applies and the amount
 * received now (paise, 0..total). Totals are computed by the server's tax engine, never taken
 * from the client. Field errors: `lines` (none), `receivedPaise` (above the total). The check of
 * received against the total here is the intra-state one; the server checks again against the
 * issued invoice's total (an out-of-state IGST total may differ by a paisa: docs/gst.md "The
 * engine": CGST and SGST round apart, up to a paisa a line), so the schema lets that through.
 */
export const CreateBillInputSchema = z
  .object({
    lines: z
      .array(PurchaseLineInputSchema, BILLING_MESSAGES.noLines)
      .min(1, BILLING_MESSAGES.noLines)
      .max(BILL_MAX_LINES, `At most ${BILL_MAX_LINES} items on one bill`),
    gstApplied: z.boolean().default(false),
    receivedPaise: z
      .number(BILLING_MESSAGES.amountNotPositive)
      .int(BILLING_MESSAGES.amountNotPositive)
      .min(0, BILLING_MESSAGES.amountNotPositive)
      .default(0),
    /** How the amount received was paid (docs/back-office-bills.md "Payments"); read only when > 0. */
    ...PaymentMethodShape,
    /**
     * The bill's date, `YYYY-MM-DD` (India), default today: an earlier day of the open financial
     * year for a bill entered late (docs/back-office-bills.md "Bill date").
     */
    billDate: z.string(BILL_DATE_MESSAGES.invalid).trim().optional(),
  })
  .strict()
  .superRefine((input, context) => {
    if (input.receivedPaise > 0) checkPaymentMethod(input, context);
    if (input.billDate !== undefined) {
      const problem = billDateProblem(input.billDate);
      if (problem) context.addIssue({ code: 'custom', path: ['billDate'], message: problem });
    }
    // A line already refused (quantity or rate) has no tax to check: its issue is enough.
    const whole = (value: unknown, min: number) =>
      typeof value === 'number' && Number.isInteger(value) && value >= min;
    if (!input.lines.every((line) => whole(line.quantity, 1) && whole(line.ratePaise, 0))) return;
    const totals = billTotals(input.lines, input.gstApplied);
    if (totals.totalPaise <= 0) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: BILLING_MESSAGES.totalNotPositive,
      });
    } else if (totals.totalPaise > BILL_MAX_TOTAL_PAISE) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: BILLING_MESSAGES.totalTooLarge,
      });
    } else if (input.receivedPaise > totals.totalPaise + input.lines.length) {
      context.addIssue({
        code: 'custom',
        path: ['receivedPaise'],
        message: BILLING_MESSAGES.paymentTooLarge,
      });
    }
  });
export type CreateBillInput = z.input<typeof CreateBillInputSchema>;

/**
 * `POST /api/bills/{billId}/payments`: the amount received now, paise (> 0, <= dues), and how it
 * was paid: `mode` (default 'cash') with a UTR for UPI and bank transfer, number, bank and date
 * for a cheque (docs/back-office-bills.md "Payments").
 */
export const AddPaymentInputSchema = z
  .object({
    amountPaise: PaymentAmountSchema.max(BILL_MAX_TOTAL_PAISE, BILLING_MESSAGES.paymentTooLarge),
    ...PaymentMethodShape,
  })
  .strict()
  .superRefine(checkPaymentMethod);
export type AddPaymentInput = z.input<typeof AddPaymentInputSchema>;

/** Reference selling rate per piece, paise. */
const PricePaiseSchema = z
  .number(BILLING_MESSAGES.priceInvalid)
  .int(BILLING_MESSAGES.priceInvalid)
  .min(0, BILLING_MESSAGES.priceInvalid)
  .max(BILL_LINE_MAX_RATE_PAISE, BILLING_MESSAGES.priceInvalid);

/** `POST /api/stock/{stockItemId}/adjust`: the Add / Minus inline edit of Product Stock. */
export const StockAdjustInputSchema = z
  .object({
    kind: z.enum(['add', 'minus'], { error: 'Choose add or minus' }),
    quantity: z
      .number(BILLING_MESSAGES.quantityInvalid)
      .int(BILLING_MESSAGES.quantityInvalid)
      .min(1, BILLING_MESSAGES.quantityInvalid)
      .max(STOCK_MAX_QUANTITY, BILLING_MESSAGES.stockTooLarge),
  })
  .strict();
export type StockAdjustInput = z.infer<typeof StockAdjustInputSchema>;

/**
 * `POST /api/stock`: a new stock row (item x category x type x size unique) with its opening
 * pieces.
 */
export const CreateStockItemInputSchema = z
  .object({
    item: PurchaseItemSchema,
    category: PurchaseCategorySchema,
    type: PurchaseTypeSchema,
    size: PurchaseSizeSchema,
    quantity: z
      .number(BILLING_MESSAGES.quantityInvalid)
      .int(BILLING_MESSAGES.quantityInvalid)
      .min(0, BILLING_MESSAGES.stockBelowZero)
      .max(STOCK_MAX_QUANTITY, BILLING_MESSAGES.stockTooLarge),
    /** Reference rate per piece, paise. */
    pricePaise: PricePaiseSchema,
    /** Cost per piece, paise (default 0). */
    costPaise: CostPaiseSchema.optional(),
    /** Low-stock threshold in pieces (default 0: low only when sold out). */
    lowStockAt: LowStockAtSchema.optional(),
    /** The label's code; left out, the server makes 'BZ-' and the row's id (BZ-00042). */
    sku: SkuSchema.optional(),
  })
  .strict();
export type CreateStockItemInput = z.infer<typeof CreateStockItemInputSchema>;

/**
 * `PATCH /api/stock/{stockItemId}` (admin): the row's price, cost, low-stock threshold and SKU;
 * at least one. Quantities change only through Add / Minus and bills (the ledger).
 */
export const UpdateStockItemInputSchema = z
  .object({
    pricePaise: PricePaiseSchema.optional(),
    costPaise: CostPaiseSchema.optional(),
    lowStockAt: LowStockAtSchema.optional(),
    sku: SkuSchema.optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: BILLING_MESSAGES.nothingToChange,
  });
export type UpdateStockItemInput = z.infer<typeof UpdateStockItemInputSchema>;

/* ------------------------------------------------------------------ responses */

/** Money of a bill or of a set of bills, paise. total = amount + GST; dues = total - received. */
export const BillMoneySchema = z.object({
  amountPaise: paise,
  gstPaise: paise,
  totalPaise: paise,
  receivedPaise: paise,
  duesPaise: paise,
});
export type BillMoney = z.infer<typeof BillMoneySchema>;

/** One row of the transaction screen's bill table. */
export const BillRowSchema = BillMoneySchema.extend({
  id: z.number().int(),
  customerId: z.number().int(),
  /** '00' + id. */
  billNumber: z.string(),
  status: BillStatusSchema,
  /** ISO time the bill was saved (Purchase Date). */
  purchasedAt: z.string(),
  closedAt: z.string().nullable(),
  /** 'admin' or `employee_{name}_{id}` as recorded. */
  sellerLabel: z.string(),
  /** What Sell by shows: the recording person's name, `sellerNameOf(sellerLabel, name)`. */
  sellerName: z.string(),
});
export type BillRow = z.infer<typeof BillRowSchema>;

/**
 * `GET /api/customers/{customerId}/bills`: one page of the filtered bills, plus `totals` over
 * ALL of the customer's bills (any status, no search): the footer and the Received-vs-Credit pie.
 */
export const BillPageSchema = z.object({
  items: z.array(BillRowSchema),
  page: z.number().int(),
  pageSize: z.literal(BACK_OFFICE_PAGE_SIZE),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: BillMoneySchema.extend({ billCount: z.number().int() }),
});
export type BillPage = z.infer<typeof BillPageSchema>;

/** One line of a saved bill (More Details). */
export const BillItemSchema = z.object({
  id: z.number().int(),
  item: z.string(),
  category: z.string(),
  type: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  ratePaise: paise,
  /** quantity x rate. */
  amountPaise: paise,
});
export type BillItem = z.infer<typeof BillItemSchema>;

/**
 * The part of one payment a bill took (Payment details modal), with the payment's receipt, mode
 * and state: a bounced cheque's part stays listed as 'bounced' and counts for nothing.
 */
export const BillPaymentSchema = PaymentFactsSchema.extend({
  id: z.number().int(),
  amountPaise: paise,
  /** ISO time. */
  paidAt: z.string(),
  /** Who took it (user name), null if that account is gone. */
  receivedByName: z.string().nullable(),
});
export type BillPayment = z.infer<typeof BillPaymentSchema>;

/**
 * A bill with its lines and payments (`GET /api/bills/{billId}` and the answer of every change):
 * CGST + SGST (or IGST) = GST, from its issued invoice; `canClose` = dues <= 0;
 * `maxPaymentPaise` = dues (0 once cancelled).
 */
export const BillDetailSchema = BillRowSchema.extend({
  /** From the issued invoice's totals (0 on a bill of supply); IGST for an out-of-state supply. */
  cgstPaise: paise,
  sgstPaise: paise,
  igstPaise: paise,
  gstApplied: z.boolean(),
  /** Sum of the credit notes against it (they lower its dues), paise. */
  creditedPaise: paise,
  /** Set once cancelled (status 'cancelled'): when, why, and what was paid back. */
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  refundedPaise: paise,
  /** The tax invoice or bill of supply issued at save (null only while a backfill is pending). */
  invoice: IssuedTaxDocumentSchema.nullable(),
  /** Credit notes issued against the invoice, oldest first. */
  creditNotes: z.array(IssuedTaxDocumentSchema),
  canClose: z.boolean(),
  maxPaymentPaise: paise,
  items: z.array(BillItemSchema),
  payments: z.array(BillPaymentSchema),
});
export type BillDetail = z.infer<typeof BillDetailSchema>;

/**
 * `POST /api/bills/{billId}/cancel` (admin): why the issued bill is cancelled, 5-500 characters
 * (docs/gst.md "Cancelling a bill"). Stock goes back, the invoice is kept marked CANCELLED.
 */
export const CancelBillInputSchema = z
  .object({
    reason: z
      .string(BILLING_MESSAGES.cancelReasonRequired)
      .trim()
      .min(5, BILLING_MESSAGES.cancelReasonRequired)
      .max(500, 'At most 500 characters'),
  })
  .strict();
export type CancelBillInput = z.infer<typeof CancelBillInputSchema>;

/**
 * One row of the all-payments history (S.no, Bill-No, Received amount, Payment date): the part
 * of a payment one bill took, or the part that paid the customer's opening balance (`billId`,
 * `billNumber` and `id` null), with the payment's receipt, mode and state.
 */
export const CustomerPaymentRowSchema = PaymentFactsSchema.extend({
  /** The bill payment row's id; null on the opening balance's part. */
  id: z.number().int().nullable(),
  billId: z.number().int().nullable(),
  billNumber: z.string().nullable(),
  amountPaise: paise,
  paidAt: z.string(),
});
export type CustomerPaymentRow = z.infer<typeof CustomerPaymentRowSchema>;

/**
 * `GET /api/customers/{customerId}/payments`: every payment's part on each bill and on the
 * opening balance, oldest first, and the sum of those not bounced.
 */
export const CustomerPaymentsSchema = z.object({
  items: z.array(CustomerPaymentRowSchema),
  totalPaise: paise,
});
export type CustomerPayments = z.infer<typeof CustomerPaymentsSchema>;

/** One row of Product Stock: one item x category x type x size. */
export const StockRowSchema = z.object({
  id: z.number().int(),
  item: z.string(),
  category: z.string(),
  type: z.string(),
  /** PURCHASE_SIZES ('Free size' for rows from before stock was kept per size). */
  size: z.string(),
  /** Pieces, never negative. */
  quantity: z.number().int(),
  /** Reference rate per piece, paise (the price on the barcode label). */
  pricePaise: paise,
  /** Cost per piece, paise. */
  costPaise: paise,
  /** Stock value at cost = quantity x cost, paise. */
  valuePaise: paise,
  /** Low-stock threshold, pieces. */
  lowStockAt: z.number().int(),
  /** quantity <= lowStockAt. */
  low: z.boolean(),
  /** The code on its barcode label (unique). */
  sku: z.string(),
  /** ISO time of the last change (Update date). */
  updatedAt: z.string(),
});
export type StockRow = z.infer<typeof StockRowSchema>;

/**
 * `GET /api/stock`: item, category, type, size order; 10 a page; `totals` over every row the
 * search and filter match (pieces, value at cost in paise); `lowCount` the low-stock rows of the
 * whole stock.
 */
export const StockPageSchema = z.object({
  items: z.array(StockRowSchema),
  page: z.number().int(),
  pageSize: z.literal(BACK_OFFICE_PAGE_SIZE),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: z.object({ quantity: z.number().int(), valuePaise: paise }),
  lowCount: z.number().int(),
});
export type StockPage = z.infer<typeof StockPageSchema>;

/** One row of a stock item's history. */
export const StockMovementRowSchema = z.object({
  id: z.number().int(),
  kind: StockMovementKindSchema,
  /** Signed pieces: + for opening/add/return/restore, - for minus/sale. */
  change: z.number().int(),
  quantityAfter: z.number().int(),
  /** The bill that sold or restored it, null otherwise. */
  billId: z.number().int().nullable(),
  /** ISO time. */
  at: z.string(),
  /** Who did it (user name), null for seeded or removed accounts. */
  actorName: z.string().nullable(),
});
export type StockMovementRow = z.infer<typeof StockMovementRowSchema>;

/** `GET /api/stock/{stockItemId}/movements`: the item and its history, newest first, 10 a page. */
export const StockMovementPageSchema = z.object({
  stockItem: StockRowSchema,
  items: z.array(StockMovementRowSchema),
  page: z.number().int(),
  pageSize: z.literal(BACK_OFFICE_PAGE_SIZE),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type StockMovementPage = z.infer<typeof StockMovementPageSchema>;
