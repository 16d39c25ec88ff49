import { Group, RangeSlider, Text } from '@mantine/core';
import {
  PRICE_SLIDER_DEFAULT_MAX_RUPEES,
  PRICE_SLIDER_DEFAULT_MIN_RUPEES,
  PRICE_SLIDER_MIN_GAP_RUPEES,
  formatRupeesShort,
  rupeesToPaise,
  type ProductPage,
} from '@bazaar/shared';
import { useId, useState, type KeyboardEvent } from 'react';

export type RupeeRange = [number, number];

/**
 * The slider's bounds in whole rupees from the result's price bounds (which ignore the price
 * filter itself): the lowest price rounded down, the highest rounded up, at least the minimum
 * gap apart. Before any data (or with an empty result) the spec's default 0-10000.
 * Spec docs/catalog.md: "Price slider bounds are recomputed ... whenever the list changes".
 */
export function sliderBounds(priceBounds: ProductPage['priceBounds'] | undefined): RupeeRange {
  if (!priceBounds) return [PRICE_SLIDER_DEFAULT_MIN_RUPEES, PRICE_SLIDER_DEFAULT_MAX_RUPEES];
  const min = Math.floor(priceBounds.minPricePaise / 100);
  const max = Math.max(
    Math.ceil(priceBounds.maxPricePaise / 100),
    min + PRICE_SLIDER_MIN_GAP_RUPEES,
  );
  return [min, max];
}

const THUMB_FROM_LABEL = 'Minimum price in rupees';
const THUMB_TO_LABEL = 'Maximum price in rupees';

/**
 * Where Home, End, PageUp and PageDown move a handle (WAI-ARIA slider pattern): to the end of
 * its allowed range, or a tenth of the range at a time. Mantine's RangeSlider handles only the
 * arrow keys. Each handle stops the minimum gap short of the other. Null for any other key.
 */
export function keyboardRange(
  key: string,
  thumb: 0 | 1,
  [from, to]: RupeeRange,
  [min, max]: RupeeRange,
): RupeeRange | null {
  const gap = PRICE_SLIDER_MIN_GAP_RUPEES;
  const pageStep = Math.max(gap, Math.round((max - min) / 10));
  const [low, high] = thumb === 0 ? [min, to - gap] : [from + gap, max];
  const current = thumb === 0 ? from : to;
  const target =
    key === 'Home'
      ? low
      : key === 'End'
        ? high
        : key === 'PageUp'
          ? current + pageStep
          : key === 'PageDown'
            ? current - pageStep
            : null;
  if (target === null) return null;
  const next = Math.min(Math.max(target, low), high);
  return thumb === 0 ? [next, to] : [from, next];
}

function clampRange([from, to]: RupeeRange, [min, max]: RupeeRange): RupeeRange {
  const low = Math.min(Math.max(from, min), max);
  const high = Math.max(Math.min(to, max), low);
  return [low, high];
}

interface PriceRangeFilterProps {
  bounds: RupeeRange;
  /** The chosen range; undefined ends mean "no limit on that side". */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  onChange: (range: { minPrice: number | undefined; maxPrice: number | undefined }) => void;
}

/**
 * The price-range slider (docs/catalog.md): two handles in rupees that stay at least
 * 10 apart. The grid is asked again only when a handle is released, not on every
 * pixel of a drag. A handle left at its bound sends no limit for that side.
 */
export function PriceRangeFilter({ bounds, minPrice, maxPrice, onChange }: PriceRangeFilterProps) {
  const labelId = useId();
  const chosen = clampRange([minPrice ?? bounds[0], maxPrice ?? bounds[1]], bounds);
  const [draft, setDraft] = useState<RupeeRange>(chosen);

  // Follow the URL and the bounds when they change from outside (back button, new search):
  // adjusting state during render, React's pattern for state derived from changing props.
  const [followed, setFollowed] = useState<RupeeRange>(chosen);
  if (followed[0] !== chosen[0] || followed[1] !== chosen[1]) {
    setFollowed(chosen);
    setDraft(chosen);
  }

  const handleChangeEnd = ([from, to]: RupeeRange) => {
    onChange({
      minPrice: from <= bounds[0] ? undefined : from,
      maxPrice: to >= bounds[1] ? undefined : to,
    });
  };

  // Captured before the slider sees the key; preventDefault also stops End scrolling the page.
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const label = (event.target as HTMLElement).getAttribute('aria-label');
    const thumb = label === THUMB_FROM_LABEL ? 0 : label === THUMB_TO_LABEL ? 1 : null;
    if (thumb === null) return;
    const next = keyboardRange(event.key, thumb, draft, bounds);
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    setDraft(next);
    handleChangeEnd(next);
  };

  const format = (rupees: number) => formatRupeesShort(rupeesToPaise(rupees));

  return (
    <div role="group" aria-labelledby={labelId} onKeyDownCapture={handleKeyDownCapture}>
      <Group justify="space-between" mb={6}>
        <Text id={labelId} fw={600} fz="sm">
          Price
        </Text>
        <Text fz="sm" c="dimmed" aria-live="polite">
          {format(draft[0])} – {format(draft[1])}
        </Text>
      </Group>
      <RangeSlider
        min={bounds[0]}
        max={bounds[1]}
        minRange={PRICE_SLIDER_MIN_GAP_RUPEES}
        step={1}
        value={draft}
        onChange={setDraft}
        onChangeEnd={handleChangeEnd}
        label={null}
        thumbFromLabel={THUMB_FROM_LABEL}
        thumbToLabel={THUMB_TO_LABEL}
        thumbValueText={format}
        mx={6}
      />
      <Group justify="space-between" mt={6}>
        <Text fz="xs" c="dimmed">
          {format(bounds[0])}
        </Text>
        <Text fz="xs" c="dimmed">
          {format(bounds[1])}
        </Text>
      </Group>
    </div>
  );
}
