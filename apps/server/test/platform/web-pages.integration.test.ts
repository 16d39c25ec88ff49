import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstPageNeeds } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../modules/orders/orders-test-support.js';
import { insertProduct, insertShop } from '../support/fixtures.js';
import { createTestApp, type TestContext } from '../support/test-app.js';

/**
 * The web app's pages with their first answers inside (platform/web-pages.ts;
 * docs/decisions/0012-first-page-data.md):
 * what the home page, a search and a product's page carry, that it is what the API itself
 * answers, and that nothing a visitor types can break out of the page's JSON.
 */

let ctx: TestContext;
let bestSellingId: number;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-web-pages-'));

const TEMPLATE =
  '<!doctype html><html><head><title>Bazaar</title>' +
  '<script type="module" src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** A Vite manifest: the entry imports a shared chunk the carousel also needs. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/areas/storefront/home/product-carousel.tsx': {
    file: 'assets/product-carousel-1.js',
    isDynamicEntry: true,
    imports: ['_Carousel-1.js', '_shared-1.js'],
    css: ['assets/product-carousel-1.css'],
  },
  '_Carousel-1.js': { file: 'assets/Carousel-1.js' },
  'src/areas/storefront/product-info/product-info-page.tsx': {
    file: 'assets/product-info-page-1.js',
    isDynamicEntry: true,
    imports: ['_Carousel-1.js'],
  },
};

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  ctx = await createTestApp({ webDistDir: webDist });
  const shopId = await insertShop(ctx.database.db);
  bestSellingId = await insertProduct(ctx.database.db, {
    shopId,
    name: 'Banarasi Saree',
    placement: 'best_selling',
  });
  await insertProduct(ctx.database.db, { shopId, name: 'Cotton Kurta', category: 'Men' });
});

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function page(url: string, cookie?: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  return response;
}

/** The page's first answers (the JSON block), or undefined when it has none. */
function firstAnswers(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="first-page-data">([^<]*)<\/script>/.exec(
    html,
  );
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

async function apiAnswer(url: string, cookie?: string): Promise<unknown> {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the web app pages with their first answers', () => {
  it('gives the home page the answers its first render asks for, equal to the API’s own', async () => {
    const response = await page('/');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const answers = firstAnswers(response.body);
    const needs = firstPageNeeds('/', new URLSearchParams());
    expect(Object.keys(answers ?? {}).sort()).toEqual([...needs.apiPaths].sort());
    for (const apiPath of needs.apiPaths) {
      expect(answers?.[apiPath], apiPath).toEqual(await apiAnswer(apiPath));
    }
    const bestSelling = answers?.['/api/products/best-selling?limit=12'] as {
      items: { id: number; thumbnailUrl: string }[];
    };
    expect(bestSelling.items[0]?.id).toBe(bestSellingId);
    expect(answers?.['/api/auth/session']).toEqual({ user: null });
  });

  it('preloads the first slider photo as its img asks for it, and the lazy chunks not yet loaded', async () => {
    const { body } = await page('/');
    const answers = firstAnswers(body);
    const first = (
      answers?.['/api/products/best-selling?limit=12'] as {
        items: { thumbnailUrl: string; imageUrl: string }[];
      }
    ).items[0]!;
    expect(body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${first.thumbnailUrl}" ` +
        `imagesrcset="${first.thumbnailUrl} 240w, ${first.imageUrl} 800w" ` +
        `imagesizes="(min-width: 62em) 320px, (min-width: 36em) 33vw, 50vw">`,
    );
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-carousel-1.js">',
    );
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/Carousel-1.js">');
    expect(body).toContain('<link rel="preload" as="style" href="/assets/product-carousel-1.css">');
    // The entry's own imports are already on their way.
    expect(body).not.toContain('href="/assets/shared-1.js"');
    // Everything is added inside <head>, before the entry's closing tag.
    expect(body.indexOf('first-page-data')).toBeLessThan(body.indexOf('</head>'));
  });

  it('answers a search from the URL with the grid’s own request, and keeps typed markup inert', async () => {
    const q = '</script><script>alert(1)</script>';
    const url = `/?q=${encodeURIComponent(q)}&category=Men&sort=price_asc&page=1`;
    const { body } = await page(url);
    expect(body).not.toContain('<script>alert(1)');
    const answers = firstAnswers(body);
    const gridPath = firstPageNeeds('/', new URL(url, 'http://x').searchParams).apiPaths[3]!;
    expect(gridPath).toBe(
      `/api/products?${new URLSearchParams({ q })}&category=Men&sort=price_asc&page=1&pageSize=20`,
    );
    expect(answers?.[gridPath]).toEqual(await apiAnswer(gridPath));
  });

  it('gives a product’s page its product and photo, at any letter case of the path', async () => {
    const { body } = await page(`/productinfo?id=${bestSellingId}`);
    const answers = firstAnswers(body);
    const detail = answers?.[`/api/products/${bestSellingId}`] as {
      name: string;
      images: { url: string }[];
    };
    expect(detail.name).toBe('Banarasi Saree');
    expect(body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${detail.images[0]!.url}">`,
    );
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-info-page-1.js">',
    );
  });

  it('leaves out answers that are not 200, so the browser asks and shows its own error', async () => {
    const { body } = await page('/ProductInfo?id=99999999');
    expect(Object.keys(firstAnswers(body) ?? {})).toEqual(['/api/auth/session']);
    expect(body).not.toContain('as="image"');
    const malformed = await page('/ProductInfo?id=abc');
    expect(Object.keys(firstAnswers(malformed.body) ?? {})).toEqual(['/api/auth/session']);
  });

  it('answers the session with the visitor’s own cookie', async () => {
    const customer = await createCustomer(ctx.app, ctx.database.db);
    const { body } = await page('/', customer.cookie);
    const session = firstAnswers(body)?.['/api/auth/session'] as { user: { id: string } | null };
    expect(session.user?.id).toBe(customer.id);
    expect(session).toEqual(await apiAnswer('/api/auth/session', customer.cookie));
  });

  it('serves other pages as the plain index.html', async () => {
    for (const url of ['/CustomerLogin', '/AdminHome', '/no-such-page']) {
      const { body } = await page(url);
      expect(body).toBe(TEMPLATE);
    }
  });

  it('does not serve the build manifest', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
  });
});

/**
 * With the web app's server bundle beside the build (`dist-server/entry-server.js`, here a
 * stand-in that shows what it was given), the first pages come rendered into `#root`, with the
 * stylesheets their markup needs and no module preloads; a render that fails leaves the page to
 * the browser, as without the bundle.
 */
describe('the web app pages rendered on the server', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-web-render-'));
  const dist = path.join(root, 'dist');
  let rendered: TestContext;
  let productId: number;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.mkdirSync(path.join(root, 'dist-server'));
    fs.writeFileSync(
      path.join(root, 'dist-server', 'entry-server.js'),
      `export async function renderPage(url, answers) {
        if (url.includes('fail=1')) throw new Error('render failed');
        const markup = '<main data-url="' + new URL(url).pathname + '">' + Object.keys(answers).sort().join(' ') + '</main>';
        return { markup, title: 'Kurta <&> more | Bazaar' };
      }`,
    );
    rendered = await createTestApp({ webDistDir: dist });
    const shopId = await insertShop(rendered.database.db);
    productId = await insertProduct(rendered.database.db, {
      shopId,
      name: 'Chanderi Kurta',
      placement: 'best_selling',
    });
  });

  afterAll(async () => {
    await rendered?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function renderedPage(url: string): Promise<string> {
    const response = await rendered.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it('puts the markup rendered from the page’s own answers into #root', async () => {
    const body = await renderedPage('/');
    const needs = firstPageNeeds('/', new URLSearchParams());
    expect(body).toContain(
      `<div id="root" data-server-rendered><main data-url="/">${[...needs.apiPaths].sort().join(' ')}</main></div>`,
    );
    // The title the render set, escaped, before any script runs.
    expect(body).toContain('<title>Kurta &lt;&amp;&gt; more | Bazaar</title>');
    // The same answers go along for the browser's hydration.
    expect(Object.keys(firstAnswers(body) ?? {}).sort()).toEqual([...needs.apiPaths].sort());
  });

  it('links the lazy chunks’ stylesheets for the first paint, without module preloads', async () => {
    const body = await renderedPage('/');
    expect(body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/product-carousel-1.css">',
    );
    expect(body).not.toContain('rel="modulepreload"');
    expect(body).toContain('as="image" fetchpriority="high"');
    // The page paints without its scripts: the entry chunk is added once the page has loaded.
    expect(body).toContain(
      '<script src="/start-app.js" data-entry="/assets/index-1.js" defer></script>',
    );
    expect(body).not.toContain('<script type="module"');
  });

  it('leaves a page whose render fails to the browser, with its answers and preloads', async () => {
    const body = await renderedPage(`/ProductInfo?id=${productId}&fail=1`);
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toContain('data-server-rendered');
    expect(body).toContain('<script type="module" src="/assets/index-1.js">');
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-info-page-1.js">',
    );
    expect(Object.keys(firstAnswers(body) ?? {})).toContain(`/api/products/${productId}`);
  });

  it('renders only the storefront’s first pages', async () => {
    expect(await renderedPage('/CustomerLogin')).toBe(TEMPLATE);
  });
});
