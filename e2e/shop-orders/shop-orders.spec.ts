import type {
  Cart,
  DeliveryAddress,
  Order,
  ProductDetail,
  ProductPage,
  Profile,
  SupportMessagePage,
} from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, E2E_CAPTCHA_CODE, logIn, unique, uniqueMobile } from '../accounts/helpers.js';
import { apiCall } from '../back-office-bills/helpers.js';
import { prepareScreenshot } from '../storefront/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

/*
 * docs/shop-office.md in real Chromium: a customer places a cash on
 * delivery order for a product of seller 0's shop through the API; the support admin finds it in
 * New Orders, accepts, packs and hands it to delivery@bazaar.test; the customer's order reads
 * 'Handed to delivery'. The seller creates a support admin; the admin reads a contact message in
 * the support inbox. Pages photographed at 1280 and 390 px.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
let order: Order;
let productId: number;

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
  if (fullPage) {
    await screenshot(target, `shop-orders-${name}`);
  } else {
    await target.screenshot({
      path: new URL(`../screenshots/shop-orders-${name}.png`, import.meta.url).pathname,
    });
  }
}

/** A signed-in page of `role` in its own browser context (desktop or phone). */
async function signedIn(
  role: Parameters<typeof logIn>[1],
  email: string,
  viewport: 'desktop' | 'mobile' = 'desktop',
): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, role, email);
  return page;
}

function toast(target: Page, text: string): Locator {
  return target.getByRole('alert').filter({ hasText: text }).first();
}

/** The open detail drawer. */
function drawer(target: Page): Locator {
  return target.getByRole('dialog').filter({ hasText: 'Status history' });
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('shop office orders', () => {
  test('a customer places a cash on delivery order for a product of seller 0 through the API', async () => {
    const seller = await signedIn('seller', DEMO_EMAILS.seller);
    const profile = await apiCall<Profile>(seller.request, 'GET', '/api/account/profile');
    const shopId = profile.shop!.id;
    const products = await apiCall<ProductPage>(
      seller.request,
      'GET',
      `/api/products?shopId=${shopId}&pageSize=20`,
    );
    let found: number | undefined;
    for (const card of products.items) {
      const detail = await apiCall<ProductDetail>(
        seller.request,
        'GET',
        `/api/products/${card.id}`,
      );
      if (detail.stockQuantity > 0) {
        found = detail.id;
        break;
      }
    }
    expect(found, 'a product of seller 0 in stock').toBeDefined();
    productId = found!;

    const customer = await signedIn('customer', DEMO_EMAILS.customer);
    const cart = await apiCall<Cart>(customer.request, 'GET', '/api/cart');
    for (const line of cart.lines) {
      await customer.request.delete(`/api/cart/items/${line.productId}`);
    }
    await apiCall(customer.request, 'POST', '/api/cart/items', { productId, quantity: 1 });
    const { addresses } = await apiCall<{ addresses: DeliveryAddress[] }>(
      customer.request,
      'GET',
      '/api/addresses',
    );
    order = await apiCall<Order>(customer.request, 'POST', '/api/orders', {
      addressId: addresses[0]!.id,
      paymentMethod: 'cod',
    });
    expect(order.shipments).toHaveLength(1);
    expect(order.shipments[0]!.status).toBe('placed');
  });

  test('the support admin accepts, packs and hands it to delivery; the customer sees it', async () => {
    const delivery = await signedIn('delivery', DEMO_EMAILS.delivery);
    const rider = await apiCall<Profile>(delivery.request, 'GET', '/api/account/profile');

    const page = await signedIn('support_admin', DEMO_EMAILS.support_admin);
    const newTile = page.getByRole('link', { name: /^New Orders: \d+$/ });
    await newTile.waitFor();
    await snap(page, 'support-home-1280');
    await newTile.click();
    await page.getByRole('heading', { name: 'New Orders' }).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(order.orderNumber);
    const row = page.getByRole('row').filter({ hasText: order.orderNumber });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await snap(page, 'support-new-orders-1280');

    await row.getByRole('button', { name: `Open ${order.orderNumber}` }).click();
    const panel = drawer(page);
    await panel.getByRole('button', { name: 'Accept' }).click();
    await toast(page, 'Order accepted').waitFor();
    await panel.getByText('Confirmed', { exact: true }).first().waitFor();
    await panel.getByRole('button', { name: 'Mark packed' }).click();
    await toast(page, 'Order packed').waitFor();
    await panel.getByRole('combobox', { name: 'Delivery staff' }).click();
    await page.getByRole('option', { name: new RegExp(`^${rider.name}`) }).click();
    await panel.getByRole('button', { name: 'Hand over to delivery' }).click();
    await toast(page, 'Order handed to delivery').waitFor();
    await panel.getByText(`Handed to ${rider.name}`).waitFor();
    await expect.poll(() => panel.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await snap(page, 'support-order-drawer-1280', { fullPage: false });

    const customer = await signedIn('customer', DEMO_EMAILS.customer);
    await customer.goto(`/MyOrders/${order.id}`);
    await customer.getByText('Handed to delivery').first().waitFor();
    await snap(customer, 'customer-order-handed-1280');
  });

  test('the seller sees the order in Order History, and New Orders on a phone', async () => {
    const page = await signedIn('seller', DEMO_EMAILS.seller);
    await page.getByRole('link', { name: /^Order History: \d+$/ }).click();
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(order.orderNumber);
    await page.getByRole('row').filter({ hasText: 'Handed to delivery' }).waitFor();
    await snap(page, 'seller-history-1280');

    const phone = await signedIn('support_admin', DEMO_EMAILS.support_admin, 'mobile');
    await phone.getByRole('link', { name: /^Return Orders: \d+$/ }).waitFor();
    await snap(phone, 'support-home-390');
    await phone.goto('/SupportAdminOrderHistory');
    await phone.getByRole('textbox', { name: 'Search' }).fill(order.orderNumber);
    // Phones get cards instead of the table.
    const openButton = phone.getByRole('button', { name: `Open ${order.orderNumber}` });
    await openButton.waitFor();
    expect(await phone.getByRole('table').count()).toBe(0);
    await snap(phone, 'support-history-390');
    await openButton.click();
    await drawer(phone).getByText('Status history').waitFor();
    await snap(phone, 'support-order-drawer-390', { fullPage: false });
  });

  test('after delivery and a return request, the support admin approves and receives the goods back', async () => {
    // Delivery and the return request through the API (the delivery area and My Orders have
    // their own browser tests).
    const shipmentId = order.shipments[0]!.id;
    const delivery = await signedIn('delivery', DEMO_EMAILS.delivery);
    const customer = await signedIn('customer', DEMO_EMAILS.customer);
    const mine = await apiCall<Order>(customer.request, 'GET', `/api/orders/${order.id}`);
    const code = mine.shipments[0]!.deliveryCode!;
    expect(code).toMatch(/^\d{4}$/);
    await apiCall(delivery.request, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    await apiCall(
      delivery.request,
      'POST',
      `/api/delivery/shipments/${shipmentId}/out-for-delivery`,
    );
    await apiCall(delivery.request, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code,
    });
    await apiCall(
      customer.request,
      'POST',
      `/api/orders/${order.id}/shipments/${shipmentId}/return`,
      {
        reason: 'The colour is darker than the photo',
      },
    );
    const stockBefore = (
      await apiCall<ProductDetail>(customer.request, 'GET', `/api/products/${productId}`)
    ).stockQuantity;

    const page = await signedIn('support_admin', DEMO_EMAILS.support_admin);
    await page.getByRole('link', { name: /^Return Orders: [1-9]\d*$/ }).click();
    await page.getByRole('heading', { name: 'Return Orders' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: order.orderNumber });
    await row.waitFor();
    await snap(page, 'support-returns-1280');
    await row.getByRole('button', { name: `Open ${order.orderNumber}` }).click();
    const panel = drawer(page);
    await panel.getByText('The colour is darker than the photo').first().waitFor();
    await panel.getByRole('button', { name: 'Approve return' }).click();
    await toast(page, 'Return approved').waitFor();
    await panel.getByRole('button', { name: 'Receive goods back' }).click();
    const confirm = page.getByRole('dialog', { name: 'Goods received back?' });
    await snap(page, 'support-receive-confirm-1280', { fullPage: false });
    await confirm.getByRole('button', { name: 'Yes, received' }).click();
    await toast(page, 'Goods received back; stock restored').waitFor();
    await panel.getByText('Returned', { exact: true }).first().waitFor();
    const stockAfter = (
      await apiCall<ProductDetail>(page.request, 'GET', `/api/products/${productId}`)
    ).stockQuantity;
    expect(stockAfter).toBe(stockBefore + 1);
    await snap(page, 'support-returned-drawer-1280', { fullPage: false });
  });

  test('the seller creates a support admin and sees the password once', async () => {
    const page = await signedIn('seller', DEMO_EMAILS.seller);
    await page.goto('/SupportAdminRegistration');
    await page.getByRole('heading', { name: 'Create support admin' }).waitFor();
    await page.getByRole('button', { name: 'Create support admin' }).click();
    await page.getByText('Name is required').waitFor();
    const email = `helper-${unique()}@example.in`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Meera Kumari');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Mobile' }).fill(uniqueMobile(8));
    await page.getByLabel('Date of birth').fill('1996-08-15');
    await page.getByRole('textbox', { name: 'Aadhaar number' }).fill('234123412346');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Order manager' }).click();
    await page.getByRole('button', { name: 'Create support admin' }).click();
    const password = page.getByTestId('generated-password');
    await password.waitFor();
    expect(await password.textContent()).toMatch(/^.{8}$/);
    await snap(page, 'seller-support-admin-password-1280', { fullPage: false });
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: email }).waitFor();
    await snap(page, 'seller-support-admins-1280');

    await page.goto('/AllCustomerInfo');
    await page.getByRole('heading', { name: 'Total customers' }).waitFor();
    await page.getByRole('cell', { name: DEMO_EMAILS.customer }).waitFor();
    await snap(page, 'seller-customers-1280');
    await page.goto('/support');
    await page.getByText('Phone').first().waitFor();
    await snap(page, 'seller-support-1280');
  });

  test('the admin reads a contact message in the support inbox', async () => {
    const subject = `Bulk order ${unique()}`;
    const page = await signedIn('admin', DEMO_EMAILS.admin);
    await apiCall(page.request, 'POST', '/api/contact-messages', {
      name: 'Anil Kumar',
      email: 'anil@example.in',
      phone: '9812345678',
      subject,
      message: 'Do you deliver 200 shirts to Gaya before Chhath?',
      captchaId: (await apiCall<{ captchaId: string }>(page.request, 'POST', '/api/captchas'))
        .captchaId,
      captchaCode: E2E_CAPTCHA_CODE,
    });
    await page.goto('/supportInbox');
    await page.getByRole('heading', { name: 'Support inbox' }).waitFor();
    await page
      .locator('label')
      .filter({ hasText: /^Unread$/ })
      .click();
    const item = page.getByRole('button').filter({ hasText: subject });
    await item.waitFor();
    await snap(page, 'admin-inbox-1280');
    await item.click();
    await page.getByRole('dialog', { name: subject }).getByText('Gaya before Chhath').waitFor();
    await snap(page, 'admin-inbox-message-1280', { fullPage: false });
    await expect
      .poll(async () => {
        const inbox = await apiCall<SupportMessagePage>(
          page.request,
          'GET',
          '/api/support/messages?unread=true',
        );
        return inbox.items.some((message) => message.subject === subject);
      })
      .toBe(false);

    const phone = await signedIn('admin', DEMO_EMAILS.admin, 'mobile');
    await phone.goto('/supportInbox');
    await phone.getByRole('button').filter({ hasText: subject }).waitFor();
    await snap(phone, 'admin-inbox-390');
  });
});
