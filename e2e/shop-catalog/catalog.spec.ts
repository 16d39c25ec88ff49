import type { ProductList, ShopProductPage, ShopProductSaved } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, unique } from '../accounts/helpers.js';
import { api, apiGridPage, prepareScreenshot, productGrid, settle } from '../storefront/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

/*
 * docs/shop-catalog.md in real Chromium: a seller builds the lists, adds a
 * product with two images, finds it in the storefront search, edits it in All Stock, puts it in
 * the New arrivals slider and deletes another product; every catalog page of the seller and the
 * support admin is photographed at 1280 and 390 px.
 */

const token = unique().replace('-', '');
const COLOURS = [`Teal ${token}`, `Rust ${token}`];
const COMPANY = `Looms ${token}`;
const PRODUCT = `Zephyr Jacket ${token}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let images: { name: string; mimeType: string; buffer: Buffer }[];

async function snap(target: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (fullPage) await prepareScreenshot(target);
  await target.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await screenshot(target, `shop-catalog-${name}`);
}

/** A toast or alert with this text. */
function toast(target: Page, text: string | RegExp): Locator {
  return target.getByRole('alert').filter({ hasText: text }).first();
}

/** Picks an option of the Mantine select (or multi-select) labelled `label` inside `scope`. */
async function choose(target: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await target.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a name to a list panel, then finds it with the panel's search box (lists page by 10). */
async function addListEntry(
  panel: Locator,
  label: string,
  search: string,
  name: string,
): Promise<void> {
  await panel.getByRole('textbox', { name: label }).fill(name);
  await panel.getByRole('button', { name: 'Add' }).click();
  await toast(page, `'${name}' added`).waitFor();
  await panel.getByRole('textbox', { name: search }).fill(name);
  await panel.getByRole('cell', { name, exact: true }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  images = await Promise.all(
    ['#0f766e', '#b45309'].map(async (background, index) => ({
      name: `jacket-${index + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 320, height: 400, channels: 3, background } })
        .png()
        .toBuffer(),
    })),
  );
  await logIn(page, 'seller', DEMO_EMAILS.seller);
});

afterAll(async () => {
  await browser?.close();
});

describe('seller catalog', () => {
  test('adds two colours, a company and a product name', async () => {
    await page.goto('/addColors');
    const colours = page.getByRole('region', { name: 'Colours' });
    for (const colour of COLOURS) {
      await addListEntry(colours, 'New colour', 'Search Color by name', colour);
    }
    await colours.getByRole('textbox', { name: 'Search Color by name' }).fill(token);
    await settle(
      () => colours.getByRole('row').count(),
      (rows) => rows === 3,
    );
    expect(await colours.getByRole('row').count()).toBe(3); // header + two
    await colours.getByRole('textbox', { name: 'Search Color by name' }).fill(`nothing ${token}`);
    await colours.getByText('Data not available').waitFor();
    await colours.getByRole('textbox', { name: 'Search Color by name' }).fill('');
    await snap(page, 'add-color-1280');

    await page.goto('/addNewProduct');
    await addListEntry(
      page.getByRole('region', { name: 'Companies' }),
      'New company',
      'Search Company by name',
      COMPANY,
    );
    await addListEntry(
      page.getByRole('region', { name: 'Product names' }),
      'New product name',
      'Search Product by name',
      PRODUCT,
    );
    await snap(page, 'new-product-1280');
  });

  test('adds a product with two images; it appears in the storefront search', async () => {
    await page.goto('/addProduct');
    const form = page.locator('form');
    await choose(page, form, 'Company', COMPANY);
    await choose(page, form, 'Product name', PRODUCT);
    await choose(page, form, 'Category', 'Men');
    await choose(page, form, 'Style', 'Plain');
    await choose(page, form, 'Material', 'Cotton');
    // One size in one colour: the size x colour grid has one row.
    await form.getByText('L', { exact: true }).click();
    await choose(page, form, 'Colours', COLOURS[0]!);
    await page.keyboard.press('Escape');
    const cell = `${COLOURS[0]} L`;
    await form.getByRole('textbox', { name: `Quantity ${cell}` }).fill('15');
    await form.getByRole('textbox', { name: `MRP ${cell}` }).fill('2499');
    await form.getByRole('textbox', { name: `Price ${cell}` }).fill('1999');
    // The percent off is worked out from the MRP and the price, never typed.
    await form.getByRole('cell', { name: '20% off', exact: true }).waitFor();
    await form.getByRole('textbox', { name: 'Description' }).fill('Quilted winter jacket');
    await form.locator('input[type=file]').setInputFiles(images);
    await form.getByRole('img', { name: 'jacket-2.png' }).waitFor();
    await snap(page, 'add-product-1280');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product added successfully').waitFor();

    const found = await settle(
      () => apiGridPage({ q: `zephyr jacket ${token}` }),
      (result) => result.total === 1,
    );
    expect(found.items[0]).toMatchObject({
      name: PRODUCT,
      colour: COLOURS[0],
      pricePaise: 199_900,
    });
    await page.goto('/');
    const grid = productGrid(page);
    await grid.getByPlaceholder('Search by product name').fill(`Zephyr ${token}`);
    await grid.getByRole('link', { name: PRODUCT }).first().waitFor();
  });

  test('edits the product in All Stock', async () => {
    await page.goto('/ShowAllProduct');
    await choose(page, page, 'Product', PRODUCT);
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'All Stock' });
    const row = table.getByRole('row', { name: `${COMPANY} ${PRODUCT}` });
    await row.waitFor();
    // The filtered page replaces the unfiltered one a moment after the row shows: wait for it.
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await snap(page, 'all-stock-1280');

    await row.getByRole('button', { name: `Edit ${COMPANY} ${PRODUCT}` }).click();
    const modal = page.getByRole('dialog');
    const price = modal.getByRole('textbox', { name: `Price ${COLOURS[0]} L` });
    expect(await price.inputValue()).toBe('1,999');
    await price.fill('1799');
    await snap(page, 'edit-product-1280', { fullPage: false });
    await modal.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Design saved').waitFor();
    await row.getByText('₹1,799.00', { exact: true }).waitFor();
    // Only the price changed, and the percent off the ₹2,499 MRP with it (28.01 %).
    await row.getByRole('cell', { name: '28 %', exact: true }).waitFor();
    await row.getByRole('cell', { name: COLOURS[0], exact: true }).waitFor();

    await row.getByRole('button', { name: `Images of ${COMPANY} ${PRODUCT}` }).click();
    const imagesModal = page.getByRole('dialog');
    await imagesModal.getByRole('button', { name: 'Show image 2' }).waitFor();
    await snap(page, 'images-modal-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await imagesModal.waitFor({ state: 'detached' });
  });

  test('puts the product in New arrivals and the storefront slider shows it', async () => {
    await page.goto('/add_to_product_slider');
    await choose(page, page, 'Product', PRODUCT);
    await page.keyboard.press('Escape');
    const select = page.getByRole('combobox', { name: new RegExp(`^Show ${PRODUCT}`) });
    await select.click();
    await page.getByRole('option', { name: 'New arrivals', exact: true }).click();
    await toast(page, /information updated !!!/).waitFor();
    await snap(page, 'slider-add-info-1280');

    const mine = await settle(
      () => api<ProductList>('/api/products/new-arrivals?limit=40'),
      (list) => list.items.some((item) => item.name === PRODUCT),
    );
    expect(mine.items.map((item) => item.name)).toContain(PRODUCT);

    await page.getByRole('tab', { name: 'View info' }).click();
    const section = page.getByRole('region', { name: 'New arrivals products' });
    await section.getByText(PRODUCT).waitFor();
    await section.getByText('On the home page').first().waitFor();
    await snap(page, 'slider-view-info-1280');

    await page.goto('/');
    await page.getByText(PRODUCT).first().waitFor({ state: 'attached' });
  });

  test('deletes another product after a confirmation', async () => {
    const other = `${PRODUCT} Spare`;
    const added = await page.request.post('/api/shop/product-names', { data: { name: other } });
    expect(added.status()).toBe(201);
    const response = await page.request.post('/api/shop/products', {
      multipart: {
        company: COMPANY,
        name: other,
        category: 'Men',
        style: 'Plain',
        material: 'Cotton',
        colour: COLOURS[1]!,
        size: 'M',
        quantity: '3',
        mrpPaise: '99900',
        pricePaise: '89900',
        description: 'Spare',
        images: images[1]!,
      },
    });
    expect(response.status()).toBe(201);
    const { product } = (await response.json()) as ShopProductSaved;

    await page.goto('/ShowAllProduct');
    await choose(page, page, 'Product', other);
    await page.keyboard.press('Escape');
    const row = page.getByRole('row', { name: `${COMPANY} ${other}` });
    await row.getByRole('button', { name: `Delete ${COMPANY} ${other}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Product deleted !!!').waitFor();
    await page.getByText('Data Not Found').waitFor();
    const left = await page.request.get(`/api/shop/products?product=${encodeURIComponent(other)}`);
    expect(((await left.json()) as ShopProductPage).total).toBe(0);
    expect((await page.request.get(`/api/shop/products/${product.id}`)).status()).toBe(404);
  });
});

describe('screenshots of every catalog page', () => {
  const SELLER_PAGES = [
    ['/addNewProduct', 'new-product'],
    ['/addColors', 'add-color'],
    ['/addProduct', 'add-product'],
    ['/ShowAllProduct', 'all-stock'],
    ['/add_to_product_slider', 'slider'],
  ] as const;
  const SUPPORT_PAGES = [
    ['/SupportAdminAddNewProduct', 'support-new-product'],
    ['/SupportAdminAddColor', 'support-add-color'],
    ['/SupportAdminAddProduct', 'support-add-product'],
    ['/ShowSupportAdminAllProduct', 'support-all-stock'],
    ['/SupportAdminAddToProductSlider', 'support-slider-add-info'],
    ['/SupportAdminShowSliderData', 'support-slider-view-info'],
  ] as const;

  async function visitAll(
    role: 'seller' | 'support_admin',
    email: string,
    pages: readonly (readonly [string, string])[],
    viewport: 'desktop' | 'mobile',
  ) {
    const ctx = await newContext(browser, viewport);
    const tab = await ctx.newPage();
    await logIn(tab, role, email);
    for (const [path, name] of pages) {
      await tab.goto(path);
      await tab.getByRole('heading', { level: 1 }).first().waitFor();
      await tab.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await snap(tab, `${name}-${viewport === 'desktop' ? 1280 : 390}`);
    }
    await ctx.close();
  }

  test('seller pages at 390 px', async () => {
    await visitAll('seller', DEMO_EMAILS.seller, SELLER_PAGES, 'mobile');
  });

  test('support admin pages at 1280 and 390 px', async () => {
    await visitAll('support_admin', DEMO_EMAILS.support_admin, SUPPORT_PAGES, 'desktop');
    await visitAll('support_admin', DEMO_EMAILS.support_admin, SUPPORT_PAGES, 'mobile');
  });
});
