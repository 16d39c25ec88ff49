import fs from 'node:fs';
import path from 'node:path';
import type {
  Cart,
  Order,
  OrderInvoiceData,
  ProductPage,
  Profile,
  RazorpayCheckout,
  SellerStatement,
  SettlementRatesList,
} from '@bazaar/shared';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_EMAILS, areaMenu, logIn, waitForPath } from '../accounts/helpers.js';
import { jsonOf, snapAfterAnimations } from '../delivery/helpers.js';
import { launchBrowser, newContext, waitForMail } from '../support/browser.js';
import {
  doubleRefunds,
  settleDoubleRefund,
  useRazorpayStandIn,
  waitForDoubleRefund,
} from '../support/razorpay.js';

/*
 * After-sale of an online order in real Chromium (docs/refunds.md, docs/settlements.md,
 * docs/notifications.md, docs/gst.md "Marketplace"), every step through its page: a customer
 * orders from two shops and pays online through Razorpay Checkout (the test double's stand-in,
 * e2e/support/razorpay.ts); the order's mails reach the customer and each shop's staff; the
 * customer cancels shop 1's part before dispatch, Razorpay (the double) refunds it and its
 * `refund.processed` webhook makes My Orders show it refunded; shop 0's part is accepted, packed,
 * handed over and delivered, returned and received back: a credit note is issued and the second
 * refund goes the same way; the seller's Statement shows the sale and its reversal to the paisa
 * as computed here from the order's amounts and the rates in force.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');
const RETURN_REASON = 'The colour is not as in the photo';

/** Whole paise of `numerator / denominator`, halves up (both non-negative), in BigInt. */
function halfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** `bp` basis points (1/100 %) of `paise`, rounded to the paisa halves up. */
function basisPoints(paise: number, bp: number): number {
  return halfUp(BigInt(paise) * BigInt(bp), 10_000n);
}

/**
 * One invoice line priced including 5 % GST (a garment, fabric or made-up at most ₹2,500 a piece):
 * the tax is taken on the value the rate leaves, CGST and SGST each 2.5 % of it rounded on its
 * own (IGST 5 % across states), and the taxable value is the price less those taxes (docs/gst.md
 * "Prices including GST", "Rounding").
 */
function inclusiveLine(inclusivePaise: number, interState: boolean) {
  const base = halfUp(BigInt(inclusivePaise) * 100n, 105n);
  const tax = interState ? basisPoints(base, 500) : 2 * basisPoints(base, 250);
  return { taxablePaise: inclusivePaise - tax, taxPaise: tax };
}

/** ₹ with two decimals as the statement and refunds print it ('₹2,398.00', '-₹2.40'). */
function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
  }).format(paise / 100);
}

const snap = (page: Page, name: string, options?: { fullPage?: boolean }) =>
  snapAfterAnimations(page, `online-after-sale-${name}`, options);

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

/** The open order drawer of the shop office. */
function orderDrawer(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: 'Status history' });
}

/** Opens an order of a shop-office list page in its drawer. */
async function openShopOrder(page: Page, listPath: string, orderNumber: string): Promise<Locator> {
  await page.goto(listPath);
  await page.getByRole('textbox', { name: 'Search' }).fill(orderNumber);
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await row.getByRole('button', { name: `Open ${orderNumber}` }).click();
  const drawer = orderDrawer(page);
  await drawer.waitFor();
  return drawer;
}

/** The Indian month (`YYYY-MM`) of now. */
function indianMonth(): string {
  return new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
}

describe('an online order from two shops: a cancelled part, a return, the refunds and the statement', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let customer: Page;
  let support: Page;
  let seller: Page;
  let seller2: Page;
  let rider: Page;
  let admin: Page;

  /** Shop 0's product (2 pieces, delivered then returned) and shop 1's (1, cancelled). */
  let kept: { id: number; name: string; pricePaise: number; shopId: number; shopName: string };
  let dropped: { id: number; name: string; pricePaise: number; shopId: number; shopName: string };
  let order: Order;
  let paymentId: string;
  let statementBefore: SellerStatement;
  let rates: { commissionBp: number; commissionGstBp: number; tcsBp: number; tdsBp: number };

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

  /**
   * Clicks the product page's Add to cart and waits for the cart's answer. A click that lands
   * while the page is still settling is sometimes lost (no request at all); then it clicks again,
   * at most three times, never while a request is under way (so never one piece too many).
   */
  async function addToCart(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const answered = customer.waitForResponse(
        (r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST',
      );
      const sent = customer.waitForRequest(
        (r) => r.url().endsWith('/api/cart/items') && r.method() === 'POST',
        { timeout: 5_000 },
      );
      await customer.getByRole('button', { name: 'Add to cart', exact: true }).click();
      const request = await sent.catch(() => null);
      if (request) {
        const response = await answered;
        expect(response.ok(), await response.text()).toBe(true);
        return;
      }
      answered.catch(() => undefined);
      if (attempt === 3) throw new Error('Add to cart sent nothing after three clicks');
    }
  }

  /** How many pieces of the product the customer's cart holds. */
  async function cartQuantity(productId: number): Promise<number> {
    const cart = await jsonOf<Cart>(await customer.request.get('/api/cart'));
    return cart.lines.find((line) => line.productId === productId)?.quantity ?? 0;
  }

  /** The status of a shipment's refund as the customer's order answers it (null: none). */
  async function refundStatus(shipmentId: number): Promise<string | null> {
    const mine = await jsonOf<Order>(await customer.request.get(`/api/orders/${order.id}`));
    return mine.shipments.find((shipment) => shipment.id === shipmentId)?.refund?.status ?? null;
  }

  /** A product of the seller's shop with `pieces` in stock, priced at most ₹2,500 (5 % GST). */
  async function productOf(page: Page, pieces: number): Promise<typeof kept> {
    const profile = await jsonOf<Profile>(await page.request.get('/api/account/profile'));
    const shop = profile.shop!;
    const products = await jsonOf<ProductPage>(
      await page.request.get(`/api/products?shopId=${shop.id}&pageSize=40`),
    );
    const card = products.items.find(
      (item) => item.stockQuantity >= pieces + 1 && item.pricePaise <= 250_000,
    );
    if (!card) throw new Error(`${shop.name} has no product with ${pieces} in stock`);
    return {
      id: card.id,
      name: card.name,
      pricePaise: card.pricePaise,
      shopId: shop.id,
      shopName: shop.name,
    };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await signedIn('customer', DEMO_EMAILS.customer);
    await useRazorpayStandIn(customer.context());
    seller = await signedIn('seller', DEMO_EMAILS.seller);
    seller2 = await signedIn('seller', DEMO_EMAILS.seller2);
    support = await signedIn('support_admin', DEMO_EMAILS.support_admin);
    rider = await signedIn('delivery', DEMO_EMAILS.delivery, 'mobile');
    admin = await signedIn('admin', DEMO_EMAILS.admin);
    kept = await productOf(seller, 2);
    dropped = await productOf(seller2, 1);
    expect(kept.shopId).not.toBe(dropped.shopId);

    const list = await jsonOf<SettlementRatesList>(
      await admin.request.get('/api/settlements/rates'),
    );
    const current = list.items.find((row) => row.id === list.currentId)!;
    rates = {
      commissionBp: current.commissionBp,
      commissionGstBp: current.commissionGstBp,
      tcsBp: current.tcsBp,
      tdsBp: current.tdsBp,
    };
    statementBefore = await jsonOf<SellerStatement>(
      await seller.request.get(`/api/shop/settlements/statement?month=${indianMonth()}`),
    );
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  test('the customer orders from two shops and pays online through Razorpay Checkout', async () => {
    const cart = await jsonOf<Cart>(await customer.request.get('/api/cart'));
    for (const line of cart.lines) {
      await jsonOf(await customer.request.delete(`/api/cart/items/${line.productId}`));
    }
    for (const [product, times] of [
      [kept, 2],
      [dropped, 1],
    ] as const) {
      await customer.goto(`/ProductInfo?id=${product.id}`);
      // Add to cart is a button once the session is known (a login link before that).
      await customer.getByRole('button', { name: 'Add to cart', exact: true }).waitFor();
      await snap(customer, `0-product-${product.id === kept.id ? 'shop-0' : 'shop-1'}`);
      for (let index = 0; index < times; index += 1) await addToCart();
      expect(await cartQuantity(product.id)).toBe(times);
    }
    const total = 2 * kept.pricePaise + dropped.pricePaise;

    await customer.goto('/CustomerCart');
    await customer.getByRole('link', { name: 'Proceed to checkout' }).click();
    await waitForPath(customer, '/Checkout');
    await customer.getByRole('radio', { name: /Pay online/ }).click();
    const payButton = customer.getByRole('button', {
      name: `Pay ${rupees(total).replace('.00', '')}`,
      exact: true,
    });
    await payButton.waitFor();
    await snap(customer, '1-checkout-online');

    const [started] = await Promise.all([
      customer.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/api/orders/razorpay' && r.request().method() === 'POST',
      ),
      payButton.click(),
    ]);
    expect(started.status()).toBe(201);
    const checkout = (await started.json()) as RazorpayCheckout;
    expect(checkout.razorpay.amountPaise).toBe(total);

    // The stand-in's window: the amount, then Pay (the double captures the payment and signs it).
    const window = customer.getByRole('dialog', { name: 'Razorpay Checkout (test stand-in)' });
    await window.getByText(`Order ${checkout.order.orderNumber}`).waitFor();
    await snap(customer, '2-razorpay-window', { fullPage: false });
    const [confirm] = await Promise.all([
      customer.waitForRequest((r) => new URL(r.url()).pathname === '/api/orders/razorpay/confirm'),
      window.getByRole('button', { name: /^Pay / }).click(),
    ]);
    const sent = confirm.postDataJSON() as { razorpayOrderId: string; razorpayPaymentId: string };
    expect(sent.razorpayOrderId).toBe(checkout.razorpay.orderId);
    paymentId = sent.razorpayPaymentId;
    expect(paymentId).toMatch(/^pay_/);

    await waitForPath(customer, '/OrderConfirmed');
    await customer
      .getByRole('heading', { level: 1, name: 'Thank you! Your order is placed.' })
      .waitFor();
    await customer.getByText(checkout.order.orderNumber, { exact: true }).waitFor();
    await snap(customer, '3-order-confirmed');

    order = await jsonOf<Order>(await customer.request.get(`/api/orders/${checkout.order.id}`));
    expect(order.paymentMethod).toBe('razorpay');
    expect(order.paymentStatus).toBe('paid');
    expect(order.totals.totalPaise).toBe(total);
    expect(order.shipments).toHaveLength(2);
  });

  test("the order's mails: the customer's payment received, each shop's staff a new order", async () => {
    const number = order.orderNumber;
    const paid = await waitForMail(
      DEMO_EMAILS.customer,
      (mail) => mail.subject === `Payment received for your order ${number}`,
    );
    expect(paid.text).toContain(`/MyOrders/${order.id}`);
    expect(paid.text).toContain(kept.name);
    expect(paid.text).toContain(dropped.name);

    // Each shop's seller and support admins, about their own part only (docs/notifications.md).
    for (const [to, product, other] of [
      [DEMO_EMAILS.seller, kept, dropped],
      [DEMO_EMAILS.support_admin, kept, dropped],
      [DEMO_EMAILS.seller2, dropped, kept],
    ] as const) {
      const mail = await waitForMail(
        to,
        (each) => each.subject === `New order ${number} for ${product.shopName}`,
      );
      expect(mail.text, to).toContain(product.name);
      if (other.name !== product.name) expect(mail.text, to).not.toContain(other.name);
    }
    // An online order is never announced as 'placed' (the payment is what places it).
    const dir = inject('mailDir');
    const subjects = fs
      .readdirSync(dir)
      .map(
        (file) =>
          (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { subject: string })
            .subject,
      );
    expect(subjects).not.toContain(`Your order ${number} is placed`);
  });

  test("the customer cancels shop 1's part before dispatch; Razorpay refunds it", async () => {
    const part = order.shipments.find((shipment) => shipment.shop.id === dropped.shopId)!;
    expect(part.subtotalPaise).toBe(dropped.pricePaise);
    await customer.goto(`/MyOrders/${order.id}`);
    const card = customer.getByRole('region', { name: `Sold by ${dropped.shopName}`, exact: true });
    await card.getByRole('button', { name: 'Cancel this shipment' }).click();
    const dialog = customer.getByRole('dialog', {
      name: `Cancel the items sold by ${dropped.shopName}?`,
    });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Ordered the wrong size');
    await dialog.getByRole('button', { name: 'Cancel these items' }).click();
    await toast(customer, 'Shipment cancelled').waitFor();
    const refundBox = card.getByRole('region', { name: 'Refund' });
    await refundBox.getByText('Refund pending').waitFor();
    await refundBox.getByText(`Refund: ${rupees(dropped.pricePaise)}`).waitFor();
    await refundBox.getByText('To the original payment method').waitFor();
    await snap(customer, '4-shipment-cancelled-refund-pending');

    // The server's background job asks Razorpay (the double) for the shipment's amount.
    const refund = await waitForDoubleRefund(paymentId);
    expect(refund.amount).toBe(dropped.pricePaise);
    expect(refund.speed_requested).toBe('normal');
    // The bank answers: the double delivers the signed refund.processed webhook.
    expect(await settleDoubleRefund(refund.id)).toBe(200);

    await expect.poll(() => refundStatus(part.id), { timeout: 15_000 }).toBe('processed');
    await customer.reload();
    await refundBox.getByText('Refunded', { exact: true }).waitFor();
    await refundBox.getByText(refund.id).waitFor();
    await refundBox.getByText('Refunded on').waitFor();
    await snap(customer, '5-shipment-refunded');
    const mail = await waitForMail(
      DEMO_EMAILS.customer,
      (each) =>
        each.subject ===
        `Refund of ${rupees(dropped.pricePaise).replace('.00', '')} for order ${order.orderNumber}`,
    );
    expect(mail.text).toContain(refund.id);
  });

  test("shop 0's part is accepted, packed and handed over, and delivered with the customer's code", async () => {
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
    await snap(support, '6-handed-over', { fullPage: false });

    await customer.goto(`/MyOrders/${order.id}`);
    const shown = customer.getByTestId('delivery-code');
    await shown.waitFor();
    const code = ((await shown.textContent()) ?? '').trim();
    expect(code).toMatch(/^\d{4}$/);

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
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
    await toast(rider, `${order.orderNumber} delivered`).waitFor();
    await card.waitFor({ state: 'detached' });
    await snap(rider, '7-delivered-390');
  });

  /** The sale entry of shop 0's part, computed here from its amounts and the rates. */
  function expectedSale() {
    const gross = 2 * kept.pricePaise;
    const interState = order.address.state !== 'Bihar';
    const { taxablePaise } = inclusiveLine(gross, interState);
    const commission = basisPoints(gross, rates.commissionBp);
    const commissionGst = commission > 0 ? basisPoints(commission, rates.commissionGstBp) : 0;
    const tcs = interState
      ? basisPoints(taxablePaise, rates.tcsBp)
      : 2 * halfUp(BigInt(taxablePaise) * BigInt(rates.tcsBp), 20_000n);
    const tds = basisPoints(gross, rates.tdsBp);
    return {
      gross,
      taxable: taxablePaise,
      commissionAndGst: commission + commissionGst,
      tcs,
      tds,
      net: gross - commission - commissionGst - tcs - tds,
    };
  }

  /** The Statement page's row of `kind` ('Delivered'/'Returned' label) for the order. */
  function statementRow(page: Page, label: RegExp): Locator {
    return page
      .getByRole('table', { name: 'Statement lines' })
      .getByRole('row')
      .filter({ hasText: order.orderNumber })
      .filter({ hasText: label });
  }

  /** Asserts a statement row's amount cells: gross, commission + GST, TCS, TDS, net. */
  async function expectRowFigures(row: Locator, sign: 1 | -1): Promise<void> {
    const sale = expectedSale();
    const cells = row.getByRole('cell');
    await row.waitFor();
    // The TDS cell also names its rate under the amount ('₹3.60' over 'at 0.1 %'): read the amount.
    const texts = (await cells.allTextContents()).map((text) =>
      text.replace(/at [^₹]*%$/, '').trim(),
    );
    // Date, Type, Reference, Gross, Commission + GST, TCS, TDS, Net, Payout, Balance.
    expect(texts.slice(3, 8)).toEqual(
      [sale.gross, sale.commissionAndGst, sale.tcs, sale.tds, sale.net].map((paise) =>
        // A zero reversed is ₹0.00, not -₹0.00.
        rupees(sign * paise || 0),
      ),
    );
  }

  test("the seller's Statement: the delivery adds the net payable computed here", async () => {
    const sale = expectedSale();
    // Two pieces at 5 %: e.g. ₹2,398.00 gross leaves ₹2,283.82 taxable, TCS ₹11.42, TDS ₹2.40.
    const invoice = await jsonOf<OrderInvoiceData>(
      await customer.request.get(
        `/api/documents/orders/${order.id}/shipments/${
          order.shipments.find((shipment) => shipment.shop.id === kept.shopId)!.id
        }/invoice`,
      ),
    );
    expect(invoice.document.snapshot.kind).toBe('tax_invoice');
    expect(invoice.document.snapshot.totals.totalPaise).toBe(sale.gross);
    expect(invoice.document.snapshot.totals.taxableValuePaise).toBe(sale.taxable);
    expect(invoice.document.snapshot.lines.map((line) => line.ratePercent)).toEqual([5]);

    await seller.goto('/Home');
    await areaMenu(seller, 'seller').getByRole('link', { name: 'Statement' }).click();
    await seller.getByRole('heading', { name: 'Statement' }).waitFor();
    const row = statementRow(seller, /Delivered|Sale/);
    await expectRowFigures(row, 1);
    expect(await row.getByText('Online').isVisible()).toBe(true);
    const expectedClosing = statementBefore.closingBalancePaise + sale.net;
    const closing = seller
      .getByRole('table', { name: 'Statement lines' })
      .getByRole('row', { name: /Closing balance/ });
    expect((await closing.textContent()) ?? '').toContain(rupees(expectedClosing));
    await row.scrollIntoViewIfNeeded();
    await snap(seller, '8-statement-sale', { fullPage: false });
    console.info(
      `sale of ${order.orderNumber}: gross ${sale.gross}, taxable ${sale.taxable}, commission+GST ${sale.commissionAndGst}, TCS ${sale.tcs}, TDS ${sale.tds}, net ${sale.net} paise; closing ${statementBefore.closingBalancePaise} -> ${expectedClosing}`,
    );
  });

  test('the customer returns it; the shop approves and receives it: a credit note, a refund', async () => {
    await customer.goto(`/MyOrders/${order.id}`);
    await customer.getByRole('button', { name: 'Request return' }).click();
    const dialog = customer.getByRole('dialog', { name: /^Return the items sold by/ });
    await dialog.getByRole('textbox', { name: /Why are you returning them/ }).fill(RETURN_REASON);
    // Paid online: no account to give, the refund goes back to the payment.
    expect(await dialog.getByRole('textbox', { name: /UPI id/ }).count()).toBe(0);
    await snap(customer, '9-return-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await toast(customer, 'Return requested').waitFor();
    await waitForMail(
      DEMO_EMAILS.seller,
      (mail) => mail.subject === `Return requested for order ${order.orderNumber}`,
    );

    const drawer = await openShopOrder(support, '/SupportAdminReturnOrderInfo', order.orderNumber);
    await drawer.getByRole('button', { name: 'Approve return' }).click();
    await toast(support, 'Return approved').waitFor();
    await drawer.getByRole('button', { name: 'Receive goods back' }).click();
    await support
      .getByRole('dialog', { name: 'Goods received back?' })
      .getByRole('button', { name: 'Yes, received' })
      .click();
    await toast(support, 'Goods received back; stock restored').waitFor();
    const refundBox = drawer.getByRole('region', { name: 'Refund' });
    await refundBox.getByText('To the original payment method').waitFor();
    // An online refund is Razorpay's to settle: the shop has nothing to mark paid.
    expect(await refundBox.getByRole('button', { name: 'Mark refund paid' }).count()).toBe(0);
    await snap(support, '10-return-received', { fullPage: false });

    // The credit note: issued against the invoice, every line back, listed on the customer's PDF.
    const shipmentId = order.shipments.find((shipment) => shipment.shop.id === kept.shopId)!.id;
    const data = await jsonOf<OrderInvoiceData>(
      await customer.request.get(
        `/api/documents/orders/${order.id}/shipments/${shipmentId}/invoice`,
      ),
    );
    expect(data.creditNotes).toHaveLength(1);
    const note = data.creditNotes[0]!.snapshot;
    const sale = expectedSale();
    expect(note.kind).toBe('credit_note');
    expect(note.number).toMatch(/^[A-Z]+\/\d{2}-\d{2}\/\d{5}$/);
    expect(note.original?.number).toBe(data.document.snapshot.number);
    expect(note.totals.totalPaise).toBe(sale.gross);
    expect(note.totals.taxableValuePaise).toBe(sale.taxable);
    const issued = await admin.request.get(`/api/credit-notes/${data.creditNotes[0]!.id}`);
    expect(issued.status()).toBe(200);

    const button = customer.getByRole('button', { name: 'Download invoice' });
    await customer.goto(`/MyOrders/${order.id}`);
    await button.first().waitFor();
    const [download] = (await Promise.all([
      customer.waitForEvent('download'),
      button.first().click(),
    ])) as [Download, void];
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, 'online-after-sale-invoice.pdf');
    await download.saveAs(file);
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(fs.readFileSync(file))), {
        mergePages: true,
      })
    ).text.replace(/\s+/g, ' ');
    expect(text).toContain(data.document.snapshot.number);
    expect(text).toContain('Credit note');
    expect(text).toContain(note.number);
    expect(text).toContain('Paid online');

    // The second refund: asked of Razorpay, settled by its webhook, shown Refunded.
    const refund = await waitForDoubleRefund(paymentId, (each) => each.amount === sale.gross);
    expect(await settleDoubleRefund(refund.id)).toBe(200);
    const card = customer.getByRole('region', { name: `Sold by ${kept.shopName}`, exact: true });
    const customerRefund = card.getByRole('region', { name: 'Refund' });
    await expect.poll(() => refundStatus(shipmentId), { timeout: 15_000 }).toBe('processed');
    await customer.goto(`/MyOrders/${order.id}`);
    await customerRefund.getByText('Refunded', { exact: true }).waitFor();
    await customerRefund.getByText(`Refund: ${rupees(sale.gross)}`).waitFor();
    await customerRefund.getByText(refund.id).waitFor();
    await snap(customer, '11-both-refunded');

    // Razorpay holds exactly the order's total in refunds, one per shipment.
    const mine = (await doubleRefunds()).filter((each) => each.payment_id === paymentId);
    expect(mine.map((each) => each.status)).toEqual(['processed', 'processed']);
    expect(mine.reduce((sum, each) => sum + each.amount, 0)).toBe(order.totals.totalPaise);
  });

  test("the seller's Statement: the return's reversal takes the same figures back", async () => {
    const sale = expectedSale();
    await seller.goto('/Statement');
    await seller.getByRole('heading', { name: 'Statement' }).waitFor();
    await expectRowFigures(statementRow(seller, /Delivered|Sale/), 1);
    await expectRowFigures(statementRow(seller, /Return/), -1);
    const closing = seller
      .getByRole('table', { name: 'Statement lines' })
      .getByRole('row', { name: /Closing balance/ });
    expect((await closing.textContent()) ?? '').toContain(
      rupees(statementBefore.closingBalancePaise + sale.net - sale.net),
    );
    const after = await jsonOf<SellerStatement>(
      await seller.request.get(`/api/shop/settlements/statement?month=${indianMonth()}`),
    );
    const lines = after.lines.filter((line) => line.reference === order.orderNumber);
    expect(lines.map((line) => [line.kind, line.netPaise])).toEqual([
      ['sale', sale.net],
      ['reversal', -sale.net],
    ]);
    expect(lines[0]!.taxableValuePaise).toBe(sale.taxable);
    expect(after.totals.tdsPaise).toBe(statementBefore.totals.tdsPaise);
    await statementRow(seller, /Return/).scrollIntoViewIfNeeded();
    await snap(seller, '12-statement-reversal', { fullPage: false });

    const phone = await signedIn('seller', DEMO_EMAILS.seller, 'mobile');
    await phone.goto('/Statement');
    await phone.getByText(order.orderNumber).filter({ visible: true }).first().waitFor();
    await snap(phone, '13-statement-390');
  });
});
