import path from 'node:path';
import type {
  Cart,
  Order,
  ProductDetail,
  Profile,
  ShopProduct,
  ShopProductPage,
} from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, unique } from '../accounts/helpers.js';
import { apiCall } from '../back-office-bills/helpers.js';
import { apiGridPage, prepareScreenshot, productGrid, settle } from '../storefront/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

/*
 * docs/shop-catalog.md "Designs" and docs/catalog.md "Variants" in real Chromium: the seller adds
 * a kurta in 3 colours x 4 sizes through the size x colour grid; the storefront shows ONE card
 * for it (and a search finds it once: the regression test of "one card per size"); a visitor
 * picks Red / L on the product page (the URL names that variant), adds it to the cart, signs in
 * (the cart merges), buys it cash on delivery; Red / L's stock goes down by one and no other
 * variant's does; once delivered, the customer reviews it and the product page shows the review.
 * Last, the seller leaves Green / XL out in Edit (the shop does not make it): the saved design
 * has one variant fewer. The screens are photographed at 1280 and 390 px.
 */

const token = unique().replace('-', '');
const COLOURS = ['Red', 'Blue', 'Green'] as const;
const SIZES = ['S', 'M', 'L', 'XL'] as const;
const COMPANY = `Handloom ${token}`;
const PRODUCT = `Kurta ${token}`;
const REVIEW_TEXT = `Red L fits well, soft cotton (${token}).`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let seller: Page;
let designId: number;
let variants: ShopProduct[];
let order: Order;

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
  if (fullPage) await screenshot(target, `variants-${name}`);
  else
    await target.screenshot({
      path: path.resolve(import.meta.dirname, '../screenshots', `variants-${name}.png`),
    });
}

async function pageIn(viewport: 'desktop' | 'mobile' = 'desktop'): Promise<Page> {
  const context = await newContext(browser, viewport);
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  return context.newPage();
}

async function signedIn(
  role: Parameters<typeof logIn>[1],
  email: string,
  viewport: 'desktop' | 'mobile' = 'desktop',
): Promise<Page> {
  const page = await pageIn(viewport);
  await logIn(page, role, email);
  return page;
}

function toast(target: Page, text: string | RegExp): Locator {
  return target.getByRole('alert').filter({ hasText: text }).first();
}

async function choose(target: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await target.getByRole('option', { name: option, exact: true }).click();
}

/** Every live variant of the design, as All Stock lists them (10 a page). */
async function designVariants(): Promise<ShopProduct[]> {
  const items: ShopProduct[] = [];
  for (let page = 1; ; page++) {
    const result = await apiCall<ShopProductPage>(
      seller.request,
      'GET',
      `/api/shop/products?designId=${designId}&page=${page}`,
    );
    items.push(...result.items);
    if (page >= result.totalPages) return items;
  }
}

/** The design's stock by `Colour/Size` (units). */
async function stockByVariant(): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await designVariants()).map((item) => [`${item.colour}/${item.size}`, item.quantity]),
  );
}

function variant(colour: string, size: string): ShopProduct {
  const found = variants.find((item) => item.colour === colour && item.size === size);
  if (!found) throw new Error(`no ${colour}/${size} variant`);
  return found;
}

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await signedIn('seller', DEMO_EMAILS.seller);
  // The colours are the shop's list entries (taken ones answer 409); company and name are new.
  for (const name of COLOURS) {
    const response = await seller.request.post('/api/shop/colours', { data: { name } });
    expect([201, 409]).toContain(response.status());
  }
  await apiCall(seller.request, 'POST', '/api/shop/companies', { name: COMPANY });
  await apiCall(seller.request, 'POST', '/api/shop/product-names', { name: PRODUCT });
  // The customer starts with an empty cart, so the merge is what the test sees.
  const customer = await signedIn('customer', DEMO_EMAILS.customer);
  const cart = await apiCall<Cart>(customer.request, 'GET', '/api/cart');
  for (const line of cart.lines) await customer.request.delete(`/api/cart/items/${line.productId}`);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('a design in sizes and colours, from the seller to a review', () => {
  test('the seller adds a kurta in 3 colours x 4 sizes through the grid', async () => {
    const page = seller;
    await page.goto('/addProduct');
    const form = page.locator('form');
    await choose(page, form, 'Company', COMPANY);
    await choose(page, form, 'Product name', PRODUCT);
    await choose(page, form, 'Category', 'Men');
    await choose(page, form, 'Style', 'Plain');
    await choose(page, form, 'Material', 'Cotton');
    await form.getByRole('textbox', { name: 'Description' }).fill('Straight-cut cotton kurta');
    for (const size of SIZES) await form.getByText(size, { exact: true }).click();
    // The multi-select's list stays open while the colours are picked one after another.
    await form.getByRole('combobox', { name: 'Colours', exact: true }).click();
    for (const colour of COLOURS) {
      await page.getByRole('option', { name: colour, exact: true }).click();
    }
    await page.keyboard.press('Escape');
    const table = form.getByRole('table', { name: 'Variants' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2 + 12);

    await form.getByRole('textbox', { name: 'Quantity for all' }).fill('10');
    await form.getByRole('textbox', { name: 'MRP for all' }).fill('1499');
    await form.getByRole('textbox', { name: 'Price for all' }).fill('1199');
    await form.getByRole('button', { name: 'Fill every row' }).click();
    expect(await form.getByRole('textbox', { name: 'Price Green XL' }).inputValue()).toBe('1,199');
    // One cell over its MRP shows the shared schema's message at that cell.
    const blueXl = form.getByRole('textbox', { name: 'Price Blue XL' });
    await blueXl.fill('1599');
    await form.getByText('Price cannot be more than the MRP (₹1,499)').waitFor();
    await blueXl.fill('1299');
    await form.getByRole('textbox', { name: 'SKU Red L' }).fill(`KRT-${token}-RL`);

    const image = await sharp({
      create: { width: 320, height: 400, channels: 3, background: '#b91c1c' },
    })
      .png()
      .toBuffer();
    await form
      .locator('input[type=file]')
      .setInputFiles([{ name: 'kurta.png', mimeType: 'image/png', buffer: image }]);
    await form.getByRole('img', { name: 'kurta.png' }).waitFor();
    await snap(page, 'add-product-grid-1280');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product added successfully').waitFor();

    const found = await settle(
      () => apiGridPage({ q: PRODUCT }),
      (result) => result.total >= 1,
    );
    // ONE card for the design, not one per size or colour.
    expect(found.total).toBe(1);
    const card = found.items[0]!;
    expect(card).toMatchObject({
      name: PRODUCT,
      minPricePaise: 119_900,
      maxPricePaise: 129_900,
      sizes: [...SIZES],
    });
    expect([...card.colours].sort()).toEqual([...COLOURS].sort());
    designId = card.designId;
    variants = await designVariants();
    expect(variants).toHaveLength(12);
    expect(variant('Red', 'L').sku).toBe(`KRT-${token}-RL`);
    expect(variant('Blue', 'S').sku).not.toBe('');
  });

  test('All Stock lists the variants with their SKUs; Edit opens the same grid', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page =
        viewport === 'desktop' ? seller : await signedIn('seller', DEMO_EMAILS.seller, 'mobile');
      await page.goto('/ShowAllProduct');
      await choose(page, page, 'Product', PRODUCT);
      await page.keyboard.press('Escape');
      const table = page.getByRole('table', { name: 'All Stock' });
      await table.getByText(`SKU KRT-${token}-RL`).waitFor();
      await snap(page, `all-stock-${viewport === 'desktop' ? 1280 : 390}`);
      await table
        .getByRole('button', { name: `Edit ${COMPANY} ${PRODUCT}` })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Quantity Red L' }).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'SKU Red L' }).inputValue()).toBe(
        `KRT-${token}-RL`,
      );
      await snap(page, `edit-${viewport === 'desktop' ? 1280 : 390}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  test('the storefront shows one card with swatches; a search finds it once', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await pageIn(viewport);
      await page.goto('/');
      const grid = productGrid(page);
      await grid.getByPlaceholder('Search by product name').fill(PRODUCT);
      const cards = grid.getByRole('article').filter({ hasText: PRODUCT });
      await cards.first().waitFor();
      await expect.poll(() => cards.count()).toBe(1);
      const card = cards.first();
      await card.getByText('from', { exact: true }).waitFor();
      await card.getByText('₹1,199', { exact: true }).waitFor();
      for (const colour of COLOURS) await card.getByRole('img', { name: colour }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await snap(page, `card-${viewport === 'desktop' ? 1280 : 390}`);
    }
  });

  test('a visitor picks Red / L, adds it, signs in (cart merged) and buys it', async () => {
    const page = await pageIn('desktop');
    const card = (await apiGridPage({ q: PRODUCT })).items[0]!;
    await page.goto(`/ProductInfo?id=${card.id}`, { waitUntil: 'networkidle' });
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    const redL = variant('Red', 'L');
    await main
      .getByRole('radiogroup', { name: 'Colour' })
      .getByRole('radio', { name: 'Red', exact: true })
      .click();
    await main
      .getByRole('radiogroup', { name: 'Size' })
      .getByRole('radio', { name: 'L', exact: true })
      .click();
    await page.waitForURL((url) => url.searchParams.get('id') === String(redL.id));
    await main.getByText(`KRT-${token}-RL`).waitFor();
    // The picked variant's page names it; the Size guide marks the size.
    await main.getByRole('rowheader', { name: 'L (chosen)' }).waitFor();
    await snap(page, 'picker-1280');
    await main.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await toast(page, 'Added to cart').waitFor();

    await logIn(page, 'customer', DEMO_EMAILS.customer);
    await page.goto('/CustomerCart');
    const line = page.getByRole('listitem', { name: `${PRODUCT} by ${COMPANY}`, exact: true });
    await line.getByText('Size: L · Colour: Red').waitFor();
    await line.getByText(`SKU KRT-${token}-RL`).waitFor();
    const cart = await settle(
      () => apiCall<Cart>(page.request, 'GET', '/api/cart'),
      (value) => value.lines.some((item) => item.productId === redL.id),
    );
    expect(cart.lines.map((item) => [item.productId, item.quantity])).toEqual([[redL.id, 1]]);
    await snap(page, 'cart-1280');

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('radio', { name: /Cash on delivery/ }).click();
    const [placed] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Place order', exact: true }).click(),
    ]);
    expect(placed.status()).toBe(201);
    order = (await placed.json()) as Order;
    expect(order.paymentMethod).toBe('cod');

    // Red / L went down by one; no other variant moved.
    const stock = await stockByVariant();
    for (const colour of COLOURS) {
      for (const size of SIZES) {
        expect(stock[`${colour}/${size}`], `${colour}/${size}`).toBe(
          colour === 'Red' && size === 'L' ? 9 : 10,
        );
      }
    }
  });

  test('the cart line and the picker at 390 px', async () => {
    const page = await signedIn('customer', DEMO_EMAILS.customer, 'mobile');
    await page.goto(`/ProductInfo?id=${variant('Blue', 'M').id}`, { waitUntil: 'networkidle' });
    const main = page.getByRole('main');
    await main.getByRole('radiogroup', { name: 'Size' }).waitFor();
    await snap(page, 'picker-390');
    await main.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await toast(page, 'Added to cart').waitFor();
    await page.goto('/CustomerCart');
    await page.getByText('Size: M · Colour: Blue').waitFor();
    await snap(page, 'cart-390');
    const cart = await apiCall<Cart>(page.request, 'GET', '/api/cart');
    for (const line of cart.lines) await page.request.delete(`/api/cart/items/${line.productId}`);
  });

  test('delivered, the customer reviews Red / L and the product page shows it', async () => {
    const customer = await signedIn('customer', DEMO_EMAILS.customer);
    const delivery = await signedIn('delivery', DEMO_EMAILS.delivery);
    const rider = await apiCall<Profile>(delivery.request, 'GET', '/api/account/profile');
    const shipmentId = order.shipments[0]!.id;
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/accept`);
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/pack`);
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/assign`, {
      deliveryStaffId: rider.id,
    });
    const mine = await apiCall<Order>(customer.request, 'GET', `/api/orders/${order.id}`);
    await apiCall(delivery.request, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    await apiCall(
      delivery.request,
      'POST',
      `/api/delivery/shipments/${shipmentId}/out-for-delivery`,
    );
    await apiCall(delivery.request, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code: mine.shipments[0]!.deliveryCode!,
    });

    await customer.goto(`/MyOrders/${order.id}`);
    await customer.getByText('Size: L · Colour: Red').first().waitFor();
    await customer.getByRole('button', { name: 'Rate & review' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Rate & review' });
    await dialog.getByLabel('Your review').fill(REVIEW_TEXT);
    const fifth = await dialog.locator('input[type="radio"][value="5"]').getAttribute('id');
    await dialog.locator(`label[for="${fifth}"]`).click();
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const visitor = await pageIn('desktop');
    const redL = variant('Red', 'L');
    await visitor.goto(`/ProductInfo?id=${redL.id}`);
    const section = visitor.getByRole('region', { name: 'Ratings & reviews' });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('article').filter({ hasText: REVIEW_TEXT }).waitFor();
    const detail = await apiCall<ProductDetail>(visitor.request, 'GET', `/api/products/${redL.id}`);
    expect(detail.ratingCount).toBeGreaterThanOrEqual(1);
  });

  test('the seller leaves Green / XL out in Edit; the design keeps 11 variants', async () => {
    const greenXl = variant('Green', 'XL');
    // The phone only looks (Cancel); the desktop saves.
    for (const viewport of ['mobile', 'desktop'] as const) {
      const page =
        viewport === 'desktop' ? seller : await signedIn('seller', DEMO_EMAILS.seller, 'mobile');
      await page.goto('/ShowAllProduct');
      await choose(page, page, 'Product', PRODUCT);
      await page.keyboard.press('Escape');
      await page
        .getByRole('table', { name: 'All Stock' })
        .getByRole('button', { name: `Edit ${COMPANY} ${PRODUCT}` })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: `Edit ${COMPANY} ${PRODUCT}` });
      await dialog.getByRole('button', { name: 'Remove Green / XL' }).click();
      // A saved variant: the grid asks first, naming it.
      const confirm = page.getByRole('dialog', { name: 'Remove variants' });
      await confirm.getByText('Remove Green / XL from this design?').waitFor();
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      const row = dialog.locator('tr[data-variant="XL|Green"]');
      await row.getByText('Not made').waitFor();
      await row.scrollIntoViewIfNeeded();
      await snap(page, `edit-left-out-${viewport === 'desktop' ? 1280 : 390}`, {
        fullPage: false,
      });
      if (viewport === 'mobile') {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        continue;
      }
      await dialog.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'Design saved').waitFor();
    }

    const after = await designVariants();
    expect(after).toHaveLength(11);
    expect(after.map((item) => item.id)).not.toContain(greenXl.id);
    expect(after.some((item) => item.colour === 'Green' && item.size === 'XL')).toBe(false);
  });
});
