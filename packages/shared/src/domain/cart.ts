import { computeInvoiceTax } from '../gst/engine.js';
import { hsnClassOf } from '../gst/hsn-classes.js';
import type { GoodsClass } from '../gst/rates.js';
import { indianDateOf } from './dates.js';

/**
 * Cart arithmetic (docs/shopping.md). All amounts are integer paise; prices already
 * include GST, so the GST is only shown as "included", never added.
 */

/** One cart line as the totals need it: unit price and unit MRP in paise, and a quantity. */
export interface CartTotalsLine {
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
  /** The product's HSN class (HSN_CLASSES key); a garment's schedule when not given. */
  hsnClass?: string;
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
 * in it and delivery (free: 0). The GST is the tax engine's on prices including GST, line by line
 * at the rate of each line's goods class and price per piece on `date` (docs/gst.md
 * "Marketplace": 5 % up to ₹2,625 a garment, 18 % above), so it is what the shop's invoice will
 * show. Two lines of 80000 paise (MRP 100000) × 1 and 50000 (MRP 50000) × 2 -> mrp 200000,
 * total 180000, discount 20000. The discount never goes negative: an MRP below the price counts
 * as the price.
 */
export function cartTotals(
  lines: readonly CartTotalsLine[],
  date: string = indianDateOf(new Date()),
): CartTotalsResult {
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
    gstIncludedPaise: gstIncludedIn(lines, date),
    deliveryPaise: 0,
  };
}

/** The GST included in the lines' prices (paise), by the engine (intra-state: CGST + SGST). */
function gstIncludedIn(lines: readonly CartTotalsLine[], date: string): number {
  const taxed = lines.filter((line) => line.quantity > 0);
  if (taxed.length === 0) return 0;
  const goodsClassOf = (line: CartTotalsLine): GoodsClass =>
    line.hsnClass ? hsnClassOf(line.hsnClass).goodsClass : 'garment';
  return computeInvoiceTax(
    { supplierStateCode: '10', placeOfSupplyCode: '10', documentDate: date, taxApplied: true },
    taxed.map((line) => ({
      hsn: '',
      goodsClass: goodsClassOf(line),
      quantity: line.quantity,
      inclusiveValuePaise: line.pricePaise * line.quantity,
    })),
  ).totals.taxPaise;
}
