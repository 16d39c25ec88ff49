/**
 * Loads the demo catalog into the database and renders its product images (docs/platform.md
 * "Demo data": `npm start` on an empty data folder migrates and loads the demo data set).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { suggestHsnClass } from '@bazaar/shared';
import type { Db, Tx } from '../db/client.js';
import {
  APP_META_KEYS,
  appMeta,
  colours,
  companies,
  productDesigns,
  productImages,
  productNames,
  products,
  shops,
} from '../db/schema/index.js';
import { refreshDesignSummary } from '../modules/shop-catalog/design-summary.js';
import type { ProcessedImage } from '../platform/images.js';
import type { FileStorage } from '../platform/storage.js';
import {
  DEMO_CATALOG_VERSION,
  DEMO_SEED,
  generateDemoCatalog,
  type DemoCatalog,
  type DemoProduct,
} from './demo-catalog.js';
import { insertDemoReviews, type StoredDemoProduct } from './demo-reviews.js';
import { productImageKey, renderProductImage } from './product-image.js';

export interface SeedDemoOptions {
  /** Where product images go (normally the local store under `DATA_DIR/uploads`). */
  storage: FileStorage;
  /** Progress lines (timings); silent when absent. */
  log?: (message: string) => void;
  /** Images rendered at once (default 4: sharp works on libuv's four-thread pool). */
  concurrency?: number;
  /** The data set's seed (default DEMO_SEED); tests and benchmarks may vary it. */
  seed?: number;
}

export interface SeedDemoResult {
  /** Shops inserted by this call (0 when skipped). */
  shops: number;
  /** Products inserted by this call (0 when skipped). */
  products: number;
  /** Image files written by this call (full + thumbnail count as one image): all on a first
   * run, only the re-generated missing ones when skipped. */
  images: number;
  /** True when the demo data was already loaded (the `demo_seed` marker exists). */
  skipped: boolean;
}

/** The marker stored under `app_meta.demo_seed`. */
export interface DemoSeedMarker {
  version: number;
  seed: number;
  shops: number;
  products: number;
  seededAt: string;
}

/** Rows per INSERT statement. */
const INSERT_CHUNK = 250;
/** Files written or checked at once. */
const FILE_CONCURRENCY = 16;
/** Advisory lock so two app instances starting together on one PostgreSQL do not both seed. */
const SEED_LOCK_ID = 0x62_61_7a_31;
const DAY_MS = 86_400_000;

/** Storage keys of a product's first image and its thumbnail. */
export function productImageStorageKeys(productId: number): { full: string; thumbnail: string } {
  return { full: `products/${productId}/0.webp`, thumbnail: `products/${productId}/0-thumb.webp` };
}

/**
 * Loads the demo data set once. When `app_meta` has no `demo_seed` marker it inserts the shops,
 * their colour, company and product-name lists, the products and one product_images row each,
 * and the marker, all in one transaction (bulk inserts of 250 rows), then writes every product's
 * WebP image and thumbnail under `products/{id}/0.webp` and `products/{id}/0-thumb.webp`.
 * When the marker exists it inserts nothing but re-renders any demo image file that is missing
 * from storage (a fresh uploads folder next to an existing database heals itself).
 * @returns counts of what this call inserted and wrote; `skipped` when the data was already there.
 */
export async function seedDemoData(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const log = options.log ?? ((): void => undefined);
  const started = performance.now();
  const catalog = generateDemoCatalog(options.seed ?? DEMO_SEED);
  const render = createImageRenderer(options.concurrency ?? 4);

  if (await hasSeedMarker(db)) {
    const reviews = await ensureDemoReviews(db, catalog);
    if (reviews > 0) log(`${reviews} demo reviews loaded for the demo products' ratings`);
    const healed = await healDemoImages(db, catalog, options.storage, render);
    log(`demo data already loaded; ${healed} missing image(s) regenerated in ${elapsed(started)}`);
    return { shops: 0, products: 0, images: healed, skipped: true };
  }

  // Rendering runs on sharp's threads while PGlite/pg does the inserts on this one.
  const allProducts = catalog.shops.flatMap((shop) => shop.products);
  const rendering = Promise.all(allProducts.map((product) => render(product)));
  rendering.catch(() => undefined); // awaited inside the transaction; avoids an unhandled rejection if it fails first

  const now = Date.now();
  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID}::bigint)`);
    if (await hasSeedMarker(tx)) return null;
    return insertCatalog(tx, catalog, now, rendering);
  });
  if (!inserted) {
    await rendering;
    const healed = await healDemoImages(db, catalog, options.storage, render);
    return { shops: 0, products: 0, images: healed, skipped: true };
  }
  log(`demo rows inserted in ${elapsed(started)}`);

  const limit = createLimiter(FILE_CONCURRENCY);
  await Promise.all(
    inserted.images.map(({ productId, image }) =>
      limit(async () => {
        const keys = productImageStorageKeys(productId);
        await options.storage.put(keys.full, image.full.bytes);
        await options.storage.put(keys.thumbnail, image.thumbnail.bytes);
      }),
    ),
  );
  log(
    `demo data loaded: ${inserted.shops} shops, ${inserted.products} products, ${inserted.images.length} images in ${elapsed(started)}`,
  );
  return {
    shops: inserted.shops,
    products: inserted.products,
    images: inserted.images.length,
    skipped: false,
  };
}

interface InsertedCatalog {
  shops: number;
  products: number;
  images: { productId: number; image: ProcessedImage }[];
}

async function insertCatalog(
  tx: Tx,
  catalog: DemoCatalog,
  now: number,
  rendering: Promise<ProcessedImage[]>,
): Promise<InsertedCatalog> {
  const shopRows = catalog.shops.map(
    ({ colours: _c, companies: _co, productNames: _p, products: _pr, ...info }) => info,
  );
  const insertedShops = await tx
    .insert(shops)
    .values(shopRows)
    .onConflictDoNothing({ target: shops.email })
    .returning({ id: shops.id });
  // A shop may already exist (the search benchmark creates the demo shops without products).
  const shopIds = new Map(
    (
      await tx
        .select({ id: shops.id, email: shops.email })
        .from(shops)
        .where(
          inArray(
            shops.email,
            shopRows.map((s) => s.email),
          ),
        )
    ).map((row) => [row.email, row.id]),
  );
  const shopIdOf = (email: string): number => {
    const id = shopIds.get(email);
    if (id === undefined) throw new Error(`Demo shop ${email} was not stored`);
    return id;
  };

  const lists = catalog.shops.map((shop) => ({ shopId: shopIdOf(shop.email), shop }));
  await inChunks(
    lists.flatMap(({ shopId, shop }) => shop.colours.map((name) => ({ shopId, name }))),
    (chunk) => tx.insert(colours).values(chunk).onConflictDoNothing(),
  );
  await inChunks(
    lists.flatMap(({ shopId, shop }) => shop.companies.map((name) => ({ shopId, name }))),
    (chunk) => tx.insert(companies).values(chunk).onConflictDoNothing(),
  );
  await inChunks(
    lists.flatMap(({ shopId, shop }) => shop.productNames.map((name) => ({ shopId, name }))),
    (chunk) => tx.insert(productNames).values(chunk).onConflictDoNothing(),
  );

  const variantRows = lists.flatMap(({ shopId, shop }) =>
    shop.products.map(({ silhouette: _s, ageDays, ...product }) => {
      const listedAt = new Date(now - ageDays * DAY_MS);
      // Classed for tax as a seller's form suggests it (docs/gst.md "HSN").
      const hsnClass = suggestHsnClass(product);
      return { ...product, hsnClass, shopId, createdAt: listedAt, updatedAt: listedAt };
    }),
  );
  // Designs as the designs migration groups products: one per shop, name, company, category,
  // style and material, each size and colour once (a repeat starts another design), so the
  // demo's cards show several colours and sizes (docs/catalog.md "Designs and variants").
  const groups: { key: string; pairs: Set<string>; rows: typeof variantRows }[] = [];
  const openGroups = new Map<string, (typeof groups)[number][]>();
  for (const row of variantRows) {
    const key = [row.shopId, row.name, row.company, row.category, row.style, row.material].join(
      '|',
    );
    const pair = `${row.size}|${row.colour.toLowerCase()}`;
    const candidates = openGroups.get(key) ?? [];
    let group = candidates.find((entry) => !entry.pairs.has(pair));
    if (!group) {
      group = { key, pairs: new Set(), rows: [] };
      candidates.push(group);
      openGroups.set(key, candidates);
      groups.push(group);
    }
    group.pairs.add(pair);
    group.rows.push(row);
  }
  const designIds = await inChunksReturning(
    groups.map(({ rows }) => {
      const first = rows[0]!;
      return {
        shopId: first.shopId,
        company: first.company,
        name: first.name,
        category: first.category,
        style: first.style,
        material: first.material,
        description: first.description,
        hsnClass: first.hsnClass,
        placement: rows0Placement(rows),
        createdAt: first.createdAt,
        updatedAt: first.updatedAt,
      };
    }),
    (chunk) => tx.insert(productDesigns).values(chunk).returning({ id: productDesigns.id }),
  );
  const productRows = groups.flatMap((group, index) => {
    const designId = designIds[index]!.id;
    const first = group.rows[0]!;
    // The design's fields are copied onto each variant (decision 29).
    return group.rows.map((row) => ({
      ...row,
      designId,
      description: first.description,
      hsnClass: first.hsnClass,
      placement: rows0Placement(group.rows),
    }));
  });
  const insertedProducts = await inChunksReturning(productRows, (chunk) =>
    tx.insert(products).values(chunk).onConflictDoNothing().returning({
      id: products.id,
      shopId: products.shopId,
      sku: products.sku,
      designId: products.designId,
    }),
  );

  const images = await rendering;
  const imageByProduct = new Map<string, ProcessedImage>();
  let index = 0;
  for (const { shopId, shop } of lists) {
    for (const product of shop.products) {
      const image = images[index++];
      if (image) imageByProduct.set(`${shopId}|${product.sku}`, image);
    }
  }
  const withImages = insertedProducts.map((row) => {
    const image = imageByProduct.get(`${row.shopId}|${row.sku}`);
    if (!image) throw new Error(`No image rendered for product ${row.sku}`);
    return { productId: row.id, designId: row.designId, image };
  });
  await inChunks(
    withImages.map(({ productId, designId, image }) => {
      const keys = productImageStorageKeys(productId);
      // Each demo variant keeps its own picture (its colour).
      return {
        productId,
        designId,
        position: 0,
        path: keys.full,
        thumbnailPath: keys.thumbnail,
        width: image.full.width,
        height: image.full.height,
      };
    }),
    (chunk) => tx.insert(productImages).values(chunk),
  );

  const stored: StoredDemoProduct[] = [];
  const demoProductOf = new Map(
    lists.flatMap(({ shopId, shop }) =>
      shop.products.map((product) => [`${shopId}|${product.sku}`, product] as const),
    ),
  );
  for (const row of insertedProducts) {
    const product = demoProductOf.get(`${row.shopId}|${row.sku}`);
    if (product) stored.push({ productId: row.id, shopId: row.shopId, product });
  }
  await insertDemoReviews(tx, stored, now);
  await refreshDesignSummary(
    tx,
    designIds.map((row) => row.id),
  );

  const marker: DemoSeedMarker = {
    version: DEMO_CATALOG_VERSION,
    seed: catalog.seed,
    shops: insertedShops.length,
    products: insertedProducts.length,
    seededAt: new Date(now).toISOString(),
  };
  await tx.insert(appMeta).values({ key: APP_META_KEYS.demoSeed, value: { ...marker } });
  return { shops: insertedShops.length, products: insertedProducts.length, images: withImages };
}

/**
 * Re-renders the image files of demo products whose generated image row points at a file that
 * is missing from storage. Images a seller uploaded (other keys) are never touched.
 * @returns how many products got their files back.
 */
async function healDemoImages(
  db: Db,
  catalog: DemoCatalog,
  storage: FileStorage,
  render: (product: DemoProduct) => Promise<ProcessedImage>,
): Promise<number> {
  const byEmail = new Map(catalog.shops.map((shop) => [shop.email, shop]));
  const shopRows = await db
    .select({ id: shops.id, email: shops.email })
    .from(shops)
    .where(inArray(shops.email, [...byEmail.keys()]));
  if (shopRows.length === 0) return 0;

  const demoProducts = new Map<string, DemoProduct>();
  for (const row of shopRows) {
    for (const product of byEmail.get(row.email)?.products ?? []) {
      demoProducts.set(`${row.id}|${product.sku}`, product);
    }
  }
  const imageRows = await db
    .select({
      productId: products.id,
      shopId: products.shopId,
      sku: products.sku,
      path: productImages.path,
      thumbnailPath: productImages.thumbnailPath,
    })
    .from(productImages)
    .innerJoin(products, eq(productImages.productId, products.id))
    .where(
      inArray(
        products.shopId,
        shopRows.map((row) => row.id),
      ),
    );

  const limit = createLimiter(FILE_CONCURRENCY);
  const missing = (
    await Promise.all(
      imageRows.map((row) =>
        limit(async () => {
          const product = demoProducts.get(`${row.shopId}|${row.sku}`);
          const keys = productImageStorageKeys(row.productId);
          if (!product || row.path !== keys.full || row.thumbnailPath !== keys.thumbnail) return [];
          const present =
            (await storage.exists(keys.full)) && (await storage.exists(keys.thumbnail));
          return present ? [] : [{ product, keys }];
        }),
      ),
    )
  ).flat();
  // All renders are queued at once (the renderer limits them); file writes are limited here.
  await Promise.all(
    missing.map(async ({ product, keys }) => {
      const image = await render(product);
      await limit(async () => {
        await storage.put(keys.full, image.full.bytes);
        await storage.put(keys.thumbnail, image.thumbnail.bytes);
      });
    }),
  );
  return missing.length;
}

/**
 * Loads the demo reviews into a database whose demo catalog was seeded before reviews existed
 * (their marker is missing): the demo products are found by shop email and SKU. Runs under the
 * seed's advisory lock, so two instances starting together load them once.
 * @returns how many reviews were inserted (0 when they were there already).
 */
async function ensureDemoReviews(db: Db, catalog: DemoCatalog): Promise<number> {
  const [marker] = await db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(eq(appMeta.key, APP_META_KEYS.demoReviews));
  if (marker) return 0;
  const byEmail = new Map(catalog.shops.map((shop) => [shop.email, shop]));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID}::bigint)`);
    const shopRows = await tx
      .select({ id: shops.id, email: shops.email })
      .from(shops)
      .where(inArray(shops.email, [...byEmail.keys()]));
    const demoProducts = new Map<string, DemoProduct>();
    for (const row of shopRows) {
      for (const product of byEmail.get(row.email)?.products ?? []) {
        demoProducts.set(`${row.id}|${product.sku}`, product);
      }
    }
    if (shopRows.length === 0) return 0;
    const rows = await tx
      .select({
        id: products.id,
        shopId: products.shopId,
        sku: products.sku,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(
        inArray(
          products.shopId,
          shopRows.map((row) => row.id),
        ),
      );
    const stored: StoredDemoProduct[] = [];
    for (const row of rows) {
      const product = demoProducts.get(`${row.shopId}|${row.sku}`);
      if (product) stored.push({ productId: row.id, shopId: row.shopId, product });
    }
    return insertDemoReviews(tx, stored, Date.now());
  });
}

async function hasSeedMarker(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(eq(appMeta.key, APP_META_KEYS.demoSeed))
    .limit(1);
  return rows.length > 0;
}

/**
 * Renders product images at most `concurrency` at a time; sizes of one design share one
 * rendering (same name, company and colour draw the same picture).
 */
function createImageRenderer(
  concurrency: number,
): (product: DemoProduct) => Promise<ProcessedImage> {
  const limit = createLimiter(concurrency);
  const cache = new Map<string, Promise<ProcessedImage>>();
  return (product) => {
    const key = productImageKey(product);
    let image = cache.get(key);
    if (!image) {
      image = limit(() => renderProductImage(product));
      cache.set(key, image);
    }
    return image;
  };
}

/** Runs async tasks with at most `max` in flight. */
function createLimiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async (task) => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** Inserts rows in statements of INSERT_CHUNK rows, in order. */
async function inChunks<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => PromiseLike<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insert(rows.slice(start, start + INSERT_CHUNK));
  }
}

/** Like inChunks, collecting what each statement returned. */
/** A design's placement: the first variant's that is not normal, else normal. */
function rows0Placement(rows: readonly { placement: string }[]): string {
  return rows.find((row) => row.placement !== 'normal')?.placement ?? 'normal';
}

async function inChunksReturning<T, R>(
  rows: readonly T[],
  insert: (chunk: T[]) => PromiseLike<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    out.push(...(await insert(rows.slice(start, start + INSERT_CHUNK))));
  }
  return out;
}

function elapsed(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
