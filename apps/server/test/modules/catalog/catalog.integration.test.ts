import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductList, ProductPage } from '@bazaar/shared';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';

let ctx: TestContext;
const ids: Record<string, number> = {};

async function getPage(query: string): Promise<ProductPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductPage>();
}

function names(page: ProductPage | ProductList): string[] {
  return page.items.map((item) => item.name).sort();
}

async function expectBadRequest(url: string, field: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{
    error: { code: string; message: string; fields: Record<string, string> };
  }>();
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(body.error.fields)).toContain(field);
  return body.error.fields[field]!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const patna = await insertShop(db, { name: 'Sharma Cloth House', city: 'Patna' });
  const gaya = await insertShop(db, {
    name: 'Maa Durga Vastralaya',
    city: 'Gaya',
    pincode: '823001',
  });
  ids.shirt = await insertProduct(db, {
    shopId: patna,
    name: 'Slim Fit Shirt',
    category: 'Men',
    style: 'Plain',
    material: 'Cotton',
    colour: 'Red',
    size: 'M',
    pricePaise: 99_900,
    mrpPaise: 119_900, // 16.68 % off
    placement: 'best_selling',
    rating: 4.5,
    imageCount: 3,
  });
  ids.kurti = await insertProduct(db, {
    shopId: patna,
    name: 'Printed Kurti',
    category: 'Women',
    style: 'Printed',
    material: 'Silk',
    colour: 'Blue',
    size: 'S',
    pricePaise: 149_900,
    mrpPaise: 164_900, // 9.09 % off
    placement: 'best_selling',
    rating: 3.9,
  });
  ids.jeans = await insertProduct(db, {
    shopId: gaya,
    name: 'Denim Jeans',
    category: 'Men',
    style: 'Ripped',
    material: 'Denim',
    colour: 'Navy Blue',
    size: 'L',
    pricePaise: 199_900,
    placement: 'new_arrivals',
    rating: 4.1,
  });
  ids.frock = await insertProduct(db, {
    shopId: gaya,
    name: 'Party Frock',
    category: 'Kids(Girls)',
    style: 'Printed',
    material: 'Nylon',
    colour: 'Pink',
    size: 'XS',
    pricePaise: 79_900,
    placement: 'new_arrivals',
    rating: 4.8,
    stockQuantity: 0,
  });
  ids.trousers = await insertProduct(db, {
    shopId: patna,
    name: 'Formal Trousers',
    category: 'Men',
    style: 'Formal',
    material: 'Cotton',
    colour: 'Black',
    size: 'XL',
    pricePaise: 129_900,
  });
  ids.saree = await insertProduct(db, {
    shopId: gaya,
    name: 'SILK SAREE',
    category: 'Women',
    style: 'Plain',
    material: 'Silk',
    colour: 'Green',
    size: 'M',
    pricePaise: 499_900,
  });
  ids.tee = await insertProduct(db, {
    shopId: patna,
    name: '100% Cotton Tee',
    category: 'Kids(Boy)',
    style: 'Plain',
    material: 'Cotton',
    colour: 'White',
    size: 'S',
    pricePaise: 34_900,
    imageCount: 0,
  });
  ids.archived = await insertProduct(db, {
    shopId: patna,
    name: 'Archived Shirt',
    pricePaise: 1_000_000,
    placement: 'best_selling',
    archived: true,
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/products search', () => {
  it('matches the product name case-insensitively and never lists archived products', async () => {
    for (const q of ['shirt', 'SHIRT', 'sHiRt', 'Fit Sh']) {
      const page = await getPage(`?q=${encodeURIComponent(q)}`);
      expect(names(page), q).toEqual(['Slim Fit Shirt']);
    }
    expect(names(await getPage('?q=saree'))).toEqual(['SILK SAREE']);
  });

  it('matches the category, style, material and colour fields', async () => {
    expect(names(await getPage('?q=girls'))).toEqual(['Party Frock']);
    expect(names(await getPage('?q=women'))).toEqual(['Printed Kurti', 'SILK SAREE']);
    expect(names(await getPage('?q=ripped'))).toEqual(['Denim Jeans']);
    expect(names(await getPage('?q=formal'))).toEqual(['Formal Trousers']);
    expect(names(await getPage('?q=nylon'))).toEqual(['Party Frock']);
    expect(names(await getPage('?q=SILK'))).toEqual(['Printed Kurti', 'SILK SAREE']);
    expect(names(await getPage('?q=pink'))).toEqual(['Party Frock']);
  });

  it('is a contains-search: a fragment inside a word matches', async () => {
    expect(names(await getPage('?q=kur'))).toEqual(['Printed Kurti']);
    expect(names(await getPage('?q=ous'))).toEqual(['Formal Trousers']);
  });

  it('requires every word of a multi-word search', async () => {
    expect(names(await getPage('?q=red%20shirt'))).toEqual(['Slim Fit Shirt']);
    expect(names(await getPage('?q=blue%20silk'))).toEqual(['Printed Kurti']);
    expect(names(await getPage('?q=green%20shirt'))).toEqual([]);
  });

  it('answers an empty result with total 0 and no price bounds', async () => {
    const page = await getPage('?q=zzzqx');
    expect(page).toMatchObject({ items: [], total: 0, totalPages: 0, priceBounds: null, page: 1 });
  });

  it('treats % and _ literally', async () => {
    expect(names(await getPage('?q=100%25'))).toEqual(['100% Cotton Tee']);
    expect(names(await getPage('?q=%25'))).toEqual(['100% Cotton Tee']);
    expect((await getPage('?q=_')).total).toBe(0);
  });

  it('lists everything live when q is empty or blank', async () => {
    expect((await getPage('')).total).toBe(7);
    expect((await getPage('?q=')).total).toBe(7);
    expect((await getPage('?q=%20%20')).total).toBe(7);
  });
});

describe('GET /api/products filters, bounds and sort', () => {
  it('filters by price range inclusively (paise)', async () => {
    const page = await getPage('?minPricePaise=79900&maxPricePaise=129900');
    expect(names(page)).toEqual(['Formal Trousers', 'Party Frock', 'Slim Fit Shirt']);
  });

  it('reports the price bounds of the result, ignoring the price filter itself', async () => {
    const all = await getPage('');
    expect(all.priceBounds).toEqual({ minPricePaise: 34_900, maxPricePaise: 499_900 });
    const filtered = await getPage('?minPricePaise=100000&maxPricePaise=200000');
    expect(filtered.total).toBe(3);
    expect(filtered.priceBounds).toEqual({ minPricePaise: 34_900, maxPricePaise: 499_900 });
    const men = await getPage('?category=Men');
    expect(men.priceBounds).toEqual({ minPricePaise: 99_900, maxPricePaise: 199_900 });
    const women = await getPage('?q=women&maxPricePaise=100');
    expect(women.total).toBe(0);
    expect(women.priceBounds).toEqual({ minPricePaise: 149_900, maxPricePaise: 499_900 });
  });

  it('filters by category, size, colour (case-insensitive), style, material and shop', async () => {
    expect(names(await getPage('?category=Women,Kids(Girls)'))).toEqual([
      'Party Frock',
      'Printed Kurti',
      'SILK SAREE',
    ]);
    expect(names(await getPage('?size=M'))).toEqual(['SILK SAREE', 'Slim Fit Shirt']);
    expect(names(await getPage('?size=XS,XL'))).toEqual(['Formal Trousers', 'Party Frock']);
    expect(names(await getPage('?colour=navy%20blue'))).toEqual(['Denim Jeans']);
    expect(names(await getPage('?style=Printed&material=Silk'))).toEqual(['Printed Kurti']);
    const gaya = (await getPage('?q=jeans')).items[0]!.shopId;
    expect(names(await getPage(`?shopId=${gaya}`))).toEqual([
      'Denim Jeans',
      'Party Frock',
      'SILK SAREE',
    ]);
  });

  it('sorts by price both ways, by rating and by the biggest share off the MRP', async () => {
    const ascending = (await getPage('?sort=price_asc')).items.map((item) => item.pricePaise);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBe(34_900);
    const descending = (await getPage('?sort=price_desc')).items.map((item) => item.pricePaise);
    expect(descending[0]).toBe(499_900);
    expect((await getPage('?sort=rating')).items[0]!.name).toBe('Party Frock');
    expect(
      (await getPage('?sort=offer')).items.slice(0, 2).map((item) => [item.name, item.mrpPaise]),
    ).toEqual([
      ['Slim Fit Shirt', 119_900],
      ['Printed Kurti', 164_900],
    ]);
    const newest = (await getPage('')).items.map((item) => item.id);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('returns card fields in paise with the first image', async () => {
    const [shirt] = (await getPage('?q=slim')).items;
    expect(shirt).toMatchObject({
      id: ids.shirt,
      shopName: 'Sharma Cloth House',
      company: 'Raymond',
      category: 'Men',
      colour: 'Red',
      size: 'M',
      pricePaise: 99_900,
      mrpPaise: 119_900,
      rating: 4.5,
      placement: 'best_selling',
      imageUrl: `/media/products/${ids.shirt}/0.webp`,
      thumbnailUrl: `/media/products/${ids.shirt}/0-thumb.webp`,
    });
    const [tee] = (await getPage('?q=tee')).items;
    expect(tee).toMatchObject({ imageUrl: null, thumbnailUrl: null });
  });
});

describe('GET /api/products paging', () => {
  it('splits the result into pages without overlap', async () => {
    const first = await getPage('?pageSize=3&page=1');
    const second = await getPage('?pageSize=3&page=2');
    const third = await getPage('?pageSize=3&page=3');
    expect(first).toMatchObject({ total: 7, totalPages: 3, page: 1, pageSize: 3 });
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(3);
    expect(third.items).toHaveLength(1);
    const seen = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(new Set(seen).size).toBe(7);
  });

  it('answers a page past the end with no items and the true total', async () => {
    const page = await getPage('?pageSize=3&page=4');
    expect(page).toMatchObject({ items: [], total: 7, totalPages: 3, page: 4 });
  });

  it('accepts the extreme page sizes 1 and 100 and defaults to 20', async () => {
    expect((await getPage('?pageSize=1')).items).toHaveLength(1);
    expect((await getPage('?pageSize=100')).items).toHaveLength(7);
    expect((await getPage('')).pageSize).toBe(20);
  });
});

describe('GET /api/products bad input answers 400 naming the field', () => {
  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?page=-1', 'page'],
    ['?page=1.5', 'page'],
    ['?pageSize=0', 'pageSize'],
    ['?pageSize=101', 'pageSize'],
    ['?pageSize=1e2', 'pageSize'],
    ['?minPricePaise=-5', 'minPricePaise'],
    ['?maxPricePaise=ten', 'maxPricePaise'],
    ['?minPricePaise=5000&maxPricePaise=100', 'maxPricePaise'],
    ['?maxPricePaise=100000001', 'maxPricePaise'],
    ['?category=Unisex', 'category'],
    ['?size=XXXL', 'size'],
    ['?style=Checked', 'style'],
    ['?material=Wool', 'material'],
    ['?sort=cheapest', 'sort'],
    ['?shopId=0', 'shopId'],
    ['?colour=' + 'x'.repeat(41), 'colour'],
    ['?q=' + 'a'.repeat(101), 'q'],
    ['?colour=Red&unknownFilter=1', 'unknownFilter'],
    ['?page=1&page=2', 'page'],
  ])('%s -> 400 on %s', async (query, field) => {
    await expectBadRequest(`/api/products${query}`, field);
  });

  it('words the message for people', async () => {
    expect(await expectBadRequest('/api/products?pageSize=500', 'pageSize')).toBe(
      'pageSize must be at most 100',
    );
    expect(await expectBadRequest('/api/products?sort=x', 'sort')).toMatch(
      /^sort must be one of: newest/,
    );
  });
});

describe('GET /api/products/{id}', () => {
  it('returns the product with its images in order, measurements and shop city', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${ids.shirt}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json<ProductDetail>();
    expect(detail).toMatchObject({
      id: ids.shirt,
      name: 'Slim Fit Shirt',
      chestInches: 38,
      lengthCm: 95,
      shopCity: 'Patna',
    });
    expect(detail.images.map((image) => image.url)).toEqual(
      [0, 1, 2].map((n) => `/media/products/${ids.shirt}/${n}.webp`),
    );
  });

  it('answers 404 for a missing or archived product and 400 for a bad id', async () => {
    for (const id of [999_999, ids.archived]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'Product not found' },
      });
    }
    await expectBadRequest('/api/products/abc', 'productId');
    await expectBadRequest('/api/products/0', 'productId');
  });
});

describe('home sliders', () => {
  it('lists best-selling and new-arrival products, newest first, without archived ones', async () => {
    const best = await ctx.app.inject({ method: 'GET', url: '/api/products/best-selling' });
    expect(best.statusCode).toBe(200);
    expect(best.json<ProductList>().items.map((item) => item.id)).toEqual([ids.kurti, ids.shirt]);
    const arrivals = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/new-arrivals?limit=1',
    });
    expect(arrivals.json<ProductList>().items.map((item) => item.id)).toEqual([ids.frock]);
  });

  it('refuses a bad limit', async () => {
    await expectBadRequest('/api/products/best-selling?limit=0', 'limit');
    await expectBadRequest('/api/products/new-arrivals?limit=41', 'limit');
  });
});
