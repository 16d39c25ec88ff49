import {
  billTotals,
  rupeesToPaise,
  type BillLineInput,
  type BillTotals,
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

/**
 * The form's money (through the shared billTotals, the rule the server applies): totals of the
 * complete lines, received and dues = total + GST - received, in paise.
 */
export function purchaseMoney(
  lines: readonly PurchaseLineDraft[],
  gstApplied: boolean,
  receivedRupees: number | '',
): BillTotals & { complete: CompletePurchaseLine[]; receivedPaise: number; duesPaise: number } {
  const complete = lines.map(completeLine).filter((line) => line !== null);
  const totals = billTotals(complete satisfies BillLineInput[], gstApplied);
  const receivedPaise =
    typeof receivedRupees === 'number' && receivedRupees > 0 ? rupeesToPaise(receivedRupees) : 0;
  return { ...totals, complete, receivedPaise, duesPaise: totals.totalPaise - receivedPaise };
}
