import type { Cart, Order, ProductCard } from '@bazaar/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, submitLogin, waitForPath } from '../accounts/helpers.js';
import { apiGridPage, settle, snap } from '../storefront/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/*
 * docs/shopping.md "Guest cart" and docs/orders.md "Buy now": a visitor's Add to cart fills a
 * cart kept in the browser (no trip to the login page), which joins the account's cart at login;
 * Buy now goes to checkout with that one product and leaves the cart alone.
 */

const PENDING_CART_KEY = 'bazaar.pendingCart';

/** A cart line (the list item named 'Name by Company'). */
function cartLine(page: Page, product: ProductCard): Locator {
  return page.getByRole('listitem', { name: `${product.name} by ${product.company}`, exact: true });
}

async function serverCart(page: Page): Promise<Map<number, number>> {
  const cart = (await (await page.request.get('/api/cart')).json()) as Cart;
  return new Map(cart.lines.map((line) => [line.productId, line.quantity]));
}

/** Opens the product's page and presses its Add to cart (a visitor: no request to the cart). */
async function addAsVisitor(page: Page, product: ProductCard): Promise<void> {
  // No wait for the page to finish loading: a click before the app has taken the server's page
  // over is carried out once it has (e2e/storefront/clicks-before-hydration.spec.ts).
  await page.goto(`/ProductInfo?id=${product.id}`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await main.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Added to cart' }).first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/ProductInfo');
}

describe('guest cart and Buy now', () => {
  let browser: Browser;
  /** Three products in stock (5 or more) with different names: in the server cart, added, bought. */
  let inAccount: ProductCard;
  let added: ProductCard;
  let bought: ProductCard;

  beforeAll(async () => {
    browser = await launchBrowser();
    const page = await apiGridPage({});
    const candidates = page.items.filter((item) => item.stockQuantity >= 5);
    const picked: ProductCard[] = [];
    for (const item of candidates) {
      if (picked.every((other) => other.name !== item.name)) picked.push(item);
      if (picked.length === 3) break;
    }
    if (picked.length < 3) throw new Error('the grid has no three products in stock');
    [inAccount, added, bought] = picked as [ProductCard, ProductCard, ProductCard];

    // The account's cart holds one of the first product (and nothing else).
    const context = await newContext(browser, 'desktop');
    const customer = await context.newPage();
    await logIn(customer, 'customer', DEMO_EMAILS.customer);
    const cart = (await (await customer.request.get('/api/cart')).json()) as Cart;
    for (const line of cart.lines)
      await customer.request.delete(`/api/cart/items/${line.productId}`);
    const put = await customer.request.post('/api/cart/items', {
      data: { productId: inAccount.id, quantity: 1 },
    });
    expect(put.ok()).toBe(true);
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('a visitor adds to the cart, logs in from it, and finds it merged into the account cart', async () => {
    const context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      let cartCalls = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/cart/items')) cartCalls += 1;
      });
      await addAsVisitor(page, inAccount);
      await addAsVisitor(page, added);
      expect(cartCalls).toBe(0);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Cart\s*2 items$/ })
        .waitFor();

      // The cart page shows the browser's cart with live prices; a quantity change stays here.
      await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
      await waitForPath(page, '/CustomerCart');
      await page.getByRole('heading', { level: 1, name: /My Cart/ }).waitFor();
      await cartLine(page, inAccount).waitFor();
      const stepper = cartLine(page, added).getByRole('group', {
        name: `Quantity of ${added.name}`,
      });
      await stepper.getByRole('button', { name: 'Increase quantity' }).click();
      await stepper.getByLabel('Quantity 2', { exact: true }).waitFor();
      await page.getByRole('heading', { level: 1, name: /^My Cart\s*\(3 items\)$/ }).waitFor();
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Cart\s*3 items$/ })
        .waitFor();
      await snap(page, 'guest-cart-desktop');

      // A product that has since disappeared rides along, to be dropped with a notice.
      await page.evaluate((key) => {
        const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
          items: unknown[];
        };
        stored.items.push({ productId: 2_000_000_000, quantity: 1 });
        window.localStorage.setItem(key, JSON.stringify(stored));
      }, PENDING_CART_KEY);

      await page.getByRole('link', { name: 'Place order' }).click();
      await waitForPath(page, '/CustomerLogin');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/Checkout');
      const [merge] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cart/merge', {
          timeout: 20_000,
        }),
        submitLogin(page, DEMO_EMAILS.customer, 'Bazaar@123'),
      ]);
      expect(merge.status()).toBe(200);
      await waitForPath(page, '/Checkout');
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await page.getByTestId('cart-merge-notice').waitFor();
      expect(await page.getByTestId('cart-merge-notice').innerText()).toContain(
        'no longer available',
      );

      // 1 in the account + 1 from the browser; the browser's 2; the browser cart is gone.
      const cart = await serverCart(page);
      expect(cart.get(inAccount.id)).toBe(2);
      expect(cart.get(added.id)).toBe(2);
      expect(cart.size).toBe(2);
      const stored = await page.evaluate(
        (key) => window.localStorage.getItem(key),
        PENDING_CART_KEY,
      );
      expect(stored).toBeNull();
      await page.getByRole('radio').filter({ hasText: 'DEFAULT' }).waitFor();
      await snap(page, 'guest-cart-merged-checkout-desktop');
    } finally {
      await context.close();
    }
  });

  test('Buy now from a phone: login, checkout with that one product, order placed, cart untouched', async () => {
    const context = await newContext(browser, 'mobile');
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await addAsVisitor(page, bought);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Cart\s*1 item$/ })
        .click();
      await cartLine(page, bought).waitFor();
      await snap(page, 'guest-cart-mobile');
      // Take it out again: Buy now must not need the cart.
      await cartLine(page, bought)
        .getByRole('button', { name: `Remove ${bought.name}` })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Your cart is empty' }).waitFor();

      await page.goto(`/ProductInfo?id=${bought.id}`);
      await page.getByRole('main').getByRole('link', { name: 'Buy now', exact: true }).click();
      await waitForPath(page, '/CustomerLogin');
      await submitLogin(page, DEMO_EMAILS.customer, 'Bazaar@123');
      await waitForPath(page, '/Checkout');
      expect(new URL(page.url()).searchParams.get('buy')).toBe(String(bought.id));
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      const summary = page.getByRole('region', { name: `Sold by ${bought.shopName}`, exact: true });
      await summary.getByRole('link', { name: bought.name, exact: true }).waitFor();
      // Only that product: neither of the cart's products is in the summary.
      for (const product of [inAccount, added]) {
        expect(await page.getByRole('link', { name: product.name, exact: true }).count()).toBe(0);
      }
      await page.getByRole('radio').filter({ hasText: 'DEFAULT' }).waitFor();
      await page.getByRole('radio', { name: /Cash on delivery/ }).click();
      await snap(page, 'buy-now-checkout-mobile');

      const before = await serverCart(page);
      const [placed] = await Promise.all([
        page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
        ),
        page.getByRole('button', { name: 'Place order', exact: true }).click(),
      ]);
      expect(placed.status()).toBe(201);
      const order = (await placed.json()) as Order;
      const items = order.shipments.flatMap((shipment) => shipment.items);
      expect(items.map((item) => [item.productId, item.quantity])).toEqual([[bought.id, 1]]);
      await waitForPath(page, '/OrderConfirmed');
      await page
        .getByRole('heading', { level: 1, name: 'Thank you! Your order is placed.' })
        .waitFor();

      const after = await settle(
        () => serverCart(page),
        () => true,
      );
      expect([...after]).toEqual([...before]);
      expect(after.get(inAccount.id)).toBe(2);
      await snap(page, 'buy-now-confirmed-mobile');
    } finally {
      await context.close();
    }
  });
});
