import {
  discountPercent,
  formatRupeesShort,
  type ProductCard,
  type ProductDetail,
  type ProductPage,
} from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  api,
  apiGridPage,
  cardName,
  cardPrice,
  productGrid,
  snap,
  waitForGrid,
} from './helpers.js';

/** The card's description is cut to 15 characters (docs/catalog.md "A product and its card"). */
const PREVIEW_CHARS = 15;

/** The card's struck-through original price element ('Original price ₹1,299' to a reader). */
function struckPrice(card: Locator): Locator {
  return card.getByText(/^Original price ₹/);
}

async function isStruckThrough(element: Locator): Promise<boolean> {
  return element.evaluate((node) =>
    getComputedStyle(node).textDecorationLine.includes('line-through'),
  );
}

/** A product image that has really been drawn (loaded, not broken). */
async function isLoadedImage(image: Locator): Promise<boolean> {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(async (node) => {
    if (!(node instanceof HTMLImageElement)) return false;
    await node.decode().catch(() => undefined);
    return node.complete && node.naturalWidth > 0;
  });
}

describe('product cards and product info', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('a card on the grid (desktop)', () => {
    let context: BrowserContext;
    let page: Page;
    let firstPage: ProductPage;

    beforeAll(async () => {
      firstPage = await apiGridPage();
      context = await newContext(browser, 'desktop');
      page = await context.newPage();
      await page.goto('/');
      await waitForGrid(page, firstPage);
    });

    afterAll(async () => {
      await context?.close();
    });

    test('every card shows its price, the struck MRP, the percent off it and a 15-character preview', async () => {
      const cards = productGrid(page).getByRole('article');
      expect(await cards.count()).toBe(firstPage.items.length);
      let withOffer = 0;
      for (const [index, product] of firstPage.items.entries()) {
        const card = cards.nth(index);
        expect((await cardName(card).textContent())?.trim()).toBe(product.name);
        expect(await card.getByText(product.company, { exact: true }).isVisible()).toBe(true);
        // One card per design: its sizes and a swatch per colour.
        const sizes =
          product.sizes.length > 1 ? `Sizes ${product.sizes.join(' · ')}` : `Size ${product.size}`;
        expect(await card.getByText(sizes, { exact: true }).isVisible()).toBe(true);
        for (const colour of product.colours) {
          expect(await card.getByRole('img', { name: colour, exact: true }).count()).toBe(1);
        }
        expect(await cardPrice(card).textContent()).toBe(formatRupeesShort(product.pricePaise));

        const percentOff = discountPercent(product);
        if (percentOff > 0) {
          withOffer++;
          const original = struckPrice(card);
          expect(await original.textContent()).toBe(
            `Original price ${formatRupeesShort(product.mrpPaise)}`,
          );
          expect(await isStruckThrough(original)).toBe(true);
          expect(await card.getByText(`${percentOff}% off`, { exact: true }).isVisible()).toBe(
            true,
          );
        } else {
          // Under 1 % off the MRP is still struck through, with no percent beside it.
          expect(await struckPrice(card).count()).toBe(
            product.mrpPaise > product.pricePaise ? 1 : 0,
          );
          expect(await card.getByText(/% off$/).count()).toBe(0);
        }

        const preview =
          product.description.length > PREVIEW_CHARS
            ? `${product.description.slice(0, PREVIEW_CHARS).trimEnd()}...`
            : product.description;
        expect(await card.getByText(preview, { exact: true }).isVisible()).toBe(true);
      }
      expect(withOffer).toBeGreaterThan(0);
    });

    /** The first product of the grid's first page below its MRP, a long description and stock. */
    function pickProduct(): { index: number; product: ProductCard } {
      const index = firstPage.items.findIndex(
        (item) =>
          discountPercent(item) > 0 &&
          item.description.length > PREVIEW_CHARS &&
          item.stockQuantity > 0,
      );
      const product = firstPage.items[index];
      if (!product) throw new Error('no product with an offer on the first page');
      return { index, product };
    }

    test('the full description shows on hover and on keyboard focus', async () => {
      const { index, product } = pickProduct();
      const card = productGrid(page).getByRole('article').nth(index);
      const preview = card.getByText(
        `${product.description.slice(0, PREVIEW_CHARS).trimEnd()}...`,
        {
          exact: true,
        },
      );
      const tooltip = card.getByRole('tooltip');

      await page.mouse.move(0, 0);
      expect(await tooltip.count()).toBe(0); // hidden until asked for

      await preview.hover();
      await tooltip.waitFor();
      expect(await tooltip.textContent()).toBe(product.description);
      expect(await tooltip.isVisible()).toBe(true);

      await page.mouse.move(0, 0);
      await tooltip.waitFor({ state: 'hidden' });

      // Keyboard: Tab from the product name reaches the preview, which shows the full text.
      await cardName(card).focus();
      await page.keyboard.press('Tab');
      expect(await preview.evaluate((node) => node === document.activeElement)).toBe(true);
      await tooltip.waitFor();
      expect(await tooltip.textContent()).toBe(product.description);
      const tooltipId = await card.getByRole('tooltip').getAttribute('id');
      expect(await preview.getAttribute('aria-describedby')).toBe(tooltipId);
      await page.keyboard.press('Tab');
      await tooltip.waitFor({ state: 'hidden' });
    });

    test("Add to cart fills the visitor's browser cart; Buy now asks to log in, then checkout", async () => {
      const { index, product } = pickProduct();
      const card = productGrid(page).getByRole('article').nth(index);

      // No login on the way: the product is in the browser's cart and the header counts it.
      const add = card.getByRole('button', { name: `Add ${product.name} to cart`, exact: true });
      await add.click();
      await page.getByRole('alert').filter({ hasText: 'Added to cart' }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Cart\s*1 item$/ })
        .waitFor();

      const buy = card.getByRole('link', { name: `Buy ${product.name} now`, exact: true });
      expect((await buy.innerText()).trim()).toBe('Buy now');
      await buy.click();
      await page.waitForURL('**/CustomerLogin?**');
      const url = new URL(page.url());
      expect(url.pathname).toBe('/CustomerLogin');
      expect(url.searchParams.get('redirect')).toBe(`/Checkout?buy=${product.id}`);
      await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();

      await page.evaluate(() => window.localStorage.clear());
      await page.goBack();
      await waitForGrid(page, firstPage);
    });

    test('clicking the photo opens the product', async () => {
      const { index, product } = pickProduct();
      const card = productGrid(page).getByRole('article').nth(index);
      const photo = card.getByRole('link', { name: `${product.name} by ${product.company}` });
      expect(await isLoadedImage(photo.getByRole('img'))).toBe(true);
      await photo.click();
      await page.waitForURL(`**/ProductInfo?id=${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      expect(new URL(page.url()).search).toBe(`?id=${product.id}`);
    });
  });

  describe('/ProductInfo', () => {
    let product: ProductDetail;

    beforeAll(async () => {
      const best = await api<{ items: ProductCard[] }>('/api/products/best-selling');
      const withOffer = best.items.find((item) => discountPercent(item) > 0) ?? best.items[0];
      if (!withOffer) throw new Error('no best-selling products');
      product = await api<ProductDetail>(`/api/products/${withOffer.id}`);
    });

    test('desktop: name, price, size with chest and length, photos and the shop', async () => {
      const context = await newContext(browser, 'desktop');
      try {
        const page = await context.newPage();
        await page.goto(`/ProductInfo?id=${product.id}`);
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: product.name }).waitFor();
        expect(await page.title()).toBe(`${product.name} by ${product.company} | Bazaar`);

        expect(await main.getByText(product.company, { exact: true }).isVisible()).toBe(true);
        const breadcrumb = main.getByRole('navigation', { name: 'Breadcrumb' });
        expect(await breadcrumb.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
        expect(
          await breadcrumb.getByRole('link', { name: product.category }).getAttribute('href'),
        ).toBe(`/?category=${encodeURIComponent(product.category)}#products`);
        expect(
          await main
            .getByText(formatRupeesShort(product.pricePaise), { exact: true })
            .first()
            .isVisible(),
        ).toBe(true);
        const percentOff = discountPercent(product);
        if (percentOff > 0) {
          const original = struckPrice(main);
          expect(await original.textContent()).toBe(
            `Original price ${formatRupeesShort(product.mrpPaise)}`,
          );
          expect(await isStruckThrough(original)).toBe(true);
          expect(await main.getByText(`${percentOff}% off`, { exact: true }).isVisible()).toBe(
            true,
          );
        }

        const facts = main.getByRole('table').first();
        const fact = async (label: string) =>
          (
            await facts
              .getByRole('row', { name: new RegExp(`^${label} `) })
              .getByRole('cell')
              .textContent()
          )?.trim();
        expect(await fact('Size')).toBe(
          `${product.size} (chest ${product.chestInches} in, length ${product.lengthCm} cm)`,
        );
        expect(await fact('Colour')).toBe(product.colour);
        expect(await fact('Category')).toBe(product.category);
        expect(await fact('Material')).toBe(product.material);
        // The size guide of the category marks the chosen size.
        expect(
          await main.getByRole('rowheader', { name: `${product.size} (chosen)` }).isVisible(),
        ).toBe(true);

        expect(await main.getByText(`Sold by ${product.shopName}`).isVisible()).toBe(true);
        expect(await main.getByText(`Ships from ${product.shopCity}`).isVisible()).toBe(true);
        expect(await main.getByText(product.description, { exact: true }).isVisible()).toBe(true);

        // The enlarged photo and a thumbnail per photo.
        const count = Math.max(product.images.length, 1);
        const enlarged = main.getByRole('img', {
          name: `${product.name} by ${product.company}, photo 1 of ${count}`,
        });
        expect(await enlarged.count()).toBe(1); // the mobile carousel's copy is hidden
        expect(await enlarged.isVisible()).toBe(true);
        expect(await isLoadedImage(enlarged)).toBe(true);
        const box = await enlarged.boundingBox();
        expect(box!.width).toBeGreaterThan(400);
        const thumbnails = main
          .getByRole('group', { name: 'Product photos' })
          .getByRole('button', { name: /^Show photo \d+$/ });
        expect(await thumbnails.count()).toBe(count);
        expect(await thumbnails.first().getAttribute('aria-pressed')).toBe('true');

        // A visitor adds to the browser's cart; Buy now logs in and goes on to checkout.
        await main.getByRole('button', { name: 'Add to cart', exact: true }).waitFor();
        expect(
          await main.getByRole('link', { name: 'Buy now', exact: true }).getAttribute('href'),
        ).toBe(`/CustomerLogin?redirect=${encodeURIComponent(`/Checkout?buy=${product.id}`)}`);

        await snap(page, 'product-info-desktop');
      } finally {
        await context.close();
      }
    });

    test('mobile: the photos are a carousel', async () => {
      const context = await newContext(browser, 'mobile');
      try {
        const page = await context.newPage();
        await page.goto(`/ProductInfo?id=${product.id}`);
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: product.name }).waitFor();

        const count = Math.max(product.images.length, 1);
        const carousel = main
          .getByRole('region')
          .filter({ has: page.getByRole('group', { name: 'Carousel slide' }) });
        // The page arrives rendered by the server; the carousel counts its slides once the app
        // has taken the page over (hydration), a moment after the heading is on screen.
        await carousel.getByText(`Slide 1 of ${count}`).waitFor({ state: 'attached' });
        expect(await carousel.isVisible()).toBe(true);
        expect(await carousel.getByRole('group', { name: 'Carousel slide' }).count()).toBe(count);
        expect(await carousel.getByText(`Slide 1 of ${count}`).count()).toBe(1);
        const photo = carousel.getByRole('img', {
          name: `${product.name} by ${product.company}, photo 1 of ${count}`,
        });
        expect(await photo.isVisible()).toBe(true);
        expect(await isLoadedImage(photo)).toBe(true);
        const box = await photo.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
        // No desktop thumbnail column on a phone.
        expect(await main.getByRole('group', { name: 'Product photos' }).count()).toBe(0);

        await snap(page, 'product-info-mobile');
      } finally {
        await context.close();
      }
    });

    test('an unknown or malformed id shows the not-found state', async () => {
      const context = await newContext(browser, 'desktop');
      try {
        const page = await context.newPage();
        for (const id of ['999999', 'abc']) {
          await page.goto(`/ProductInfo?id=${id}`);
          const heading = page.getByRole('heading', {
            level: 1,
            name: 'We could not find this product',
          });
          await heading.waitFor();
          expect(await page.title()).toBe('Product not found | Bazaar');
          expect(await page.getByRole('link', { name: 'Back to home' }).isVisible()).toBe(true);
        }
        await snap(page, 'product-not-found');
        await page.getByRole('link', { name: 'Back to home' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByRole('heading', { name: 'Best selling products' }).waitFor();
      } finally {
        await context.close();
      }
    });
  });
});
