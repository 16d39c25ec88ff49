import { Text } from '@mantine/core';
import { variantLabel } from '@bazaar/shared';

/** What a line names of its variant: size, colour and, when known, the seller's SKU. */
export interface VariantFacts {
  size: string;
  colour: string;
  sku?: string | null;
}

/**
 * The variant of a cart line, wishlist item, order item or delivery item (docs/catalog.md
 * "Variants"): 'Size: M · Colour: Red' by the shared `variantLabel`, the SKU under it in small
 * text. Every screen that names a variant uses this, so the wording is the same everywhere.
 */
export function VariantLine({ variant }: { variant: VariantFacts }) {
  return (
    <Text fz="sm" c="dimmed" component="div">
      {variantLabel(variant)}
      {variant.sku && (
        <Text fz="xs" c="dimmed" component="div" data-testid="variant-sku">
          SKU {variant.sku}
        </Text>
      )}
    </Text>
  );
}
