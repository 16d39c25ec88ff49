import {
  ActionIcon,
  Anchor,
  Button,
  Chip,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { SIZES } from '@bazaar/shared';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useShopList } from '../../../api/shop-catalog/shop-lists';
import { ColourSwatch } from '../../../components/colour-swatches';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useCatalogPaths } from './catalog-paths';
import { STICKY_END } from './table-styles';
import {
  cellKey,
  cellPercentOff,
  cellsFor,
  fillAll,
  madeCells,
  removedSaved,
  sortSizes,
  withLeftOut,
  type CellErrors,
  type CellField,
  type SameForAll,
  type VariantCell,
} from './variant-grid-model';

/**
 * What the grid edits: the chosen sizes and colours, one cell per combination, and the keys
 * (`M|Red`) of the combinations the shop does not make (`madeCells` leaves them out).
 */
export interface VariantGridValue {
  sizes: string[];
  colours: string[];
  cells: VariantCell[];
  leftOut: string[];
}

export const EMPTY_VARIANT_GRID: VariantGridValue = {
  sizes: [],
  colours: [],
  cells: [],
  leftOut: [],
};

/** The background of the same-for-all row and of a left-out row. */
const MUTED = 'var(--mantine-color-gray-0)';

const EMPTY_SAME: SameForAll = { quantity: '', mrpRupees: '', priceRupees: '' };

const money = {
  min: 0,
  decimalScale: 2,
  allowNegative: false,
  thousandSeparator: ',',
  hideControls: true,
} as const;

/**
 * The size x colour grid of Add Product and Edit (docs/shop-catalog.md "Designs and variants"):
 * the seller ticks sizes (in the SIZES order) and picks colours from the shop's colour list; each
 * combination gets a row with quantity, MRP, price, the percent off the storefront will show
 * (`discountPercent`) and the SKU (left blank, the server generates one). The 'Same for all' row
 * copies its filled columns into every row. Each row's Remove leaves that one combination out
 * (the shop does not make it): the row stays, muted, with Add back, and is neither checked nor
 * sent. Removing a size, a colour or a row that drops a saved combination asks first (its stock
 * leaves the storefront).
 */
export function VariantGrid({
  value,
  errors,
  onChange,
}: {
  value: VariantGridValue;
  /** Messages by cell key (`M|Red`) and column. */
  errors: Record<string, CellErrors>;
  onChange: (next: VariantGridValue) => void;
}) {
  const paths = useCatalogPaths();
  const { data: colourList } = useShopList('colours');
  const [same, setSame] = useState<SameForAll>(EMPTY_SAME);
  const [pending, setPending] = useState<{ next: VariantGridValue; removed: VariantCell[] }>();

  const listNames = colourList?.items.map((entry) => entry.name) ?? [];
  // Colours of saved variants stay choosable even when since deleted from the list.
  const colourOptions = [...new Set([...value.colours, ...listNames])];

  const leftOut = new Set(value.leftOut);

  const apply = (next: VariantGridValue) => {
    const removed = removedSaved(madeCells(value), madeCells(next));
    if (removed.length > 0) setPending({ next, removed });
    else onChange(next);
  };

  const choose = (sizes: string[], colours: string[]) =>
    apply({
      ...value,
      sizes: sortSizes(sizes),
      colours,
      cells: cellsFor(sizes, colours, value.cells),
    });

  const setLeftOut = (key: string, out: boolean) =>
    apply({ ...value, leftOut: withLeftOut(value.leftOut, key, out) });

  const setCell = (key: string, field: CellField, fieldValue: string | number) =>
    onChange({
      ...value,
      cells: value.cells.map((cell) =>
        cellKey(cell) === key
          ? {
              ...cell,
              [field]:
                field === 'sku' ? String(fieldValue) : fieldValue === '' ? '' : Number(fieldValue),
            }
          : cell,
      ),
    });

  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Sizes and colours
      </Title>
      <div>
        <Text fz="sm" fw={500} mb={4} id="variant-sizes-label">
          Sizes
        </Text>
        <Chip.Group multiple value={value.sizes} onChange={(sizes) => choose(sizes, value.colours)}>
          <Group gap={6} role="group" aria-labelledby="variant-sizes-label">
            {SIZES.map((size) => (
              <Chip key={size.label} value={size.label} size="sm">
                {size.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <MultiSelect
        label="Colours"
        placeholder={colourList ? 'Pick colours' : 'Loading...'}
        searchable
        data={colourOptions}
        value={value.colours}
        onChange={(colours) => choose(value.sizes, colours)}
        nothingFoundMessage="No match in your list"
        description={
          <Anchor component={Link} to={paths.addColour} size="xs">
            Add a colour
          </Anchor>
        }
      />

      {value.cells.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Choose at least one size and one colour: each combination gets its own stock and price.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={6} fz="sm" aria-label="Variants">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Colour</Table.Th>
                <Table.Th scope="col">Size</Table.Th>
                <Table.Th scope="col">Quantity</Table.Th>
                <Table.Th scope="col">MRP (₹)</Table.Th>
                <Table.Th scope="col">Price (₹)</Table.Th>
                <Table.Th scope="col">Off the MRP</Table.Th>
                <Table.Th scope="col">SKU</Table.Th>
                <Table.Th scope="col" style={STICKY_END}>
                  <VisuallyHidden>Remove or add back</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr bg={MUTED}>
                <Table.Th scope="row" colSpan={2}>
                  Same for all
                </Table.Th>
                <Table.Td>
                  <NumberInput
                    aria-label="Quantity for all"
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    value={same.quantity}
                    onChange={(v) => setSame({ ...same, quantity: v === '' ? '' : Number(v) })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label="MRP for all"
                    {...money}
                    value={same.mrpRupees}
                    onChange={(v) => setSame({ ...same, mrpRupees: v === '' ? '' : Number(v) })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label="Price for all"
                    {...money}
                    value={same.priceRupees}
                    onChange={(v) => setSame({ ...same, priceRupees: v === '' ? '' : Number(v) })}
                  />
                </Table.Td>
                <Table.Td colSpan={3}>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onChange({ ...value, cells: fillAll(value.cells, same) })}
                  >
                    Fill every row
                  </Button>
                </Table.Td>
              </Table.Tr>
              {value.cells.map((cell) => {
                const key = cellKey(cell);
                const own = errors[key] ?? {};
                const name = `${cell.colour} ${cell.size}`;
                const pair = `${cell.colour} / ${cell.size}`;
                const colourAndSize = (
                  <>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <ColourSwatch colour={cell.colour} decorative />
                        {cell.colour}
                      </Group>
                    </Table.Td>
                    <Table.Td fw={600}>{cell.size}</Table.Td>
                  </>
                );
                if (leftOut.has(key)) {
                  return (
                    <Table.Tr key={key} data-variant={key} data-left-out bg={MUTED} c="dimmed">
                      {colourAndSize}
                      <Table.Td colSpan={5} fs="italic">
                        Not made
                        {/* A phone scrolls the row under Add back: the short words stay in view. */}
                        <Text span inherit visibleFrom="sm">
                          : left out of this design
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ ...STICKY_END, background: MUTED }}>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconArrowBackUp size={16} />}
                          aria-label={`Add back ${pair}`}
                          onClick={() => setLeftOut(key, false)}
                        >
                          Add back
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                }
                return (
                  <Table.Tr key={key} data-variant={key}>
                    {colourAndSize}
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity ${name}`}
                        min={0}
                        allowDecimal={false}
                        allowNegative={false}
                        hideControls
                        value={cell.quantity}
                        error={own.quantity}
                        onChange={(v) => setCell(key, 'quantity', v)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`MRP ${name}`}
                        {...money}
                        value={cell.mrpRupees}
                        error={own.mrpRupees}
                        onChange={(v) => setCell(key, 'mrpRupees', v)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Price ${name}`}
                        {...money}
                        value={cell.priceRupees}
                        error={own.priceRupees}
                        onChange={(v) => setCell(key, 'priceRupees', v)}
                      />
                    </Table.Td>
                    <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="percent-off">
                      {cellPercentOff(cell)}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`SKU ${name}`}
                        placeholder="Generated"
                        maxLength={40}
                        value={cell.sku}
                        error={own.sku}
                        onChange={(event) => setCell(key, 'sku', event.currentTarget.value)}
                      />
                    </Table.Td>
                    <Table.Td style={STICKY_END}>
                      <Tooltip label="Not made: leave it out">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${pair}`}
                          onClick={() => setLeftOut(key, true)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ConfirmModal
        opened={pending !== undefined}
        title="Remove variants"
        confirmLabel="Remove"
        onClose={() => setPending(undefined)}
        onConfirm={() => {
          if (pending) onChange(pending.next);
          setPending(undefined);
        }}
      >
        Remove {pending?.removed.map((cell) => `${cell.colour} / ${cell.size}`).join(', ')} from
        this design? It leaves the storefront when you save; orders keep it.
      </ConfirmModal>
    </Stack>
  );
}
