import {
  SHOP_CATALOG_MESSAGES,
  SIZE_LABELS,
  discountPercent,
  type SizeLabel,
} from '@bazaar/shared';

/**
 * One size x colour combination of a design as the grid holds it: money in rupees as typed,
 * numbers '' while empty; `id` is the saved variant's (absent for a new combination); `sku` ''
 * lets the server generate one.
 */
export interface VariantCell {
  id?: number;
  size: SizeLabel;
  colour: string;
  sku: string;
  quantity: number | '';
  mrpRupees: number | '';
  priceRupees: number | '';
}

/** The 'same for all' row: what it fills into every cell ('' leaves that column alone). */
export interface SameForAll {
  quantity: number | '';
  mrpRupees: number | '';
  priceRupees: number | '';
}

/** A combination's key: `M|Red`. */
export const cellKey = (cell: { size: string; colour: string }) => `${cell.size}|${cell.colour}`;

/** The chosen sizes in the SIZES order (XS ... 4XL), whatever order they were ticked in. */
export function sortSizes(sizes: readonly string[]): SizeLabel[] {
  return SIZE_LABELS.filter((label) => sizes.includes(label));
}

/**
 * The grid's cells for the chosen sizes and colours: colour by colour (in the order chosen), each
 * in size order; a combination already in `cells` keeps its values, a new one starts empty.
 */
export function cellsFor(
  sizes: readonly string[],
  colours: readonly string[],
  cells: readonly VariantCell[],
): VariantCell[] {
  const byKey = new Map(cells.map((cell) => [cellKey(cell), cell]));
  return colours.flatMap((colour) =>
    sortSizes(sizes).map(
      (size) =>
        byKey.get(cellKey({ size, colour })) ?? {
          size,
          colour,
          sku: '',
          quantity: '',
          mrpRupees: '',
          priceRupees: '',
        },
    ),
  );
}

/**
 * The saved combinations (with an id) among `before` that `next` no longer has: the edit asks
 * before. Both are the cells that would be sent (`madeCells`), so a combination left out counts
 * as dropped, and one already left out is not asked about again when its size goes.
 */
export function removedSaved(before: readonly VariantCell[], next: readonly VariantCell[]) {
  const kept = new Set(next.map(cellKey));
  return before.filter((cell) => cell.id !== undefined && !kept.has(cellKey(cell)));
}

/**
 * The combinations the design is made in: the grid's cells whose key (`M|Red`) is not in
 * `leftOut`, in grid order. Only these are checked and sent; a left-out cell keeps its values
 * (and saved id) in the grid, so bringing it back loses nothing.
 */
export function madeCells(grid: {
  cells: readonly VariantCell[];
  leftOut: readonly string[];
}): VariantCell[] {
  const leftOut = new Set(grid.leftOut);
  return grid.cells.filter((cell) => !leftOut.has(cellKey(cell)));
}

/**
 * The left-out keys with `key` left out (`out` true) or brought back (`out` false), each key
 * once. A key stays listed while its size or colour is unticked, so ticking it again shows the
 * combination still left out instead of quietly making it again.
 */
export function withLeftOut(leftOut: readonly string[], key: string, out: boolean): string[] {
  const others = leftOut.filter((entry) => entry !== key);
  return out ? [...others, key] : others;
}

/** Every cell with the 'same for all' row's filled columns copied in. */
export function fillAll(cells: readonly VariantCell[], same: SameForAll): VariantCell[] {
  return cells.map((cell) => ({
    ...cell,
    ...(same.quantity !== '' && { quantity: same.quantity }),
    ...(same.mrpRupees !== '' && { mrpRupees: same.mrpRupees }),
    ...(same.priceRupees !== '' && { priceRupees: same.priceRupees }),
  }));
}

const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * The percent off a cell will show on the storefront, by the shared `discountPercent`: '20% off',
 * 'No discount', or '' while MRP or price is empty or the price is over the MRP.
 */
export function cellPercentOff(cell: Pick<VariantCell, 'mrpRupees' | 'priceRupees'>): string {
  const { mrpRupees, priceRupees } = cell;
  if (mrpRupees === '' || priceRupees === '' || priceRupees > mrpRupees) return '';
  const percent = discountPercent({
    mrpPaise: toPaise(mrpRupees),
    pricePaise: toPaise(priceRupees),
  });
  return percent >= 1 ? `${percent}% off` : 'No discount';
}

/** Which column of a cell a message belongs to. */
export type CellField = 'quantity' | 'mrpRupees' | 'priceRupees' | 'sku';
export type CellErrors = Partial<Record<CellField, string>>;

/**
 * The grid's own checks before sending, with the shared schema's messages: a cell needs a
 * quantity, an MRP and a price, and the price may not be over the MRP
 * (`SHOP_CATALOG_MESSAGES.priceAboveMrp`, the message the server answers with). Answers the
 * errors by cell key; empty when the grid may be sent.
 */
export function cellErrors(cells: readonly VariantCell[]): Record<string, CellErrors> {
  const errors: Record<string, CellErrors> = {};
  for (const cell of cells) {
    const own: CellErrors = {};
    if (cell.quantity === '') own.quantity = 'Enter the quantity';
    if (cell.mrpRupees === '' || cell.mrpRupees <= 0) own.mrpRupees = 'Enter the MRP';
    if (cell.priceRupees === '' || cell.priceRupees <= 0) own.priceRupees = 'Enter the price';
    else if (cell.mrpRupees !== '' && cell.priceRupees > cell.mrpRupees)
      own.priceRupees = SHOP_CATALOG_MESSAGES.priceAboveMrp(toPaise(cell.mrpRupees));
    if (Object.keys(own).length > 0) errors[cellKey(cell)] = own;
  }
  return errors;
}

/** A cell as the designs endpoints take it (paise; a blank SKU left out for the server). */
export function toVariantInput(cell: VariantCell) {
  return {
    ...(cell.id !== undefined && { id: cell.id }),
    size: cell.size,
    colour: cell.colour,
    ...(cell.sku.trim() !== '' && { sku: cell.sku.trim() }),
    quantity: cell.quantity === '' ? 0 : cell.quantity,
    mrpPaise: cell.mrpRupees === '' ? 0 : toPaise(cell.mrpRupees),
    pricePaise: cell.priceRupees === '' ? 0 : toPaise(cell.priceRupees),
  };
}

/** Only the price-over-MRP messages of the cells (what the grid shows while it is typed in). */
export function priceErrorsOnly(errors: Record<string, CellErrors>): Record<string, CellErrors> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, own]) => own.priceRupees?.startsWith('Price cannot be more than the MRP'))
      .map(([key, own]) => [key, { priceRupees: own.priceRupees }]),
  );
}
