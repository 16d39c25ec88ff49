import { GST_RATE_RULES, rateRuleOn, type GoodsClass, type RateRule } from './rates.js';

/**
 * The tax engine (docs/gst.md): the one function every screen, the server's save, the
 * marketplace order and every PDF use to put GST on a document. Pure: amounts in integer paise,
 * rates in percent, dates as Indian `YYYY-MM-DD`.
 */

/** What a document is, for tax: a Tax Invoice charges GST; a Bill of Supply charges none. */
export type TaxDocumentKind = 'tax_invoice' | 'bill_of_supply';

/** One line as entered. Give the taxable value, or the price including GST (marketplace). */
export interface TaxLineInput {
  /** HSN code as printed. */
  hsn: string;
  goodsClass: GoodsClass;
  /** Whole pieces, at least 1. */
  quantity: number;
  /** The line's taxable value (all pieces, after any discount on the invoice), paise. */
  taxableValuePaise?: number;
  /** Instead of `taxableValuePaise`: what the buyer pays for the line including GST, paise. */
  inclusiveValuePaise?: number;
  /**
   * The rate to charge instead of the schedule's: a credit note keeps its invoice's rate
   * (docs/gst.md "Credit notes"). Never set for a new sale.
   */
  fixedRatePercent?: number;
}

/** The document's facts that decide the tax. */
export interface TaxContext {
  /** GST state code of the supplier's registration: '10' for Bihar. */
  supplierStateCode: string;
  /** GST state code of the place of supply ('' when unknown: treated as intra-state). */
  placeOfSupplyCode: string;
  /** The document date, Indian `YYYY-MM-DD`: picks the rate rule in force. */
  documentDate: string;
  /** False: a Bill of Supply without tax lines. */
  taxApplied: boolean;
}

/** Tax amounts of a line or a group, paise. `taxPaise` = CGST + SGST + IGST. */
export interface TaxAmounts {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
}

export interface TaxedLine extends TaxAmounts {
  hsn: string;
  goodsClass: GoodsClass;
  quantity: number;
  /** The whole rate in percent (0 on a Bill of Supply). */
  ratePercent: number;
  /** Taxable value + tax, paise. */
  totalPaise: number;
}

/** One row of the tax summary by HSN x rate (printed on invoices and reported in GSTR-1). */
export interface TaxSummaryRow extends TaxAmounts {
  hsn: string;
  ratePercent: number;
  quantity: number;
}

export interface InvoiceTax {
  kind: TaxDocumentKind;
  interState: boolean;
  lines: TaxedLine[];
  summary: TaxSummaryRow[];
  totals: TaxAmounts & { totalPaise: number };
}

/**
 * Rounds a non-negative amount of paise with a fractional part to the nearest paisa, halves up:
 * the returns' rounding of each tax.
 */
function toPaisa(value: number): number {
  return Math.floor(value + 0.5);
}

/**
 * The GST rate of goods of `goodsClass` on `documentDate` whose taxable value is
 * `taxableValuePaise` for `quantity` pieces: the slab of the value per piece (a slab's bound is
 * inclusive: exactly ₹2,500 a piece is 5 %).
 * @throws Error when no rule covers the date (before 1 July 2017).
 */
export function gstRateOf(
  input: {
    goodsClass: GoodsClass;
    quantity: number;
    taxableValuePaise: number;
    documentDate: string;
  },
  rules: readonly RateRule[] = GST_RATE_RULES,
): number {
  const rule = rateRuleOn(input.goodsClass, input.documentDate, rules);
  const slab = rule.slabs.find(
    (candidate) =>
      candidate.upToPaisePerPiece === null ||
      input.taxableValuePaise <= candidate.upToPaisePerPiece * input.quantity,
  );
  return slab!.ratePercent;
}

/** The rate that goes with a price including GST, and whether that rate is consistent. */
export interface InclusiveRate {
  ratePercent: number;
  /**
   * False in the band where no slab is consistent (₹2,625.01-₹2,950 a piece since 22-09-2025):
   * the lower rate would leave a taxable value above its slab, the higher one a value inside the
   * lower slab. There the engine charges the higher rate (docs/gst.md "Prices including GST").
   */
  consistent: boolean;
}

/**
 * The rate of a line priced including GST: the slab whose rate, taken out of the price, leaves a
 * taxable value per piece inside that slab; the higher of the candidate rates in the band where
 * none does.
 */
export function inclusiveRateOf(
  input: {
    goodsClass: GoodsClass;
    quantity: number;
    inclusiveValuePaise: number;
    documentDate: string;
  },
  rules: readonly RateRule[] = GST_RATE_RULES,
): InclusiveRate {
  const rule = rateRuleOn(input.goodsClass, input.documentDate, rules);
  const perPieceTaxable = (ratePercent: number) =>
    (input.inclusiveValuePaise * 100) / (100 + ratePercent) / input.quantity;
  let lowerBound = 0;
  for (const [index, slab] of rule.slabs.entries()) {
    const value = perPieceTaxable(slab.ratePercent);
    if (value <= lowerBound && index > 0) {
      // Below this slab at its own rate, above the previous one at that one's: no consistent rate.
      return { ratePercent: slab.ratePercent, consistent: false };
    }
    if (slab.upToPaisePerPiece === null || value <= slab.upToPaisePerPiece) {
      return { ratePercent: slab.ratePercent, consistent: true };
    }
    lowerBound = slab.upToPaisePerPiece;
  }
  throw new Error('A rate rule must end with an unbounded slab');
}

/**
 * The per-piece prices including GST (paise, `fromPaise` exclusive, `toPaise` inclusive) where no
 * rate is consistent, for the seller's product form: since 22-09-2025, garments between ₹2,625
 * (exclusive) and ₹2,950 (inclusive).
 */
export function inconsistentInclusiveBands(
  goodsClass: GoodsClass,
  documentDate: string,
  rules: readonly RateRule[] = GST_RATE_RULES,
): Array<{ fromPaise: number; toPaise: number }> {
  const rule = rateRuleOn(goodsClass, documentDate, rules);
  const bands: Array<{ fromPaise: number; toPaise: number }> = [];
  for (let i = 0; i + 1 < rule.slabs.length; i++) {
    const bound = rule.slabs[i]!.upToPaisePerPiece!;
    bands.push({
      fromPaise: (bound * (100 + rule.slabs[i]!.ratePercent)) / 100,
      toPaise: (bound * (100 + rule.slabs[i + 1]!.ratePercent)) / 100,
    });
  }
  return bands;
}

/** CGST + SGST (each at half the rate) or IGST (the whole rate) of a taxable value, each to the paisa. */
export function taxOfValue(
  taxableValuePaise: number,
  ratePercent: number,
  interState: boolean,
): TaxAmounts {
  const cgstPaise = interState ? 0 : toPaisa((taxableValuePaise * ratePercent) / 200);
  const sgstPaise = cgstPaise;
  const igstPaise = interState ? toPaisa((taxableValuePaise * ratePercent) / 100) : 0;
  return {
    taxableValuePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise: cgstPaise + sgstPaise + igstPaise,
  };
}

/**
 * Puts tax on one line: the rate from the schedule (by taxable value per piece, or from the price
 * including GST), then each tax rounded to the paisa. A line priced including GST keeps its price:
 * its taxable value is the price less the taxes, so what the buyer paid is the line's total.
 */
function taxLine(
  line: TaxLineInput,
  context: TaxContext,
  interState: boolean,
  rules: readonly RateRule[],
): TaxedLine {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) {
    throw new Error('A taxed line needs a whole quantity of at least 1');
  }
  const base = { hsn: line.hsn, goodsClass: line.goodsClass, quantity: line.quantity };
  if (line.inclusiveValuePaise !== undefined) {
    const inclusive = line.inclusiveValuePaise;
    if (!context.taxApplied) {
      return {
        ...base,
        ratePercent: 0,
        ...taxOfValue(inclusive, 0, interState),
        totalPaise: inclusive,
      };
    }
    const { ratePercent } =
      line.fixedRatePercent !== undefined
        ? { ratePercent: line.fixedRatePercent }
        : inclusiveRateOf(
            { ...base, inclusiveValuePaise: inclusive, documentDate: context.documentDate },
            rules,
          );
    // Taxes of the value the rate leaves; the taxable value is the price less those taxes, so
    // what the buyer paid is the line's total to the paisa.
    const taxes = taxOfValue(
      toPaisa((inclusive * 100) / (100 + ratePercent)),
      ratePercent,
      interState,
    );
    const amounts = { ...taxes, taxableValuePaise: inclusive - taxes.taxPaise };
    return { ...base, ratePercent, ...amounts, totalPaise: inclusive };
  }
  const taxable = line.taxableValuePaise;
  if (taxable === undefined || !Number.isInteger(taxable) || taxable < 0) {
    throw new Error('A taxed line needs a whole, non-negative taxable value in paise');
  }
  const ratePercent = !context.taxApplied
    ? 0
    : line.fixedRatePercent !== undefined
      ? line.fixedRatePercent
      : gstRateOf(
          { ...base, taxableValuePaise: taxable, documentDate: context.documentDate },
          rules,
        );
  const amounts = taxOfValue(taxable, ratePercent, interState);
  return { ...base, ratePercent, ...amounts, totalPaise: taxable + amounts.taxPaise };
}

function addAmounts<T extends TaxAmounts>(into: T, from: TaxAmounts): T {
  into.taxableValuePaise += from.taxableValuePaise;
  into.cgstPaise += from.cgstPaise;
  into.sgstPaise += from.sgstPaise;
  into.igstPaise += from.igstPaise;
  into.taxPaise += from.taxPaise;
  return into;
}

const zeroAmounts = (): TaxAmounts => ({
  taxableValuePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  taxPaise: 0,
});

/**
 * The tax of a document (docs/gst.md "The engine"): each line's rate from the schedule in force
 * on the document date, CGST + SGST at half the rate each within the supplier's state or IGST at
 * the whole rate across states (each rounded to the paisa on the line), the summary by HSN x rate
 * and the totals (sums of the lines). With `taxApplied` false the document is a Bill of Supply and
 * every tax is 0.
 * @example computeInvoiceTax({ supplierStateCode: '10', placeOfSupplyCode: '10',
 *   documentDate: '2026-11-27', taxApplied: true },
 *   [{ hsn: '6205', goodsClass: 'garment', quantity: 1, taxableValuePaise: 608496 }])
 *   // one line at 18 %: CGST 54765 + SGST 54765 (9 % of ₹6,084.96 = ₹547.6464 each)
 * @throws Error for a line without a whole quantity or value, or a date before GST.
 */
export function computeInvoiceTax(
  context: TaxContext,
  lines: readonly TaxLineInput[],
  rules: readonly RateRule[] = GST_RATE_RULES,
): InvoiceTax {
  const interState =
    context.taxApplied &&
    context.placeOfSupplyCode !== '' &&
    context.placeOfSupplyCode !== context.supplierStateCode;
  const taxed = lines.map((line) => taxLine(line, context, interState, rules));
  const groups = new Map<string, TaxSummaryRow>();
  for (const line of taxed) {
    const key = `${line.hsn}|${line.ratePercent}`;
    let row = groups.get(key);
    if (!row) {
      row = { hsn: line.hsn, ratePercent: line.ratePercent, quantity: 0, ...zeroAmounts() };
      groups.set(key, row);
    }
    row.quantity += line.quantity;
    addAmounts(row, line);
  }
  const totals = taxed.reduce((sum, line) => addAmounts(sum, line), zeroAmounts());
  return {
    kind: context.taxApplied ? 'tax_invoice' : 'bill_of_supply',
    interState,
    lines: taxed,
    summary: [...groups.values()].sort(
      (a, b) => a.hsn.localeCompare(b.hsn) || a.ratePercent - b.ratePercent,
    ),
    totals: { ...totals, totalPaise: totals.taxableValuePaise + totals.taxPaise },
  };
}
