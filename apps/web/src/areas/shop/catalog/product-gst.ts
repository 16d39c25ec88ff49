import {
  formatRupees,
  formatRupeesShort,
  hsnClassOf,
  inclusiveRateOf,
  inconsistentInclusiveBands,
  indianDateOf,
  suggestHsnClass,
} from '@bazaar/shared';

/*
 * GST on the seller's product form (docs/gst.md "Marketplace"): the HSN class the product is
 * saved with, and the warning for a price where no GST rate is consistent.
 */

/** The form's HSN class: the one chosen by hand, else the suggestion from name and kind. */
export function hsnClassOfForm(values: {
  hsnClass: string;
  name: string;
  category: string;
  material: string;
}): string {
  if (values.hsnClass !== '') return values.hsnClass;
  return suggestHsnClass({
    name: values.name,
    category: values.category,
    material: values.material,
  });
}

/**
 * The warning under the price when the price per piece (rupees as typed, GST included: the
 * marketplace's prices do) falls in a band of `inconsistentInclusiveBands` of the product's
 * goods class on `today` (₹2,625.01-₹2,950 for garments since 22-09-2025): no rate leaves a
 * taxable value inside its own slab, so the invoice charges the higher rate the engine picks.
 * Undefined when the price fits a rate, or is not typed yet.
 */
export function priceBandWarning(
  values: {
    hsnClass: string;
    name: string;
    category: string;
    material: string;
    priceRupees: number | '';
  },
  today: string = indianDateOf(new Date()),
): string | undefined {
  if (typeof values.priceRupees !== 'number' || values.priceRupees <= 0) return undefined;
  const pricePaise = Math.round(values.priceRupees * 100);
  const { goodsClass } = hsnClassOf(hsnClassOfForm(values));
  const band = inconsistentInclusiveBands(goodsClass, today).find(
    (candidate) => pricePaise > candidate.fromPaise && pricePaise <= candidate.toPaise,
  );
  if (!band) return undefined;
  const { ratePercent } = inclusiveRateOf({
    goodsClass,
    quantity: 1,
    inclusiveValuePaise: pricePaise,
    documentDate: today,
  });
  return (
    `No GST rate is consistent with a price between ${formatRupees(band.fromPaise + 1)} and ` +
    `${formatRupeesShort(band.toPaise)} a piece: the lower rate would leave a value above its ` +
    `slab, the higher one a value inside the lower slab. The invoice will charge ${ratePercent} % ` +
    `GST. Price it at or below ${formatRupeesShort(band.fromPaise)} or above ` +
    `${formatRupeesShort(band.toPaise)}.`
  );
}
