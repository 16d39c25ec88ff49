import type { ProductList } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import { api, settle, snap } from './helpers.js';

/** What a logged-out visitor's header shows, in order (docs/catalog.md "Grid, search and home"). */
const LOGGED_OUT_MENU = ['Home', 'Login', 'Sign up', 'Contact US', 'About US'];
/** The home sliders (docs/catalog.md "Grid, search and home"). */
const SLIDERS = ['Best selling products', 'New arrivals products'];
const SERVICE_STRIP = [
  'Quality assurance',
  'Best price',
  'Customer trust',
  'Fast delivery',
  'Easy to use',
  'Services & support',
];
const PRICE = /^₹[\d,]+(\.\d{2})?$/;

interface VisibleCard {
  name: string;
  href: string;
  price: string;
}

/**
 * The cards of a slider that lie entirely inside its visible window, left to right, read in one
 * go so a slide in motion cannot give a mixed answer.
 */
async function fullyVisibleCards(slider: Locator): Promise<VisibleCard[]> {
  return slider.evaluate((section) => {
    const carousel = section.querySelector('[aria-roledescription="carousel"]');
    if (!carousel) return [];
    const frame = carousel.getBoundingClientRect();
    return Array.from(section.querySelectorAll('article'))
      .map((card) => ({ card, box: card.getBoundingClientRect() }))
      .filter(({ box }) => box.left >= frame.left - 1 && box.right <= frame.right + 1)
      .sort((a, b) => a.box.left - b.box.left)
      .map(({ card }) => {
        const texts = Array.from(card.querySelectorAll('p, a, span')).map(
          (element) => element.textContent?.trim() ?? '',
        );
        const link = card.querySelector('a:not([tabindex="-1"])');
        return {
          name: link?.textContent?.trim() ?? '',
          href: link?.getAttribute('href') ?? '',
          price: texts.find((text) => /^₹[\d,]+(\.\d{2})?$/.test(text)) ?? '',
        };
      });
  });
}

/** The slider's fully visible cards once it is at rest (not half-way between two slides). */
async function restingCards(slider: Locator, expectedCount: number): Promise<VisibleCard[]> {
  return settle(
    () => fullyVisibleCards(slider),
    (cards) => cards.length === expectedCount,
  );
}

describe('home page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('desktop (1280 px)', () => {
    let context: BrowserContext;
    let page: Page;
    let featured: Record<string, ProductList>;

    beforeAll(async () => {
      featured = {
        'Best selling products': await api<ProductList>('/api/products/best-selling'),
        'New arrivals products': await api<ProductList>('/api/products/new-arrivals'),
      };
      context = await newContext(browser, 'desktop');
      page = await context.newPage();
      await page.goto('/');
      for (const title of SLIDERS) {
        await page.getByRole('region', { name: title }).getByRole('article').first().waitFor();
      }
    });

    afterAll(async () => {
      await context?.close();
    });

    test('the header shows the logged-out menu', async () => {
      const menu = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      const links = menu.getByRole('link');
      expect((await links.allInnerTexts()).map((text) => text.trim())).toEqual(LOGGED_OUT_MENU);
      for (const label of LOGGED_OUT_MENU) {
        expect(await menu.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
      }
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
      expect(await page.title()).toContain('Bazaar');
    });

    test('each slider shows 4 whole cards of its seeded products, with dots', async () => {
      for (const title of SLIDERS) {
        const slider = page.getByRole('region', { name: title });
        expect(await slider.getByRole('heading', { name: title, level: 2 }).isVisible()).toBe(true);
        const products = featured[title]?.items ?? [];
        expect(products.length).toBeGreaterThan(4);

        const cards = await restingCards(slider, 4);
        expect(cards).toHaveLength(4);
        const seededNames = products.map((product) => product.name);
        for (const card of cards) {
          expect(card.name).not.toBe('');
          expect(seededNames).toContain(card.name);
          expect(card.price).toMatch(PRICE);
        }

        // One dot per product once the slider holds them all: its first render draws the 4
        // cards in view and adds the rest right after (page speed, docs/performance.md).
        const dots = slider.getByRole('tab', { name: /^Show product \d+$/ });
        expect(
          await settle(
            () => dots.count(),
            (count) => count === products.length,
          ),
        ).toBe(products.length);
        expect(await dots.first().isVisible()).toBe(true);
      }
    });

    test('the sliders play every 2 s, and hovering one pauses it', async () => {
      const best = page.getByRole('region', { name: SLIDERS[0] });
      const newest = page.getByRole('region', { name: SLIDERS[1] });
      await page.mouse.move(0, 0);

      // Compared by the whole resting row with links: neighbouring cards may share a name.
      const row = async (slider: Locator) =>
        (await restingCards(slider, 4)).map((card) => `${card.href} ${card.name}`).join('|');
      const moved = (slider: Locator, from: string) =>
        settle(
          () => row(slider),
          (now) => now !== from,
          4_500,
        );
      const bestBefore = await row(best);
      const newestBefore = await row(newest);
      // One 2000 ms step, with slack for a busy machine.
      expect(await moved(best, bestBefore)).not.toBe(bestBefore);
      expect(await moved(newest, newestBefore)).not.toBe(newestBefore);

      await best.getByRole('region').hover();
      const hoveredAt = Date.now();
      const bestHovered = await row(best);
      const newestNotHovered = await row(newest);
      // Only the slider under the pointer stops: the other one still moves...
      expect(await moved(newest, newestNotHovered)).not.toBe(newestNotHovered);
      // ...while the hovered one stays put for longer than one step (the behaviour is timing).
      await page.waitForTimeout(Math.max(0, hoveredAt + 2_600 - Date.now()));
      expect(await row(best)).toBe(bestHovered);
      await page.mouse.move(0, 0);
    });

    test('the service strip shows the six promises', async () => {
      const strip = page.getByRole('region', { name: 'Why shop with us' });
      const items = strip.getByRole('listitem');
      expect((await items.allInnerTexts()).map((text) => text.trim())).toEqual(SERVICE_STRIP);
      for (const item of SERVICE_STRIP) {
        expect(await strip.getByText(item, { exact: true }).isVisible()).toBe(true);
      }
    });

    test('the footer shows users, policies, social links and the Patna office', async () => {
      const footer = page.getByRole('contentinfo');
      for (const heading of ['Users', 'Policies', 'Registered office']) {
        expect(await footer.getByRole('heading', { name: heading }).isVisible()).toBe(true);
      }
      for (const [label, href] of [
        ['Employee login', '/employeeLogin'],
        ['Delivery boy', '/deliveryboy'],
      ] as const) {
        const link = footer.getByRole('link', { name: label, exact: true });
        expect(await link.isVisible()).toBe(true);
        expect(await link.getAttribute('href')).toBe(href);
      }
      for (const [label, href] of [
        ['Return Policy', '/returnPolicy'],
        ['Privacy Policy', '/PrivacyPolicy'],
        ['Cancellation Policy', '/CancellationPolicy'],
        ['Terms & Conditions', '/TermCondition'],
      ] as const) {
        const link = footer.getByRole('link', { name: `${label} (opens in a new tab)` });
        expect(await link.isVisible()).toBe(true);
        expect((await link.innerText()).trim()).toBe(label);
        expect(await link.getAttribute('href')).toBe(href);
        expect(await link.getAttribute('target')).toBe('_blank');
      }
      for (const network of ['Instagram', 'Facebook', 'YouTube', 'Twitter']) {
        const link = footer.getByRole('link', {
          name: `Bazaar on ${network} (opens in a new tab)`,
        });
        expect(await link.isVisible()).toBe(true);
      }
      const address = footer.getByText(/Ashok Rajpath\s*Patna, Bihar 800004/);
      expect(await address.isVisible()).toBe(true);
      expect(await footer.getByRole('link', { name: /^\+91 [\d ]+$/ }).isVisible()).toBe(true);
      expect(await footer.getByRole('link', { name: /@/ }).isVisible()).toBe(true);
      expect(await footer.getByText('Powered by').isVisible()).toBe(true);

      await snap(page, 'home-desktop');
    });
  });

  describe('mobile (390 px)', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(browser, 'mobile');
      page = await context.newPage();
      await page.goto('/');
    });

    afterAll(async () => {
      await context?.close();
    });

    test('the burger opens the side menu with the same items', async () => {
      const burger = page.getByRole('button', { name: 'Open menu' });
      await burger.waitFor();
      const headerMenu = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      expect(await headerMenu.isVisible()).toBe(false);
      await burger.click();
      const drawer = page.getByRole('dialog');
      await drawer.waitFor();
      const links = drawer.getByRole('navigation', { name: 'Main' }).getByRole('link');
      await links.first().waitFor();
      expect((await links.allInnerTexts()).map((text) => text.trim())).toEqual(LOGGED_OUT_MENU);
      for (const label of LOGGED_OUT_MENU) {
        expect(await drawer.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
      }
      await snap(page, 'home-mobile-menu', { fullPage: false });

      // A menu item navigates and closes the drawer.
      await drawer.getByRole('link', { name: 'About US', exact: true }).click();
      await page.waitForURL('**/AboutUS');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: 'About Bazaar' }).waitFor();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.waitFor();
      await drawer.getByRole('button', { name: 'Close menu' }).click();
      await drawer.waitFor({ state: 'hidden' });
    });

    test('a slider card is visible and whole on the phone', async () => {
      await page.goto('/');
      const slider = page.getByRole('region', { name: SLIDERS[0] });
      await slider.getByRole('article').first().waitFor();
      const cards = await restingCards(slider, 1);
      expect(cards).toHaveLength(1);
      expect(cards[0]?.name).not.toBe('');
      expect(cards[0]?.price).toMatch(PRICE);
      const name = slider.getByRole('link', { name: cards[0]?.name ?? '', exact: true }).first();
      expect(await name.isVisible()).toBe(true);

      // The slider's window itself fits the phone's width.
      const frame = await slider.getByRole('region').boundingBox();
      expect(frame).not.toBeNull();
      expect(frame!.x).toBeGreaterThanOrEqual(0);
      expect(frame!.x + frame!.width).toBeLessThanOrEqual(390);

      await snap(page, 'home-mobile');
    });
  });
});
