import {
  shopPagePath,
  type CatalogFilterOptions,
  type ProductDetail,
  type ProductPage,
  type ShopStorefront,
} from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import { api, apiGridPage, productGrid, settle, snap, waitForGrid } from './helpers.js';

/*
 * docs/catalog.md "Shop pages", "Grid, search and home" (brand, shop and discount filters) and
 * "Delivery check", in a browser against the demo data.
 */

/** A section of cards named by its heading ('Products of Kumar Textiles'). */
function gridNamed(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

/**
 * The names on a grid's cards (each card's second link; the photo link comes first), read in one
 * go: the grid may re-render between reading the count and a card.
 */
async function cardNames(grid: Locator): Promise<string[]> {
  return grid
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelectorAll('a')[1]?.textContent?.trim() ?? ''),
    );
}

async function expectCards(grid: Locator, expected: ProductPage): Promise<void> {
  const want = expected.items.map((item) => item.name);
  const shown = await settle(
    () => cardNames(grid),
    (names) => names.join('|') === want.join('|'),
  );
  expect(shown).toEqual(want);
}

describe('shop pages, grid filters and the delivery check', () => {
  let browser: Browser;
  let product: ProductDetail;
  let shop: ShopStorefront;

  beforeAll(async () => {
    browser = await launchBrowser();
    const first = (await apiGridPage()).items[0]!;
    product = await api<ProductDetail>(`/api/products/${first.id}`);
    shop = await api<ShopStorefront>(`/api/shops/${product.shopId}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    describe(`on ${viewport}`, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        context = await newContext(browser, viewport);
        page = await context.newPage();
      });

      afterAll(async () => {
        await context?.close();
      });

      test("'Sold by' opens the shop's page, listing that shop's products only", async () => {
        await page.goto(`/ProductInfo?id=${product.id}`);
        await page
          .getByRole('main')
          .getByRole('link', { name: product.shopName, exact: true })
          .click();
        await page.waitForURL((url) => url.pathname === shopPagePath(shop));
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(shop.name);
        expect(await page.getByText(`GSTIN ${shop.gstin}`).count()).toBe(shop.gstin ? 1 : 0);
        const grid = gridNamed(page, `Products of ${shop.name}`);
        const expected = await apiGridPage({ shopId: shop.id });
        expect(expected.total).toBeGreaterThan(0);
        await grid.getByText(/^Showing 1–/).waitFor();
        await expectCards(grid, expected);
        await snap(page, `shop-page-${viewport}`);
      });

      test("the spec's /showShopProduct?id= moves to the shop's readable address", async () => {
        await page.goto(`/showShopProduct?id=${shop.id}`);
        await page.waitForURL((url) => url.pathname === shopPagePath(shop));
        await page.goto('/showShopProduct?id=99999999');
        await page.getByRole('heading', { name: 'We could not find this shop' }).waitFor();
      });

      test('the delivery check answers for Patna, refuses outside Bihar and a short pincode, and remembers', async () => {
        await page.goto(`/ProductInfo?id=${product.id}`);
        const check = page.getByRole('region', { name: 'Delivery check' });
        const input = check.getByRole('textbox', { name: 'Delivery pincode' });
        const submit = check.getByRole('button', { name: 'Check' });

        await input.fill('8000');
        await submit.click();
        await check.getByText('Pincode must be 6 digit').waitFor();

        await input.fill('110001');
        await submit.click();
        await check
          .getByText(/^We do not deliver to 110001 \(.+\) yet: we deliver only in Bihar$/)
          .waitFor();

        await input.fill('800001');
        await submit.click();
        await check.getByText('Delivers to 800001 (Patna) in 3-5 days').waitFor();
        await snap(page, `product-delivery-check-${viewport}`);

        // Another product's page answers at once for the pincode checked last.
        await page.reload();
        await page
          .getByRole('region', { name: 'Delivery check' })
          .getByText('Delivers to 800001 (Patna) in 3-5 days')
          .waitFor();
      });
    });
  }

  /** A desktop page on the home grid, its first page from the API and the filter options. */
  async function homeGridWithOptions() {
    const context = await newContext(browser, 'desktop');
    try {
      const page = await context.newPage();
      const all = await apiGridPage();
      await page.goto('/');
      await waitForGrid(page, all);
      const options = await api<CatalogFilterOptions>('/api/products/filter-options');
      return { context, page, all, grid: productGrid(page), options };
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  test('brand, shop and discount filters narrow the home grid', async () => {
    const { context, page, all, grid, options } = await homeGridWithOptions();
    try {
      const brand = options.companies.find(
        (company) => company.productCount > 0 && company.productCount < all.total,
      )!;

      // A click, not check(): the box follows the URL, which the router updates in a transition
      // (check() wants the new state at once).
      const brandBox = grid
        .getByRole('group', { name: 'Brand' })
        .getByRole('checkbox', { name: new RegExp(`^${brand.name} \\(`) });
      await brandBox.click();
      await page.waitForURL((url) => url.searchParams.get('brand') === brand.name);
      await expect.poll(() => brandBox.isChecked()).toBe(true);
      const byBrand = await apiGridPage({ company: brand.name });
      expect(byBrand.total).toBe(brand.productCount);
      expect(byBrand.total).toBeLessThan(all.total);
      await expectCards(grid, byBrand);

      // The brand's products of one shop.
      const shopId = byBrand.items[0]!.shopId;
      await grid.getByRole('combobox', { name: 'Shop' }).selectOption(String(shopId));
      const byShop = await apiGridPage({ company: brand.name, shopId });
      await expectCards(grid, byShop);
      expect(byShop.items.every((item) => item.shopId === shopId)).toBe(true);

      await grid.getByRole('combobox', { name: 'Discount' }).selectOption('10');
      await page.waitForURL((url) => url.searchParams.get('discount') === '10');
      const byDiscount = await apiGridPage({ company: brand.name, shopId, minDiscount: 10 });
      await expectCards(grid, byDiscount);
      await snap(page, 'grid-filters-desktop');
    } finally {
      await context.close();
    }
  });

  test('the colour filter offers every listed colour, not only those on screen', async () => {
    const { context, page, all, grid, options } = await homeGridWithOptions();
    try {
      const onScreen = new Set(all.items.flatMap((item) => item.colours));
      // A colour no card of the first page shows is still offered, with its product count.
      const colour =
        options.colours.find((option) => !onScreen.has(option.name)) ?? options.colours[0]!;
      const colourBox = grid
        .getByRole('group', { name: 'Colour' })
        .getByRole('checkbox', { name: new RegExp(`^${colour.name} \\(`) });
      await colourBox.click();
      await page.waitForURL((url) => url.searchParams.get('colour') === colour.name);
      await expect.poll(() => colourBox.isChecked()).toBe(true);
      const byColour = await apiGridPage({ colour: colour.name });
      expect(byColour.total).toBe(colour.productCount);
      await expectCards(grid, byColour);
    } finally {
      await context.close();
    }
  });
});
