// @vitest-environment jsdom
import '../../../support/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SHOP_CATALOG_MESSAGES,
  type DesignUpdateFormInput,
  type ShopDesignWithVariants,
} from '@bazaar/shared';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { designFormOf, validateDesign } from '../../../../src/areas/shop/catalog/design-form';
import { EditDesignModal } from '../../../../src/areas/shop/catalog/edit-design-modal';
import { EMPTY_PRODUCT } from '../../../../src/areas/shop/catalog/product-fields';
import {
  EMPTY_VARIANT_GRID,
  VariantGrid,
  type VariantGridValue,
} from '../../../../src/areas/shop/catalog/variant-grid';
import {
  cellErrors,
  cellKey,
  cellsFor,
  fillAll,
  madeCells,
  removedSaved,
  toVariantInput,
  withLeftOut,
} from '../../../../src/areas/shop/catalog/variant-grid-model';
import { fakeApi, type SeenRequest } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/shop-catalog.md "Designs and variants": the seller picks sizes and colours, gets one row
 * per combination, fills them one by one or all at once, and sees the percent off and the
 * price-over-MRP message at the row.
 */

const COLOURS = {
  body: {
    items: [
      { id: 1, name: 'Red' },
      { id: 2, name: 'Blue' },
      { id: 3, name: 'Green' },
    ],
  },
};

function Harness({ initial }: { initial: VariantGridValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <VariantGrid value={value} errors={cellErrors(madeCells(value))} onChange={setValue} />
      <output data-testid="made">{madeCells(value).length}</output>
    </>
  );
}

function renderGrid(initial: VariantGridValue = EMPTY_VARIANT_GRID) {
  fakeApi({ 'GET /api/shop/colours': COLOURS });
  renderPage(<Harness initial={initial} />, { url: '/' });
}

const rows = () => within(screen.getByRole('table', { name: 'Variants' })).getAllByRole('row');
const cellLabel = (cell: { colour: string; size: string }) => `${cell.colour}/${cell.size}`;
const made = () => Number(screen.getByTestId('made').textContent);

const SIX_SIZES = ['S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;
const FOUR_COLOURS = ['Red', 'Blue', 'Green', 'Black'];

/** A new 6 x 4 grid with every row filled: ₹1,499 MRP, ₹1,199 price, 10 units. */
function filledGrid(): VariantGridValue {
  return {
    sizes: [...SIX_SIZES],
    colours: FOUR_COLOURS,
    cells: fillAll(cellsFor(SIX_SIZES, FOUR_COLOURS, []), {
      quantity: 10,
      mrpRupees: 1499,
      priceRupees: 1199,
    }),
    leftOut: [],
  };
}

/** A saved design (id 5) with one live variant per size and colour given, 10 units each. */
function savedDesign(
  sizes: readonly (typeof SIX_SIZES)[number][],
  colours: readonly string[],
): ShopDesignWithVariants {
  const variants = colours.flatMap((colour, c) =>
    sizes.map((size, s) => ({
      id: 100 + c * 10 + s,
      sku: `KRT-${colour.toUpperCase()}-${size}`,
      size,
      colour,
      mrpPaise: 149_900,
      pricePaise: 119_900,
      stockQuantity: 10,
    })),
  );
  return {
    design: {
      id: 5,
      company: 'Handloom',
      name: 'Kurta',
      category: 'Men',
      style: 'Plain',
      material: 'Cotton',
      description: 'Straight-cut cotton kurta',
      hsnClass: 'mens-shirt',
      placement: 'normal',
      defaultProductId: variants[0]?.id ?? null,
      minPricePaise: 119_900,
      maxPricePaise: 119_900,
      colours: [...colours],
      sizes: [...sizes],
      stockTotal: variants.length * 10,
      images: [],
    },
    variants,
  };
}

/** Opens Edit on `design`; answers every request the modal makes. @returns the requests seen. */
function renderEdit(design: ShopDesignWithVariants): SeenRequest[] {
  const list = (name: string) => ({ body: { items: [{ id: 1, name }] } });
  const seen = fakeApi({
    'GET /api/shop/colours': COLOURS,
    'GET /api/shop/companies': list('Handloom'),
    'GET /api/shop/product-names': list('Kurta'),
    'GET /api/shop/designs/5': { body: design },
    'PUT /api/shop/designs/5': { body: design },
  });
  renderPage(<EditDesignModal designId={5} onClose={() => undefined} onError={() => undefined} />, {
    url: '/',
  });
  return seen;
}

/** The variants of the last save, as `Colour/Size`, or undefined before any. */
function savedVariants(seen: readonly SeenRequest[]) {
  const put = seen.filter((request) => request.method === 'PUT').at(-1);
  return (put?.body as DesignUpdateFormInput | undefined)?.variants;
}

/** Clicks a row's Remove and confirms the question, which must name the row. */
async function removeSaved(user: ReturnType<typeof userEvent.setup>, pair: string) {
  await user.click(await screen.findByRole('button', { name: `Remove ${pair}` }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove variants' });
  expect(confirm.textContent).toContain(`Remove ${pair} from this design?`);
  await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove variants' })).toBeNull());
}

describe('the size x colour model', () => {
  it('makes one cell per combination, colours in the order chosen, sizes in SIZES order', () => {
    const cells = cellsFor(['L', 'S', 'M'], ['Red', 'Blue'], []);
    expect(cells.map((c) => `${c.colour}/${c.size}`)).toEqual([
      'Red/S',
      'Red/M',
      'Red/L',
      'Blue/S',
      'Blue/M',
      'Blue/L',
    ]);
  });

  it('keeps the values of a combination still chosen and names the saved ones dropped', () => {
    const before = fillAll(cellsFor(['S', 'M'], ['Red'], []), {
      quantity: 4,
      mrpRupees: 1000,
      priceRupees: 800,
    }).map((cell, index) => ({ ...cell, id: index + 1 }));
    const next = cellsFor(['M', 'L'], ['Red'], before);
    expect(next[0]).toMatchObject({ id: 2, size: 'M', quantity: 4 });
    expect(next[1]).toMatchObject({ size: 'L', quantity: '' });
    expect(removedSaved(before, next).map((cell) => cell.size)).toEqual(['S']);
  });

  it('refuses a price over the MRP with the shared message, at that cell only', () => {
    const cells = cellsFor(['M'], ['Red', 'Blue'], []).map((cell) => ({
      ...cell,
      quantity: 1,
      mrpRupees: 1500,
      priceRupees: cell.colour === 'Red' ? 1600 : 1200,
    }));
    expect(cellErrors(cells)).toEqual({
      'M|Red': { priceRupees: 'Price cannot be more than the MRP (₹1,500)' },
    });
  });

  it('leaves one combination out of what is made, and brings it back with its values', () => {
    const grid = filledGrid();
    const leftOut = withLeftOut(grid.leftOut, 'XXL|Red', true);
    expect(leftOut).toEqual(['XXL|Red']);
    expect(madeCells({ ...grid, leftOut })).toHaveLength(23);
    expect(
      madeCells({ ...grid, leftOut }).map((cell) => `${cell.colour}/${cell.size}`),
    ).not.toContain('Red/XXL');
    // Leaving it out twice lists it once; bringing it back restores the row as it was.
    expect(withLeftOut(leftOut, 'XXL|Red', true)).toEqual(['XXL|Red']);
    const back = madeCells({ ...grid, leftOut: withLeftOut(leftOut, 'XXL|Red', false) });
    expect(back).toHaveLength(24);
    expect(back.find((cell) => cell.colour === 'Red' && cell.size === 'XXL')).toMatchObject({
      quantity: 10,
      priceRupees: 1199,
    });
  });

  it('keeps a combination left out while its size is unticked and ticked again', () => {
    const leftOut = ['XXL|Red'];
    const before = cellsFor(['M', 'XXL'], ['Red', 'Blue'], []);
    const unticked = cellsFor(['M'], ['Red', 'Blue'], before);
    expect(madeCells({ cells: unticked, leftOut })).toHaveLength(2);
    const ticked = cellsFor(['M', 'XXL'], ['Red', 'Blue'], unticked);
    expect(madeCells({ cells: ticked, leftOut }).map((cell) => cellLabel(cell))).toEqual([
      'Red/M',
      'Blue/M',
      'Blue/XXL',
    ]);
  });

  it('counts a saved combination left out as dropped, not again when its size goes', () => {
    const cells = cellsFor(['M', 'L'], ['Red'], []).map((cell, index) => ({
      ...cell,
      id: index + 1,
    }));
    const leftOut = ['L|Red'];
    expect(removedSaved(madeCells({ cells, leftOut: [] }), madeCells({ cells, leftOut }))).toEqual([
      cells[1],
    ]);
    const withoutL = cellsFor(['M'], ['Red'], cells);
    expect(
      removedSaved(madeCells({ cells, leftOut }), madeCells({ cells: withoutL, leftOut })),
    ).toEqual([]);
  });

  it('opens a saved design with its missing combinations left out', () => {
    const design = savedDesign(['M', 'L'], ['Red', 'Blue']);
    design.variants = design.variants.filter((v) => !(v.colour === 'Blue' && v.size === 'L'));
    const { grid } = designFormOf(design);
    expect(grid.cells.map((cell) => cellLabel(cell))).toEqual([
      'Red/M',
      'Red/L',
      'Blue/M',
      'Blue/L',
    ]);
    expect(grid.leftOut).toEqual(['L|Blue']);
    expect(madeCells(grid).map((cell) => cell.id)).toEqual([100, 101, 110]);
  });

  it('refuses a grid whose every combination is left out, with its own message', () => {
    const grid = filledGrid();
    const values = {
      ...EMPTY_PRODUCT,
      company: 'Handloom',
      name: 'Kurta',
      category: 'Men',
      style: 'Plain',
      material: 'Cotton',
    };
    expect(validateDesign(values, grid, 'add').variants).toBeUndefined();
    const errors = validateDesign(values, { ...grid, leftOut: grid.cells.map(cellKey) }, 'add');
    expect(errors.variants).toBe(SHOP_CATALOG_MESSAGES.allCombinationsLeftOut);
    expect(errors.cells).toEqual({});
    // No size or colour at all keeps the schema's message.
    expect(validateDesign(values, EMPTY_VARIANT_GRID, 'add').variants).toBe(
      SHOP_CATALOG_MESSAGES.variantsRequired,
    );
  });

  it('sends paise and leaves a blank SKU to the server', () => {
    const [cell] = cellsFor(['M'], ['Red'], []);
    expect(
      toVariantInput({ ...cell!, quantity: 3, mrpRupees: 999.5, priceRupees: 799, sku: ' ' }),
    ).toEqual({ size: 'M', colour: 'Red', quantity: 3, mrpPaise: 99950, pricePaise: 79900 });
  });
});

describe('the grid on screen', () => {
  it('shows one row per combination of the chosen sizes and colours', () => {
    renderGrid({
      sizes: ['S', 'M', 'L', 'XL'],
      colours: ['Red', 'Blue', 'Green'],
      cells: [],
      leftOut: [],
    });
    // The sizes are applied when a chip is clicked; start from the chips.
    fireEvent.click(screen.getByRole('checkbox', { name: 'XS' }));
    // header + same-for-all + 3 colours x 5 sizes
    expect(rows()).toHaveLength(2 + 15);
    expect(screen.getByLabelText('Quantity Red XS')).toBeTruthy();
    expect(screen.getByLabelText('Price Green XL')).toBeTruthy();
  });

  it('fills every row from the same-for-all row and shows each row’s percent off', () => {
    renderGrid({
      sizes: ['M'],
      colours: ['Red'],
      cells: cellsFor(['M', 'L'], ['Red', 'Blue'], []),
      leftOut: [],
    });
    fireEvent.change(screen.getByLabelText('Quantity for all'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('MRP for all'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('Price for all'), { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill every row' }));
    for (const name of ['Red M', 'Red L', 'Blue M', 'Blue L']) {
      expect(screen.getByLabelText<HTMLInputElement>(`Quantity ${name}`).value).toBe('5');
      expect(screen.getByLabelText<HTMLInputElement>(`Price ${name}`).value).toBe('1,200');
    }
    expect(screen.getAllByTestId('percent-off').map((cell) => cell.textContent)).toEqual([
      '20% off',
      '20% off',
      '20% off',
      '20% off',
    ]);
    // One row changed by hand over its MRP: its own message, the others unchanged.
    fireEvent.change(screen.getByLabelText('Price Blue L'), { target: { value: '1600' } });
    expect(screen.getByText('Price cannot be more than the MRP (₹1,500)')).toBeTruthy();
    expect(screen.getAllByTestId('percent-off').map((cell) => cell.textContent)).toEqual([
      '20% off',
      '20% off',
      '20% off',
      '',
    ]);
  });

  it('asks before removing a saved combination', async () => {
    const saved = cellsFor(['M', 'L'], ['Red'], []).map((cell, index) => ({
      ...cell,
      id: index + 7,
    }));
    renderGrid({ sizes: ['M', 'L'], colours: ['Red'], cells: saved, leftOut: [] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'L' }));
    expect(await screen.findByText(/Remove Red \/ L from this design\?/)).toBeTruthy();
    expect(rows()).toHaveLength(2 + 2);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(rows()).toHaveLength(2 + 1);
  });

  it('leaves a new combination out without asking, shows it not made, adds it back', async () => {
    const user = userEvent.setup();
    renderGrid(filledGrid());
    expect(made()).toBe(24);
    await user.click(screen.getByRole('button', { name: 'Remove Red / XXL' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(made()).toBe(23);
    // The row stays, muted, without inputs, so nothing in it is checked.
    const row = within(screen.getByRole('table', { name: 'Variants' }))
      .getByText('Not made')
      .closest('tr')!;
    expect(row.getAttribute('data-variant')).toBe('XXL|Red');
    expect(screen.queryByLabelText('Quantity Red XXL')).toBeNull();
    expect(rows()).toHaveLength(2 + 24);

    await user.click(screen.getByRole('button', { name: 'Add back Red / XXL' }));
    expect(made()).toBe(24);
    expect(screen.getByLabelText<HTMLInputElement>('Price Red XXL').value).toBe('1,199');
  });

  it('keeps Red / XXL left out when XXL is unticked and ticked again', async () => {
    const user = userEvent.setup();
    renderGrid(filledGrid());
    await user.click(screen.getByRole('button', { name: 'Remove Red / XXL' }));
    await user.click(screen.getByRole('checkbox', { name: 'XXL' }));
    expect(made()).toBe(20);
    await user.click(screen.getByRole('checkbox', { name: 'XXL' }));
    expect(made()).toBe(23);
    expect(screen.getByRole('button', { name: 'Add back Red / XXL' })).toBeTruthy();
    expect(screen.getByLabelText('Quantity Blue XXL')).toBeTruthy();
  });
});

describe('leaving a combination out in Edit', () => {
  it('asks before leaving a saved combination out, naming it; Cancel keeps it', async () => {
    const user = userEvent.setup();
    renderEdit(savedDesign(SIX_SIZES, FOUR_COLOURS));
    await user.click(await screen.findByRole('button', { name: 'Remove Red / XXL' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove variants' });
    expect(confirm.textContent).toContain('Remove Red / XXL from this design?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Quantity Red XXL')).toBeTruthy();
    expect(screen.queryByText('Not made')).toBeNull();
  });

  it('sends 23 variants of a saved 6 x 4 design once one is left out', async () => {
    const user = userEvent.setup();
    const seen = renderEdit(savedDesign(SIX_SIZES, FOUR_COLOURS));
    await removeSaved(user, 'Red / XXL');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(savedVariants(seen)).toHaveLength(23));
    const sent = savedVariants(seen)!;
    expect(sent.map((variant) => cellLabel(variant))).not.toContain('Red/XXL');
    // The left-out variant's id is not sent: the server archives it like a removed size's.
    expect(sent.map((variant) => variant.id)).not.toContain(104);
  });

  it('sends all 24 again, with their ids, once the combination is added back', async () => {
    const user = userEvent.setup();
    const seen = renderEdit(savedDesign(SIX_SIZES, FOUR_COLOURS));
    await removeSaved(user, 'Red / XXL');
    await user.click(screen.getByRole('button', { name: 'Add back Red / XXL' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(savedVariants(seen)).toHaveLength(24));
    expect(savedVariants(seen)!.find((variant) => variant.id === 104)).toMatchObject({
      colour: 'Red',
      size: 'XXL',
      quantity: 10,
      pricePaise: 119_900,
    });
  });

  it('refuses to save with every combination left out', async () => {
    const user = userEvent.setup();
    const seen = renderEdit(savedDesign(['M', 'L'], ['Red']));
    await removeSaved(user, 'Red / M');
    await removeSaved(user, 'Red / L');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(SHOP_CATALOG_MESSAGES.allCombinationsLeftOut)).toBeTruthy();
    expect(savedVariants(seen)).toBeUndefined();
  });
});
