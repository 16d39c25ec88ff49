// @vitest-environment jsdom
import '../../../support/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGrid } from '../../../../src/areas/storefront/product-grid/product-grid';
import { fakeApi, type SeenRequest } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/** An empty page of products whose prices run from ₹100 to ₹5,000 (the slider's bounds). */
const EMPTY_PAGE = {
  items: [],
  page: 1,
  pageSize: 20,
  total: 0,
  totalPages: 0,
  priceBounds: { minPricePaise: 10_000, maxPricePaise: 500_000 },
};

function renderGrid(url = '/') {
  const seen = fakeApi({ 'GET /api/products': { body: EMPTY_PAGE } });
  renderPage(<ProductGrid />, { url, path: '/' });
  return seen;
}

/** The page's own query string (`?q=saree&size=M`). */
const location = () => screen.getByTestId('location').textContent;

/** The query of the latest products request, as a plain object. */
function lastProductsQuery(seen: SeenRequest[]): Record<string, string> {
  const request = seen.filter((each) => each.url.pathname === '/api/products').at(-1);
  return Object.fromEntries(request?.url.searchParams ?? []);
}

describe('the product grid filters', () => {
  it('puts the search into the URL after typing stops, and asks the API for it', async () => {
    const seen = renderGrid();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'silk saree');

    await waitFor(() => expect(location()).toBe('/?q=silk+saree'));
    await waitFor(() => expect(lastProductsQuery(seen)).toMatchObject({ q: 'silk saree' }));
  });

  it('starts from the filters in the URL', async () => {
    const seen = renderGrid('/?q=kurta&category=Women&size=M,L&minPrice=200');

    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('kurta');
    await waitFor(() =>
      expect(lastProductsQuery(seen)).toMatchObject({
        q: 'kurta',
        category: 'Women',
        size: 'M,L',
        minPricePaise: '20000',
      }),
    );
  });

  it('moves the price range with the keyboard, in rupees in the URL and paise to the API', async () => {
    const seen = renderGrid();
    const highest = await screen.findByRole('slider', { name: 'Maximum price in rupees' });
    // The bounds come from the answer: ₹100 to ₹5,000, a tenth of that range per PageDown.
    await waitFor(() => expect(highest.getAttribute('aria-valuemax')).toBe('5000'));

    fireEvent.keyDown(highest, { key: 'PageDown' });

    await waitFor(() => expect(location()).toBe('/?maxPrice=4510'));
    await waitFor(() => expect(lastProductsQuery(seen)).toMatchObject({ maxPricePaise: '451000' }));

    // Back at the bound, the side has no limit again.
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Maximum price in rupees' }), {
      key: 'End',
    });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('filters by category and size, and clears every filter at once', async () => {
    const seen = renderGrid('/?q=shirt');
    // On a phone-sized screen (the test's), category and size sit behind a button.
    await userEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const category = await screen.findByRole('group', { name: 'Category' });
    await userEvent.click(within(category).getByRole('checkbox', { name: 'Women' }));
    await userEvent.click(within(category).getByRole('checkbox', { name: 'Men' }));
    const size = screen.getByRole('group', { name: 'Size' });
    await userEvent.click(within(size).getByRole('checkbox', { name: 'XL' }));

    // The spec's order of the categories, whatever the order of the clicks.
    await waitFor(() => expect(location()).toBe('/?q=shirt&category=Men%2CWomen&size=XL'));
    await waitFor(() =>
      expect(lastProductsQuery(seen)).toMatchObject({ category: 'Men,Women', size: 'XL' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('');
  });
});
