import {
  formatRupeesShort,
  hsnClassOf,
  inclusiveRateOf,
  indianDateOf,
  rateRuleOn,
  type GoodsClass,
} from '@bazaar/shared';

/** How the schedule names each goods class on the product page. */
const GOODS_NOUNS: Record<GoodsClass, string> = {
  garment: 'garments',
  'made-up': 'made-up textiles',
  fabric: 'fabrics and sarees',
};

/**
 * The line under a product's price (docs/gst.md "Marketplace"): the GST rate its price
 * includes, from the engine (`inclusiveRateOf` on the price of one piece on `today`) and the
 * slab of its goods class: 'Price includes GST at 5 % (garments up to ₹2,500 a piece before
 * tax)', '... at 18 % (garments above ₹2,500 a piece before tax)', '... at 5 % (fabrics and
 * sarees, at any price)'. In the band where no rate is consistent it says the higher rate
 * applies.
 */
export function gstLineOf(
  product: { hsnClass: string; pricePaise: number },
  today: string = indianDateOf(new Date()),
): string {
  const { goodsClass } = hsnClassOf(product.hsnClass);
  const noun = GOODS_NOUNS[goodsClass];
  const { ratePercent, consistent } = inclusiveRateOf({
    goodsClass,
    quantity: 1,
    inclusiveValuePaise: product.pricePaise,
    documentDate: today,
  });
  const lead = `Price includes GST at ${ratePercent} %`;
  const { slabs } = rateRuleOn(goodsClass, today);
  if (slabs.length === 1) return `${lead} (${noun}, at any price)`;
  if (!consistent) return `${lead} (${noun}: the higher rate, as no slab fits this price exactly)`;
  const index = slabs.findIndex((slab) => slab.ratePercent === ratePercent);
  const slab = slabs[index]!;
  if (slab.upToPaisePerPiece !== null) {
    return `${lead} (${noun} up to ${formatRupeesShort(slab.upToPaisePerPiece)} a piece before tax)`;
  }
  const below = slabs[index - 1]!.upToPaisePerPiece!;
  return `${lead} (${noun} above ${formatRupeesShort(below)} a piece before tax)`;
}
