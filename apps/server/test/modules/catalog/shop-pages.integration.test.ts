import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogFilterOptions,
  DeliveryEstimate,
  ProductPage,
  ShopStorefront,
} from '@bazaar/shared';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { insertProduct, insertShop, type ProductFixture } from '../../support/fixtures.js';

/*
 * docs/catalog.md "Shop pages", "Grid, search and home" (brand, shop and least-discount filters)
 * and "Delivery check".
 */

let ctx: TestContext;
let patnaShop: number;
let gayaShop: number;
const ids: Record<string, number> = {};

async function get<T>(url: string, status = 200): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

const names = (page: ProductPage) => page.items.map((item) => item.name).sort();

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  patnaShop = await insertShop(db, {
    name: 'Kumar Textiles & Sons',
    district: 'Patna',
    gstin: '10ABCDE1234F1Z5',
    description: 'Cotton and silk since 1982.',
  });
  gayaShop = await insertShop(db, {
    name: 'Maa Durga Vastralaya',
    city: 'Gaya',
    district: 'Gaya',
    pincode: '823001',
  });
  const product = (name: string, extra: Partial<ProductFixture>) =>
    insertProduct(db, { shopId: patnaShop, name, ...extra });
  // MRP ₹1,000: price ₹800 is 20 % off, ₹701 is 29 % (rounded down), ₹1,000 none.
  ids.shirt = await product('Linen Shirt', {
    company: 'Raymond',
    colour: 'Red',
    pricePaise: 80_000,
    mrpPaise: 100_000,
    rating: 4.5,
  });
  ids.kurta = await product('Festive Kurta', {
    company: 'Fabindia',
    colour: 'red',
    pricePaise: 70_100,
    mrpPaise: 100_000,
    rating: 3.5,
  });
  ids.tee = await product('Basic Tee', {
    company: 'fabindia',
    pricePaise: 100_000,
    mrpPaise: 100_000,
    rating: 4,
  });
  ids.hidden = await product('Archived Shirt', {
    company: 'Peter England',
    colour: 'Black',
    archived: true,
    rating: 1,
  });
  ids.saree = await product('Silk Saree', {
    shopId: gayaShop,
    company: 'Nalli',
    pricePaise: 50_000,
    mrpPaise: 100_000,
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('shop page', () => {
  it("answers the shop's name, town, GSTIN, slug and its listed products' rating", async () => {
    const shop = await get<ShopStorefront>(`/api/shops/${patnaShop}`);
    expect(shop).toMatchObject({
      id: patnaShop,
      name: 'Kumar Textiles & Sons',
      slug: 'kumar-textiles-sons',
      district: 'Patna',
      city: 'Patna',
      state: 'Bihar',
      gstin: '10ABCDE1234F1Z5',
      description: 'Cotton and silk since 1982.',
      imageUrl: null,
      productCount: 3,
      ratingCount: 30,
    });
    // (4.5 + 3.5 + 4) x 10 ratings each / 30; the archived product's 1 star does not count.
    expect(shop.rating).toBe(4);
  });

  it('answers 404 for an unknown shop and 400 for a malformed id', async () => {
    const missing = await get<{ error: { code: string; message: string } }>(
      '/api/shops/999999',
      404,
    );
    expect(missing.error).toMatchObject({ code: 'NOT_FOUND', message: 'Shop not found' });
    const bad = await get<{ error: { code: string; fields: Record<string, string> } }>(
      '/api/shops/abc',
      400,
    );
    expect(bad.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.error.fields)).toContain('shopId');
  });

  it("lists only that shop's products on its grid, searchable", async () => {
    expect(names(await get<ProductPage>(`/api/products?shopId=${patnaShop}`))).toEqual([
      'Basic Tee',
      'Festive Kurta',
      'Linen Shirt',
    ]);
    expect(names(await get<ProductPage>(`/api/products?shopId=${patnaShop}&q=shirt`))).toEqual([
      'Linen Shirt',
    ]);
  });
});

describe('grid filters by brand and least discount', () => {
  it('filters by brand in any case, several brands at once', async () => {
    expect(names(await get<ProductPage>('/api/products?company=FABINDIA'))).toEqual([
      'Basic Tee',
      'Festive Kurta',
    ]);
    expect(names(await get<ProductPage>('/api/products?company=Raymond,Nalli'))).toEqual([
      'Linen Shirt',
      'Silk Saree',
    ]);
    expect(
      names(await get<ProductPage>(`/api/products?company=Nalli&shopId=${patnaShop}`)),
    ).toEqual([]);
  });

  it('keeps products at least N % off the MRP, rounding the percent down as the cards do', async () => {
    expect(names(await get<ProductPage>('/api/products?minDiscount=20'))).toEqual([
      'Festive Kurta',
      'Linen Shirt',
      'Silk Saree',
    ]);
    // 29.9 % off shows as 29 %: not "30 % or more".
    expect(names(await get<ProductPage>('/api/products?minDiscount=30'))).toEqual(['Silk Saree']);
    const page = await get<ProductPage>('/api/products?minDiscount=21&q=kurta');
    expect(names(page)).toEqual(['Festive Kurta']);
    expect(page.total).toBe(1);
  });

  it('refuses a least discount outside 1-90 with the field named', async () => {
    for (const value of ['0', '91', 'ten']) {
      const body = await get<{ error: { code: string; fields: Record<string, string> } }>(
        `/api/products?minDiscount=${value}`,
        400,
      );
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.fields)).toEqual(['minDiscount']);
    }
  });

  it('offers the shops, brands and colours with listed products, and one shop its own', async () => {
    const all = await get<CatalogFilterOptions>('/api/products/filter-options');
    const ours = all.shops.filter((shop) => [patnaShop, gayaShop].includes(shop.id));
    expect(ours).toEqual([
      { id: patnaShop, name: 'Kumar Textiles & Sons', productCount: 3 },
      { id: gayaShop, name: 'Maa Durga Vastralaya', productCount: 1 },
    ]);
    const oneShop = await get<CatalogFilterOptions>(
      `/api/products/filter-options?shopId=${patnaShop}`,
    );
    // 'Fabindia' and 'fabindia' are one brand; the archived product's brand is not offered.
    expect(
      oneShop.companies.map((company) => [company.name.toLowerCase(), company.productCount]),
    ).toEqual([
      ['fabindia', 2],
      ['raymond', 1],
    ]);
    expect(oneShop.shops.map((shop) => shop.id)).toEqual([patnaShop]);
    // 'Red' and 'red' are one colour; the archived product's Black is not offered; each colour
    // counts as many products as the grid's colour filter finds.
    expect(
      oneShop.colours.map((colour) => [colour.name.toLowerCase(), colour.productCount]),
    ).toEqual([
      ['red', 2],
      ['white', 1],
    ]);
    const red = await get<ProductPage>(`/api/products?shopId=${patnaShop}&colour=Red`);
    expect(red.total).toBe(2);
    expect(all.colours.some((colour) => colour.name.toLowerCase() === 'black')).toBe(false);
  });
});

describe('delivery check by pincode', () => {
  it('answers Patna 800001 with 3-5 days, cacheable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pincodes/800001/delivery' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DeliveryEstimate>()).toEqual({
      pincode: '800001',
      city: 'Patna',
      state: 'Bihar',
      minDays: 3,
      maxDays: 5,
    });
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('refuses a pincode outside Bihar with a reason the page can act on', async () => {
    const body = await get<{ error: { code: string; reason: string; message: string } }>(
      '/api/pincodes/110001/delivery',
      422,
    );
    expect(body.error.code).toBe('BUSINESS_RULE');
    expect(body.error.reason).toBe('PINCODE_NOT_SERVICEABLE');
    expect(body.error.message).toMatch(/^We do not deliver to 110001 \(.+, Delhi\) yet/);
  });

  it('refuses a malformed pincode (400, the spec message) and an unknown one (404)', async () => {
    const bad = await get<{ error: { code: string; fields: Record<string, string> } }>(
      '/api/pincodes/80001/delivery',
      400,
    );
    expect(bad.error.code).toBe('VALIDATION_FAILED');
    expect(bad.error.fields).toEqual({ pincode: 'Pincode must be 6 digit' });
    const unknown = await get<{ error: { code: string; message: string } }>(
      '/api/pincodes/000000/delivery',
      404,
    );
    expect(unknown.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This pincode was not found',
    });
  });
});
