// @vitest-environment jsdom
import '../../../support/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_VARIANT_GRID,
  VariantGrid,
  type VariantGridValue,
} from '../../../../src/areas/shop/catalog/variant-grid';
import {
  cellErrors,
  cellsFor,
  fillAll,
  removedSaved,
  toVariantInput,
} from '../../../../src/areas/shop/catalog/variant-grid-model';
import { fakeApi } from '../../../support/fake-api';
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
  return <VariantGrid value={value} errors={cellErrors(value.cells)} onChange={setValue} />;
}

function renderGrid(initial: VariantGridValue = EMPTY_VARIANT_GRID) {
  fakeApi({ 'GET /api/shop/colours': COLOURS });
  renderPage(<Harness initial={initial} />, { url: '/' });
}

const rows = () => within(screen.getByRole('table', { name: 'Variants' })).getAllByRole('row');

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

  it('sends paise and leaves a blank SKU to the server', () => {
    const [cell] = cellsFor(['M'], ['Red'], []);
    expect(
      toVariantInput({ ...cell!, quantity: 3, mrpRupees: 999.5, priceRupees: 799, sku: ' ' }),
    ).toEqual({ size: 'M', colour: 'Red', quantity: 3, mrpPaise: 99950, pricePaise: 79900 });
  });
});

describe('the grid on screen', () => {
  it('shows one row per combination of the chosen sizes and colours', () => {
    renderGrid({ sizes: ['S', 'M', 'L', 'XL'], colours: ['Red', 'Blue', 'Green'], cells: [] });
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
    renderGrid({ sizes: ['M', 'L'], colours: ['Red'], cells: saved });
    fireEvent.click(screen.getByRole('checkbox', { name: 'L' }));
    expect(await screen.findByText(/Remove Red \/ L from this design\?/)).toBeTruthy();
    expect(rows()).toHaveLength(2 + 2);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(rows()).toHaveLength(2 + 1);
  });
});
