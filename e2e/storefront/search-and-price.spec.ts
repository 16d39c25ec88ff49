import { formatRupeesShort, type ProductPage } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  apiGridPage,
  cardPrice,
  parseRupees,
  productGrid,
  resultSummary,
  settle,
  snap,
  waitForGrid,
} from './helpers.js';

/** The price slider's handles stay at least 10 rupees apart (docs/catalog.md). */
const MIN_GAP_RUPEES = 10;

/** The slider's bounds in whole rupees for an API result (cheapest down, dearest up). */
function expectedBounds(priceBounds: ProductPage['priceBounds']): [number, number] {
  if (!priceBounds) throw new Error('no price bounds');
  const min = Math.floor(priceBounds.minPricePaise / 100);
  return [min, Math.max(Math.ceil(priceBounds.maxPricePaise / 100), min + MIN_GAP_RUPEES)];
}

function searchBox(page: Page): Locator {
  return productGrid(page).getByPlaceholder('Search by product name');
}

function priceFilter(page: Page) {
  const group = productGrid(page).getByRole('group', { name: 'Price' });
  return {
    group,
    from: group.getByRole('slider', { name: 'Minimum price in rupees' }),
    to: group.getByRole('slider', { name: 'Maximum price in rupees' }),
    /** The chosen range as the page words it, '₹599 – ₹3,999'. */
    range: group.getByText(/^₹[\d,]+ – ₹[\d,]+$/),
  };
}

async function valueNow(slider: Locator): Promise<number> {
  return Number(await slider.getAttribute('aria-valuenow'));
}

/** Both handles' values once they stop changing. */
async function handles(page: Page): Promise<[number, number]> {
  const { from, to } = priceFilter(page);
  let last: [number, number] = [Number.NaN, Number.NaN];
  return settle(
    async () => {
      const previous = last;
      last = [await valueNow(from), await valueNow(to)];
      return [last, previous] as const;
    },
    ([now, previous]) => now[0] === previous[0] && now[1] === previous[1],
    2_000,
  ).then(([now]) => now);
}

/** Every card's selling price on the grid, in paise. */
async function gridPrices(page: Page): Promise<number[]> {
  const cards = productGrid(page).getByRole('article');
  const prices: number[] = [];
  for (let index = 0; index < (await cards.count()); index++) {
    prices.push(parseRupees((await cardPrice(cards.nth(index)).textContent()) ?? ''));
  }
  return prices;
}

describe('product grid', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('searching "kurta" shows the matching products, kept in the URL', async () => {
    const all = await apiGridPage();
    const kurta = await apiGridPage({ q: 'kurta' });
    expect(kurta.total).toBeGreaterThan(0);
    expect(kurta.total).toBeLessThan(all.total);

    await page.goto('/');
    await waitForGrid(page, all);

    await searchBox(page).click();
    await searchBox(page).pressSequentially('kurta', { delay: 40 });
    const names = await waitForGrid(page, kurta);
    expect(names).toEqual(kurta.items.map((item) => item.name));
    for (const name of names) expect(name.toLowerCase()).toContain('kurta');

    // The page shows the API's number of results and of pages.
    const grid = productGrid(page);
    expect(await grid.getByText(resultSummary(kurta.total), { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await grid.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(kurta.totalPages);
    expect(
      await grid.getByRole('button', { name: `Page ${kurta.totalPages}`, exact: true }).isVisible(),
    ).toBe(true);

    expect(new URL(page.url()).searchParams.get('q')).toBe('kurta');
    await snap(page, 'search-kurta');

    await page.reload();
    expect(await waitForGrid(page, kurta)).toEqual(kurta.items.map((item) => item.name));
    expect(await searchBox(page).inputValue()).toBe('kurta');
  });

  test('a search that matches nothing shows the empty state', async () => {
    const term = 'qqxz nothing';
    const none = await apiGridPage({ q: term });
    expect(none.total).toBe(0);

    await page.goto('/');
    await waitForGrid(page, await apiGridPage());
    await searchBox(page).fill(term);
    const grid = productGrid(page);
    await grid.getByText('No products match your search').waitFor();
    expect(
      await grid.getByText('Try another name, a wider price range or fewer filters.').isVisible(),
    ).toBe(true);
    expect(await grid.getByText('No products', { exact: true }).isVisible()).toBe(true);
    expect(await grid.getByRole('article').count()).toBe(0);
    await snap(page, 'search-empty');

    await grid.getByRole('button', { name: 'Reset search and filters' }).click();
    await waitForGrid(page, await apiGridPage());
    expect(await searchBox(page).inputValue()).toBe('');
  });

  test('the price slider follows the listed products, narrows them, and keeps a 10 rupee gap', async () => {
    const all = await apiGridPage();
    const kurta = await apiGridPage({ q: 'kurta' });
    const [allMin, allMax] = expectedBounds(all.priceBounds);
    const [min, max] = expectedBounds(kurta.priceBounds);
    expect([min, max]).not.toEqual([allMin, allMax]);

    await page.goto('/');
    await waitForGrid(page, all);
    const price = priceFilter(page);
    const boundText = (rupees: number) =>
      price.group.getByText(formatRupeesShort(rupees * 100), { exact: true });

    // Without a search: the whole catalogue's cheapest and dearest product.
    expect(await price.from.getAttribute('aria-valuemin')).toBe(String(allMin));
    expect(await price.to.getAttribute('aria-valuemax')).toBe(String(allMax));
    expect(await handles(page)).toEqual([allMin, allMax]);
    expect(await boundText(allMin).isVisible()).toBe(true);
    expect(await boundText(allMax).isVisible()).toBe(true);

    // The bounds follow the search.
    await searchBox(page).fill('kurta');
    await waitForGrid(page, kurta);
    await boundText(max).waitFor();
    expect(await boundText(min).isVisible()).toBe(true);
    expect(await price.from.getAttribute('aria-valuemin')).toBe(String(min));
    expect(await price.to.getAttribute('aria-valuemax')).toBe(String(max));
    expect(await handles(page)).toEqual([min, max]);
    expect(await price.range.textContent()).toBe(
      `${formatRupeesShort(min * 100)} – ${formatRupeesShort(max * 100)}`,
    );

    // Narrow with the keyboard: a page down on the dearest end, a page up and a step on the cheapest.
    await price.to.focus();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await price.from.focus();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowRight');
    const [from, to] = await handles(page);
    expect(from).toBeGreaterThan(min);
    expect(to).toBeLessThan(max);
    expect(await price.range.textContent()).toBe(
      `${formatRupeesShort(from * 100)} – ${formatRupeesShort(to * 100)}`,
    );

    const narrowed = await apiGridPage({
      q: 'kurta',
      minPricePaise: from * 100,
      maxPricePaise: to * 100,
    });
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(kurta.total);
    expect(await waitForGrid(page, narrowed)).toEqual(narrowed.items.map((item) => item.name));
    const prices = await gridPrices(page);
    expect(prices.length).toBe(narrowed.items.length);
    for (const paise of prices) {
      expect(paise).toBeGreaterThanOrEqual(from * 100);
      expect(paise).toBeLessThanOrEqual(to * 100);
    }
    const url = new URL(page.url());
    expect(url.searchParams.get('minPrice')).toBe(String(from));
    expect(url.searchParams.get('maxPrice')).toBe(String(to));
    await snap(page, 'price-range');

    // A reload keeps the range.
    await page.reload();
    await waitForGrid(page, narrowed);
    expect(await handles(page)).toEqual([from, to]);

    // The cheapest handle pushed as far as it goes stops 10 rupees short of the other one ...
    await price.from.focus();
    await page.keyboard.press('End');
    expect(await handles(page)).toEqual([to - MIN_GAP_RUPEES, to]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    let [low, high] = await handles(page);
    expect(high - low).toBeGreaterThanOrEqual(MIN_GAP_RUPEES);

    // ... and so does the dearest one pushed down onto it.
    await price.to.focus();
    await page.keyboard.press('Home');
    [low, high] = await handles(page);
    expect(high - low).toBe(MIN_GAP_RUPEES);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('PageDown');
    [low, high] = await handles(page);
    expect(high - low).toBeGreaterThanOrEqual(MIN_GAP_RUPEES);
    expect(await price.range.textContent()).toBe(
      `${formatRupeesShort(low * 100)} – ${formatRupeesShort(high * 100)}`,
    );

    // Whatever the grid shows is inside the chosen range.
    const tight = await apiGridPage({
      q: 'kurta',
      minPricePaise: low * 100,
      maxPricePaise: high * 100,
    });
    const grid = productGrid(page);
    await grid.getByText(resultSummary(tight.total), { exact: true }).waitFor();
    await waitForGrid(page, tight);
    for (const paise of await gridPrices(page)) {
      expect(paise).toBeGreaterThanOrEqual(low * 100);
      expect(paise).toBeLessThanOrEqual(high * 100);
    }
  });
});
