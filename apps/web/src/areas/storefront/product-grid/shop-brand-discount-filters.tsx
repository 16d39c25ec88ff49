import { Checkbox, NativeSelect, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { formatIndianNumber, MIN_DISCOUNT_CHOICES, type GridFilters } from '@bazaar/shared';
import { useId } from 'react';
import { useFilterOptions } from '../../../api/products/get-filter-options';
import { ColourSwatch } from '../../../components/colour-swatches';

/**
 * The grid's colour, brand, shop and least-discount filters (docs/catalog.md "Grid, search and
 * home"). The choices are the colours, brands and shops that have listed products (of the page's
 * shop only on a shop's page, which fixes `fixedShopId` and shows no shop filter), with how many
 * products each has; a colour or brand named in the URL but not among them stays choosable. A
 * design matches the colour filter when any of its variants has a chosen colour.
 */
export function ShopBrandDiscountFilters({
  filters,
  fixedShopId,
  onChange,
}: {
  filters: GridFilters;
  fixedShopId: number | undefined;
  onChange: (patch: Partial<GridFilters>) => void;
}) {
  const { data, isPending, isError } = useFilterOptions(fixedShopId);
  const brandLabelId = useId();
  const colourLabelId = useId();
  const colourChoices = withChosen(data?.colours ?? [], filters.colour);

  return (
    <Stack gap="md">
      {colourChoices.length > 0 && (
        <div role="group" aria-labelledby={colourLabelId}>
          <Text id={colourLabelId} fw={600} fz="sm" mb={6}>
            Colour
          </Text>
          <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
            <Checkbox.Group
              value={filters.colour}
              onChange={(colour) => onChange({ colour: [...colour].sort() })}
            >
              <Stack gap={6}>
                {colourChoices.map((colour) => (
                  <Checkbox
                    key={colour.name}
                    value={colour.name}
                    size="xs"
                    label={
                      <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                        <ColourSwatch colour={colour.name} decorative />
                        {optionLabel(colour)}
                      </span>
                    }
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        </div>
      )}
      <div role="group" aria-labelledby={brandLabelId}>
        <Text id={brandLabelId} fw={600} fz="sm" mb={6}>
          Brand
        </Text>
        {isPending ? (
          <Skeleton h={80} aria-label="Loading brands" />
        ) : isError ? (
          <Text fz="sm" c="dimmed">
            Brands could not be loaded.
          </Text>
        ) : (
          // A long list scrolls inside the panel instead of pushing the other filters down.
          <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
            <Checkbox.Group
              value={filters.brand}
              onChange={(brand) => onChange({ brand: [...brand].sort() })}
            >
              <Stack gap={6}>
                {withChosen(data.companies, filters.brand).map((company) => (
                  <Checkbox
                    key={company.name}
                    value={company.name}
                    size="xs"
                    label={optionLabel(company)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        )}
      </div>

      {fixedShopId === undefined && (
        <NativeSelect
          label="Shop"
          value={filters.shopId === undefined ? '' : String(filters.shopId)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ shopId: value ? Number(value) : undefined });
          }}
          data={[
            { value: '', label: 'All shops' },
            ...(data?.shops ?? []).map((shop) => ({
              value: String(shop.id),
              label: `${shop.name} (${formatIndianNumber(shop.productCount)})`,
            })),
            // A shop named in the URL but not (yet) among the choices stays selectable.
            ...(filters.shopId !== undefined && !data?.shops.some((s) => s.id === filters.shopId)
              ? [{ value: String(filters.shopId), label: `Shop ${filters.shopId}` }]
              : []),
          ]}
        />
      )}

      <NativeSelect
        label="Discount"
        value={filters.minDiscount === undefined ? '' : String(filters.minDiscount)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ minDiscount: value ? Number(value) : undefined });
        }}
        data={[
          { value: '', label: 'Any discount' },
          ...MIN_DISCOUNT_CHOICES.map((percent) => ({
            value: String(percent),
            label: `${percent}% or more`,
          })),
          ...(filters.minDiscount !== undefined &&
          !(MIN_DISCOUNT_CHOICES as readonly number[]).includes(filters.minDiscount)
            ? [{ value: String(filters.minDiscount), label: `${filters.minDiscount}% or more` }]
            : []),
        ]}
      />
    </Stack>
  );
}

interface FilterOption {
  name: string;
  /** Null for a choice named in the URL that no listed product has (any more). */
  productCount: number | null;
}

/** The options, plus each chosen name none of them matches (in any case), by name. */
function withChosen(
  options: ReadonlyArray<{ name: string; productCount: number }>,
  chosen: readonly string[],
): FilterOption[] {
  const known = new Set(options.map((option) => option.name.toLowerCase()));
  const missing = chosen
    .filter((name) => !known.has(name.toLowerCase()))
    .map((name) => ({ name, productCount: null }));
  if (missing.length === 0) return [...options];
  return [...options, ...missing].sort((a, b) => a.name.localeCompare(b.name));
}

/** 'Red (1,204)'; a choice without listed products by its name alone. */
function optionLabel(option: FilterOption): string {
  return option.productCount === null
    ? option.name
    : `${option.name} (${formatIndianNumber(option.productCount)})`;
}

/** How many of these filters are set (the phone's 'More filters' button shows it). */
export function shopBrandDiscountCount(filters: GridFilters, fixedShopId: number | undefined) {
  return (
    filters.brand.length +
    filters.colour.length +
    (fixedShopId === undefined && filters.shopId !== undefined ? 1 : 0) +
    (filters.minDiscount === undefined ? 0 : 1)
  );
}
