import type {
  Cart,
  DeliveryAddress,
  Order,
  ProductDetail,
  ProductPage,
  Profile,
} from '@bazaar/shared';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn } from '../accounts/helpers.js';
import { apiCall } from '../back-office-bills/helpers.js';
import { prepareScreenshot } from '../storefront/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

/*
 * docs/refunds.md "Cash-on-delivery refunds" in real Chromium: a customer's cash-on-delivery
 * order is delivered (through the API), the customer asks for a return with a UPI id in My
 * Orders, the support admin approves it, receives the goods back and marks the refund paid with
 * the transfer's UTR, and the customer's order shows "Refunded" with that UTR. Then a customer
 * cancels one shop's shipment of a two-shop order while the other goes on. Pages photographed
 * at 1280 and 390 px.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
let order: Order;
const UPI_ID = 'asha.devi@okaxis';
const UTR = 'SBIN42611281234';

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
    await screenshot(target, `refund-${name}`);
  } else {
    await target.screenshot({
      path: new URL(`../screenshots/refund-${name}.png`, import.meta.url).pathname,
    });
  }
}

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

function drawer(target: Page): Locator {
  return target.getByRole('dialog').filter({ hasText: 'Status history' });
}

/** A product of the seller's shop with stock. */
async function productInStock(seller: Page): Promise<number> {
  const profile = await apiCall<Profile>(seller.request, 'GET', '/api/account/profile');
  const products = await apiCall<ProductPage>(
    seller.request,
    'GET',
    `/api/products?shopId=${profile.shop!.id}&pageSize=20`,
  );
  for (const card of products.items) {
    const detail = await apiCall<ProductDetail>(seller.request, 'GET', `/api/products/${card.id}`);
    if (detail.stockQuantity > 0) return detail.id;
  }
  throw new Error(`no product in stock in ${profile.shop!.name}`);
}

/** Places a cash-on-delivery order of one unit of each product, the cart emptied first. */
async function placeCodOrder(customer: APIRequestContext, productIds: number[]): Promise<Order> {
  const cart = await apiCall<Cart>(customer, 'GET', '/api/cart');
  for (const line of cart.lines) await customer.delete(`/api/cart/items/${line.productId}`);
  for (const productId of productIds) {
    await apiCall(customer, 'POST', '/api/cart/items', { productId, quantity: 1 });
  }
  const { addresses } = await apiCall<{ addresses: DeliveryAddress[] }>(
    customer,
    'GET',
    '/api/addresses',
  );
  return apiCall<Order>(customer, 'POST', '/api/orders', {
    addressId: addresses[0]!.id,
    paymentMethod: 'cod',
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('a cash-on-delivery refund', () => {
  test('a delivered cash-on-delivery order: the customer asks for a return with a UPI id', async () => {
    const seller = await signedIn('seller', DEMO_EMAILS.seller);
    const customer = await signedIn('customer', DEMO_EMAILS.customer);
    order = await placeCodOrder(customer.request, [await productInStock(seller)]);
    const shipmentId = order.shipments[0]!.id;

    // Accepted, packed, handed over and delivered through the API (their screens have their
    // own browser tests).
    const delivery = await signedIn('delivery', DEMO_EMAILS.delivery);
    const rider = await apiCall<Profile>(delivery.request, 'GET', '/api/account/profile');
    const staff = await apiCall<{ id: string; name: string }[]>(
      seller.request,
      'GET',
      '/api/shop/delivery-staff',
    );
    const riderId = staff.find((person) => person.name === rider.name)!.id;
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/accept`);
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/pack`);
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/assign`, {
      deliveryStaffId: riderId,
    });
    const mine = await apiCall<Order>(customer.request, 'GET', `/api/orders/${order.id}`);
    const code = mine.shipments[0]!.deliveryCode!;
    await apiCall(delivery.request, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    await apiCall(
      delivery.request,
      'POST',
      `/api/delivery/shipments/${shipmentId}/out-for-delivery`,
    );
    await apiCall(delivery.request, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code,
    });

    await customer.goto(`/MyOrders/${order.id}`);
    await customer.getByRole('button', { name: 'Request return' }).click();
    const dialog = customer.getByRole('dialog', { name: /^Return the items sold by/ });
    await dialog.getByText('Where should we send your refund?').waitFor();
    await dialog
      .getByRole('textbox', { name: /Why are you returning them/ })
      .fill('Too tight at the shoulders');
    await dialog.getByRole('textbox', { name: /UPI id/ }).fill('asha.devi');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await dialog.getByText('Enter a UPI id like name@bank').waitFor();
    await dialog.getByRole('textbox', { name: /UPI id/ }).fill(UPI_ID);
    await snap(customer, 'return-dialog-cod-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await toast(customer, 'Return requested').waitFor();
    await customer.getByText('Return requested: the seller will arrange the pickup.').waitFor();

    const phone = await signedIn('customer', DEMO_EMAILS.customer, 'mobile');
    await phone.goto(`/MyOrders/${order.id}`);
    await phone.getByText('Return reason:').waitFor();
  });

  test('the support admin approves, receives the goods and marks the refund paid with the UTR', async () => {
    const page = await signedIn('support_admin', DEMO_EMAILS.support_admin);
    await page.getByRole('link', { name: /^Return Orders: [1-9]\d*$/ }).click();
    await page.getByRole('heading', { name: 'Return Orders' }).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(order.orderNumber);
    const row = page.getByRole('row').filter({ hasText: order.orderNumber });
    await row.getByRole('button', { name: `Open ${order.orderNumber}` }).click();
    const panel = drawer(page);
    await panel.getByRole('button', { name: 'Approve return' }).click();
    await toast(page, 'Return approved').waitFor();
    await panel.getByRole('button', { name: 'Receive goods back' }).click();
    await page
      .getByRole('dialog', { name: 'Goods received back?' })
      .getByRole('button', { name: 'Yes, received' })
      .click();
    await toast(page, 'Goods received back; stock restored').waitFor();

    const refund = panel.getByRole('region', { name: 'Refund' });
    await refund.getByText('Refund pending').waitFor();
    await refund.getByText(`To UPI ${UPI_ID}`).waitFor();
    await refund.getByRole('button', { name: 'Mark refund paid' }).click();
    await refund
      .getByText(/Enter the transfer reference \(UTR\)/)
      .first()
      .waitFor();
    await refund.getByRole('textbox', { name: /Transfer reference/ }).fill(UTR);
    await snap(page, 'shop-drawer-refund-1280', { fullPage: false });
    await refund.getByRole('button', { name: 'Mark refund paid' }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund paid?' });
    await confirm.getByText(UTR, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Yes, it is paid' }).click();
    await toast(page, 'Refund marked paid').waitFor();
    await refund.getByText('Refunded', { exact: true }).waitFor();
    await refund.getByText(UTR).waitFor();
    expect(await refund.getByRole('button', { name: 'Mark refund paid' }).count()).toBe(0);
    await snap(page, 'shop-drawer-refunded-1280', { fullPage: false });

    const phone = await signedIn('support_admin', DEMO_EMAILS.support_admin, 'mobile');
    await phone.goto('/SupportAdminOrderHistory');
    await phone.getByRole('textbox', { name: 'Search' }).fill(order.orderNumber);
    await phone.getByRole('button', { name: `Open ${order.orderNumber}` }).click();
    await drawer(phone).getByRole('region', { name: 'Refund' }).scrollIntoViewIfNeeded();
    await snap(phone, 'shop-drawer-refunded-390', { fullPage: false });
  });

  test('the customer sees Refunded with the UTR', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const customer = await signedIn('customer', DEMO_EMAILS.customer, viewport);
      await customer.goto(`/MyOrders/${order.id}`);
      const refund = customer.getByRole('region', { name: 'Refund' });
      await refund.getByText('Refunded', { exact: true }).waitFor();
      await refund.getByText(UTR).waitFor();
      await refund.getByText(/^To UPI asha\.devi@okaxis$/).waitFor();
      await snap(customer, `customer-order-refunded-${viewport === 'desktop' ? 1280 : 390}`);
    }
  });
});

describe('cancelling one shipment', () => {
  test('a customer cancels one shop of a two-shop order; the other goes on', async () => {
    const seller = await signedIn('seller', DEMO_EMAILS.seller);
    const seller2 = await signedIn('seller', DEMO_EMAILS.seller2);
    const customer = await signedIn('customer', DEMO_EMAILS.customer);
    const twoShops = await placeCodOrder(customer.request, [
      await productInStock(seller),
      await productInStock(seller2),
    ]);
    expect(twoShops.shipments).toHaveLength(2);
    const [kept, cancelled] = twoShops.shipments as [Order['shipments'][0], Order['shipments'][0]];

    await customer.goto(`/MyOrders/${twoShops.id}`);
    const card = customer.getByRole('region', { name: `Sold by ${cancelled.shop.name}` });
    await card.getByRole('button', { name: 'Cancel this shipment' }).click();
    const dialog = customer.getByRole('dialog', {
      name: `Cancel the items sold by ${cancelled.shop.name}?`,
    });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Found it cheaper nearby');
    await snap(customer, 'cancel-shipment-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel these items' }).click();
    await toast(customer, 'Shipment cancelled').waitFor();
    await card.getByText('Cancelled', { exact: true }).first().waitFor();

    const after = await apiCall<Order>(customer.request, 'GET', `/api/orders/${twoShops.id}`);
    expect(after.shipments.find((shipment) => shipment.id === cancelled.id)!.status).toBe(
      'cancelled',
    );
    expect(after.shipments.find((shipment) => shipment.id === kept.id)!.status).toBe('placed');
    // The one live shipment left is cancelled with the whole order's button.
    expect(await customer.getByRole('button', { name: 'Cancel this shipment' }).count()).toBe(0);
    await customer.getByRole('button', { name: 'Cancel order' }).waitFor();
  });
});
