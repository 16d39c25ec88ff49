import { z } from 'zod';
import { indianDateOf } from '../domain/dates.js';
import { PAN_PATTERN, SETTLEMENT_RATE_MAX_BP } from '../domain/settlements.js';
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
  /** The TDS rate applied to an entry, basis points (10: 0.1 % with a PAN; 500: 5 % without); null for payouts. */
  tdsBp: z.number().int().nullable(),
  /** The PAN the entry's TDS was deducted under, masked but the last 4 ('******234F'); null: none or a payout. */
  tdsPan: z.string().nullable(),
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
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    gstin: z.string().nullable(),
    /** The PAN TDS is deducted under now (from the GSTIN, else recorded), masked; null: none. */
    pan: z.string().nullable(),
    /** The TDS rate a delivery today gets, basis points (with or without a PAN). */
    tdsBp: z.number().int(),
  }),
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
  /** The PAN TDS is deducted under (from the GSTIN, else recorded), masked; null: none (5 %). */
  pan: z.string().nullable(),
  /** True when the PAN comes from the GSTIN (then it cannot be recorded by hand). */
  panFromGstin: z.boolean(),
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

/**
 * `POST /api/settlements/rates`: the rates from a day on (a new row; rows are never edited), in
 * basis points (1/100 of a percent). The server also refuses a day before today or not after the
 * latest row's (409 SETTLEMENT_RATE_REFUSED).
 */
export const SettlementRatesInputSchema = z
  .object({
    effectiveFrom: DaySchema,
    commissionBp: BpSchema('Commission'),
    commissionGstBp: BpSchema('GST on commission'),
    tcsBp: BpSchema('TCS'),
    tdsBp: BpSchema('TDS'),
    /** Left out: the latest row's (5 % in the law's first row), so older callers keep working. */
    tdsNoPanBp: BpSchema('TDS without PAN').optional(),
  })
  .strict();
export type SettlementRatesInput = z.infer<typeof SettlementRatesInputSchema>;

/** The rates' fields in the admin's form, in the order shown, with their labels. */
export const SETTLEMENT_RATE_FIELDS = [
  { bp: 'commissionBp', percent: 'commissionPercent', label: 'Commission' },
  { bp: 'commissionGstBp', percent: 'commissionGstPercent', label: 'GST on commission' },
  { bp: 'tcsBp', percent: 'tcsPercent', label: 'TCS (section 52)' },
  { bp: 'tdsBp', percent: 'tdsPercent', label: 'TDS with PAN (section 194-O)' },
  { bp: 'tdsNoPanBp', percent: 'tdsNoPanPercent', label: 'TDS without PAN (section 206AA)' },
] as const;

/** A percent typed in the form: 0 to 100 with at most 2 decimals ('0.5', '18', '0.25'). */
const PercentTextSchema = (label: string) =>
  z
    .string(`Enter the ${label.toLowerCase()} percent`)
    .trim()
    .min(1, `Enter the ${label.toLowerCase()} percent`)
    .regex(/^\d{1,3}(\.\d{1,2})?$/, `${label}: a percent with at most 2 decimals, like 0.5`)
    .refine((text) => Number(text) <= 100, `${label} is at most 100 %`);

/** Percent text to basis points, exactly ('0.25' -> 25, '18' -> 1800), without float error. */
export function percentTextToBp(text: string): number {
  const [whole, fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Basis points as the form's percent text (25 -> '0.25', 1800 -> '18'). */
export function bpToPercentText(bp: number): string {
  const whole = Math.floor(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * The admin's rates form (percent text per rate, the first day), checked against today and the
 * latest row already in the table (`YYYY-MM-DD`, null when none): the day must be today or later
 * and after the latest row's, so a new row never changes what an entry already written used.
 */
export function settlementRatesFormSchema(context: { today: string; latestFrom: string | null }) {
  return z
    .object({
      effectiveFrom: DaySchema.refine((day) => day >= context.today, {
        message: 'Rates can start today or later: entries already recorded keep their rates',
      }).refine((day) => context.latestFrom === null || day > context.latestFrom, {
        message: `Choose a day after ${context.latestFrom ?? ''}, the latest rates' first day`,
      }),
      commissionPercent: PercentTextSchema('Commission'),
      commissionGstPercent: PercentTextSchema('GST on commission'),
      tcsPercent: PercentTextSchema('TCS'),
      tdsPercent: PercentTextSchema('TDS with PAN'),
      tdsNoPanPercent: PercentTextSchema('TDS without PAN'),
    })
    .strict();
}
export type SettlementRatesForm = z.input<ReturnType<typeof settlementRatesFormSchema>>;

/** The form's values as the API's body (basis points). */
export function settlementRatesInputOf(form: SettlementRatesForm): SettlementRatesInput {
  return {
    effectiveFrom: form.effectiveFrom,
    commissionBp: percentTextToBp(form.commissionPercent),
    commissionGstBp: percentTextToBp(form.commissionGstPercent),
    tcsBp: percentTextToBp(form.tcsPercent),
    tdsBp: percentTextToBp(form.tdsPercent),
    tdsNoPanBp: percentTextToBp(form.tdsNoPanPercent),
  };
}

export const SettlementRatesRowSchema = SettlementRatesInputSchema.extend({
  tdsNoPanBp: z.number().int(),
  id: z.number().int(),
  createdAt: z.string(),
});
export const SettlementRatesListSchema = z.object({
  items: z.array(SettlementRatesRowSchema),
  /** The row in force today. */
  currentId: z.number().int().nullable(),
});
export type SettlementRatesList = z.infer<typeof SettlementRatesListSchema>;

/** `PUT /api/settlements/shops/:shopId/pan`: the owner's PAN, or null to clear it. */
export const ShopPanInputSchema = z
  .object({
    pan: z
      .string('Enter the PAN')
      .trim()
      .transform((pan) => pan.toUpperCase())
      .pipe(
        z.string().regex(PAN_PATTERN, 'Enter a PAN like ABCDE1234F: 5 letters, 4 digits, a letter'),
      )
      .nullable(),
  })
  .strict();
export type ShopPanInput = z.input<typeof ShopPanInputSchema>;

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
