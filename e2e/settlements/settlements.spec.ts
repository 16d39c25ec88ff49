import type {
  Cart,
  DeliveryAddress,
  Order,
  ProductDetail,
  ProductPage,
  Profile,
  SellerStatement,
  SettlementRatesList,
  ShopBalances,
} from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, areaMenu, logIn, snap } from '../accounts/helpers.js';
import { apiCall, rupees } from '../back-office-bills/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/*
 * docs/settlements.md in real Chromium: a cash on delivery order of seller 0's shop is delivered
 * through the API (which writes the shop's settlement entry); the admin opens Settlements, marks
 * a payout of ₹100 with a UTR, and the seller finds the delivery and the payout on the
 * Statement page of the seller's menu. Pages photographed at 1280 and 390 px.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
let order: Order;
let shopId: number;
let shopName: string;
const UTR = `E2EUTR${String(Date.now()).slice(-10)}`;

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

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('seller settlements', () => {
  test("a cash on delivery order of seller 0's shop is delivered through the API", async () => {
    const seller = await signedIn('seller', DEMO_EMAILS.seller);
    const profile = await apiCall<Profile>(seller.request, 'GET', '/api/account/profile');
    shopId = profile.shop!.id;
    shopName = profile.shop!.name;
    const products = await apiCall<ProductPage>(
      seller.request,
      'GET',
      `/api/products?shopId=${shopId}&pageSize=20`,
    );
    let productId: number | undefined;
    for (const card of products.items) {
      const detail = await apiCall<ProductDetail>(
        seller.request,
        'GET',
        `/api/products/${card.id}`,
      );
      if (detail.stockQuantity > 0) {
        productId = detail.id;
        break;
      }
    }
    expect(productId, 'a product of seller 0 in stock').toBeDefined();

    const customer = await signedIn('customer', DEMO_EMAILS.customer);
    const cart = await apiCall<Cart>(customer.request, 'GET', '/api/cart');
    for (const line of cart.lines)
      await customer.request.delete(`/api/cart/items/${line.productId}`);
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
    const shipmentId = order.shipments[0]!.id;

    const delivery = await signedIn('delivery', DEMO_EMAILS.delivery);
    const rider = await apiCall<Profile>(delivery.request, 'GET', '/api/account/profile');
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/accept`);
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/pack`);
    await apiCall(seller.request, 'POST', `/api/shop/orders/${shipmentId}/assign`, {
      deliveryStaffId: rider.id,
    });
    const mine = await apiCall<Order>(customer.request, 'GET', `/api/orders/${order.id}`);
    const base = `/api/delivery/shipments/${shipmentId}`;
    await apiCall(delivery.request, 'POST', `${base}/pick-up`);
    await apiCall(delivery.request, 'POST', `${base}/out-for-delivery`);
    await apiCall(delivery.request, 'POST', `${base}/deliver`, {
      code: mine.shipments[0]!.deliveryCode,
    });
  });

  test('the admin marks a payout of ₹100 to the shop', async () => {
    const page = await signedIn('admin', DEMO_EMAILS.admin);
    const before = await apiCall<ShopBalances>(page.request, 'GET', '/api/settlements/shops');
    const owed = before.items.find((row) => row.shopId === shopId)!.balancePaise;
    expect(owed).toBeGreaterThan(10_000);

    await areaMenu(page, 'admin').getByRole('link', { name: 'Settlements' }).click();
    await page.getByRole('heading', { name: 'Settlements' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: shopName });
    await row.waitFor();
    await snap(page, 'settlements-admin-1280');
    await row.getByRole('button', { name: 'Mark payout' }).click();
    const form = page.getByRole('form', { name: 'Mark payout' });
    await form.getByRole('textbox', { name: 'Amount paid (₹)' }).fill('100');
    await form.getByRole('textbox', { name: 'UTR' }).fill('short');
    await form.getByRole('button', { name: 'Save payout' }).click();
    await form.getByText('The UTR is 12 to 22 letters or digits').waitFor();
    await form.getByRole('textbox', { name: 'UTR' }).fill(UTR);
    await form.getByRole('button', { name: 'Save payout' }).click();
    await page.getByText(`Payout of ₹100.00 to ${shopName} recorded`).waitFor();
    await expect
      .poll(async () => {
        const after = await apiCall<ShopBalances>(page.request, 'GET', '/api/settlements/shops');
        return after.items.find((item) => item.shopId === shopId)!.balancePaise;
      })
      .toBe(owed - 10_000);
    await row.getByText(rupees(owed - 10_000)).waitFor();

    const phone = await signedIn('admin', DEMO_EMAILS.admin, 'mobile');
    await phone.goto('/Settlements');
    await phone.getByRole('heading', { name: 'Settlements' }).waitFor();
    // Phones get cards; the table stays in the page, hidden.
    await phone.getByText(shopName).filter({ visible: true }).first().waitFor();
    expect(await phone.getByRole('table').count()).toBe(0);
    await snap(phone, 'settlements-admin-390');
  });

  test('the seller sees the delivery and the payout on the Statement page', async () => {
    const page = await signedIn('seller', DEMO_EMAILS.seller);
    await areaMenu(page, 'seller').getByRole('link', { name: 'Statement' }).click();
    await page.getByRole('heading', { name: 'Statement' }).waitFor();
    const payoutRow = page.getByRole('row').filter({ hasText: UTR });
    await payoutRow.waitFor();
    await payoutRow.getByText('Payout').waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: order.orderNumber })
      .getByText('Delivered')
      .waitFor();
    const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
    const statement = await apiCall<SellerStatement>(
      page.request,
      'GET',
      `/api/shop/settlements/statement?month=${month}`,
    );
    await page.getByText(rupees(statement.closingBalancePaise)).first().waitFor();
    await page.getByText(/Cash on delivery collected by Bazaar's delivery staff/).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^Statement_.*\.pdf$/);
    await snap(page, 'settlements-seller-1280');

    const phone = await signedIn('seller', DEMO_EMAILS.seller, 'mobile');
    await phone.goto('/Statement');
    await phone.getByText(UTR).filter({ visible: true }).first().waitFor();
    expect(await phone.getByRole('table').count()).toBe(0);
    await snap(phone, 'settlements-seller-390');
  });

  test('the admin adds a rate row in percent from a later day, refused first when too fine or too early', async () => {
    const page = await signedIn('admin', DEMO_EMAILS.admin);
    const before = await apiCall<SettlementRatesList>(
      page.request,
      'GET',
      '/api/settlements/rates',
    );
    await page.goto('/Settlements');
    await page.getByRole('tab', { name: 'Rates' }).click();
    const form = page.getByRole('form', { name: 'Add rates' });
    await form.waitFor();
    // Today's row is shown as in force; the form starts from the latest row's values.
    await page.getByRole('table', { name: 'Rate rows' }).getByText('In force').waitFor();
    expect(
      await form.getByRole('textbox', { name: 'TDS without PAN (section 206AA) (%)' }).inputValue(),
    ).toBe('5');

    await form.getByRole('textbox', { name: 'Commission (%)', exact: true }).fill('2.125');
    await form.getByLabel('Applies from').fill('2024-01-01');
    await form.getByRole('button', { name: 'Add rates' }).click();
    await form.getByText('Commission: a percent with at most 2 decimals, like 0.5').waitFor();
    await form
      .getByText('Rates can start today or later: entries already recorded keep their rates')
      .waitFor();
    await snap(page, 'settlement-rates-errors-1280');

    const day = new Date(Date.now() + 5.5 * 3_600_000 + 200 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await form.getByRole('textbox', { name: 'Commission (%)', exact: true }).fill('2.5');
    await form.getByLabel('Applies from').fill(day);
    await form.getByRole('button', { name: 'Add rates' }).click();
    const confirm = page.getByRole('dialog', { name: 'Add these rates?' });
    await confirm.getByText(/commission 2.5 %/).waitFor();
    await confirm.getByRole('button', { name: 'Yes, add them' }).click();
    const added = page
      .getByRole('table', { name: 'Rate rows' })
      .getByRole('row')
      .filter({ hasText: 'Scheduled' });
    await added.getByText('2.5 %').waitFor();
    const after = await apiCall<SettlementRatesList>(page.request, 'GET', '/api/settlements/rates');
    expect(after.items).toHaveLength(before.items.length + 1);
    expect(after.items[0]).toMatchObject({
      effectiveFrom: day,
      commissionBp: 250,
      tdsNoPanBp: 500,
    });
    expect(after.currentId).toBe(before.currentId);
    await snap(page, 'settlement-rates-1280');
    // The tab of refunds Razorpay refused: none in the demo data (it has no online payments).
    await page.getByRole('tab', { name: 'Failed refunds' }).click();
    await page
      .getByText('No failed refunds: every online refund went through or is under way.')
      .waitFor();
    await snap(page, 'failed-refunds-1280');

    const phone = await signedIn('admin', DEMO_EMAILS.admin, 'mobile');
    await phone.goto('/Settlements');
    await phone.getByRole('tab', { name: 'Rates' }).click();
    await phone
      .getByText(/Commission 2.5 %/)
      .filter({ visible: true })
      .first()
      .waitFor();
    expect(await phone.getByRole('table').count()).toBe(0);
    await snap(phone, 'settlement-rates-390');
  });
});
