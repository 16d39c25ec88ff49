import { Group, Text, UnstyledButton } from '@mantine/core';
import { SIZE_LABELS } from '@bazaar/shared';
import { ColourSwatch } from '../../../components/colour-swatches';
import classes from './variant-picker.module.css';

/** What the picker needs of a design's variant. */
export interface PickerVariant {
  id: number;
  size: string;
  colour: string;
  stockQuantity: number;
}

/** The design's colours in the server's order, each once. */
export function coloursOf(variants: readonly PickerVariant[]): string[] {
  return [...new Set(variants.map((variant) => variant.colour))];
}

/** The design's sizes (any colour) in the SIZES order. */
export function sizesOf(variants: readonly PickerVariant[]): string[] {
  return SIZE_LABELS.filter((size) => variants.some((variant) => variant.size === size));
}

/** The variant of a colour and size; undefined when the design has no such combination. */
export function variantOf(variants: readonly PickerVariant[], colour: string, size: string) {
  return variants.find((variant) => variant.colour === colour && variant.size === size);
}

/**
 * The variant to show when the customer picks a colour: the same size in that colour when in
 * stock, else the first size in stock of that colour, else its first size.
 */
export function variantForColour(
  variants: readonly PickerVariant[],
  colour: string,
  currentSize: string,
): PickerVariant | undefined {
  const same = variantOf(variants, colour, currentSize);
  if (same && same.stockQuantity > 0) return same;
  const ofColour = sizesOf(variants)
    .map((size) => variantOf(variants, colour, size))
    .filter((variant): variant is PickerVariant => variant !== undefined);
  return ofColour.find((variant) => variant.stockQuantity > 0) ?? same ?? ofColour[0];
}

/**
 * The product page's colour swatches and size buttons (docs/catalog.md "Variants"). The chosen
 * variant is `current` (the one the URL names); a size that the chosen colour does not have, or
 * has none left of, is disabled. Choosing calls `onChoose` with the variant's id: the page
 * replaces the URL with it, so price, stock and the buy buttons follow.
 */
export function VariantPicker({
  variants,
  current,
  onChoose,
}: {
  variants: readonly PickerVariant[];
  current: { id: number; size: string; colour: string };
  onChoose: (variantId: number) => void;
}) {
  const colours = coloursOf(variants);
  const sizes = sizesOf(variants);
  return (
    <div className={classes.picker}>
      <div role="radiogroup" aria-label="Colour">
        <Text fz="sm" mb={6}>
          Colour: <b>{current.colour}</b>
        </Text>
        <Group gap={8}>
          {colours.map((colour) => {
            const chosen = colour === current.colour;
            const soldOut = !variants.some((v) => v.colour === colour && v.stockQuantity > 0);
            return (
              <UnstyledButton
                key={colour}
                role="radio"
                aria-checked={chosen}
                aria-label={soldOut ? `${colour} (out of stock)` : colour}
                title={colour}
                className={classes.colour}
                data-chosen={chosen || undefined}
                data-sold-out={soldOut || undefined}
                onClick={() => {
                  const next = variantForColour(variants, colour, current.size);
                  if (next && next.id !== current.id) onChoose(next.id);
                }}
              >
                <ColourSwatch colour={colour} className={classes.swatch} />
              </UnstyledButton>
            );
          })}
        </Group>
      </div>
      <div role="radiogroup" aria-label="Size">
        <Text fz="sm" mb={6} mt="sm">
          Size: <b>{current.size}</b>
        </Text>
        <Group gap={8}>
          {sizes.map((size) => {
            const variant = variantOf(variants, current.colour, size);
            const available = variant !== undefined && variant.stockQuantity > 0;
            const chosen = size === current.size;
            return (
              <UnstyledButton
                key={size}
                role="radio"
                aria-checked={chosen}
                aria-label={available ? size : `${size} (not available in ${current.colour})`}
                className={classes.size}
                data-chosen={chosen || undefined}
                disabled={!available && !chosen}
                onClick={() => {
                  if (variant && variant.id !== current.id) onChoose(variant.id);
                }}
              >
                {size}
              </UnstyledButton>
            );
          })}
        </Group>
      </div>
    </div>
  );
}
