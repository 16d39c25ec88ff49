import {
  formatRupees,
  type DeliveryCashReport,
  type Order,
  type ProductPage,
  type SessionResponse,
} from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, waitForPath } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  acceptPackAssign,
  apiLogIn,
  customerOrder,
  jsonOf,
  placeCodOrder,
  snapAfterAnimations,
} from './helpers.js';

/*
 * docs/delivery.md in real Chromium at a phone's width (390 px): a customer's cash-on-delivery
 * order is accepted, packed and handed to the demo delivery person through the shop office's
 * API; the delivery person picks it up, goes out for delivery, is refused a wrong code, delivers
 * it with the customer's code, and finds it in the history and in today's cash.
 */

const snap = (page: Page, name: string, options?: { fullPage?: boolean }) =>
  snapAfterAnimations(page, `delivery-${name}`, options);

/** Clicks a button and waits for the answer of the POST it sends to `pathEnd`. */
async function clickAndWait(page: Page, button: Locator, pathEnd: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(pathEnd),
    ),
    button.click(),
  ]);
  return response.status();
}

describe('delivery staff: from handed over to delivered on a phone', () => {
  let browser: Browser;
  let customer: BrowserContext;
  let office: BrowserContext;
  let rider: BrowserContext;
  let page: Page;
  let order: Order;
  let code: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await newContext(browser, 'desktop');
    office = await newContext(browser, 'desktop');
    rider = await newContext(browser, 'mobile');
    rider.setDefaultTimeout(10_000);
    page = await rider.newPage();

    await apiLogIn(customer, 'customer', DEMO_EMAILS.customer);
    const supportAdmin = await apiLogIn(office, 'support_admin', DEMO_EMAILS.support_admin);
    const products = await jsonOf<ProductPage>(
      await customer.request.get(`/api/products?shopId=${supportAdmin!.shopId}&pageSize=40`),
    );
    const product = products.items.find((item) => item.stockQuantity >= 2);
    if (!product) throw new Error('the support admin shop has no product in stock');
    order = await placeCodOrder(customer.request, product.id, 1);

    await logIn(page, 'delivery', DEMO_EMAILS.delivery);
    const me = (await jsonOf<SessionResponse>(await page.request.get('/api/auth/session'))).user!;
    await acceptPackAssign(office.request, order.shipments[0]!.id, me.id);
    const assigned = await customerOrder(customer.request, order.id);
    code = assigned.shipments[0]!.deliveryCode!;
    expect(code).toMatch(/^\d{4}$/);
    expect(assigned.shipments[0]!.deliveryStaff?.name).toBe(me.name);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("the customer's order shows the delivery code", async () => {
    const customerPage = await customer.newPage();
    await customerPage.goto(`/MyOrders/${order.id}`);
    await customerPage.getByText(code, { exact: true }).waitFor();
    expect(
      await customerPage.getByText('— tell it to the delivery person', { exact: true }).isVisible(),
    ).toBe(true);
    await snapAfterAnimations(customerPage, 'delivery-0-customer-code');
    await customerPage.close();
  });

  test("home shows today's numbers", async () => {
    await page.goto('/deliveryBoyHome');
    const toDeliver = page.getByRole('link', { name: /^To deliver: \d+$/ });
    await toDeliver.waitFor();
    expect(Number((await toDeliver.getAttribute('aria-label'))!.split(': ')[1])).toBeGreaterThan(0);
    await page.getByRole('group', { name: /^Cash collected today: / }).waitFor();
    await snap(page, '1-home');
  });

  test('picks up, goes out for delivery, is refused a wrong code, delivers with the right one', async () => {
    await page.getByRole('link', { name: /Go to New Delivery/ }).click();
    await waitForPath(page, '/Deliveryordermoredetails');
    const card = page.getByRole('article', { name: `Delivery ${order.orderNumber}` });
    await card.waitFor();
    const subtotal = order.shipments[0]!.subtotalPaise;
    expect(await card.getByLabel('Amount to collect').textContent()).toBe(formatRupees(subtotal));
    expect(await card.getByRole('link', { name: /^Call / }).getAttribute('href')).toBe(
      `tel:+91${order.address.mobile}`,
    );
    await card.scrollIntoViewIfNeeded();
    await snap(page, '2-new-delivery', { fullPage: false });

    const shipmentId = order.shipments[0]!.id;
    expect(
      await clickAndWait(
        page,
        card.getByRole('button', { name: 'Picked up' }),
        `/${shipmentId}/pick-up`,
      ),
    ).toBe(200);
    await card.getByText('Picked up', { exact: true }).waitFor();
    expect(
      await clickAndWait(
        page,
        card.getByRole('button', { name: 'Out for delivery' }),
        `/${shipmentId}/out-for-delivery`,
      ),
    ).toBe(200);
    await card.getByRole('button', { name: 'Delivered' }).click();

    const dialog = page.getByRole('dialog', { name: `Deliver ${order.orderNumber}` });
    await dialog.waitFor();
    const wrong = code === '0000' ? '1111' : '0000';
    await dialog.locator('input').first().click();
    await page.keyboard.type(wrong);
    expect(
      await clickAndWait(
        page,
        dialog.getByRole('button', { name: 'Confirm delivery' }),
        `/${shipmentId}/deliver`,
      ),
    ).toBe(422);
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The delivery code does not match' })
      .waitFor();
    await snap(page, '3-wrong-code', { fullPage: false });
    expect((await customerOrder(customer.request, order.id)).status).toBe('out_for_delivery');

    await dialog.locator('input').first().click();
    await page.keyboard.type(code);
    expect(
      await clickAndWait(
        page,
        dialog.getByRole('button', { name: 'Confirm delivery' }),
        `/${shipmentId}/deliver`,
      ),
    ).toBe(200);
    await page
      .getByRole('alert')
      .filter({ hasText: `${order.orderNumber} delivered` })
      .waitFor();
    await card.waitFor({ state: 'detached' });

    const delivered = await customerOrder(customer.request, order.id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.paymentStatus).toBe('paid');
    expect(delivered.shipments[0]!.deliveryCode).toBeUndefined();
  });

  test('the delivery is in the history and in the cash collected today', async () => {
    await page.goto('/DeliveryHistoryOrderDetails');
    await page.getByLabel('Search').fill(order.orderNumber);
    const row = page
      .getByRole('table', { name: 'Finished deliveries' })
      .getByRole('row')
      .filter({ hasText: order.orderNumber });
    await row.waitFor();
    expect(await row.getByText('Delivered', { exact: true }).isVisible()).toBe(true);

    const report = await jsonOf<DeliveryCashReport>(await page.request.get('/api/delivery/cash'));
    const today = report.days.at(-1)!;
    expect(today.cashPaise).toBeGreaterThanOrEqual(order.shipments[0]!.subtotalPaise);
    const cashTable = page.getByRole('table', { name: 'Cash collected per day' });
    await cashTable.getByText(formatRupees(today.cashPaise)).first().waitFor();
    await snap(page, '4-history');

    await page.goto('/deliveryBoyHome');
    await page
      .getByRole('group', { name: `Cash collected today: ${formatRupees(today.cashPaise)}` })
      .waitFor();
  });

  test('the pages at 1280 px, with another delivery waiting', async () => {
    const next = await placeCodOrder(customer.request, order.shipments[0]!.items[0]!.productId, 1);
    const me = (await jsonOf<SessionResponse>(await page.request.get('/api/auth/session'))).user!;
    await acceptPackAssign(office.request, next.shipments[0]!.id, me.id);

    const desktop = await newContext(browser, 'desktop');
    const wide = await desktop.newPage();
    await logIn(wide, 'delivery', DEMO_EMAILS.delivery);
    await wide.getByRole('link', { name: 'To deliver: 1' }).waitFor();
    await snap(wide, '5-home-1280');
    await wide.goto('/Deliveryordermoredetails');
    await wide.getByRole('article', { name: `Delivery ${next.orderNumber}` }).waitFor();
    await snap(wide, '6-new-delivery-1280');
    await wide.goto('/DeliveryHistoryOrderDetails');
    await wide.getByRole('table', { name: 'Finished deliveries' }).waitFor();
    await wide.getByRole('table', { name: 'Cash collected per day' }).waitFor();
    await snap(wide, '7-history-1280');
    await desktop.close();
  });
});
