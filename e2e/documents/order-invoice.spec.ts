import fs from 'node:fs';
import path from 'node:path';
import type { Order, OrderInvoiceData, ProductPage } from '@bazaar/shared';
import type { Browser, BrowserContext, Download } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS } from '../accounts/helpers.js';
import {
  acceptPackAssign,
  apiLogIn,
  customerOrder,
  jsonOf,
  placeCodOrder,
} from '../delivery/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/**
 * docs/documents.md: 'Download invoice' in My Orders. A COD order of the support admin's shop is
 * accepted, packed and handed over (API), the delivery staff member delivers it with the
 * customer's code (API), and the customer's order page downloads the shipment's invoice: the
 * PDF names the shop and holds the shop's invoice number (issued at delivery) and the total. Before delivery there is no
 * button.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
}

describe('documents: the customer invoice of a delivered shipment', () => {
  let browser: Browser;
  let customer: BrowserContext;
  let office: BrowserContext;
  let rider: BrowserContext;
  let order: Order;
  let shopName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await newContext(browser);
    office = await newContext(browser);
    rider = await newContext(browser);
    await apiLogIn(customer, 'customer', DEMO_EMAILS.customer);
    const supportAdmin = await apiLogIn(office, 'support_admin', DEMO_EMAILS.support_admin);
    const riderUser = await apiLogIn(rider, 'delivery', DEMO_EMAILS.delivery);
    const products = await jsonOf<ProductPage>(
      await customer.request.get(`/api/products?shopId=${supportAdmin!.shopId}&pageSize=40`),
    );
    const product = products.items.find((item) => item.stockQuantity >= 2);
    if (!product) throw new Error('the support admin shop has no product in stock');
    order = await placeCodOrder(customer.request, product.id, 2);
    shopName = order.shipments[0]!.shop.name;
    await acceptPackAssign(office.request, order.shipments[0]!.id, riderUser!.id);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('there is no invoice before delivery', async () => {
    const page = await customer.newPage();
    await page.goto(`/MyOrders/${order.id}`);
    await page.getByText(shopName).first().waitFor();
    expect(await page.getByRole('button', { name: 'Download invoice' }).count()).toBe(0);
    await page.close();
  });

  test('after delivery, Download invoice gives the PDF with the shop, number and total', async () => {
    const shipmentId = order.shipments[0]!.id;
    const { deliveryCode } = (await customerOrder(customer.request, order.id)).shipments[0]!;
    for (const step of ['pick-up', 'out-for-delivery']) {
      await jsonOf(await rider.request.post(`/api/delivery/shipments/${shipmentId}/${step}`));
    }
    await jsonOf(
      await rider.request.post(`/api/delivery/shipments/${shipmentId}/deliver`, {
        data: { code: deliveryCode },
      }),
    );

    const page = await customer.newPage();
    await page.goto(`/MyOrders/${order.id}`);
    const button = page.getByRole('button', { name: 'Download invoice' });
    await button.waitFor();
    const [download] = (await Promise.all([page.waitForEvent('download'), button.click()])) as [
      Download,
      void,
    ];
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, 'documents-order-invoice.pdf');
    await download.saveAs(file);
    // The shop's own series, issued at delivery (docs/gst.md "Marketplace").
    const data = await jsonOf<OrderInvoiceData>(
      await customer.request.get(
        `/api/documents/orders/${order.id}/shipments/${shipmentId}/invoice`,
      ),
    );
    const number = data.document.snapshot.number;
    expect(number).toMatch(/^(INV|BOS)\/\d{2}-\d{2}\/\d{5}$/);
    expect(download.suggestedFilename()).toBe(
      `Invoice_${number.replaceAll('/', '-')}_${shopName}.pdf`,
    );
    const proxy = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
    const text = (await extractText(proxy, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain(shopName);
    expect(text).toContain(number);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain(`Total ${rupees(order.shipments[0]!.subtotalPaise)}`);
    expect(text).toContain('Reverse charge No');
    expect(text).toContain('Authorised Signatory');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'documents-my-order.png') });
    await page.close();
  });
});
