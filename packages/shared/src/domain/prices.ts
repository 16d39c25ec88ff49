/**
 * Listing price rules (docs/catalog.md "A product and its card": the original price is shown
 * as the price plus the offer percent). Amounts in paise, offers in whole percent.
 */

/**
 * The struck-through original price on a product card: price plus the offer percent, rounded to
 * the rupee as a shop would print it. 100000 paise at 20 % -> 120000 paise.
 */
export function originalPricePaise(pricePaise: number, offerPercent: number): number {
  const raw = (pricePaise * (100 + offerPercent)) / 100;
  return Math.round(raw / 100) * 100;
}

/**
 * The price after taking the offer percent off a base price, rounded to the paisa
 * (a new arrival's sell price, docs/catalog.md). 100000 paise at 20 % -> 80000 paise.
 */
export function priceAfterOfferPaise(basePaise: number, offerPercent: number): number {
  return Math.round((basePaise * (100 - offerPercent)) / 100);
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
 * Colour: Red'. One wording so the customer reads the same thing on every page.
 */
export function variantLabel(variant: { size: string; colour: string }): string {
  return `Size: ${variant.size} · Colour: ${variant.colour}`;
}
