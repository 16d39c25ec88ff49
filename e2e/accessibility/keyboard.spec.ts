import type { Cart, Wishlist } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, DEMO_PASSWORD, E2E_CAPTCHA_CODE, waitForPath } from '../accounts/helpers.js';
import { apiGridPage, productGrid } from '../storefront/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

/**
 * Accessibility: the customer's way from login to a cash-on-delivery order with the keyboard
 * only (Tab, Shift+Tab, Enter, Space, Escape and typing). Locators are used to check where the
 * focus is, never to click or fill. Every element the focus reaches must show a focus ring, and
 * the cart's confirm modal must keep the focus inside and give it back when it closes.
 */

/** True when `target` (any of its matches) is the focused element. */
async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((elements) =>
    elements.some((element) => element === document.activeElement),
  );
}

/** The focused element, for failure messages: 'BUTTON "Add to cart"'. */
async function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return 'nothing';
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('placeholder') ??
      element.textContent?.trim().slice(0, 40) ??
      '';
    return `${element.tagName} "${name}"`;
  });
}

/**
 * Asserts that the focused element matches :focus-visible and that a ring is drawn: an outline
 * (width above 0, style not none) or a box shadow, on the element or on the box around it (a
 * password field's input sits inside its bordered box), at most two levels up.
 */
async function expectFocusRing(page: Page, what: string): Promise<void> {
  const ring = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    let ring = '';
    for (
      let element: HTMLElement | null = focused, level = 0;
      element && level < 3 && !ring;
      element = element.parentElement, level++
    ) {
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
        ring = `outline ${style.outlineWidth} ${style.outlineStyle}`;
      else if (style.boxShadow !== 'none') ring = `box-shadow ${style.boxShadow}`;
    }
    return { focusVisible: focused.matches(':focus-visible'), ring };
  });
  expect(ring.focusVisible, `${what} matches :focus-visible`).toBe(true);
  expect(ring.ring, `${what} shows a focus ring`).not.toBe('');
}

/**
 * Presses `key` (Tab or Shift+Tab) until `target` has the focus, at most `max` times, then checks
 * its focus ring.
 */
async function tabTo(
  page: Page,
  target: Locator,
  what: string,
  { key = 'Tab', max = 120 }: { key?: 'Tab' | 'Shift+Tab'; max?: number } = {},
): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (await hasFocus(target)) {
      await expectFocusRing(page, what);
      return presses;
    }
    await page.keyboard.press(key);
  }
  throw new Error(
    `${what}: not reached in ${max} ${key} presses (at ${await focusedElement(page)})`,
  );
}

/** Clears the demo customer's cart and wishlist (the API, as other runs may have left lines). */
async function emptyCart(page: Page): Promise<void> {
  const cart = (await (await page.request.get('/api/cart')).json()) as Cart;
  for (const line of cart.lines) await page.request.delete(`/api/cart/items/${line.productId}`);
  const wishlist = (await (await page.request.get('/api/wishlist')).json()) as Wishlist;
  for (const item of wishlist.items)
    await page.request.delete(`/api/wishlist/items/${item.productId}`);
}

describe('accessibility: keyboard only, login to a cash-on-delivery order', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('logs in with the keyboard, captcha included', async () => {
    await page.goto('/CustomerLogin');
    await page.getByRole('img', { name: 'Captcha code' }).waitFor();
    const identifier = page.getByRole('textbox', { name: /^Email( or mobile)?$/ });
    await tabTo(page, identifier, 'Email field');
    await page.keyboard.type(DEMO_EMAILS.customer);
    await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }), 'Password');
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo(page, page.getByRole('button', { name: 'Refresh captcha' }), 'Refresh captcha');
    await tabTo(page, page.getByRole('textbox', { name: 'Captcha', exact: true }), 'Captcha');
    await page.keyboard.type(E2E_CAPTCHA_CODE);
    await screenshot(page, 'accessibility-keyboard-1-login');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/');
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).waitFor();
    await emptyCart(page);
  });

  test('searches, opens a product, adds it to the cart and opens the cart', async () => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const search = productGrid(page).getByPlaceholder('Search by product name');
    await tabTo(page, search, 'grid search', { max: 250 });
    await page.keyboard.type('kurta');
    await page.waitForURL((url) => url.searchParams.get('q') === 'kurta');
    await productGrid(page).getByLabel('Updating products').waitFor({ state: 'hidden' });

    // A product of the result with 3 in stock, as the API answers the same search now.
    const result = await apiGridPage({ q: 'kurta' });
    const product = result.items.find((item) => item.stockQuantity >= 3);
    if (!product) throw new Error("no 'kurta' with 3 in stock");
    const card = productGrid(page)
      .getByRole('article')
      .filter({ has: page.locator(`a[href="/ProductInfo?id=${product.id}"]`) });
    await card.waitFor();
    await tabTo(page, card.getByRole('link'), `link of ${product.name}`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/ProductInfo');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(product.id));

    // The product page's own heading: the search results (on the home page, whose hero is an h1
    // too) stay on screen while the lazy product page loads, and Tab presses before the swap
    // would land in the old page, on its cards' 'Add ... to cart' buttons.
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const add = page.getByRole('main').getByRole('button', { name: /Add .*to cart/ });
    await tabTo(page, add, 'Add to cart');
    const [added] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
      ),
      page.keyboard.press('Enter'),
    ]);
    expect(added.ok()).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Added to cart' }).first().waitFor();

    // Back up to the header's Cart link.
    const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
    await tabTo(page, cartLink, 'Cart link', { key: 'Shift+Tab', max: 60 });
    await page.keyboard.press('Enter');
    await waitForPath(page, '/CustomerCart');
    await page.getByRole('listitem', { name: `${product.name} by ${product.company}` }).waitFor();
  });

  test('changes the quantity; the confirm modal traps the focus and gives it back', async () => {
    const line = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Increase quantity' }) });
    const increase = line.getByRole('button', { name: 'Increase quantity' });
    await tabTo(page, increase, 'Increase quantity');
    const [changed] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/cart/items/') && r.request().method() === 'PATCH',
      ),
      page.keyboard.press('Space'),
    ]);
    expect(changed.ok()).toBe(true);
    await line.getByLabel('Quantity 2').waitFor();

    const remove = line.getByRole('button', { name: /^Remove / });
    await tabTo(page, remove, 'Remove');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[role="dialog"]')?.contains(document.activeElement),
    );
    await screenshot(page, 'accessibility-keyboard-2-modal');
    const inside = () =>
      page.evaluate(() =>
        Boolean(document.querySelector('[role="dialog"]')?.contains(document.activeElement)),
      );
    for (let presses = 0; presses < 6; presses++) {
      await page.keyboard.press('Tab');
      expect(await inside(), `focus inside the dialog after Tab ${presses + 1}`).toBe(true);
      await expectFocusRing(page, 'dialog control');
    }
    for (let presses = 0; presses < 6; presses++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside(), `focus inside the dialog after Shift+Tab ${presses + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(remove), { timeout: 5_000 }).toBe(true);
    // Still in the cart: Escape cancelled the removal.
    await line.getByLabel('Quantity 2').waitFor();
  });

  test('goes to checkout and places a cash-on-delivery order', async () => {
    const proceed = page.getByRole('link', { name: 'Proceed to checkout' });
    await tabTo(page, proceed, 'Proceed to checkout');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/Checkout');

    const cod = page.getByRole('radio', { name: /Cash on delivery/ });
    await cod.waitFor();
    await tabTo(page, cod, 'Cash on delivery');
    if ((await cod.getAttribute('aria-checked')) !== 'true') await page.keyboard.press('Space');
    expect(await cod.getAttribute('aria-checked')).toBe('true');

    const place = page.getByRole('button', { name: 'Place order' });
    await tabTo(page, place, 'Place order');
    await screenshot(page, 'accessibility-keyboard-3-checkout');
    const [placed] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST',
      ),
      page.keyboard.press('Enter'),
    ]);
    expect(placed.status()).toBe(201);
    await waitForPath(page, '/OrderConfirmed');
  });
});
