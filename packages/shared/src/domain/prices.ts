/**
 * Listing price rules (docs/catalog.md "A product and its card"). The MRP is what the seller
 * printed on the tag (Legal Metrology (Packaged Commodities) Rules); the struck-through price is
 * that MRP and the percent off is worked out from it, by `discountPercent`, on every screen.
 * Amounts in integer paise, percents whole.
 */

/** The two amounts a price tag is made of, in integer paise. */
export interface ListedPrice {
  /** Maximum retail price printed on the tag; null or undefined when unknown. */
  mrpPaise?: number | null;
  /** What the customer pays. */
  pricePaise: number;
}

/**
 * The whole percent off the MRP: floor((MRP - price) / MRP × 100), so the shop never claims
 * more off than it gives. 0 when the price is the MRP or more, or the MRP is missing or not
 * positive. Integer paise in, whole percent out: MRP 150000, price 120000 -> 20; MRP 119900,
 * price 99900 -> 16 (16.68 %); MRP 100000, price 99950 -> 0. Computed in integers, so a
 * fraction such as 29 % is not lost to floating point.
 */
export function discountPercent({ mrpPaise, pricePaise }: ListedPrice): number {
  if (mrpPaise == null || mrpPaise <= 0 || pricePaise >= mrpPaise) return 0;
  const offTimes100 = (mrpPaise - pricePaise) * 100;
  return (offTimes100 - (offTimes100 % mrpPaise)) / mrpPaise;
}

/**
 * Cuts a description to the card's preview length (15 characters, docs/catalog.md),
 * adding an ellipsis when it was longer; a space left at the cut is dropped ('Patiala Salwar...').
 */
export function previewText(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars).trimEnd()}...`;
}

/**
 * How a garment's variant is written everywhere (cards, cart, wishlist, orders): 'Size: M ·
 * Colour: Red'. One wording so the customer reads the same thing on every page. With
 * `{ sku: true }` and a SKU, the variant's code follows, as invoices, delivery cards and order
 * lines print it: 'Size: M · Colour: Red · SKU ABC-RED-M'.
 */
export function variantLabel(
  variant: { size: string; colour: string; sku?: string | null },
  options: { sku?: boolean } = {},
): string {
  const label = `Size: ${variant.size} · Colour: ${variant.colour}`;
  return options.sku && variant.sku ? `${label} · SKU ${variant.sku}` : label;
}
