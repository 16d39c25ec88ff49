/**
 * Document series and dates (docs/gst.md "Numbers"): Rule 46(b) of the CGST Rules wants invoice
 * numbers consecutive, unique within a financial year and at most 16 characters; credit notes
 * (Rule 53) and bills of supply (Rule 49) keep series of their own.
 */

/** The kinds of issued tax documents; each has its own series per supplier and financial year. */
export const TAX_DOCUMENT_KINDS = ['tax_invoice', 'bill_of_supply', 'credit_note'] as const;
export type IssuedDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** Titles printed on each kind. */
export const TAX_DOCUMENT_TITLES: Record<IssuedDocumentKind, string> = {
  tax_invoice: 'Tax Invoice',
  bill_of_supply: 'Bill of Supply',
  credit_note: 'Credit Note',
};

/** The longest document number Rule 46(b) allows. */
export const DOCUMENT_NUMBER_MAX_CHARS = 16;

/** A series prefix: 1-4 capital letters or digits (so the number fits 16 characters). */
export const DOCUMENT_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;

/**
 * The financial year (April-March) of an Indian date, as printed in numbers: '2026-11-27' ->
 * '26-27', '2027-03-31' -> '26-27', '2027-04-01' -> '27-28'.
 */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The first and last day (`YYYY-MM-DD`) of the financial year of an Indian date. */
export function financialYearRangeOf(date: string): { from: string; to: string } {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/**
 * A document number: prefix, financial year and the serial padded to 5 digits:
 * ('BZ', '26-27', 123) -> 'BZ/26-27/00123'.
 * @throws Error when the number would pass 16 characters (a 4-character prefix allows
 *   99,999 documents a year; a 3-character one 999,999).
 */
export function formatDocumentNumber(
  prefix: string,
  financialYear: string,
  serial: number,
): string {
  const number = `${prefix}/${financialYear}/${String(serial).padStart(5, '0')}`;
  if (number.length > DOCUMENT_NUMBER_MAX_CHARS) {
    throw new Error(
      `Document number ${number} is longer than ${DOCUMENT_NUMBER_MAX_CHARS} characters`,
    );
  }
  return number;
}

/**
 * Aggregate annual turnover above which B2B invoices need an IRN (e-invoicing, Notification
 * 10/2023-Central Tax) and HSN is printed with 6 digits (Notification 78/2020-Central Tax):
 * ₹5 crore, in paise.
 */
export const E_INVOICE_TURNOVER_THRESHOLD_PAISE = 5_000_000_000;

/** Series prefixes of a marketplace shop's documents (each shop numbers its own series). */
export const SHOP_DOCUMENT_PREFIXES: Record<IssuedDocumentKind, string> = {
  tax_invoice: 'INV',
  bill_of_supply: 'BOS',
  credit_note: 'CN',
};

/** Default series prefixes of the wholesale business (INVOICE_PREFIX etc. override them). */
export const BUSINESS_DOCUMENT_PREFIXES: Record<IssuedDocumentKind, string> = {
  tax_invoice: 'BZ',
  bill_of_supply: 'BS',
  credit_note: 'CN',
};
