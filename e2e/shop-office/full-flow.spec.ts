import type { Order, ProductDetail, ProductPage } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, unique, waitForPath } from '../accounts/helpers.js';
import { jsonOf, snapAfterAnimations } from '../delivery/helpers.js';
import { apiGridPage, productGrid, settle } from '../storefront/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/*
 * The shop office end to end (docs/shop-office.md), in real Chromium, every step through its page:
 * a seller adds two colours, a company, a product name and a product with two images; the product
 * is found in the storefront search; a customer orders it with cash on delivery; the support admin
 * accepts, packs and hands it to the delivery person; the delivery person (on a phone) delivers it
 * with the code the customer reads in My Orders; the customer sees Delivered and asks for a return;
 * the support admin approves it and receives the goods back; the stock is back.
 */

const token = unique().replace('-', '');
const COLOURS = [`Indigo ${token}`, `Saffron ${token}`];
const COMPANY = `Weavers ${token}`;
const PRODUCT = `Monsoon Kurta ${token}`;
const STOCK = 5;

const snap = (page: Page, name: string, options?: { fullPage?: boolean }) =>
  snapAfterAnimations(page, `full-flow-${name}`, options);

/** A toast or alert with this text. */
function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

/** Picks an option of the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a name to a list panel and finds it again with the panel's search box. */
async function addListEntry(
  page: Page,
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

/** The open order drawer of the shop office. */
function orderDrawer(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: 'Status history' });
}

/** Opens an order of a shop-office list page (`/SupportAdminNewOrder`...) in its drawer. */
async function openShopOrder(page: Page, path: string, orderNumber: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Search' }).fill(orderNumber);
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await row.getByRole('button', { name: `Open ${orderNumber}` }).click();
  const drawer = orderDrawer(page);
  await drawer.waitFor();
  return drawer;
}

async function stockOf(page: Page, productId: number): Promise<number> {
  return (await jsonOf<ProductDetail>(await page.request.get(`/api/products/${productId}`)))
    .stockQuantity;
}

describe('the shop office: from a new product to a received return', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let seller: Page;
  let customer: Page;
  let support: Page;
  let rider: Page;
  let productId: number;
  let order: Order;
  let code: string;

  async function signedIn(
    role: Parameters<typeof logIn>[1],
    email: string,
    viewport: 'desktop' | 'mobile' = 'desktop',
  ): Promise<Page> {
    const context = await newContext(browser, viewport);
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    await logIn(page, role, email);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    seller = await signedIn('seller', DEMO_EMAILS.seller);
    customer = await signedIn('customer', DEMO_EMAILS.customer);
    support = await signedIn('support_admin', DEMO_EMAILS.support_admin);
    rider = await signedIn('delivery', DEMO_EMAILS.delivery, 'mobile');
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  test('the seller adds two colours, a company, a product name and a product with two images', async () => {
    await seller.goto('/addColors');
    const colours = seller.getByRole('region', { name: 'Colours' });
    for (const colour of COLOURS) {
      await addListEntry(seller, colours, 'New colour', 'Search Color by name', colour);
    }
    await snap(seller, '1-colours');

    await seller.goto('/addNewProduct');
    await addListEntry(
      seller,
      seller.getByRole('region', { name: 'Companies' }),
      'New company',
      'Search Company by name',
      COMPANY,
    );
    await addListEntry(
      seller,
      seller.getByRole('region', { name: 'Product names' }),
      'New product name',
      'Search Product by name',
      PRODUCT,
    );

    const images = await Promise.all(
      ['#312e81', '#ea580c'].map(async (background, index) => ({
        name: `kurta-${index + 1}.png`,
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 320, height: 400, channels: 3, background } })
          .png()
          .toBuffer(),
      })),
    );
    await seller.goto('/addProduct');
    const form = seller.locator('form');
    await choose(seller, form, 'Company', COMPANY);
    await choose(seller, form, 'Product name', PRODUCT);
    await choose(seller, form, 'Category', 'Men');
    await choose(seller, form, 'Style', 'Printed');
    await choose(seller, form, 'Material', 'Cotton');
    // One size in one colour: the size x colour grid has one row.
    await form.getByText('L', { exact: true }).click();
    await choose(seller, form, 'Colours', COLOURS[0]!);
    await seller.keyboard.press('Escape');
    const cell = `${COLOURS[0]} L`;
    await form.getByRole('textbox', { name: `Quantity ${cell}` }).fill(String(STOCK));
    await form.getByRole('textbox', { name: `MRP ${cell}` }).fill('1499');
    await form.getByRole('textbox', { name: `Price ${cell}` }).fill('1199');
    await form.getByRole('textbox', { name: 'Description' }).fill('Printed cotton kurta');
    await form.locator('input[type=file]').setInputFiles(images);
    await form.getByRole('img', { name: 'kurta-2.png' }).waitFor();
    await snap(seller, '2-add-product');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await toast(seller, 'Product added successfully').waitFor();
  });

  test('the product appears in the storefront search; the customer orders it (cash on delivery)', async () => {
    const found = await settle(
      () => apiGridPage({ q: PRODUCT.toLowerCase() }),
      (result) => result.total === 1,
    );
    expect(found.items[0]).toMatchObject({ name: PRODUCT, colour: COLOURS[0] });
    productId = found.items[0]!.id;
    expect(await stockOf(customer, productId)).toBe(STOCK);

    // Only this product in the cart.
    const cart = await jsonOf<{ lines: { productId: number }[] }>(
      await customer.request.get('/api/cart'),
    );
    for (const line of cart.lines) {
      await jsonOf(await customer.request.delete(`/api/cart/items/${line.productId}`));
    }

    await customer.goto('/');
    const grid = productGrid(customer);
    await grid.getByPlaceholder('Search by product name').fill(PRODUCT);
    const card = grid
      .getByRole('article')
      .filter({ has: customer.getByRole('link', { name: PRODUCT, exact: true }) });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await snap(customer, '3-storefront-search', { fullPage: false });
    const [added] = await Promise.all([
      customer.waitForResponse(
        (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
      ),
      card.getByRole('button', { name: `Add ${PRODUCT} to cart`, exact: true }).click(),
    ]);
    expect(added.status()).toBe(200);

    await customer.goto('/CustomerCart');
    await customer.getByRole('link', { name: 'Proceed to checkout' }).click();
    await waitForPath(customer, '/Checkout');
    await customer.getByRole('radio', { name: /Cash on delivery/ }).click();
    const [placed] = await Promise.all([
      customer.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
      ),
      customer.getByRole('button', { name: 'Place order', exact: true }).click(),
    ]);
    expect(placed.status()).toBe(201);
    order = (await placed.json()) as Order;
    await waitForPath(customer, '/OrderConfirmed');
    await customer.getByText(order.orderNumber, { exact: true }).waitFor();
    await snap(customer, '4-order-confirmed');
    expect(order.shipments).toHaveLength(1);
    expect(await stockOf(customer, productId)).toBe(STOCK - 1);
  });

  test('the support admin accepts, packs and hands it to the delivery person', async () => {
    const riderName = (
      await jsonOf<{ user: { name: string } }>(await rider.request.get('/api/auth/session'))
    ).user.name;
    const drawer = await openShopOrder(support, '/SupportAdminNewOrder', order.orderNumber);
    await drawer.getByRole('button', { name: 'Accept' }).click();
    await toast(support, 'Order accepted').waitFor();
    await drawer.getByRole('button', { name: 'Mark packed' }).click();
    await toast(support, 'Order packed').waitFor();
    await drawer.getByRole('combobox', { name: 'Delivery staff' }).click();
    await support.getByRole('option', { name: new RegExp(`^${riderName}`) }).click();
    await drawer.getByRole('button', { name: 'Hand over to delivery' }).click();
    await toast(support, 'Order handed to delivery').waitFor();
    await drawer.getByText(`Handed to ${riderName}`).waitFor();
    await snap(support, '5-handed-to-delivery', { fullPage: false });
  });

  test('the customer reads the delivery code in My Orders', async () => {
    await customer.goto(`/MyOrders/${order.id}`);
    const shown = customer.getByTestId('delivery-code');
    await shown.waitFor();
    code = ((await shown.textContent()) ?? '').trim();
    expect(code).toMatch(/^\d{4}$/);
    await snap(customer, '6-delivery-code');
  });

  test('the delivery person picks it up and delivers it with the code (390 px)', async () => {
    await rider.goto('/Deliveryordermoredetails');
    const card = rider.getByRole('article', { name: `Delivery ${order.orderNumber}` });
    await card.getByRole('button', { name: 'Picked up' }).click();
    await toast(rider, `${order.orderNumber} picked up`).waitFor();
    await card.getByRole('button', { name: 'Out for delivery' }).click();
    await toast(rider, `${order.orderNumber} out for delivery`).waitFor();
    await card.getByRole('button', { name: 'Delivered' }).click();
    const dialog = rider.getByRole('dialog', { name: `Deliver ${order.orderNumber}` });
    await dialog.locator('input').first().click();
    await rider.keyboard.type(code);
    await snap(rider, '7-deliver-code', { fullPage: false });
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
    await toast(rider, `${order.orderNumber} delivered`).waitFor();
    await card.waitFor({ state: 'detached' });
  });

  test('the customer sees Delivered and asks for a return', async () => {
    await customer.goto(`/MyOrders/${order.id}`);
    await customer.getByRole('heading', { level: 1, name: order.orderNumber }).waitFor();
    await customer.getByText('Delivered').first().waitFor();
    expect(await customer.getByTestId('delivery-code').count()).toBe(0);
    await snap(customer, '8-delivered');

    await customer.getByRole('button', { name: 'Request return' }).click();
    const dialog = customer.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: /Why are you returning them/ })
      .fill('The size is too large for me');
    // Cash on delivery: the refund goes to the UPI id given here (docs/refunds.md).
    await dialog.getByRole('textbox', { name: /UPI id/ }).fill('priya.sharma@okaxis');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await toast(customer, 'Return requested').waitFor();
    await customer.getByText('Return requested').first().waitFor();
  });

  test('the support admin approves the return and receives the goods; the stock is back', async () => {
    const drawer = await openShopOrder(support, '/SupportAdminReturnOrderInfo', order.orderNumber);
    await drawer.getByRole('button', { name: 'Approve return' }).click();
    await toast(support, 'Return approved').waitFor();
    await drawer.getByRole('button', { name: 'Receive goods back' }).click();
    const confirm = support.getByRole('dialog', { name: 'Goods received back?' });
    await confirm.getByRole('button', { name: 'Yes, received' }).click();
    await toast(support, 'Goods received back; stock restored').waitFor();
    await snap(support, '9-return-received', { fullPage: false });

    const stock = await settle(
      () => stockOf(support, productId),
      (value) => value === STOCK,
    );
    expect(stock).toBe(STOCK);
    const returned = await jsonOf<Order>(await customer.request.get(`/api/orders/${order.id}`));
    expect(returned.shipments[0]!.status).toBe('returned');
    const listed = await jsonOf<ProductPage>(
      await customer.request.get(`/api/products?q=${encodeURIComponent(PRODUCT.toLowerCase())}`),
    );
    expect(listed.items[0]?.stockQuantity).toBe(STOCK);
  });
});
