import { MARKETPLACE_GST_PERCENT } from '../constants.js';

/**
 * Cart arithmetic (docs/shopping.md). All amounts are integer paise; prices already
 * include GST, so the GST is only shown as "included", never added.
 */

/** One cart line as the totals need it: unit price and unit MRP in paise, and a quantity. */
export interface CartTotalsLine {
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
}

/** The cart's totals, in paise (itemCount is a number of units). */
export interface CartTotalsResult {
  itemCount: number;
  mrpPaise: number;
  discountPaise: number;
  totalPaise: number;
  gstIncludedPaise: number;
  deliveryPaise: number;
}

/**
 * Totals of a cart: units, MRP, discount (MRP minus price), the amount to pay, the GST included
 * in it (total × 5 / 105, rounded to the paisa) and delivery (free: 0). Two lines of 80000 paise
 * (MRP 100000) × 1 and 50000 (MRP 50000) × 2 -> mrp 200000, total 180000, discount 20000.
 * The discount never goes negative: an MRP below the price counts as the price.
 */
export function cartTotals(lines: readonly CartTotalsLine[]): CartTotalsResult {
  let itemCount = 0;
  let mrpPaise = 0;
  let totalPaise = 0;
  for (const line of lines) {
    itemCount += line.quantity;
    totalPaise += line.pricePaise * line.quantity;
    mrpPaise += Math.max(line.mrpPaise, line.pricePaise) * line.quantity;
  }
  return {
    itemCount,
    mrpPaise,
    discountPaise: mrpPaise - totalPaise,
    totalPaise,
    gstIncludedPaise: Math.round(
      (totalPaise * MARKETPLACE_GST_PERCENT) / (100 + MARKETPLACE_GST_PERCENT),
    ),
    deliveryPaise: 0,
  };
}
