import fs from 'node:fs';
import path from 'node:path';
import type { Cart, DeliveryAddressList, Order, Role, SessionResponse } from '@bazaar/shared';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, E2E_CAPTCHA_CODE } from '../accounts/helpers.js';
import { prepareScreenshot } from '../storefront/helpers.js';

/**
 * Helpers of the delivery and shop-office browser tests: API sessions for the people who are not
 * driven through the browser at that step, and the shop office's moves that lead up to delivery.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** JSON of a response, failing the test with its body when the status is not `expected`. */
export async function jsonOf<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  expected = 200,
): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text}`).toBe(expected);
  return JSON.parse(text) as T;
}

/** Signs a browser context in through the API (captcha answer of the test server). */
export async function apiLogIn(
  context: BrowserContext,
  role: Role,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<SessionResponse['user']> {
  const captcha = await jsonOf<{ captchaId: string }>(
    await context.request.post('/api/captchas'),
    201,
  );
  await jsonOf(
    await context.request.post('/api/auth/login', {
      data: {
        area: role,
        identifier: email,
        password,
        captchaId: captcha.captchaId,
        captchaCode: E2E_CAPTCHA_CODE,
      },
    }),
  );
  return (await jsonOf<SessionResponse>(await context.request.get('/api/auth/session'))).user;
}

/** Empties the customer's cart, puts `quantity` of the product in it and orders it (COD). */
export async function placeCodOrder(
  request: APIRequestContext,
  productId: number,
  quantity = 1,
): Promise<Order> {
  const cart = await jsonOf<Cart>(await request.get('/api/cart'));
  for (const line of cart.lines) {
    await jsonOf(await request.delete(`/api/cart/items/${line.productId}`));
  }
  await jsonOf(await request.post('/api/cart/items', { data: { productId, quantity } }));
  const { addresses } = await jsonOf<DeliveryAddressList>(await request.get('/api/addresses'));
  const address = addresses[0];
  if (!address) throw new Error('the customer has no saved address');
  return jsonOf<Order>(
    await request.post('/api/orders', { data: { addressId: address.id, paymentMethod: 'cod' } }),
    201,
  );
}

/** The shop office accepts, packs and hands a shipment to `deliveryStaffId` (API). */
export async function acceptPackAssign(
  request: APIRequestContext,
  shipmentId: number,
  deliveryStaffId: string,
): Promise<void> {
  await jsonOf(await request.post(`/api/shop/orders/${shipmentId}/accept`));
  await jsonOf(await request.post(`/api/shop/orders/${shipmentId}/pack`));
  await jsonOf(
    await request.post(`/api/shop/orders/${shipmentId}/assign`, { data: { deliveryStaffId } }),
  );
}

/** The customer's view of an order (`GET /api/orders/{id}`). */
export async function customerOrder(request: APIRequestContext, orderId: number): Promise<Order> {
  return jsonOf<Order>(await request.get(`/api/orders/${orderId}`));
}

/**
 * A screenshot under e2e/screenshots/ once images are decoded and transitions (modals, toasts)
 * have finished: the full page, or only the window (`fullPage: false`, for a dialog).
 */
export async function snapAfterAnimations(
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
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
