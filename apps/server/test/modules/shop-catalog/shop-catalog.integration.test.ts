import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ProductPage,
  ShopList,
  ShopProduct,
  ShopProductDeleted,
  ShopProductFilters,
  ShopProductImages,
  ShopProductPage,
  ShopProductSaved,
  ShopSlider,
} from '@bazaar/shared';
import { discountPercent } from '@bazaar/shared';
import { productImages, products } from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { addToCart, createCustomer, placeOrder } from '../orders/orders-test-support.js';

/*
 * docs/shop-catalog.md: the shop's pick-lists, Add Product with images, All
 * Stock with filters, edit, images, delete or archive, slider placement; every call scoped to the
 * caller's shop.
 */

let context: TestContext;
let shopA: number;
let shopB: number;
let seller: string;
let seller2: string;
let support: string;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  context = await createTestApp();
  shopA = await insertShop(context.database.db, { name: 'Patna Fashion House' });
  shopB = await insertShop(context.database.db, { name: 'Gaya Garments' });
  await seedDemoAccounts(context.database.db);
  seller = await signIn(context.app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
  seller2 = await signIn(context.app, 'seller', 'seller2@bazaar.test', DEMO_PASSWORD);
  support = await signIn(context.app, 'support_admin', 'support@bazaar.test', DEMO_PASSWORD);
  const pixels = { width: 64, height: 48, channels: 3 as const, background: '#c0392b' };
  png = await sharp({ create: pixels }).png().toBuffer();
  jpeg = await sharp({ create: { ...pixels, background: '#2471a3' } })
    .jpeg()
    .toBuffer();
  // The lists shop A's products are made from.
  for (const [list, names] of [
    ['colours', ['Red', 'Navy Blue']],
    ['companies', ['Raymond']],
    ['product-names', ['Linen Kurta', 'Denim Jacket']],
  ] as const) {
    for (const name of names) {
      const response = await call(seller, {
        method: 'POST',
        url: `/api/shop/${list}`,
        payload: { name },
      });
      expect(response.statusCode).toBe(201);
    }
  }
});

afterAll(async () => {
  await context.close();
});

function call(cookie: string, options: InjectOptions) {
  return context.app.inject({ ...options, headers: { ...options.headers, cookie } });
}

function errorOf(response: { json(): unknown }) {
  return (
    response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }
  ).error;
}

interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart body by hand: text fields, then files under `images`. */
function multipart(fields: Record<string, string | number>, files: FilePart[] = []) {
  const boundary = `----bazaar${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const kurta = {
  company: 'Raymond',
  name: 'Linen Kurta',
  category: 'Men',
  style: 'Plain',
  material: 'Cotton',
  colour: 'red',
  size: 'L',
  quantity: 12,
  mrpPaise: 149_900,
  pricePaise: 119_900,
  description: 'Breathable linen kurta for summer',
};

const pngFile = (name = 'front.png'): FilePart => ({ name, type: 'image/png', bytes: png });
const jpegFile = (name = 'back.jpg'): FilePart => ({ name, type: 'image/jpeg', bytes: jpeg });

function addProduct(
  cookie: string,
  fields: Record<string, string | number> = kurta,
  files: FilePart[] = [pngFile(), jpegFile()],
) {
  return call(cookie, { method: 'POST', url: '/api/shop/products', ...multipart(fields, files) });
}

async function addedProduct(fields: Record<string, string | number> = kurta): Promise<ShopProduct> {
  const response = await addProduct(seller, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ShopProductSaved>().product;
}

/** Every file under the test's uploads folder. */
function storedFiles(): string[] {
  const root = context.storage.root;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(root, entry)).isFile(),
  );
}

async function rowCounts() {
  const db = context.database.db;
  const [productRows] = await db.select({ n: count() }).from(products);
  const [imageRows] = await db.select({ n: count() }).from(productImages);
  return { products: productRows!.n, images: imageRows!.n };
}

describe('pick-lists (colours, companies, product names)', () => {
  it.each(['colours', 'companies', 'product-names'] as const)(
    '%s: add, refuse a duplicate ignoring case, search, delete',
    async (list) => {
      const added = await call(support, {
        method: 'POST',
        url: `/api/shop/${list}`,
        payload: { name: 'Zebra Test' },
      });
      expect(added.statusCode).toBe(201);
      const entry = added.json<{ id: number; name: string }>();
      expect(entry.name).toBe('Zebra Test');

      const duplicate = await call(seller, {
        method: 'POST',
        url: `/api/shop/${list}`,
        payload: { name: 'zebra TEST' },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(errorOf(duplicate).message).toMatch(/already in your list/);

      const found = await call(seller, { method: 'GET', url: `/api/shop/${list}?search=EBR` });
      expect(found.json<ShopList>().items).toEqual([entry]);
      const none = await call(seller, { method: 'GET', url: `/api/shop/${list}?search=nothing` });
      expect(none.json<ShopList>().items).toEqual([]);

      // Another shop neither sees nor deletes it.
      const other = await call(seller2, { method: 'GET', url: `/api/shop/${list}` });
      expect(other.json<ShopList>().items.map((item) => item.name)).not.toContain('Zebra Test');
      const foreign = await call(seller2, {
        method: 'DELETE',
        url: `/api/shop/${list}/${entry.id}`,
      });
      expect(foreign.statusCode).toBe(404);

      const deleted = await call(seller, {
        method: 'DELETE',
        url: `/api/shop/${list}/${entry.id}`,
      });
      expect(deleted.statusCode).toBe(200);
      const after = await call(seller, { method: 'GET', url: `/api/shop/${list}?search=zebra` });
      expect(after.json<ShopList>().items).toEqual([]);
    },
  );

  it('lists names A-Z and refuses an empty or too long name', async () => {
    const colours = await call(seller, { method: 'GET', url: '/api/shop/colours' });
    expect(colours.json<ShopList>().items.map((item) => item.name)).toEqual(['Navy Blue', 'Red']);
    const empty = await call(seller, {
      method: 'POST',
      url: '/api/shop/colours',
      payload: { name: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const long = await call(seller, {
      method: 'POST',
      url: '/api/shop/colours',
      payload: { name: 'x'.repeat(41) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('is refused to customers and signed-out callers', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/shop/colours' })).statusCode).toBe(
      401,
    );
    const customer = await signIn(context.app, 'customer', 'customer@bazaar.test', DEMO_PASSWORD);
    expect((await call(customer, { method: 'GET', url: '/api/shop/colours' })).statusCode).toBe(
      403,
    );
  });
});

describe('Add Product', () => {
  it('stores the product with two WebP images and thumbnails; it appears in the storefront search', async () => {
    const before = storedFiles().length;
    const response = await addProduct(support);
    expect(response.statusCode, response.body).toBe(201);
    const { message, product } = response.json<ShopProductSaved>();
    expect(message).toBe('Product added successfully');
    expect(product).toMatchObject({
      company: 'Raymond',
      name: 'Linen Kurta',
      colour: 'Red', // the list's spelling
      size: 'L',
      chestInches: 40,
      lengthCm: 100,
      quantity: 12,
      mrpPaise: 149_900,
      pricePaise: 119_900,
      placement: 'normal',
      imageCount: 2,
    });
    expect(product.sku).toMatch(/^MEN-L-[0-9A-F]{8}$/);
    expect(product.thumbnailUrl).toMatch(/^\/media\/products\/shop-\d+\/.+-thumb\.webp$/);
    expect(storedFiles().length).toBe(before + 4);

    const media = await context.app.inject({ method: 'GET', url: product.thumbnailUrl! });
    expect(media.statusCode).toBe(200);
    expect((await sharp(media.rawPayload).metadata()).format).toBe('webp');

    const search = await context.app.inject({
      method: 'GET',
      url: '/api/products?q=linen%20kurta',
    });
    expect(search.json<ProductPage>().items.map((item) => item.id)).toContain(product.id);
  });

  it('refuses values outside the shop lists and a price above the MRP, storing nothing', async () => {
    const before = { files: storedFiles().length, rows: await rowCounts() };
    const notListed = await addProduct(seller, {
      ...kurta,
      company: 'Unknown Co',
      colour: 'Green',
    });
    expect(notListed.statusCode).toBe(400);
    expect(errorOf(notListed).fields).toEqual({
      company: 'Choose a value from your company list',
      colour: 'Choose a value from your colour list',
    });
    const dear = await addProduct(seller, { ...kurta, pricePaise: 150_000 });
    expect(dear.statusCode).toBe(400);
    expect(errorOf(dear).fields?.pricePaise).toBe('Price cannot be more than the MRP (₹1,499)');
    const badChoice = await addProduct(seller, { ...kurta, size: 'XXXL' });
    expect(errorOf(badChoice).fields).toMatchObject({ size: 'Select a size' });
    const noImages = await addProduct(seller, kurta, []);
    expect(noImages.statusCode).toBe(400);
    expect(errorOf(noImages).fields?.images).toBe('Add at least one image');
    const tooMany = await addProduct(
      seller,
      kurta,
      Array.from({ length: 7 }, (_, i) => pngFile(`${i}.png`)),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).fields?.images).toBe('A product can have at most 6 images');
    // Another shop's lists do not count.
    const otherShop = await addProduct(seller2);
    expect(otherShop.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before.files);
    expect(await rowCounts()).toEqual(before.rows);
  });

  it('refuses a price above the MRP with the 400 error body, naming the MRP, and saves nothing', async () => {
    const before = { files: storedFiles().length, rows: await rowCounts() };
    const response = await addProduct(seller, { ...kurta, mrpPaise: 150_000, pricePaise: 150_100 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        fields: { pricePaise: 'Price cannot be more than the MRP (₹1,500)' },
      },
    });
    expect(storedFiles().length).toBe(before.files);
    expect(await rowCounts()).toEqual(before.rows);
    // At the MRP itself the product is listed, with no percent off.
    const atMrp = await addedProduct({ ...kurta, mrpPaise: 150_000, pricePaise: 150_000 });
    expect(atMrp).toMatchObject({ mrpPaise: 150_000, pricePaise: 150_000 });
  });

  it('takes no offer: the percent off is only ever worked out from the MRP and the price', async () => {
    const before = { files: storedFiles().length, rows: await rowCounts() };
    const withOffer = await addProduct(seller, { ...kurta, offerPercent: 20 });
    expect(withOffer.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before.files);
    expect(await rowCounts()).toEqual(before.rows);
    const product = await addedProduct({ ...kurta, mrpPaise: 150_000, pricePaise: 120_000 });
    expect(product).not.toHaveProperty('offerPercent');
    expect(discountPercent(product)).toBe(20);
  });

  const badFiles: [string, FilePart][] = [
    [
      'a text file named .png',
      { name: 'note.png', type: 'image/png', bytes: Buffer.from('hello, not an image') },
    ],
    [
      'an executable renamed .jpg',
      {
        name: 'setup.jpg',
        type: 'image/jpeg',
        bytes: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(512, 1)]),
      },
    ],
    [
      'an SVG',
      {
        name: 'logo.png',
        type: 'image/svg+xml',
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      },
    ],
    [
      'a WebP (only jpg and png are accepted)',
      { name: 'x.webp', type: 'image/webp', bytes: Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ') },
    ],
    [
      'a PNG signature with a broken body',
      {
        name: 'broken.png',
        type: 'image/png',
        bytes: Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(64),
        ]),
      },
    ],
  ];

  it.each(badFiles)('refuses %s next to a good image, storing nothing', async (_label, bad) => {
    const before = { files: storedFiles().length, rows: await rowCounts() };
    const response = await addProduct(seller, kurta, [pngFile(), bad]);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.images).toMatch(/^Image 2: /);
    expect(storedFiles().length).toBe(before.files);
    expect(await rowCounts()).toEqual(before.rows);
  });

  it('refuses an image over 5 MB with 413, storing nothing', async () => {
    const before = { files: storedFiles().length, rows: await rowCounts() };
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10, 0)]);
    const response = await addProduct(seller, kurta, [
      pngFile(),
      { name: 'big.png', type: 'image/png', bytes: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).fields?.images).toBe('Each image must be at most 5 MB');
    expect(storedFiles().length).toBe(before.files);
    expect(await rowCounts()).toEqual(before.rows);
  });

  it('refuses a JSON body (415)', async () => {
    const response = await call(seller, {
      method: 'POST',
      url: '/api/shop/products',
      payload: kurta,
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('All Stock', () => {
  let jacketIds: number[] = [];

  beforeAll(async () => {
    jacketIds = [];
    for (const size of ['S', 'M', 'XL'] as const) {
      jacketIds.push(
        await insertProduct(context.database.db, {
          shopId: shopA,
          name: 'Denim Jacket',
          category: 'Women',
          colour: 'Navy Blue',
          size,
        }),
      );
    }
    for (let i = 0; i < 9; i += 1) {
      await insertProduct(context.database.db, { shopId: shopA, name: `Filler Shirt ${i}` });
    }
    await insertProduct(context.database.db, { shopId: shopB, name: 'Denim Jacket', size: 'M' });
  });

  it('pages by 10, newest first, with the spec columns', async () => {
    const first = await call(seller, { method: 'GET', url: '/api/shop/products' });
    const page = first.json<ShopProductPage>();
    expect(page.pageSize).toBe(10);
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThanOrEqual(13);
    const ids = page.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(page.items[0]!)).toEqual(
      expect.arrayContaining([
        'name',
        'category',
        'colour',
        'size',
        'quantity',
        'pricePaise',
        'mrpPaise',
        'description',
        'thumbnailUrl',
      ]),
    );
    const second = await call(seller, { method: 'GET', url: '/api/shop/products?page=2' });
    expect(second.json<ShopProductPage>().items.length).toBe(page.total - 10);
  });

  it('filters with repeated parameters and comma lists, within the shop only', async () => {
    const repeated = await call(support, {
      method: 'GET',
      url: '/api/shop/products?product=Denim%20Jacket&size=S&size=XL',
    });
    expect(
      repeated
        .json<ShopProductPage>()
        .items.map((item) => item.id)
        .sort(),
    ).toEqual([jacketIds[0], jacketIds[2]].sort());
    const comma = await call(seller, {
      method: 'GET',
      url: '/api/shop/products?category=Women&colour=Navy%20Blue,Red&size=M,S',
    });
    expect(
      comma
        .json<ShopProductPage>()
        .items.map((item) => item.id)
        .sort(),
    ).toEqual([jacketIds[0], jacketIds[1]].sort());
    const none = await call(seller, { method: 'GET', url: '/api/shop/products?company=Nobody' });
    expect(none.json<ShopProductPage>()).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });

  it('offers the distinct values of the shop products for the five selects', async () => {
    const response = await call(seller, { method: 'GET', url: '/api/shop/products/filters' });
    const filters = response.json<ShopProductFilters>();
    expect(filters.products).toContain('Denim Jacket');
    expect(filters.sizes).toEqual(expect.arrayContaining(['S', 'M', 'XL']));
    expect(filters.categories).toEqual(expect.arrayContaining(['Men', 'Women']));
    const other = await call(seller2, { method: 'GET', url: '/api/shop/products/filters' });
    expect(other.json<ShopProductFilters>().products).toEqual(['Denim Jacket']);
  });
});

describe('edit, images, placement and delete', () => {
  it('changes only the fields sent ("unchanged selectors keep current values")', async () => {
    const product = await addedProduct();
    const response = await call(support, {
      method: 'PATCH',
      url: `/api/shop/products/${product.id}`,
      payload: { pricePaise: 99_900, size: 'XL', quantity: 3 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<ShopProductSaved>();
    expect(saved.message).toBe('Product updated !!!');
    expect(saved.product).toEqual({
      ...product,
      pricePaise: 99_900,
      size: 'XL',
      chestInches: 42,
      lengthCm: 105,
      quantity: 3,
    });
    const read = await call(seller, { method: 'GET', url: `/api/shop/products/${product.id}` });
    expect(read.json()).toEqual(saved.product);
  });

  it('refuses a price above the current MRP, a colour outside the list and an empty change', async () => {
    const product = await addedProduct();
    const dear = await call(seller, {
      method: 'PATCH',
      url: `/api/shop/products/${product.id}`,
      payload: { pricePaise: product.mrpPaise + 1 },
    });
    expect(dear.statusCode).toBe(400);
    expect(errorOf(dear).fields?.pricePaise).toBe('Price cannot be more than the MRP (₹1,499)');
    // Lowering the MRP under the current price is the same refusal, naming the new MRP.
    const cheapTag = await call(seller, {
      method: 'PATCH',
      url: `/api/shop/products/${product.id}`,
      payload: { mrpPaise: 100_000 },
    });
    expect(errorOf(cheapTag).fields?.pricePaise).toBe('Price cannot be more than the MRP (₹1,000)');
    const read = await call(seller, { method: 'GET', url: `/api/shop/products/${product.id}` });
    expect(read.json<ShopProduct>()).toEqual(product);
    const colour = await call(seller, {
      method: 'PATCH',
      url: `/api/shop/products/${product.id}`,
      payload: { colour: 'Purple' },
    });
    expect(errorOf(colour).fields?.colour).toBe('Choose a value from your colour list');
    const empty = await call(seller, {
      method: 'PATCH',
      url: `/api/shop/products/${product.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('lists, adds and deletes images, never the last one', async () => {
    const product = await addedProduct();
    const url = `/api/shop/products/${product.id}/images`;
    const listed = (await call(seller, { method: 'GET', url })).json<ShopProductImages>().items;
    expect(listed).toHaveLength(2);
    const before = storedFiles().length;

    const added = await call(support, {
      method: 'POST',
      url,
      ...multipart({}, [jpegFile('side.jpg')]),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<ShopProductImages>().items).toHaveLength(3);
    expect(storedFiles().length).toBe(before + 2);

    const bad = await call(seller, {
      method: 'POST',
      url,
      ...multipart({}, [{ name: 'x.png', type: 'image/png', bytes: Buffer.from('text') }]),
    });
    expect(bad.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before + 2);
    const overLimit = await call(seller, {
      method: 'POST',
      url,
      ...multipart({}, [pngFile('1.png'), pngFile('2.png'), pngFile('3.png'), pngFile('4.png')]),
    });
    expect(overLimit.statusCode).toBe(400);

    const [one, two, three] = added.json<ShopProductImages>().items;
    expect((await call(seller, { method: 'DELETE', url: `${url}/${one!.id}` })).statusCode).toBe(
      200,
    );
    expect((await call(seller, { method: 'DELETE', url: `${url}/${two!.id}` })).statusCode).toBe(
      200,
    );
    expect(storedFiles().length).toBe(before - 2);
    const last = await call(seller, { method: 'DELETE', url: `${url}/${three!.id}` });
    expect(last.statusCode).toBe(422);
    expect(errorOf(last).message).toMatch(/at least one image/);
    expect((await call(seller, { method: 'DELETE', url: `${url}/999999` })).statusCode).toBe(404);
  });

  it('places a product in a home slider; the storefront slider and View info follow', async () => {
    const product = await addedProduct();
    const placed = await call(seller, {
      method: 'PUT',
      url: `/api/shop/products/${product.id}/placement`,
      payload: { placement: 'new_arrivals' },
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json<ShopProductSaved>().product.placement).toBe('new_arrivals');
    const slider = await context.app.inject({
      method: 'GET',
      url: '/api/products/new-arrivals?limit=40',
    });
    expect(slider.json<ProductPage>().items.map((item) => item.id)).toContain(product.id);
    const view = await call(support, {
      method: 'GET',
      url: '/api/shop/slider?placement=new_arrivals',
    });
    expect(view.json<ShopSlider>().items).toEqual([
      expect.objectContaining({ id: product.id, onStorefront: true }),
    ]);
    const otherView = await call(seller2, {
      method: 'GET',
      url: '/api/shop/slider?placement=new_arrivals',
    });
    expect(otherView.json<ShopSlider>().items).toEqual([]);

    await call(seller, {
      method: 'PUT',
      url: `/api/shop/products/${product.id}/placement`,
      payload: { placement: 'best_selling' },
    });
    const best = await context.app.inject({
      method: 'GET',
      url: '/api/products/best-selling?limit=40',
    });
    expect(best.json<ProductPage>().items.map((item) => item.id)).toContain(product.id);
    const after = await context.app.inject({
      method: 'GET',
      url: '/api/products/new-arrivals?limit=40',
    });
    expect(after.json<ProductPage>().items.map((item) => item.id)).not.toContain(product.id);
    const bad = await call(seller, {
      method: 'PUT',
      url: `/api/shop/products/${product.id}/placement`,
      payload: { placement: 'top' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('erases a product never ordered, with its image rows and files', async () => {
    const product = await addedProduct();
    const before = storedFiles().length;
    const response = await call(support, {
      method: 'DELETE',
      url: `/api/shop/products/${product.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ShopProductDeleted>()).toEqual({
      message: 'Product deleted !!!',
      outcome: 'deleted',
    });
    const db = context.database.db;
    expect(await db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(
      await db.select().from(productImages).where(eq(productImages.productId, product.id)),
    ).toEqual([]);
    expect(storedFiles().length).toBe(before - 4);
    expect(
      (await call(seller, { method: 'GET', url: `/api/shop/products/${product.id}` })).statusCode,
    ).toBe(404);
  });

  it('archives an ordered product: gone from the storefront search and All Stock, kept for the order', async () => {
    const product = await addedProduct({ ...kurta, name: 'Denim Jacket', colour: 'Navy Blue' });
    const customer = await createCustomer(context.app, context.database.db);
    await addToCart(context.app, customer, product.id, 1);
    expect((await placeOrder(context.app, customer)).statusCode).toBe(201);

    const response = await call(seller, {
      method: 'DELETE',
      url: `/api/shop/products/${product.id}`,
    });
    expect(response.json<ShopProductDeleted>()).toEqual({
      message: 'Product deleted !!!',
      outcome: 'archived',
    });
    const [row] = await context.database.db
      .select()
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const search = await context.app.inject({
      method: 'GET',
      url: '/api/products?q=denim%20jacket%20navy',
    });
    expect(search.json<ProductPage>().items.map((item) => item.id)).not.toContain(product.id);
    const stock = await call(seller, {
      method: 'GET',
      url: '/api/shop/products?product=Denim%20Jacket',
    });
    expect(stock.json<ShopProductPage>().items.map((item) => item.id)).not.toContain(product.id);
    expect(
      (await call(seller, { method: 'GET', url: `/api/shop/products/${product.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(seller, { method: 'DELETE', url: `/api/shop/products/${product.id}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('shop isolation', () => {
  it("answers 404 to another shop's seller for every product operation, changing nothing", async () => {
    const product = await addedProduct();
    const [image] = (
      await call(seller, { method: 'GET', url: `/api/shop/products/${product.id}/images` })
    ).json<ShopProductImages>().items;
    const base = `/api/shop/products/${product.id}`;
    const attempts: InjectOptions[] = [
      { method: 'GET', url: base },
      { method: 'PATCH', url: base, payload: { pricePaise: 100 } },
      { method: 'DELETE', url: base },
      { method: 'GET', url: `${base}/images` },
      { method: 'POST', url: `${base}/images`, ...multipart({}, [pngFile()]) },
      { method: 'DELETE', url: `${base}/images/${image!.id}` },
      { method: 'PUT', url: `${base}/placement`, payload: { placement: 'best_selling' } },
    ];
    const files = storedFiles().length;
    for (const attempt of attempts) {
      const response = await call(seller2, attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(JSON.stringify(response.json())).not.toContain('Linen Kurta');
    }
    expect(storedFiles().length).toBe(files);
    const unchanged = await call(support, { method: 'GET', url: base });
    expect(unchanged.json()).toEqual(product);
    const stock = await call(seller2, { method: 'GET', url: '/api/shop/products' });
    expect(stock.json<ShopProductPage>().items.map((item) => item.id)).not.toContain(product.id);
  });

  it("keeps shop A's support admin away from shop B's products and lists", async () => {
    const response = await call(seller2, {
      method: 'POST',
      url: '/api/shop/colours',
      payload: { name: 'Saffron' },
    });
    const colour = response.json<{ id: number }>();
    expect(
      (await call(support, { method: 'DELETE', url: `/api/shop/colours/${colour.id}` })).statusCode,
    ).toBe(404);
    const listed = await call(support, { method: 'GET', url: '/api/shop/colours?search=saffron' });
    expect(listed.json<ShopList>().items).toEqual([]);
    const [bProduct] = await context.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.shopId, shopB));
    for (const attempt of [
      { method: 'GET', url: `/api/shop/products/${bProduct!.id}` },
      { method: 'DELETE', url: `/api/shop/products/${bProduct!.id}` },
      { method: 'GET', url: `/api/shop/products/${bProduct!.id}/images` },
    ] as const) {
      expect((await call(support, attempt)).statusCode).toBe(404);
    }
    const [still] = await context.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, bProduct!.id));
    expect(still).toBeDefined();
  });
});

describe('the HSN class of a product (docs/gst.md "Marketplace")', () => {
  it("saves the seller's class, or the suggestion from the name when none is sent", async () => {
    const suggested = await addedProduct({ ...kurta, name: 'Denim Jacket' });
    expect(suggested.hsnClass).toBe('jacket');
    const chosen = await addedProduct({ ...kurta, hsnClass: 'mens-shirt-knitted' });
    expect(chosen.hsnClass).toBe('mens-shirt-knitted');
    const changed = await call(seller, {
      method: 'PATCH',
      url: `/api/shop/products/${chosen.id}`,
      payload: { hsnClass: 'womens-top' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ShopProductSaved>().product.hsnClass).toBe('womens-top');
    // The storefront's product page reads the class and its HSN heading.
    const page = await context.app.inject({ method: 'GET', url: `/api/products/${chosen.id}` });
    expect(page.json()).toMatchObject({ hsnClass: 'womens-top', hsn: '6206' });
  });

  it('refuses a class that is not in the list', async () => {
    const response = await addProduct(seller, { ...kurta, hsnClass: 'frock' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.hsnClass).toBe('Select an HSN class');
  });
});

// Runs last: on PostgreSQL its second app recreates the shared test schema.
describe('the storefront cache follows product writes', () => {
  let cached: TestContext;

  beforeAll(async () => {
    // A separate app whose catalog keeps totals and the best-seller ranking for a minute.
    cached = await createTestApp({ catalogSummaryTtlMs: 60_000 });
    await insertShop(cached.database.db, { name: 'Patna Fashion House' });
    await insertShop(cached.database.db);
    await seedDemoAccounts(cached.database.db);
  });

  afterAll(async () => {
    await cached.close();
  });

  it('counts an added product and forgets an erased one at once, although totals are cached', async () => {
    const cookie = await signIn(cached.app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
    const as = (options: InjectOptions) =>
      cached.app.inject({ ...options, headers: { ...options.headers, cookie } });
    for (const [list, name] of [
      ['colours', 'Red'],
      ['companies', 'Raymond'],
      ['product-names', 'Linen Kurta'],
    ] as const) {
      await as({ method: 'POST', url: `/api/shop/${list}`, payload: { name } });
    }
    const total = async () =>
      (await cached.app.inject({ method: 'GET', url: '/api/products?q=linen' })).json<ProductPage>()
        .total;
    expect(await total()).toBe(0); // now cached
    const added = await as({
      method: 'POST',
      url: '/api/shop/products',
      ...multipart(kurta, [pngFile()]),
    });
    expect(added.statusCode).toBe(201);
    expect(await total()).toBe(1);
    const { product } = added.json<ShopProductSaved>();
    await as({ method: 'DELETE', url: `/api/shop/products/${product.id}` });
    expect(await total()).toBe(0);
  });
});
