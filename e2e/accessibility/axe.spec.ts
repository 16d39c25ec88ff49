import type {
  CustomerPage,
  DeliveryAddressList,
  Order,
  ProductPage,
  ShopProductPage,
} from '@bazaar/shared';
import { ROLE_AREAS } from '@bazaar/shared';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AREAS, type StaffRole } from '../../apps/web/src/config/areas.js';
import { PATHS } from '../../apps/web/src/config/site.js';
import { DEMO_EMAILS, DEMO_PASSWORD, logIn, openLogin, submitLogin } from '../accounts/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import {
  areaPageEntries,
  CUSTOMER_PATHS,
  describeFindings,
  publicPaths,
  scan,
  SELLER_WITHOUT_SHOP_PATHS,
  settle,
  staffPaths,
  visitAndScan,
  type Finding,
} from './helpers.js';

/**
 * Accessibility: axe-core's WCAG 2.1 A/AA rules on every route of every area, each signed in as
 * its demo account, and on the main dialogs (the add-to-cart toast, a confirm modal, Add New
 * Purchase, the shop's order drawer). A serious or critical violation fails the test, which lists
 * each one's rule id and elements.
 */

const STAFF_ROLES = Object.keys(AREAS) as StaffRole[];

/** A test visits up to 25 pages, each settled and scanned (a few seconds apiece). */
const SCAN_TIMEOUT_MS = 300_000;

async function json<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
): Promise<T> {
  const response =
    method === 'GET' ? await request.get(url) : await request.post(url, { data: data ?? {} });
  if (!response.ok())
    throw new Error(`${method} ${url}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A path with its `:param` filled from `values`; throws for a parameter the test does not know. */
function fill(pathname: string, values: Record<string, string>): string {
  return pathname.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pathname}: no value for :${name}`);
    return value;
  });
}

function expectClean(findings: Finding[]): void {
  expect(describeFindings(findings), 'serious or critical WCAG 2.1 A/AA violations').toEqual([]);
}

describe('accessibility: axe-core on every page', () => {
  let browser: Browser;
  const scanned: string[] = [];
  /** The seller's product the customer orders, so the seller's lists and drawer have a row. */
  let productId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    console.log(`accessibility: ${scanned.length} pages and dialogs scanned`);
  });

  async function signedIn(
    role: StaffRole | 'customer',
    email: string,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await logIn(page, role, email);
    return { context, page };
  }

  async function scanAll(page: Page, paths: string[]): Promise<Finding[]> {
    const findings: Finding[] = [];
    for (const pathname of paths) {
      findings.push(...(await visitAndScan(page, pathname)));
      scanned.push(pathname);
    }
    return findings;
  }

  test('the scan lists cover every path of the route config', () => {
    const covered = new Set(
      [
        ...publicPaths(),
        ...CUSTOMER_PATHS,
        ...SELLER_WITHOUT_SHOP_PATHS,
        ...STAFF_ROLES.flatMap((role) => staffPaths(role)),
      ].map((each) => each.toLowerCase()),
    );
    const required = [
      ...Object.values(PATHS),
      ...Object.values(ROLE_AREAS).flatMap((area) => [area.loginPath, area.homePath]),
      ...areaPageEntries().map((entry) => entry.path),
      ...STAFF_ROLES.flatMap((role) =>
        AREAS[role].menu.flatMap((entry) =>
          'links' in entry
            ? entry.links.map((each) => each.path)
            : 'path' in entry
              ? [entry.path]
              : [],
        ),
      ),
    ];
    expect(required.filter((each) => !covered.has(each.toLowerCase()))).toEqual([]);
    // Each staff role has its menu and its other pages (an emptied table would hide them).
    expect(areaPageEntries().length).toBeGreaterThan(30);
  });

  test(
    'public pages: storefront, product, policies, every login and password page',
    async () => {
      const context = await newContext(browser, 'desktop');
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const products = await json<ProductPage>(page.request, 'GET', '/api/products?pageSize=1');
      const product = products.items[0];
      if (!product) throw new Error('the demo catalog has no product');
      const paths = publicPaths().map((each) =>
        each === PATHS.productInfo ? `${PATHS.productInfo}?id=${product.id}` : each,
      );
      const findings = await scanAll(page, paths);

      // The home page's grid after a search, and the mobile menu drawer.
      await page.goto('/');
      await settle(page);
      // The answer to the search itself, whatever the query string's other parameters are.
      const searched = page.waitForResponse((answer) => {
        const url = new URL(answer.url());
        return url.pathname === '/api/products' && /kurta/i.test(url.search);
      });
      await page
        .getByRole('region', { name: 'All products' })
        .getByPlaceholder('Search by product name')
        .fill('kurta');
      await searched;
      // The search is sent after a pause in typing; until its answer arrives the grid shows the
      // previous products dimmed (data-stale), which axe would read as low contrast.
      await page.waitForURL((url) => url.searchParams.get('q') === 'kurta');
      // The route change that sends the search is a transition: wait for the grid to leave its
      // dimmed state and for its fade back to full opacity to finish.
      await page.waitForFunction(
        () =>
          document.querySelector('[data-stale]') === null &&
          document.querySelector('[aria-busy="true"]') === null &&
          [...document.querySelectorAll('[aria-busy]')].every(
            (grid) => getComputedStyle(grid).opacity === '1',
          ),
      );
      await settle(page);
      findings.push(...(await scan(page, 'home: search results')));
      scanned.push('home: search results');
      await context.close();

      const phone = await newContext(browser, 'mobile');
      const mobile = await phone.newPage();
      await mobile.goto('/');
      await settle(mobile);
      await mobile.getByRole('button', { name: 'Open menu' }).click();
      await mobile.getByRole('dialog').first().waitFor();
      await settle(mobile);
      findings.push(...(await scan(mobile, 'mobile site menu')));
      scanned.push('mobile site menu');
      await phone.close();
      expectClean(findings);
    },
    SCAN_TIMEOUT_MS,
  );

  test(
    'customer pages with a placed order, and the add-to-cart toast',
    async () => {
      // The seller's first product in stock: the order then shows in the seller's lists too.
      const seller = await signedIn('seller', DEMO_EMAILS.seller);
      const stock = await json<ShopProductPage>(seller.page.request, 'GET', '/api/shop/products');
      const inStock = stock.items.find((item) => item.quantity >= 3);
      if (!inStock) throw new Error('the demo seller has no product with 3 in stock');
      productId = inStock.id;
      await seller.context.close();

      const { context, page } = await signedIn('customer', DEMO_EMAILS.customer);
      const { addresses } = await json<DeliveryAddressList>(page.request, 'GET', '/api/addresses');
      const address = addresses[0];
      if (!address) throw new Error('the demo customer has no address');
      await json(page.request, 'POST', '/api/cart/items', { productId, quantity: 1 });
      const order = await json<Order>(page.request, 'POST', '/api/orders', {
        addressId: address.id,
        paymentMethod: 'cod',
      });
      // Something in the cart, the checkout and the wishlist while they are scanned.
      await json(page.request, 'POST', '/api/cart/items', { productId, quantity: 1 });
      await page.request.put(`/api/wishlist/items/${productId}`);

      const paths = CUSTOMER_PATHS.map((each) =>
        each === PATHS.orderConfirmed
          ? `${PATHS.orderConfirmed}?order=${order.id}`
          : fill(each, { orderId: String(order.id) }),
      );
      const findings = await scanAll(page, paths);

      await page.goto(`${PATHS.productInfo}?id=${productId}`);
      await settle(page);
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /added to cart/i })
        .first()
        .waitFor();
      await settle(page);
      findings.push(...(await scan(page, 'add-to-cart toast')));
      scanned.push('add-to-cart toast');
      await context.close();
      expectClean(findings);
    },
    SCAN_TIMEOUT_MS,
  );

  test(
    "the new seller's shop details stepper",
    async () => {
      const context = await newContext(browser, 'desktop');
      const page = await context.newPage();
      await openLogin(page, 'seller');
      await submitLogin(page, DEMO_EMAILS.newSeller, DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname !== ROLE_AREAS.seller.loginPath);
      const findings = await scanAll(page, SELLER_WITHOUT_SHOP_PATHS);
      await context.close();
      expectClean(findings);
    },
    SCAN_TIMEOUT_MS,
  );

  test.each(STAFF_ROLES)(
    'every page of the %s area and its dialogs',
    async (role) => {
      const { context, page } = await signedIn(role, DEMO_EMAILS[role]);
      const values: Record<string, string> = {};
      if (role === 'admin' || role === 'employee') {
        const customers = await json<CustomerPage>(page.request, 'GET', '/api/customers');
        const customer = customers.items[0];
        if (!customer) throw new Error('the demo data has no wholesale customer');
        values.customerId = String(customer.id);
      }
      const paths = staffPaths(role).map((each) => fill(each, values));
      const findings = await scanAll(page, paths);

      if (role === 'admin') {
        // A confirm modal: Disable employee, cancelled.
        await page.goto('/viewEmployees');
        await settle(page);
        await page
          .getByRole('button', { name: /^Disable / })
          .first()
          .click();
        await page.getByRole('dialog').waitFor();
        await settle(page);
        findings.push(...(await scan(page, 'confirm modal (Disable employee)')));
        scanned.push('confirm modal (Disable employee)');
        await page.keyboard.press('Escape');

        await page.goto(`/TransactionDetails/${values.customerId}`);
        await settle(page);
        await page.getByRole('button', { name: 'Add New Purchase' }).click();
        await page.getByRole('dialog', { name: 'Add New Purchase' }).waitFor();
        await settle(page);
        findings.push(...(await scan(page, 'Add New Purchase modal')));
        scanned.push('Add New Purchase modal');
      }
      if (role === 'seller' && productId) {
        await page.goto('/NewOrder');
        await settle(page);
        await page
          .getByRole('button', { name: /^Open / })
          .first()
          .click();
        await page.getByRole('dialog').first().waitFor();
        await settle(page);
        findings.push(...(await scan(page, 'order detail drawer')));
        scanned.push('order detail drawer');
      }
      await context.close();
      expectClean(findings);
    },
    SCAN_TIMEOUT_MS,
  );
  test(
    'screenshots of the pages the fixes touched, at 1280 and 390 px',
    async () => {
      for (const viewport of ['desktop', 'mobile'] as const) {
        const width = viewport === 'desktop' ? 1280 : 390;
        for (const [role, paths] of [
          ['customer', [PATHS.customerCart, `${PATHS.productInfo}?id=${productId}`]],
          ['admin', ['/adminHome', '/TotalCustomer']],
        ] as const) {
          const context = await newContext(browser, viewport);
          context.setDefaultTimeout(15_000);
          const page = await context.newPage();
          await logIn(page, role, DEMO_EMAILS[role]);
          for (const pathname of paths) {
            await page.goto(pathname);
            await settle(page);
            const name = pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '');
            await screenshot(page, `accessibility-${name}-${width}`);
          }
          await context.close();
        }
      }
    },
    SCAN_TIMEOUT_MS,
  );
});
