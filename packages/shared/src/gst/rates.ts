/**
 * The GST rate schedule of the goods we sell, as data (docs/gst.md "Rates"). Each rule names the
 * goods classes it covers, the first day it applies (inclusive, Indian date `YYYY-MM-DD`), the day
 * it stops (exclusive, or null while in force), and its slabs by taxable value per piece. A new
 * rate notification is one more row here: the engine (`engine.ts`) reads the row whose dates
 * contain the document date and never needs to change.
 */

/**
 * How the GST schedule classes a good: ready-made garments (HSN chapters 61 and 62), made-up
 * textile articles (chapter 63: bed linen, curtains, blankets) and fabrics (chapters 50-60,
 * sarees and unstitched suit lengths included).
 */
export const GOODS_CLASSES = ['garment', 'made-up', 'fabric'] as const;
export type GoodsClass = (typeof GOODS_CLASSES)[number];

/** One slab: goods up to `upToPaisePerPiece` (inclusive; null = no upper bound) pay `ratePercent`. */
export interface RateSlab {
  upToPaisePerPiece: number | null;
  /** Whole GST rate in percent (CGST and SGST are half each, IGST the whole). */
  ratePercent: number;
}

/** One effective-dated rule of the schedule. */
export interface RateRule {
  goodsClasses: readonly GoodsClass[];
  /** First day in force, `YYYY-MM-DD` (Indian date). */
  from: string;
  /** First day no longer in force, `YYYY-MM-DD`, or null while in force. */
  until: string | null;
  /** Slabs in rising order; the last has `upToPaisePerPiece: null`. */
  slabs: readonly RateSlab[];
  /** The notification that set it, as printed in docs/gst.md. */
  notification: string;
}

/** The day GST began: no rule applies before it. */
export const GST_START_DATE = '2017-07-01';

/**
 * The schedule in force for our goods (docs/gst.md "Rates"):
 * - garments and made-ups: 5 % up to ₹1,000 per piece, 12 % above, from 1 July 2017
 *   (Notification 1/2017-Central Tax (Rate), Schedules I and II);
 * - garments and made-ups: 5 % up to ₹2,500 per piece, 18 % above, from 22 September 2025
 *   (Notification 9/2025-Central Tax (Rate));
 * - fabrics (sarees and unstitched suit lengths included): 5 % throughout.
 */
export const GST_RATE_RULES: readonly RateRule[] = [
  {
    goodsClasses: ['garment', 'made-up'],
    from: GST_START_DATE,
    until: '2025-09-22',
    slabs: [
      { upToPaisePerPiece: 100_000, ratePercent: 5 },
      { upToPaisePerPiece: null, ratePercent: 12 },
    ],
    notification: 'Notification 1/2017-Central Tax (Rate)',
  },
  {
    goodsClasses: ['garment', 'made-up'],
    from: '2025-09-22',
    until: null,
    slabs: [
      { upToPaisePerPiece: 250_000, ratePercent: 5 },
      { upToPaisePerPiece: null, ratePercent: 18 },
    ],
    notification: 'Notification 9/2025-Central Tax (Rate)',
  },
  {
    goodsClasses: ['fabric'],
    from: GST_START_DATE,
    until: null,
    slabs: [{ upToPaisePerPiece: null, ratePercent: 5 }],
    notification: 'Notification 1/2017-Central Tax (Rate)',
  },
];

/**
 * The rule for a goods class on a document date (`YYYY-MM-DD`, Indian date).
 * @throws Error when no rule covers the class on that date (a date before GST, or a schedule
 *   with a hole: both are programming or data errors, never user input).
 */
export function rateRuleOn(
  goodsClass: GoodsClass,
  documentDate: string,
  rules: readonly RateRule[] = GST_RATE_RULES,
): RateRule {
  const rule = rules.find(
    (candidate) =>
      candidate.goodsClasses.includes(goodsClass) &&
      candidate.from <= documentDate &&
      (candidate.until === null || documentDate < candidate.until),
  );
  if (!rule) throw new Error(`No GST rate rule for ${goodsClass} on ${documentDate}`);
  return rule;
}
