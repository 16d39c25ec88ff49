import {
  DesignInputSchema,
  DesignUpdateSchema,
  SHOP_CATALOG_MESSAGES,
  type DesignFormInput,
  type DesignUpdateFormInput,
  type ShopDesignWithVariants,
} from '@bazaar/shared';
import { EMPTY_PRODUCT, formFieldOf, type ProductFormValues } from './product-fields';
import { hsnClassOfForm } from './product-gst';
import {
  cellKey,
  cellsFor,
  madeCells,
  sortSizes,
  type CellErrors,
  type CellField,
  type VariantCell,
} from './variant-grid-model';
import type { VariantGridValue } from './variant-grid';

/** A typed amount as the schema takes it: the number, or '' while empty (refused by it). */
const amount = (value: number | '') => (value === '' ? '' : value);
const paise = (rupees: number | '') => (rupees === '' ? '' : Math.round(rupees * 100));

function designFieldsOf(values: ProductFormValues) {
  return {
    company: values.company,
    name: values.name,
    category: values.category as DesignFormInput['category'],
    style: values.style as DesignFormInput['style'],
    material: values.material as DesignFormInput['material'],
    description: values.description,
    hsnClass: hsnClassOfForm(values) as DesignFormInput['hsnClass'],
  };
}

/** `POST /api/shop/designs`'s body of the form and the grid (rupees to paise; blank SKU left out). */
export function toDesignInput(values: ProductFormValues, cells: readonly VariantCell[]) {
  return {
    ...designFieldsOf(values),
    variants: cells.map((cell) => ({
      size: cell.size,
      colour: cell.colour,
      ...(cell.sku.trim() !== '' && { sku: cell.sku.trim() }),
      quantity: amount(cell.quantity),
      mrpPaise: paise(cell.mrpRupees),
      pricePaise: paise(cell.priceRupees),
    })),
  } as DesignFormInput;
}

/**
 * A SKU for a combination added in Edit, where the contract wants one: the server's own shape
 * (`POLO-RED-M`: name, colour, size in capitals); a taken one comes back as SKU_TAKEN on its cell.
 */
export function suggestedSku(name: string, cell: Pick<VariantCell, 'colour' | 'size'>): string {
  const part = (text: string) =>
    text
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [part(name).slice(0, 20), part(cell.colour).slice(0, 12), cell.size]
    .filter(Boolean)
    .join('-')
    .slice(0, 40);
}

/** `PUT /api/shop/designs/{id}`'s body: saved variants keep their id; new ones get a SKU. */
export function toDesignUpdate(values: ProductFormValues, cells: readonly VariantCell[]) {
  return {
    ...designFieldsOf(values),
    variants: cells.map((cell) => ({
      ...(cell.id !== undefined && { id: cell.id }),
      size: cell.size,
      colour: cell.colour,
      sku: cell.sku.trim() || suggestedSku(values.name, cell),
      quantity: amount(cell.quantity),
      mrpPaise: paise(cell.mrpRupees),
      pricePaise: paise(cell.priceRupees),
    })),
  } as DesignUpdateFormInput;
}

/** Where messages go: the design's fields, the grid's cells, or the grid as a whole. */
export interface DesignErrors {
  fields: Record<string, string>;
  cells: Record<string, CellErrors>;
  variants?: string;
}

const CELL_FIELDS: Record<string, CellField> = {
  quantity: 'quantity',
  mrpPaise: 'mrpRupees',
  pricePaise: 'priceRupees',
  sku: 'sku',
  // A repeated size and colour: shown on the SKU, the cell's only free text.
  colour: 'sku',
  size: 'sku',
};

/**
 * Sorts messages by path (`company`, `variants`, `variants.2.pricePaise`, as the schema's issues
 * and the server's `fields` name them) onto the form, the grid's cells (by index) and the grid.
 */
export function placeErrors(
  entries: Iterable<[path: string, message: string]>,
  cells: readonly VariantCell[],
): DesignErrors {
  const errors: DesignErrors = { fields: {}, cells: {} };
  for (const [path, message] of entries) {
    const [head, index, field] = path.split('.');
    if (head !== 'variants') {
      errors.fields[formFieldOf(head ?? path)] ??= message;
      continue;
    }
    const cell = index === undefined ? undefined : cells[Number(index)];
    const column = field === undefined ? undefined : CELL_FIELDS[field];
    if (!cell || !column) {
      errors.variants ??= message;
      continue;
    }
    const own = (errors.cells[cellKey(cell)] ??= {});
    own[column] ??= message;
  }
  return errors;
}

/**
 * The shared schema (DesignInputSchema, or DesignUpdateSchema for Edit) run on the request the
 * form and grid make (the grid's made cells, `madeCells`), so they refuse what the server would,
 * with its messages, each at its field or cell. A grid whose every combination is left out gets
 * `SHOP_CATALOG_MESSAGES.allCombinationsLeftOut` on the grid as a whole.
 */
export function validateDesign(
  values: ProductFormValues,
  grid: Pick<VariantGridValue, 'cells' | 'leftOut'>,
  mode: 'add' | 'edit',
): DesignErrors {
  const cells = madeCells(grid);
  const result =
    mode === 'add'
      ? DesignInputSchema.safeParse(toDesignInput(values, cells))
      : DesignUpdateSchema.safeParse(toDesignUpdate(values, cells));
  if (result.success) return { fields: {}, cells: {} };
  const errors = placeErrors(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    cells,
  );
  // The schema's 'Add at least one size and colour' would point at the ticks, which are fine:
  // what is missing is a combination brought back.
  if (cells.length === 0 && grid.cells.length > 0) {
    errors.variants = SHOP_CATALOG_MESSAGES.allCombinationsLeftOut;
  }
  return errors;
}

/** True when nothing is wrong. */
export const noDesignErrors = (errors: DesignErrors) =>
  Object.keys(errors.fields).length === 0 &&
  Object.keys(errors.cells).length === 0 &&
  errors.variants === undefined;

/**
 * The form and grid of a saved design (Edit starts from them). The grid has a row for every
 * combination of the design's sizes and colours; one without a live variant starts left out, so
 * ticking another size does not quietly make it.
 */
export function designFormOf({ design, variants }: ShopDesignWithVariants): {
  values: ProductFormValues;
  grid: VariantGridValue;
} {
  const saved: VariantCell[] = variants.map((variant) => ({
    id: variant.id,
    size: variant.size,
    colour: variant.colour,
    sku: variant.sku,
    quantity: variant.stockQuantity,
    mrpRupees: variant.mrpPaise / 100,
    priceRupees: variant.pricePaise / 100,
  }));
  const sizes = sortSizes(saved.map((cell) => cell.size));
  const colours = [...new Set(saved.map((cell) => cell.colour))];
  const cells = cellsFor(sizes, colours, saved);
  const savedKeys = new Set(saved.map(cellKey));
  return {
    values: {
      ...EMPTY_PRODUCT,
      company: design.company,
      name: design.name,
      category: design.category,
      style: design.style,
      material: design.material,
      description: design.description,
      hsnClass: design.hsnClass,
    },
    grid: {
      sizes,
      colours,
      cells,
      leftOut: cells.filter((cell) => !savedKeys.has(cellKey(cell))).map(cellKey),
    },
  };
}
