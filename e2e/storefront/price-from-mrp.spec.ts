import type { Cart, ProductPage, ShopProductSaved } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, unique } from '../accounts/helpers.js';
import { apiLogIn, jsonOf } from '../delivery/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { apiGridPage, productGrid, settle, snap, waitForGrid } from './helpers.js';

/*
 * The struck price is the MRP the seller entered and the percent off is worked out from it
 * (docs/catalog.md "A product and its card"): a product with MRP ₹1,500 and price ₹1,200 shows
 * "₹1,200 ~~₹1,500~~ 20% off" on its card, its page and its cart line, and the cart's price
 * details count the same ₹1,500 and ₹300 off. The amounts below are written out by hand, not
 * computed with the app's functions, so the test checks them rather than repeats them.
 */

const token = unique().replace('-', '');
const PRODUCT = `Honest Kurta ${token}`;
const COMPANY = `Tagwell ${token}`;
const COLOUR = `Indigo ${token}`;

/**
 * The price tag's parts as a reader gets them (apps/web/src/components/price-tag.tsx): the price,
 * the struck MRP and the percent off, and no second struck price or percent.
 */
async function expectPriceTag(scope: Locator): Promise<void> {
  expect(await scope.getByText('₹1,200', { exact: true }).first().isVisible()).toBe(true);
  const struck = scope.getByText(/^Original price ₹/);
  expect(await struck.allTextContents()).toEqual(['Original price ₹1,500']);
  expect(
    await struck.evaluate((node) =>
      getComputedStyle(node).textDecorationLine.includes('line-through'),
    ),
  ).toBe(true);
  expect(await scope.getByText(/% off$/).allTextContents()).toEqual(['20% off']);
}

/** The value cell of a 'Price details' row. */
function priceRow(page: Page, label: string | RegExp): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label }) })
    .getByRole('cell');
}

describe('prices from the MRP: MRP ₹1,500, price ₹1,200', () => {
  let browser: Browser;
  let seller: BrowserContext;
  let customer: BrowserContext;
  let productId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    seller = await newContext(browser, 'desktop');
    await apiLogIn(seller, 'seller', DEMO_EMAILS.seller);
    for (const [list, name] of [
      ['colours', COLOUR],
      ['companies', COMPANY],
      ['product-names', PRODUCT],
    ] as const) {
      await jsonOf(await seller.request.post(`/api/shop/${list}`, { data: { name } }), 201);
    }
    const image = await sharp({
      create: { width: 320, height: 400, channels: 3, background: '#3f51b5' },
    })
      .png()
      .toBuffer();
    // What the Add Product form sends: the MRP printed on the tag and the selling price.
    const saved = await jsonOf<ShopProductSaved>(
      await seller.request.post('/api/shop/products', {
        multipart: {
          company: COMPANY,
          name: PRODUCT,
          category: 'Men',
          style: 'Plain',
          material: 'Cotton',
          colour: COLOUR,
          size: 'M',
          quantity: '20',
          mrpPaise: '150000',
          pricePaise: '120000',
          description: 'Cotton kurta with a printed MRP of 1500 rupees',
          images: { name: 'kurta.png', mimeType: 'image/png', buffer: image },
        },
      }),
      201,
    );
    productId = saved.product.id;

    customer = await newContext(browser, 'desktop');
    await apiLogIn(customer, 'customer', DEMO_EMAILS.customer);
    const cart = await jsonOf<Cart>(await customer.request.get('/api/cart'));
    for (const line of cart.lines) {
      await jsonOf(await customer.request.delete(`/api/cart/items/${line.productId}`));
    }
    await jsonOf(
      await customer.request.post('/api/cart/items', { data: { productId, quantity: 1 } }),
    );
  });

  afterAll(async () => {
    if (productId !== undefined) {
      await customer?.request.delete(`/api/cart/items/${productId}`);
      await seller?.request.delete(`/api/shop/products/${productId}`);
    }
    await browser?.close();
  });

  test('the card on the grid', async () => {
    const page = await customer.newPage();
    const found: ProductPage = await settle(
      () => apiGridPage({ q: PRODUCT }),
      (result) => result.total === 1,
    );
    await page.goto(`/?q=${encodeURIComponent(PRODUCT)}`);
    await waitForGrid(page, found);
    const card = productGrid(page).getByRole('article');
    expect(await card.count()).toBe(1);
    await expectPriceTag(card);
    await snap(page, 'price-from-mrp-card');
    await page.close();
  });

  test('the product page', async () => {
    const page = await customer.newPage();
    await page.goto(`/ProductInfo?id=${productId}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    await expectPriceTag(main);
    await page.close();
  });

  test('the cart line and the price details agree', async () => {
    const page = await customer.newPage();
    await page.goto('/CustomerCart');
    const line = page.getByRole('listitem', { name: `${PRODUCT} by ${COMPANY}`, exact: true });
    await line.waitFor();
    await expectPriceTag(line);
    expect((await priceRow(page, 'Price (1 item)').textContent())?.trim()).toBe('₹1,500');
    expect((await priceRow(page, 'Discount').textContent())?.trim()).toBe('−₹300');
    expect((await priceRow(page, 'Total Amount').textContent())?.trim()).toBe('₹1,200');
    await snap(page, 'price-from-mrp-cart');
    await page.close();
  });
});
