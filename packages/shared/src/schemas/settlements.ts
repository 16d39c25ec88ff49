import { z } from 'zod';
import { indianDateOf } from '../domain/dates.js';
import { SETTLEMENT_RATE_MAX_BP } from '../domain/settlements.js';
import { pathId } from './fields.js';

/**
 * Seller settlements (docs/settlements.md): what the marketplace owes each shop for its delivered
 * shipments, the payouts made and the month's statement. Money is integer paise (signed: a
 * reversal's components are negative); rates are basis points (50 = 0.5 %); days are Indian
 * `YYYY-MM-DD`, times ISO 8601.
 */

const Paise = z.number().int();
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');

/** A calendar month `YYYY-MM`. */
export const SettlementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month (YYYY-MM)');

/** `?month=2026-11`. */
export const SettlementMonthQuerySchema = z.object({ month: SettlementMonthSchema }).strict();
export type SettlementMonthQuery = z.infer<typeof SettlementMonthQuerySchema>;

/** `/api/settlements/shops/:shopId/...`. */
export const SettlementShopParamsSchema = z.object({ shopId: pathId('Shop id') });

/** The kinds of statement line. */
export const SETTLEMENT_LINE_KINDS = ['sale', 'reversal', 'payout'] as const;
export type SettlementLineKind = (typeof SETTLEMENT_LINE_KINDS)[number];

/** Labels of the kinds, for screens, the CSV and the PDF. */
export const SETTLEMENT_LINE_LABELS: Record<SettlementLineKind, string> = {
  sale: 'Delivered',
  reversal: 'Return received',
  payout: 'Payout',
};

/**
 * One statement line, in date order: a delivered shipment (`sale`), a return received after
 * delivery (`reversal`, every amount negated) or a `payout` (its amount in `payoutPaise`, the
 * other amounts 0). `balancePaise` is what is owed to the shop after the line.
 */
export const SettlementLineSchema = z.object({
  kind: z.enum(SETTLEMENT_LINE_KINDS),
  /** Indian day of the delivery, the return or the payout. */
  date: z.string(),
  /** The order number of an entry, the UTR of a payout. */
  reference: z.string(),
  shipmentId: z.number().int().nullable(),
  /** 'cod' | 'razorpay' for entries; null for payouts. */
  paymentMethod: z.enum(['cod', 'razorpay']).nullable(),
  interState: z.boolean().nullable(),
  grossPaise: Paise,
  taxableValuePaise: Paise,
  commissionPaise: Paise,
  commissionGstPaise: Paise,
  tcsCgstPaise: Paise,
  tcsSgstPaise: Paise,
  tcsIgstPaise: Paise,
  tdsPaise: Paise,
  /** What the entry adds to the balance (gross less deductions); 0 for a payout. */
  netPaise: Paise,
  /** What a payout took off the balance; 0 for entries. */
  payoutPaise: Paise,
  balancePaise: Paise,
});
export type SettlementLine = z.infer<typeof SettlementLineSchema>;

/** The month's sums of the statement's lines. */
export const SettlementTotalsSchema = z.object({
  grossPaise: Paise,
  commissionPaise: Paise,
  commissionGstPaise: Paise,
  tcsPaise: Paise,
  tdsPaise: Paise,
  netPaise: Paise,
  payoutPaise: Paise,
});
export type SettlementTotals = z.infer<typeof SettlementTotalsSchema>;

/**
 * `GET /api/shop/settlements/statement?month=` and the admin's per shop: opening balance (owed
 * at the start of the month), the lines, the sums, closing balance, and the cash on delivery the
 * marketplace's delivery staff collected for the month's deliveries (the marketplace's money
 * until it is paid out; included in the balance).
 */
export const SellerStatementSchema = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), gstin: z.string().nullable() }),
  month: z.string(),
  /** 'November 2026'. */
  monthLabel: z.string(),
  openingBalancePaise: Paise,
  lines: z.array(SettlementLineSchema),
  totals: SettlementTotalsSchema,
  closingBalancePaise: Paise,
  /** Gross of the month's delivered cash-on-delivery shipments, less their reversals. */
  codCollectedPaise: Paise,
  generatedAt: z.string(),
});
export type SellerStatement = z.infer<typeof SellerStatementSchema>;

/** One shop's row of the admin's settlements page. */
export const ShopBalanceSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  gstin: z.string().nullable(),
  /** Sum of every entry's net. */
  earnedPaise: Paise,
  paidPaise: Paise,
  /** earned - paid: what the marketplace owes the shop now. */
  balancePaise: Paise,
  lastPayoutOn: z.string().nullable(),
});
export type ShopBalance = z.infer<typeof ShopBalanceSchema>;

export const ShopBalancesSchema = z.object({ items: z.array(ShopBalanceSchema) });
export type ShopBalances = z.infer<typeof ShopBalancesSchema>;

/** The bank's Unique Transaction Reference of a NEFT/RTGS/IMPS transfer: 12-22 letters or digits. */
export const UtrSchema = z
  .string('Enter the UTR')
  .trim()
  .regex(/^[A-Za-z0-9]{12,22}$/, 'The UTR is 12 to 22 letters or digits')
  .transform((utr) => utr.toUpperCase());

/** The largest payout accepted, paise (₹1,000 crore: inside 2^53). */
export const PAYOUT_MAX_PAISE = 10_000_000_000_000;

/** `POST /api/settlements/shops/:shopId/payouts`: a transfer made to the shop. */
export const PayoutInputSchema = z
  .object({
    amountPaise: z
      .number('Enter the amount paid')
      .int('The amount must be whole paise')
      .min(1, 'The amount must be more than 0')
      .max(PAYOUT_MAX_PAISE, 'The amount is too large'),
    utr: UtrSchema,
    paidOn: DaySchema.refine((day) => day <= indianDateOf(new Date()), {
      message: 'The payment date cannot be in the future',
    }),
    note: z.string().trim().max(200, 'At most 200 characters').optional(),
  })
  .strict();
export type PayoutInput = z.input<typeof PayoutInputSchema>;

/** A recorded payout. */
export const PayoutSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  amountPaise: Paise,
  utr: z.string(),
  paidOn: z.string(),
  note: z.string().nullable(),
  recordedAt: z.string(),
  /** The shop's balance after the payout. */
  balancePaise: Paise,
});
export type Payout = z.infer<typeof PayoutSchema>;

const BpSchema = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be whole basis points`)
    .min(0, `${label} cannot be negative`)
    .max(SETTLEMENT_RATE_MAX_BP, `${label} is at most 100 %`);

/** `POST /api/settlements/rates`: the rates from a day on (a new row; rows are never edited). */
export const SettlementRatesInputSchema = z
  .object({
    effectiveFrom: DaySchema,
    commissionBp: BpSchema('Commission'),
    commissionGstBp: BpSchema('GST on commission'),
    tcsBp: BpSchema('TCS'),
    tdsBp: BpSchema('TDS'),
  })
  .strict();
export type SettlementRatesInput = z.infer<typeof SettlementRatesInputSchema>;

export const SettlementRatesRowSchema = SettlementRatesInputSchema.extend({
  id: z.number().int(),
  createdAt: z.string(),
});
export const SettlementRatesListSchema = z.object({
  items: z.array(SettlementRatesRowSchema),
  /** The row in force today. */
  currentId: z.number().int().nullable(),
});
export type SettlementRatesList = z.infer<typeof SettlementRatesListSchema>;

/** One seller GSTIN's GSTR-8 figures for the month (Table 3 of GSTR-8), paise. */
export const Gstr8RowSchema = z.object({
  gstin: z.string(),
  shopName: z.string(),
  grossSuppliesPaise: Paise,
  returnsPaise: Paise,
  netPaise: Paise,
  igstPaise: Paise,
  cgstPaise: Paise,
  sgstPaise: Paise,
});
export type Gstr8Row = z.infer<typeof Gstr8RowSchema>;
