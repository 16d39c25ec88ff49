import { Group, Text, VisuallyHidden } from '@mantine/core';
import { formatRupeesShort, originalPricePaise } from '@bazaar/shared';

interface PriceTagProps {
  pricePaise: number;
  offerPercent: number;
  /** The product page's bigger price. */
  large?: boolean;
}

/**
 * Selling price, the struck-through original price and the percent off (marketplace.md
 * section 2, cards; section 9: the original price is the price plus the offer percent).
 */
export function PriceTag({ pricePaise, offerPercent, large = false }: PriceTagProps) {
  const hasOffer = offerPercent > 0;
  const original = originalPricePaise(pricePaise, offerPercent);
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text fz={large ? 28 : 'lg'} fw={700} c="dark.8" lh={1.2}>
        {formatRupeesShort(pricePaise)}
      </Text>
      {hasOffer && (
        <>
          {/* td: Mantine's Text resets text-decoration, which would undo the <s> strike. */}
          <Text component="s" td="line-through" fz={large ? 'md' : 'sm'} c="dimmed">
            <VisuallyHidden>Original price </VisuallyHidden>
            {formatRupeesShort(original)}
          </Text>
          <Text fz={large ? 'md' : 'sm'} fw={700} c="green.8">
            {offerPercent}% off
          </Text>
        </>
      )}
    </Group>
  );
}
