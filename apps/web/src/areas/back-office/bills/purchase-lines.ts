import {
  billTaxPreview,
  rupeesToPaise,
  type BillLineInput,
  type BillTotals,
  type InvoiceTax,
  type PurchaseCategory,
  type PurchaseItem,
  type PurchaseSize,
  type PurchaseType,
} from '@bazaar/shared';

/**
 * One item line of the Add New Purchase form as typed (docs/back-office-bills.md): the option
 * lists' values, quantity in pieces and rate in rupees (empty until filled).
 */
export interface PurchaseLineDraft {
  /** Local key for React lists; never sent. */
  key: number;
  item: PurchaseItem | null;
  category: PurchaseCategory | null;
  type: PurchaseType | null;
  size: PurchaseSize | null;
  quantity: number | '';
  rateRupees: number | '';
}

/** A line with every field filled: what is sent and what the preview lists. */
export interface CompletePurchaseLine {
  item: PurchaseItem;
  category: PurchaseCategory;
  type: PurchaseType;
  size: PurchaseSize;
  quantity: number;
  ratePaise: number;
}

let nextKey = 1;

/** An empty line (every field unset). */
export function emptyLine(): PurchaseLineDraft {
  nextKey += 1;
  return {
    key: nextKey,
    item: null,
    category: null,
    type: null,
    size: null,
    quantity: '',
    rateRupees: '',
  };
}

/** A number input's value as a positive number, or null (empty, zero, negative, not a number). */
function positive(value: number | ''): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The line's amount in paise once quantity and rate are both filled (docs/back-office-bills.md:
 * "Line amount = quantity x rate once both are filled"), else null.
 */
export function draftAmountPaise(line: PurchaseLineDraft): number | null {
  const quantity = positive(line.quantity);
  const rate = positive(line.rateRupees);
  if (quantity === null || rate === null || !Number.isInteger(quantity)) return null;
  return quantity * rupeesToPaise(rate);
}

/** The line as sent, or null while a field is missing or invalid. */
export function completeLine(line: PurchaseLineDraft): CompletePurchaseLine | null {
  const quantity = positive(line.quantity);
  const rate = positive(line.rateRupees);
  if (!line.item || !line.category || !line.type || !line.size) return null;
  if (quantity === null || rate === null || !Number.isInteger(quantity)) return null;
  return {
    item: line.item,
    category: line.category,
    type: line.type,
    size: line.size,
    quantity,
    ratePaise: rupeesToPaise(rate),
  };
}

/** One tax row of the preview: 'CGST 2.5 %' and its amount, paise. */
export interface TaxRow {
  label: string;
  paise: number;
}

/**
 * The preview's tax rows by rate (docs/gst.md "The engine"): CGST x % + SGST x % per rate within
 * the state, IGST x % across states; none on a Bill of Supply.
 */
export function taxRowsOf(tax: InvoiceTax): TaxRow[] {
  const byRate = new Map<number, { cgst: number; sgst: number; igst: number }>();
  for (const row of tax.summary) {
    if (row.taxPaise === 0) continue;
    const sums = byRate.get(row.ratePercent) ?? { cgst: 0, sgst: 0, igst: 0 };
    sums.cgst += row.cgstPaise;
    sums.sgst += row.sgstPaise;
    sums.igst += row.igstPaise;
    byRate.set(row.ratePercent, sums);
  }
  return [...byRate.entries()]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([rate, sums]) =>
      tax.interState
        ? [{ label: `IGST ${rate} %`, paise: sums.igst }]
        : [
            { label: `CGST ${rate / 2} %`, paise: sums.cgst },
            { label: `SGST ${rate / 2} %`, paise: sums.sgst },
          ],
    );
}

/**
 * The form's money through the shared `billTaxPreview` (the engine the server's save uses): each
 * complete line's GST rate by its value per piece on the bill date (default today), CGST + SGST or, when
 * `placeOfSupplyCode` (the customer's state code) is another state, IGST; received and
 * dues = total - received. All paise. With `gstApplied` false the bill is a Bill of Supply.
 */
export function purchaseMoney(
  lines: readonly PurchaseLineDraft[],
  gstApplied: boolean,
  receivedRupees: number | '',
  placeOfSupplyCode?: string,
  /** The bill date (`YYYY-MM-DD`): the rates in force on it; default today. */
  documentDate?: string,
): BillTotals & {
  complete: CompletePurchaseLine[];
  /** Each complete line's GST rate in percent (0 on a Bill of Supply). */
  rates: number[];
  igstPaise: number;
  interState: boolean;
  taxRows: TaxRow[];
  receivedPaise: number;
  duesPaise: number;
} {
  const complete = lines.map(completeLine).filter((line) => line !== null);
  const tax = billTaxPreview({
    lines: complete satisfies BillLineInput[],
    gstApplied,
    ...(placeOfSupplyCode ? { placeOfSupplyCode } : {}),
    ...(documentDate ? { documentDate } : {}),
  });
  const receivedPaise =
    typeof receivedRupees === 'number' && receivedRupees > 0 ? rupeesToPaise(receivedRupees) : 0;
  return {
    amountPaise: tax.totals.taxableValuePaise,
    gstPaise: tax.totals.taxPaise,
    cgstPaise: tax.totals.cgstPaise,
    sgstPaise: tax.totals.sgstPaise,
    igstPaise: tax.totals.igstPaise,
    totalPaise: tax.totals.totalPaise,
    interState: tax.interState,
    rates: tax.lines.map((line) => line.ratePercent),
    taxRows: taxRowsOf(tax),
    complete,
    receivedPaise,
    duesPaise: tax.totals.totalPaise - receivedPaise,
  };
}

/** A line nothing has been chosen or typed in yet. */
function isBlank(line: PurchaseLineDraft): boolean {
  return (
    !line.item &&
    !line.category &&
    !line.type &&
    !line.size &&
    line.quantity === '' &&
    line.rateRupees === ''
  );
}

/**
 * The lines after a scanned stock row (docs/back-office-bills.md "Scanner"): one more piece on
 * the line of the same item x category x type x size, else a new line of 1 piece at the row's
 * price, in place of a blank line if there is one. `max` lines at most: then null (not added).
 */
export function withScannedLine(
  lines: readonly PurchaseLineDraft[],
  row: {
    item: string;
    category: string;
    type: string;
    size: string;
    pricePaise: number;
  },
  max: number,
): PurchaseLineDraft[] | null {
  const same = lines.find(
    (line) =>
      line.item === row.item &&
      line.category === row.category &&
      line.type === row.type &&
      line.size === row.size,
  );
  if (same) {
    return lines.map((line) =>
      line.key === same.key
        ? { ...line, quantity: (typeof line.quantity === 'number' ? line.quantity : 0) + 1 }
        : line,
    );
  }
  const scanned: PurchaseLineDraft = {
    ...emptyLine(),
    item: row.item as PurchaseItem,
    category: row.category as PurchaseCategory,
    type: row.type as PurchaseType,
    size: row.size as PurchaseSize,
    quantity: 1,
    rateRupees: row.pricePaise > 0 ? row.pricePaise / 100 : '',
  };
  const blank = lines.findIndex(isBlank);
  if (blank >= 0) return lines.map((line, index) => (index === blank ? scanned : line));
  if (lines.length >= max) return null;
  return [...lines, scanned];
}
