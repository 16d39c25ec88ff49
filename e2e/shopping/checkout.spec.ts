import fs from 'node:fs';
import path from 'node:path';
import type { Cart, Order, ProductCard, ProductDetail, Wishlist } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, waitForPath } from '../accounts/helpers.js';
import {
  api,
  apiGridPage,
  prepareScreenshot,
  productGrid,
  settle,
  waitForGrid,
} from '../storefront/helpers.js';
import { launchBrowser, newContext, screenshot, waitForMail } from '../support/browser.js';

/** What the test searches the grid for: a common word with products from several shops. */
const SEARCH = 'kurta';

/**
 * Paise as the page should show them, written here independently of the app's helper: en-IN
 * rupees, whole when there are no paise ('₹1,20,499'), else with two decimals ('₹1,299.50').
 */
function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: paise % 100 === 0 ? 0 : 2,
  }).format(paise / 100);
}

async function stockOf(productId: number): Promise<number> {
  return (await api<ProductDetail>(`/api/products/${productId}`)).stockQuantity;
}

/** Polls the product's stock until it is `expected` (or the time is up) and asserts on it. */
async function expectStock(productId: number, expected: number): Promise<void> {
  const stock = await settle(
    () => stockOf(productId),
    (value) => value === expected,
  );
  expect(stock, `stock of product ${productId}`).toBe(expected);
}

/**
 * A screenshot under e2e/screenshots/ ('shopping-<name>') once images are decoded and dialogs and
 * toasts have finished fading in: the full page from the top, or only the window as it is (for a
 * dialog, or a part of a long page scrolled into view).
 */
async function snap(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (fullPage) await prepareScreenshot(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  if (fullPage) {
    await screenshot(page, `shopping-${name}`);
    return;
  }
  const directory = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, `shopping-${name}.png`) });
}

/** The value cell of a 'Price details' row ('Total Amount', 'Price (3 items)'...). */
function priceRow(scope: Page | Locator, label: string | RegExp): Locator {
  return scope
    .getByRole('row')
    .filter({ has: scope.getByRole('rowheader', { name: label }) })
    .getByRole('cell');
}

/**
 * The grid card of a product: the card whose name link opens it (sizes of one product share a
 * name, so the name alone is not enough).
 */
function gridCard(page: Page, product: ProductCard): Locator {
  return productGrid(page)
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: product.name, exact: true }) })
    .filter({ has: page.locator(`a[href="/ProductInfo?id=${product.id}"]`) });
}

/** A cart line (the list item named 'Name by Company'). */
function cartLine(page: Page, product: ProductCard): Locator {
  return page.getByRole('listitem', { name: `${product.name} by ${product.company}`, exact: true });
}

/** Waits for the text of `locator` to be `expected` and asserts on the last value read. */
async function expectText(locator: Locator, expected: string): Promise<void> {
  const text = await settle(
    async () => ((await locator.textContent()) ?? '').trim(),
    (value) => value === expected,
  );
  expect(text).toBe(expected);
}

/** Clears what an earlier run may have left in the demo customer's cart and wishlist. */
async function emptyCartAndWishlist(page: Page): Promise<void> {
  const cart = (await (await page.request.get('/api/cart')).json()) as Cart;
  for (const line of cart.lines) {
    const response = await page.request.delete(`/api/cart/items/${line.productId}`);
    expect(response.ok()).toBe(true);
  }
  const wishlist = (await (await page.request.get('/api/wishlist')).json()) as Wishlist;
  for (const item of wishlist.items) {
    const response = await page.request.delete(`/api/wishlist/items/${item.productId}`);
    expect(response.ok()).toBe(true);
  }
}

describe('shopping: cart, wishlist, cash on delivery checkout, My Orders, cancel', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** The two products ordered (two shops) and the one wishlisted, with their stock before. */
  let first: ProductCard;
  let second: ProductCard;
  let wished: ProductCard;
  const stockBefore = new Map<number, number>();
  let order: Order;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(10_000);
    page = await context.newPage();

    // Three products of the search's first page with at least 3 in stock and three different
    // names (so the cart lines and the wishlist tell them apart), the two to buy from different
    // shops.
    const result = await apiGridPage({ q: SEARCH });
    const candidates = result.items.filter((item) => item.stockQuantity >= 3);
    const a = candidates[0];
    const b = candidates.find((item) => a && item.shopId !== a.shopId && item.name !== a.name);
    const c = candidates.find((item) => item.name !== a?.name && item.name !== b?.name);
    if (!a || !b || !c) throw new Error(`'${SEARCH}' has no three products from two shops`);
    [first, second, wished] = [a, b, c];
    expect(first.shopId).not.toBe(second.shopId);
    for (const product of [first, second, wished]) {
      stockBefore.set(product.id, await stockOf(product.id));
    }
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('signs in, searches, adds two products of two shops and wishlists a third', async () => {
    await logIn(page, 'customer', DEMO_EMAILS.customer);
    await emptyCartAndWishlist(page);

    await page.goto('/');
    await productGrid(page).getByPlaceholder('Search by product name').fill(SEARCH);
    await waitForGrid(page, await apiGridPage({ q: SEARCH }));

    for (const product of [first, second]) {
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
        ),
        gridCard(page, product)
          .getByRole('button', { name: `Add ${product.name} to cart`, exact: true })
          .click(),
      ]);
      expect(response.status()).toBe(200);
    }
    await page.getByRole('alert').filter({ hasText: 'Added to cart' }).first().waitFor();

    const heart = gridCard(page, wished).getByRole('button', { name: 'Add to wishlist' });
    const [saved] = await Promise.all([
      page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/wishlist/items/${wished.id}`) && r.request().method() === 'PUT',
      ),
      heart.click(),
    ]);
    expect(saved.ok()).toBe(true);
    const filled = gridCard(page, wished).getByRole('button', {
      name: 'Remove from wishlist',
    });
    await filled.waitFor();
    expect(await filled.getAttribute('aria-pressed')).toBe('true');
    // The window on the grid (the whole home page is six screens of sliders and cards).
    await gridCard(page, first).scrollIntoViewIfNeeded();
    await snap(page, '1-search-added', { fullPage: false });

    const cart = (await (await page.request.get('/api/cart')).json()) as Cart;
    expect(cart.lines.map((line) => line.productId).sort()).toEqual([first.id, second.id].sort());
  });

  test('the cart adds up, and follows a quantity change', async () => {
    await page.goto('/CustomerCart');
    await page.getByRole('heading', { level: 1, name: /My Cart/ }).waitFor();
    await cartLine(page, first).waitFor();
    expect(await cartLine(page, second).isVisible()).toBe(true);
    expect(
      await page.getByRole('listitem', { name: new RegExp(`^${wished.name} by`) }).count(),
    ).toBe(0);

    // Each line says which shop sends it.
    expect(await cartLine(page, first).getByText(`Sold by ${first.shopName}`).isVisible()).toBe(
      true,
    );
    expect(await cartLine(page, second).getByText(`Sold by ${second.shopName}`).isVisible()).toBe(
      true,
    );

    const total = priceRow(page, 'Total Amount');
    await expectText(total, rupees(first.pricePaise + second.pricePaise));
    await expectText(priceRow(page, /^Price \(/), rupees(first.mrpPaise + second.mrpPaise));
    expect(await page.getByRole('rowheader', { name: 'Price (2 items)' }).isVisible()).toBe(true);

    const stepper = cartLine(page, first).getByRole('group', { name: `Quantity of ${first.name}` });
    await stepper.getByRole('button', { name: 'Increase quantity' }).click();
    await stepper.getByLabel('Quantity 2', { exact: true }).waitFor();

    const expectedTotal = 2 * first.pricePaise + second.pricePaise;
    await expectText(total, rupees(expectedTotal));
    await page.getByRole('rowheader', { name: 'Price (3 items)' }).waitFor();
    await expectText(priceRow(page, /^Price \(/), rupees(2 * first.mrpPaise + second.mrpPaise));
    await expectText(
      // The amount's paragraph: a hidden 'Line total ' for screen readers, then the amount.
      cartLine(page, first).getByText('Line total', { exact: true }).locator('xpath=..'),
      `Line total ${rupees(2 * first.pricePaise)}`,
    );
    await page.getByRole('heading', { level: 1, name: /^My Cart\s*\(3 items\)$/ }).waitFor();

    // The server agrees (the page waited for its answer).
    const cart = (await (await page.request.get('/api/cart')).json()) as Cart;
    expect(cart.totals.totalPaise).toBe(expectedTotal);
    expect(cart.lines.find((line) => line.productId === first.id)?.quantity).toBe(2);
    await snap(page, '2-cart');
  });

  test('the wishlisted product is on /wishlist', async () => {
    await page.goto('/wishlist');
    await page.getByRole('heading', { level: 1, name: 'My wishlist' }).waitFor();
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: wished.name, exact: true }) });
    await card.waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await page.getByText('1 product', { exact: true }).isVisible()).toBe(true);
    await snap(page, '3-wishlist');
  });

  test('checks out with cash on delivery and sees /OrderConfirmed', async () => {
    const expectedTotal = 2 * first.pricePaise + second.pricePaise;
    await page.goto('/CustomerCart');
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await waitForPath(page, '/Checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();

    // The default address is chosen for us; choosing it again keeps it.
    const defaultAddress = page.getByRole('radio').filter({ hasText: 'DEFAULT' });
    await defaultAddress.waitFor();
    expect(await defaultAddress.getAttribute('aria-checked')).toBe('true');
    await defaultAddress.click();

    // The summary shows each shop's part.
    for (const product of [first, second]) {
      const shop = page.getByRole('region', { name: `Sold by ${product.shopName}`, exact: true });
      expect(await shop.getByRole('link', { name: product.name, exact: true }).isVisible()).toBe(
        true,
      );
    }
    await expectText(priceRow(page, 'Total Amount'), rupees(expectedTotal));

    const cod = page.getByRole('radio', { name: /Cash on delivery/ });
    await cod.click();
    expect(await cod.getAttribute('aria-checked')).toBe('true');
    expect(
      await page.getByText(`Pay ${rupees(expectedTotal)} when the order arrives.`).isVisible(),
    ).toBe(true);
    await snap(page, '4-checkout');

    const [placed] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Place order', exact: true }).click(),
    ]);
    expect(placed.status()).toBe(201);
    order = (await placed.json()) as Order;
    expect(order.paymentMethod).toBe('cod');
    expect(order.totals.totalPaise).toBe(expectedTotal);
    expect(order.orderNumber).toMatch(/^BZ\d{8}$/);

    await waitForPath(page, '/OrderConfirmed');
    expect(new URL(page.url()).searchParams.get('order')).toBe(String(order.id));
    await page
      .getByRole('heading', { level: 1, name: 'Thank you! Your order is placed.' })
      .waitFor();
    expect(await page.getByText(order.orderNumber, { exact: true }).isVisible()).toBe(true);
    await expectText(priceRow(page, 'Total Amount'), rupees(expectedTotal));
    expect(await page.getByText('Cash on delivery', { exact: true }).isVisible()).toBe(true);
    for (const product of [first, second]) {
      expect(
        await page
          .getByRole('region', { name: `Sold by ${product.shopName}`, exact: true })
          .isVisible(),
      ).toBe(true);
    }
    await snap(page, '5-order-confirmed');

    // The customer is mailed at once (docs/notifications.md): the order, its total and its link.
    const placedMail = await waitForMail(
      DEMO_EMAILS.customer,
      (mail) => mail.subject === `Your order ${order.orderNumber} is placed`,
    );
    expect(placedMail.text).toContain(`/MyOrders/${order.id}`);
    expect(placedMail.text).toContain(`Total: ${rupees(expectedTotal)}`);
  });

  test('the cart is empty and the stock went down by the quantities ordered', async () => {
    await page.goto('/CustomerCart');
    await page.getByRole('heading', { level: 2, name: 'Your cart is empty' }).waitFor();
    const cart = (await (await page.request.get('/api/cart')).json()) as Cart;
    expect(cart.lines).toEqual([]);

    await expectStock(first.id, (stockBefore.get(first.id) ?? 0) - 2);
    await expectStock(second.id, (stockBefore.get(second.id) ?? 0) - 1);
    await expectStock(wished.id, stockBefore.get(wished.id) ?? 0);
  });

  test('My Orders lists the order; its detail has two shipments placed', async () => {
    await page.goto('/MyOrders');
    const row = page.getByRole('link', { name: order.orderNumber, exact: true });
    await row.waitFor();
    expect(await row.getByText('Placed', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(rupees(order.totals.totalPaise), { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await row.getByText(/Cash on delivery/).isVisible()).toBe(true);
    await snap(page, '6-my-orders');

    await row.click();
    await waitForPath(page, `/MyOrders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: order.orderNumber }).waitFor();
    const shipments = page.getByRole('region', { name: /^Sold by / });
    await expectText(
      page.getByRole('heading', { level: 1, name: order.orderNumber }),
      order.orderNumber,
    );
    expect(await shipments.count()).toBe(2);
    for (const product of [first, second]) {
      const shipment = page.getByRole('region', {
        name: `Sold by ${product.shopName}`,
        exact: true,
      });
      expect(
        await shipment.getByRole('link', { name: product.name, exact: true }).isVisible(),
      ).toBe(true);
      const timeline = shipment.getByLabel(`Progress of the shipment from ${product.shopName}`);
      expect(await timeline.getByText('Placed', { exact: true }).isVisible()).toBe(true);
    }
    await expectText(priceRow(page, 'Total Amount'), rupees(order.totals.totalPaise));
    await snap(page, '7-order-detail');
  });

  test('cancelling the order (after confirming) shows it cancelled and gives the stock back', async () => {
    await page.getByRole('button', { name: 'Cancel order', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
    await dialog.waitFor();
    await snap(page, '8-cancel-dialog', { fullPage: false });

    const [cancelled] = await Promise.all([
      page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/orders/${order.id}/cancel`) && r.request().method() === 'POST',
      ),
      dialog.getByRole('button', { name: 'Cancel order', exact: true }).click(),
    ]);
    expect(cancelled.ok()).toBe(true);
    await dialog.waitFor({ state: 'hidden' });

    const heading = page.getByRole('heading', { level: 1, name: order.orderNumber });
    await heading.locator('xpath=..').getByText('Cancelled', { exact: true }).waitFor();
    for (const product of [first, second]) {
      const timeline = page.getByLabel(`Progress of the shipment from ${product.shopName}`);
      await timeline.getByText('Cancelled', { exact: true }).waitFor();
      expect(await timeline.getByText('Placed', { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Cancel order', exact: true }).count()).toBe(0);

    for (const product of [first, second, wished]) {
      await expectStock(product.id, stockBefore.get(product.id) ?? 0);
    }
    await snap(page, '9-order-cancelled');
    await waitForMail(
      DEMO_EMAILS.customer,
      (mail) => mail.subject === `Your order ${order.orderNumber} is cancelled`,
    );

    await page.goto('/MyOrders');
    const row = page.getByRole('link', { name: order.orderNumber, exact: true });
    await row.getByText('Cancelled', { exact: true }).waitFor();
  });

  test('at phone width (390): the cart and My Orders', async () => {
    const phone = await newContext(browser, 'mobile');
    phone.setDefaultTimeout(10_000);
    try {
      const small = await phone.newPage();
      await logIn(small, 'customer', DEMO_EMAILS.customer);

      // Two lines in the cart again, one of them twice, through the API the page uses.
      for (const [product, quantity] of [
        [first, 2],
        [second, 1],
      ] as const) {
        const response = await small.request.post('/api/cart/items', {
          data: { productId: product.id, quantity },
        });
        expect(response.ok()).toBe(true);
      }
      await small.goto('/CustomerCart');
      await cartLine(small, first).waitFor();
      await expectText(
        priceRow(small, 'Total Amount'),
        rupees(2 * first.pricePaise + second.pricePaise),
      );
      // Nothing sticks out sideways on a phone.
      const overflow = await small.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await snap(small, '10-phone-cart');

      await small.goto('/MyOrders');
      const row = small.getByRole('link', { name: order.orderNumber, exact: true });
      await row.getByText('Cancelled', { exact: true }).waitFor();
      expect(
        await small.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      await snap(small, '11-phone-my-orders');

      await row.click();
      await small.getByRole('heading', { level: 1, name: order.orderNumber }).waitFor();
      await snap(small, '12-phone-order-detail');

      // Leave the cart as it was found: empty, through the page's Remove and its confirmation.
      await small.goto('/CustomerCart');
      for (const product of [first, second]) {
        await cartLine(small, product)
          .getByRole('button', { name: `Remove ${product.name}`, exact: true })
          .click();
        const confirm = small.getByRole('dialog', { name: 'Remove item' });
        await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
        await cartLine(small, product).waitFor({ state: 'detached' });
      }
      await small.getByRole('heading', { level: 2, name: 'Your cart is empty' }).waitFor();
    } finally {
      await phone.close();
    }
  });
});
