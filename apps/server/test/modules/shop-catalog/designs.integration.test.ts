import type { InjectOptions } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DesignCreated,
  ProductDetail,
  ProductPage,
  ProductVariant,
  ShopDesignWithVariants,
  ShopProductPage,
} from '@bazaar/shared';
import { productStockMovements } from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';

/*
 * docs/shop-catalog.md "Designs" and docs/catalog.md "Designs and variants": a seller lists a
 * design in 3 colours x 4 sizes, the storefront shows ONE card with its from-price, colours and
 * sizes, the filters match any variant exactly, the product page lists every variant, and an
 * edit upserts and archives variants with each stock moving through the ledger.
 */

let context: TestContext;
let seller: string;
let seller2: string;

const COLOURS = ['Red', 'Navy Blue', 'Olive'] as const;
const SIZES = ['S', 'M', 'L', 'XL'] as const;

beforeAll(async () => {
  context = await createTestApp();
  await insertShop(context.database.db, { name: 'Patna Fashion House' });
  await insertShop(context.database.db, { name: 'Gaya Garments' });
  await seedDemoAccounts(context.database.db);
  seller = await signIn(context.app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
  seller2 = await signIn(context.app, 'seller', 'seller2@bazaar.test', DEMO_PASSWORD);
  for (const cookie of [seller, seller2]) {
    for (const [list, names] of [
      ['colours', [...COLOURS, 'Black']],
      ['companies', ['Raymond']],
      ['product-names', ['Oxford Shirt', 'Chinos']],
    ] as const) {
      for (const name of names) {
        const response = await call(cookie, {
          method: 'POST',
          url: `/api/shop/${list}`,
          payload: { name },
        });
        expect(response.statusCode).toBe(201);
      }
    }
  }
});

afterAll(async () => {
  await context.close();
});

function call(cookie: string | undefined, options: InjectOptions) {
  return context.app.inject({
    ...options,
    headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
  });
}

function errorOf(response: { json(): unknown }) {
  return (
    response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }
  ).error;
}

/** 3 colours x 4 sizes; Olive is cheapest (₹899 of ₹1,299), the rest ₹999-1,299 of ₹1,499. */
function grid(name = 'Oxford Shirt') {
  return {
    company: 'raymond',
    name,
    category: 'Men',
    style: 'Formal',
    material: 'Cotton',
    description: 'Crisp oxford weave',
    variants: COLOURS.flatMap((colour) =>
      SIZES.map((size, index) => ({
        size,
        colour: colour.toLowerCase(),
        mrpPaise: colour === 'Olive' ? 129_900 : 149_900,
        pricePaise: colour === 'Olive' ? 89_900 : 99_900 + index * 10_000,
        quantity: 5 + index,
      })),
    ),
  };
}

async function createDesign(cookie = seller, body: object = grid()): Promise<DesignCreated> {
  const response = await call(cookie, { method: 'POST', url: '/api/shop/designs', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DesignCreated;
}

async function storefront(query: string): Promise<ProductPage> {
  const response = await call(undefined, { method: 'GET', url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductPage;
}

describe('a design with 3 colours x 4 sizes', () => {
  let created: DesignCreated;

  beforeAll(async () => {
    created = await createDesign();
  });

  it('stores 12 variants with readable SKUs, list spellings and the SIZES order', () => {
    expect(created.variants).toHaveLength(12);
    expect(created.variants.map((v) => `${v.colour}/${v.size}`).slice(0, 5)).toEqual([
      'Navy Blue/S',
      'Navy Blue/M',
      'Navy Blue/L',
      'Navy Blue/XL',
      'Olive/S',
    ]);
    expect(created.variants.map((v) => v.sku)).toContain('OXFORDSHIRT-NAVYBLUE-M');
    expect(new Set(created.variants.map((v) => v.sku)).size).toBe(12);
  });

  it('shows ONE card with the from-price, colours and sizes, linking to the cheapest variant', async () => {
    const page = await storefront('q=oxford');
    expect(page.total).toBe(1);
    const [card] = page.items;
    const cheapest = created.variants.find((v) => v.colour === 'Olive' && v.size === 'S')!;
    expect(card).toMatchObject({
      designId: created.designId,
      id: cheapest.id,
      minPricePaise: 89_900,
      maxPricePaise: 129_900,
      colours: ['Navy Blue', 'Olive', 'Red'],
      sizes: ['S', 'M', 'L', 'XL'],
      pricePaise: 89_900,
      mrpPaise: 129_900,
    });
  });

  it('matches size and colour filters against one variant exactly', async () => {
    expect((await storefront('q=oxford&size=XL&colour=olive')).total).toBe(1);
    expect((await storefront('q=oxford&size=XXL')).total).toBe(0);
    expect((await storefront('q=oxford&colour=Black')).total).toBe(0);
    // Olive is ₹899 in every size; ₹1,299 is only Red or Navy Blue XL.
    expect((await storefront('q=oxford&colour=Olive&minPricePaise=100000')).total).toBe(0);
    expect((await storefront('q=oxford&colour=Red&minPricePaise=129900')).total).toBe(1);
    // 30 % off or more: Red L is 20 % off (though Red S is 33 %); Olive L is 30 %.
    expect((await storefront('q=oxford&minDiscount=30&colour=Red&size=L')).total).toBe(0);
    expect((await storefront('q=oxford&minDiscount=30&size=L')).total).toBe(1);
    expect((await storefront('q=oxford&minDiscount=34')).total).toBe(0);
    // The search finds it by any colour.
    expect((await storefront('q=navy%20oxford')).total).toBe(1);
  });

  it('opens the product page of any variant with every live variant of the design', async () => {
    const red = created.variants.find((v) => v.colour === 'Red' && v.size === 'M')!;
    const response = await call(undefined, { method: 'GET', url: `/api/products/${red.id}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json() as ProductDetail;
    expect(detail).toMatchObject({
      id: red.id,
      designId: created.designId,
      colour: 'Red',
      size: 'M',
      sku: red.sku,
      pricePaise: red.pricePaise,
    });
    expect(detail.variants).toEqual(created.variants);
  });

  it('lists variants in All Stock with design, size, colour, SKU and the low-stock filter', async () => {
    const all = await call(seller, {
      method: 'GET',
      url: `/api/shop/products?designId=${created.designId}`,
    });
    const page = all.json() as ShopProductPage;
    expect(page.total).toBe(12);
    expect(page.lowStockThreshold).toBe(5);
    expect(page.items[0]).toMatchObject({ designId: created.designId });
    const low = (
      await call(seller, {
        method: 'GET',
        url: `/api/shop/products?designId=${created.designId}&lowStock=true`,
      })
    ).json() as ShopProductPage;
    // Every colour's S has 5 units: at the default level of 5.
    expect(low.items.map((item) => item.size)).toEqual(['S', 'S', 'S']);
    const set = await call(seller, {
      method: 'PUT',
      url: '/api/shop/low-stock-threshold',
      payload: { threshold: 6 },
    });
    expect(set.json()).toEqual({ threshold: 6 });
    const lower = (
      await call(seller, {
        method: 'GET',
        url: `/api/shop/products?designId=${created.designId}&lowStock=true`,
      })
    ).json() as ShopProductPage;
    expect(lower.total).toBe(6);
    expect(
      (await call(seller, { method: 'GET', url: '/api/shop/low-stock-threshold' })).json(),
    ).toEqual({ threshold: 6 });
  });
});

describe('editing a design', () => {
  it('updates, adds and archives variants in one save; each stock moves alone', async () => {
    const created = await createDesign(seller, grid('Chinos'));
    const edited = await call(seller, {
      method: 'GET',
      url: `/api/shop/designs/${created.designId}`,
    });
    const { design, variants } = edited.json() as ShopDesignWithVariants;
    expect(design).toMatchObject({ name: 'Chinos', company: 'Raymond', stockTotal: 78 });
    const redM = variants.find((v) => v.colour === 'Red' && v.size === 'M')!;
    const kept = variants.filter((v) => v.colour !== 'Olive');
    const body = {
      company: 'Raymond',
      name: 'Chinos',
      category: 'Men',
      style: 'Plain',
      material: 'Denim',
      description: 'Stretch chinos',
      variants: [
        ...kept.map((v: ProductVariant) => ({
          id: v.id,
          size: v.size,
          colour: v.colour,
          sku: v.sku,
          mrpPaise: v.mrpPaise,
          pricePaise: v.pricePaise,
          quantity: v.id === redM.id ? 40 : v.stockQuantity,
        })),
        {
          size: 'XXL',
          colour: 'Black',
          sku: 'CH-BLK-XXL',
          mrpPaise: 99_900,
          pricePaise: 79_900,
          quantity: 3,
        },
      ],
    };
    const response = await call(seller, {
      method: 'PUT',
      url: `/api/shop/designs/${created.designId}`,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as ShopDesignWithVariants;
    expect(saved.variants).toHaveLength(9);
    expect(saved.variants.some((v) => v.colour === 'Olive')).toBe(false);
    expect(saved.variants.find((v) => v.sku === 'CH-BLK-XXL')).toMatchObject({
      size: 'XXL',
      colour: 'Black',
      stockQuantity: 3,
    });
    expect(saved.design).toMatchObject({
      material: 'Denim',
      minPricePaise: 79_900,
      colours: ['Black', 'Navy Blue', 'Red'],
      sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    });
    // Only Red M's stock moved among the kept variants (one 'edit' row); the new one was listed.
    const movements = await context.database.db
      .select()
      .from(productStockMovements)
      .where(and(eq(productStockMovements.kind, 'edit')))
      .orderBy(asc(productStockMovements.id));
    expect(movements.map((m) => [m.productId, m.change, m.quantityAfter])).toEqual([
      [redM.id, 34, 40],
    ]);
    // The design's fields reached every variant: the storefront page says Denim.
    const page = await call(undefined, { method: 'GET', url: `/api/products/${redM.id}` });
    expect(page.json()).toMatchObject({ material: 'Denim', stockQuantity: 40 });
    // An archived variant is gone from the storefront.
    const olive = variants.find((v) => v.colour === 'Olive')!;
    expect(
      (await call(undefined, { method: 'GET', url: `/api/products/${olive.id}` })).statusCode,
    ).toBe(404);
    expect((await storefront('q=chinos&colour=Olive')).total).toBe(0);
  });

  it('lets two variants swap sizes in one save', async () => {
    const created = await createDesign(seller, {
      ...grid('Chinos'),
      style: 'Printed',
      variants: [
        {
          size: 'S',
          colour: 'Black',
          sku: 'SWAP-S',
          mrpPaise: 50_000,
          pricePaise: 40_000,
          quantity: 1,
        },
        {
          size: 'M',
          colour: 'Black',
          sku: 'SWAP-M',
          mrpPaise: 50_000,
          pricePaise: 45_000,
          quantity: 2,
        },
      ],
    });
    const [s, m] = created.variants;
    const response = await call(seller, {
      method: 'PUT',
      url: `/api/shop/designs/${created.designId}`,
      payload: {
        company: 'Raymond',
        name: 'Chinos',
        category: 'Men',
        style: 'Printed',
        material: 'Cotton',
        description: '',
        variants: [
          {
            id: s!.id,
            size: 'M',
            colour: 'Black',
            sku: 'SWAP-M',
            mrpPaise: 50_000,
            pricePaise: 40_000,
            quantity: 1,
          },
          {
            id: m!.id,
            size: 'S',
            colour: 'Black',
            sku: 'SWAP-S',
            mrpPaise: 50_000,
            pricePaise: 45_000,
            quantity: 2,
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as ShopDesignWithVariants;
    expect(saved.variants.map((v) => [v.id, v.size, v.sku])).toEqual([
      [m!.id, 'S', 'SWAP-S'],
      [s!.id, 'M', 'SWAP-M'],
    ]);
  });
});

describe('refusals', () => {
  it('refuses a SKU another product of the shop holds with 409 on the field', async () => {
    const response = await call(seller, {
      method: 'POST',
      url: '/api/shop/designs',
      payload: {
        ...grid('Oxford Shirt'),
        style: 'Plain',
        variants: [
          {
            size: 'M',
            colour: 'Red',
            sku: 'oxfordshirt-red-m',
            mrpPaise: 1000,
            pricePaise: 900,
            quantity: 1,
          },
        ],
      },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'CONFLICT',
      fields: { 'variants.0.sku': 'This SKU is already used by another product of your shop' },
    });
  });

  it('allows the same SKU in another shop', async () => {
    const created = await createDesign(seller2, {
      ...grid('Oxford Shirt'),
      variants: [
        {
          size: 'M',
          colour: 'Red',
          sku: 'OXFORDSHIRT-RED-M',
          mrpPaise: 1000,
          pricePaise: 900,
          quantity: 1,
        },
      ],
    });
    expect(created.variants[0]!.sku).toBe('OXFORDSHIRT-RED-M');
  });

  it('refuses a price above the MRP and a repeated size and colour with the field path', async () => {
    const response = await call(seller, {
      method: 'POST',
      url: '/api/shop/designs',
      payload: {
        ...grid(),
        variants: [
          { size: 'M', colour: 'Red', mrpPaise: 150_000, pricePaise: 99_900, quantity: 1 },
          { size: 'L', colour: 'Red', mrpPaise: 150_000, pricePaise: 160_000, quantity: 1 },
          { size: 'M', colour: 'RED', mrpPaise: 150_000, pricePaise: 99_900, quantity: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      'variants.1.pricePaise': 'Price cannot be more than the MRP (₹1,500)',
      'variants.2.colour': 'This size and colour is already in the list',
    });
  });

  it('refuses a colour outside the shop list on its variant, and an empty list', async () => {
    const outside = await call(seller, {
      method: 'POST',
      url: '/api/shop/designs',
      payload: {
        ...grid(),
        variants: [{ size: 'M', colour: 'Mauve', mrpPaise: 1000, pricePaise: 900, quantity: 1 }],
      },
    });
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).fields).toEqual({
      'variants.0.colour': 'Choose a value from your colour list',
    });
    const empty = await call(seller, {
      method: 'POST',
      url: '/api/shop/designs',
      payload: { ...grid(), variants: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toEqual({ variants: 'Add at least one size and colour' });
  });

  it("answers 404 for another shop's design and refuses a variant of another design", async () => {
    const mine = await createDesign(seller, { ...grid('Oxford Shirt'), material: 'Silk' });
    const theirs = await call(seller2, {
      method: 'GET',
      url: `/api/shop/designs/${mine.designId}`,
    });
    expect(theirs.statusCode).toBe(404);
    const other = await createDesign(seller, { ...grid('Oxford Shirt'), material: 'Nylon' });
    const v = other.variants[0]!;
    const response = await call(seller, {
      method: 'PUT',
      url: `/api/shop/designs/${mine.designId}`,
      payload: {
        ...grid('Oxford Shirt'),
        material: 'Silk',
        variants: [
          {
            id: v.id,
            size: v.size,
            colour: v.colour,
            sku: v.sku,
            mrpPaise: v.mrpPaise,
            pricePaise: v.pricePaise,
            quantity: 1,
          },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      'variants.0.id': 'This variant is not part of the design',
    });
  });
});
