/**
 * What a marketplace shop is owed for one shipment (docs/settlements.md): gross, commission and
 * its GST, TCS under section 52 of the CGST Act, TDS under section 194-O of the Income-tax Act,
 * and the net payable. Pure; money in integer paise, rates in basis points (1/100 of a percent).
 */

/** The rates in force from one Indian day (a row of `settlement_rates`), in basis points. */
export interface SettlementRates {
  /** `YYYY-MM-DD`, the first Indian day the row applies. */
  effectiveFrom: string;
  /** The marketplace's commission on the gross (0 unless the admin sets one). */
  commissionBp: number;
  /** GST on the commission (18 %: 1800), charged only when the commission is above 0. */
  commissionGstBp: number;
  /** TCS of section 52 on the net taxable value (0.5 %: 50), split CGST/SGST within the state. */
  tcsBp: number;
  /** TDS of section 194-O on the gross (0.1 %: 10) for a seller with a PAN. */
  tdsBp: number;
  /** TDS of a seller without PAN (section 206AA read with 194-O: 5 %, 500). */
  tdsNoPanBp: number;
}

/**
 * The law's rates as first rows of the table: TCS 0.5 % from 10-07-2024 (Notification
 * 15/2024-Central Tax), TDS 0.1 % from 01-10-2024 (Finance (No. 2) Act, 2024), no commission,
 * 18 % GST on a commission.
 */
export const DEFAULT_SETTLEMENT_RATES: SettlementRates = {
  effectiveFrom: '2024-10-01',
  commissionBp: 0,
  commissionGstBp: 1800,
  tcsBp: 50,
  tdsBp: 10,
  tdsNoPanBp: 500,
};

/** A PAN: 5 letters, 4 digits, a letter (the Income-tax Department's format). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/**
 * The PAN a GSTIN embeds: a regular GSTIN is the state code, the holder's PAN (characters 3-12)
 * and three more characters. Null when the GSTIN is missing or its middle is not a PAN (a TDS
 * deductor's GSTIN carries a TAN, a UN body's or non-resident's another id).
 */
export function panOfGstin(gstin: string | null | undefined): string | null {
  if (!gstin || gstin.length !== 15) return null;
  const middle = gstin.slice(2, 12).toUpperCase();
  return PAN_PATTERN.test(middle) ? middle : null;
}

/**
 * The PAN TDS is deducted under: the one the GSTIN embeds, else the one recorded on the shop,
 * else null (no PAN: section 206AA's rate).
 */
export function tdsPanOf(gstin: string | null | undefined, recordedPan: string | null | undefined) {
  const fromGstin = panOfGstin(gstin);
  if (fromGstin) return fromGstin;
  const recorded = recordedPan?.trim().toUpperCase();
  return recorded && PAN_PATTERN.test(recorded) ? recorded : null;
}

/** A PAN shown on statements: all but the last 4 characters masked ('******234F'). */
export function maskPan(pan: string | null | undefined): string | null {
  if (!pan) return null;
  return `${'*'.repeat(Math.max(pan.length - 4, 0))}${pan.slice(-4)}`;
}

/** The TDS rate (basis points) of `rates` for a seller with or without a PAN. */
export function tdsRateOf(rates: Pick<SettlementRates, 'tdsBp' | 'tdsNoPanBp'>, hasPan: boolean) {
  return hasPan ? rates.tdsBp : rates.tdsNoPanBp;
}

/** The largest basis points a rate may be (100 %). */
export const SETTLEMENT_RATE_MAX_BP = 10_000;

/** The components of one ledger entry; a reversal has each negated. */
export interface SettlementComponents {
  grossPaise: number;
  taxableValuePaise: number;
  commissionPaise: number;
  commissionGstPaise: number;
  tcsCgstPaise: number;
  tcsSgstPaise: number;
  tcsIgstPaise: number;
  tdsPaise: number;
  netPaise: number;
}

/**
 * `amountPaise x bp / divisor` rounded to the paisa, halves away from zero (half-up on the
 * positive amounts an entry is computed from). BigInt, so no value below 2^53 paise loses a digit.
 */
export function percentOfPaise(amountPaise: number, bp: number, divisor = 10_000): number {
  const product = BigInt(amountPaise) * BigInt(bp);
  const div = BigInt(divisor);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  const rounded = (magnitude * 2n + div) / (div * 2n);
  return Number(rounded * sign);
}

/** What one delivered shipment brings into the computation. */
export interface SettlementInput {
  /** What the customer paid for the shipment, GST included (the invoice's total). */
  grossPaise: number;
  /** The taxable value of the shipment's lines (the invoice's taxable value). */
  taxableValuePaise: number;
  /** True when the place of supply (delivery state) is outside the shop's state: IGST. */
  interState: boolean;
  /**
   * Whether the shop is registered (has a GSTIN): TCS is collected on supplies of registered
   * suppliers and reported in GSTR-8 under their GSTIN; an unregistered shop has none.
   */
  registered: boolean;
  /** Whether the seller has a PAN (`tdsPanOf`): TDS at `tdsBp`, else at `tdsNoPanBp`. */
  hasPan: boolean;
}

/**
 * The ledger components of one delivered shipment under `rates`, each rounded to the paisa once
 * (half-up): commission = gross x commission; its GST = commission x 18 % (0 without a
 * commission); TCS = taxable value x 0.5 % (CGST and SGST each at half the rate within the state,
 * IGST at the whole rate across states); TDS = gross x 0.1 % with a PAN, x 5 % without
 * (`tdsRateOf`); net = gross - all of them.
 */
export function settlementComponentsOf(
  input: SettlementInput,
  rates: SettlementRates,
): SettlementComponents {
  const commissionPaise = percentOfPaise(input.grossPaise, rates.commissionBp);
  const commissionGstPaise =
    commissionPaise > 0 ? percentOfPaise(commissionPaise, rates.commissionGstBp) : 0;
  const tcsCgstPaise =
    input.registered && !input.interState
      ? percentOfPaise(input.taxableValuePaise, rates.tcsBp, 20_000)
      : 0;
  const tcsSgstPaise = tcsCgstPaise;
  const tcsIgstPaise =
    input.registered && input.interState ? percentOfPaise(input.taxableValuePaise, rates.tcsBp) : 0;
  const tdsPaise = percentOfPaise(input.grossPaise, tdsRateOf(rates, input.hasPan));
  const netPaise =
    input.grossPaise -
    commissionPaise -
    commissionGstPaise -
    tcsCgstPaise -
    tcsSgstPaise -
    tcsIgstPaise -
    tdsPaise;
  return {
    grossPaise: input.grossPaise,
    taxableValuePaise: input.taxableValuePaise,
    commissionPaise,
    commissionGstPaise,
    tcsCgstPaise,
    tcsSgstPaise,
    tcsIgstPaise,
    tdsPaise,
    netPaise,
  };
}

/** The reversal of an entry: every component negated (a return received after delivery). */
export function reversedComponents(entry: SettlementComponents): SettlementComponents {
  // 0 - x, not -x: a zero stays 0 rather than -0.
  return {
    grossPaise: 0 - entry.grossPaise,
    taxableValuePaise: 0 - entry.taxableValuePaise,
    commissionPaise: 0 - entry.commissionPaise,
    commissionGstPaise: 0 - entry.commissionGstPaise,
    tcsCgstPaise: 0 - entry.tcsCgstPaise,
    tcsSgstPaise: 0 - entry.tcsSgstPaise,
    tcsIgstPaise: 0 - entry.tcsIgstPaise,
    tdsPaise: 0 - entry.tdsPaise,
    netPaise: 0 - entry.netPaise,
  };
}

/** The row of `rates` in force on `day` (`YYYY-MM-DD`): the latest `effectiveFrom` not after it. */
export function settlementRatesOn<R extends SettlementRates>(
  rates: readonly R[],
  day: string,
): R | undefined {
  let found: R | undefined;
  for (const row of rates) {
    if (row.effectiveFrom <= day && (!found || row.effectiveFrom > found.effectiveFrom)) {
      found = row;
    }
  }
  return found;
}

/** Basis points as a percent for screens: 50 -> '0.5 %', 1800 -> '18 %'. */
export function formatBasisPoints(bp: number): string {
  return `${(bp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
}
