import { LRUCache } from 'lru-cache';
import {
  BEST_SELLING_WINDOW_DAYS,
  SLIDER_LIST_LIMIT_MAX,
  shopSlug,
  type CatalogFilterOptions,
  type CatalogQuery,
  type Placement,
  type ProductCard,
  hsnClassOf,
  type ProductDetail,
  type ProductPage,
  type ShopStorefront,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import { deliveredQuantities } from '../orders/orders.service.js';
import {
  findBestSellingCards,
  findCatalogSummary,
  findColourOptions,
  findCompanyOptions,
  findShopOptions,
  findShopStorefront,
  findProductDetail,
  findProductRows,
  findProductsByPlacement,
  searchWords,
  type CatalogSummary,
  type ProductCardRow,
  type ProductDetailRow,
} from './catalog.repo.js';

/** Dependencies and settings of the catalog service. */
export interface CatalogDeps {
  db: Db;
  storage: FileStorage;
  /**
   * How long (ms) a result's total and price bounds are reused for the same filters; 0 turns
   * the cache off. The page's products are always read live.
   */
  summaryTtlMs?: number;
}

/** The storefront catalog: grid, sliders and detail (docs/catalog.md). */
export interface CatalogService {
  listProducts(query: CatalogQuery): Promise<ProductPage>;
  /**
   * A home slider, at most `limit` cards. New arrivals: the pinned products, newest first. Best
   * selling (docs/catalog.md "Grid, search and home"): products by units delivered in the last 90
   * days, most first, then the shop-pinned `best_selling` products, newest first, to fill the list;
   * never archived.
   */
  listSliderProducts(
    placement: Exclude<Placement, 'normal'>,
    limit: number,
  ): Promise<ProductCard[]>;
  getProductDetail(productId: number): Promise<ProductDetail>;
  /**
   * The grid's shop, brand and colour choices (of one shop's listed products when `shopId` is
   * given), kept for the summaries' TTL.
   */
  listFilterOptions(shopId: number | undefined): Promise<CatalogFilterOptions>;
  /**
   * A shop's public page (docs/catalog.md "Shop pages").
   * @throws AppError NOT_FOUND 'Shop not found'.
   */
  getShop(shopId: number): Promise<ShopStorefront>;
  /** Forgets cached totals, bounds and the best-seller ranking (call after products change). */
  invalidate(): void;
}

/**
 * A grid card from its row, every field named. Not `{ ...row }`: objects copied by spread
 * survived V8's young-generation collections under load (about 8 % of everything a search
 * allocates reached the old space, where a full collection every 20 s stalled every request in
 * flight for 100-200 ms); named fields die young (docs/performance.md).
 */
function toCard(row: ProductCardRow, storage: FileStorage): ProductCard {
  return {
    id: row.id,
    designId: row.designId,
    minPricePaise: Number(row.minPricePaise),
    maxPricePaise: Number(row.maxPricePaise),
    colours: row.colours,
    sizes: row.sizes as ProductCard['sizes'],
    sku: row.sku,
    shopId: row.shopId,
    shopName: row.shopName,
    company: row.company,
    name: row.name,
    category: row.category as ProductCard['category'],
    style: row.style as ProductCard['style'],
    material: row.material as ProductCard['material'],
    colour: row.colour,
    size: row.size as ProductCard['size'],
    mrpPaise: row.mrpPaise,
    pricePaise: row.pricePaise,
    rating: Number(row.rating),
    ratingCount: row.ratingCount,
    description: row.description,
    placement: row.placement as ProductCard['placement'],
    stockQuantity: row.stockQuantity,
    imageUrl: row.imagePath ? storage.urlFor(row.imagePath) : null,
    thumbnailUrl: row.thumbnailPath ? storage.urlFor(row.thumbnailPath) : null,
  };
}

/**
 * A product page from its row, every field named like `toCard`'s (the card's image is the first
 * of `images`). The variants come from PostgreSQL's JSON with the schema's keys, as they are.
 */
function toProductDetail(row: ProductDetailRow, storage: FileStorage): ProductDetail {
  const hsn = hsnClassOf(row.hsnClass);
  const firstImage = row.images[0];
  return {
    id: row.id,
    designId: row.designId,
    minPricePaise: Number(row.minPricePaise),
    maxPricePaise: Number(row.maxPricePaise),
    colours: row.colours,
    sizes: row.sizes as ProductCard['sizes'],
    sku: row.sku,
    shopId: row.shopId,
    shopName: row.shopName,
    company: row.company,
    name: row.name,
    category: row.category as ProductCard['category'],
    style: row.style as ProductCard['style'],
    material: row.material as ProductCard['material'],
    colour: row.colour,
    size: row.size as ProductCard['size'],
    mrpPaise: row.mrpPaise,
    pricePaise: row.pricePaise,
    rating: Number(row.rating),
    ratingCount: row.ratingCount,
    description: row.description,
    placement: row.placement as ProductCard['placement'],
    stockQuantity: row.stockQuantity,
    imageUrl: firstImage ? storage.urlFor(firstImage.path) : null,
    thumbnailUrl: firstImage ? storage.urlFor(firstImage.thumbnailPath) : null,
    chestInches: row.chestInches,
    lengthCm: row.lengthCm,
    shopCity: row.shopCity,
    hsnClass: hsn.key as ProductDetail['hsnClass'],
    hsn: hsn.hsn,
    variants: row.variants as ProductDetail['variants'],
    images: row.images.map((image) => ({
      id: image.id,
      url: storage.urlFor(image.path),
      thumbnailUrl: storage.urlFor(image.thumbnailPath),
      width: image.width,
      height: image.height,
    })),
  };
}

/** The filters that decide a summary, normalised so equivalent queries share one entry. */
function summaryKey(query: CatalogQuery): string {
  const sorted = (values: readonly string[] | undefined) => (values ? [...values].sort() : null);
  return JSON.stringify([
    searchWords(query.q),
    sorted(query.category),
    sorted(query.size),
    sorted(query.colour?.map((colour) => colour.toLowerCase())),
    sorted(query.style),
    sorted(query.material),
    query.shopId ?? null,
    sorted(query.company?.map((company) => company.toLowerCase())),
    query.minDiscount ?? null,
    query.minPricePaise ?? null,
    query.maxPricePaise ?? null,
  ]);
}

/**
 * Builds the catalog service. Counting a broad search ('shi' matches thousands of shirts) costs
 * far more than reading one page, so the total and price bounds are kept per filter set for
 * about `summaryTtlMs` (default 30 s; concurrent misses share one query; an expired entry is
 * served while it is refreshed in the background), while products, prices and stock on the page
 * are always live. See docs/decisions/0004-catalog-summary-cache.md.
 */
export function createCatalogService(deps: CatalogDeps): CatalogService {
  const ttl = deps.summaryTtlMs ?? 30_000;
  const summaries =
    ttl > 0
      ? new LRUCache<string, CatalogSummary, CatalogQuery>({
          max: 5_000,
          ttl,
          // An expired entry is answered at once while one background query refreshes it, and
          // kept when that query fails, so no request waits for a recount after the first.
          allowStale: true,
          noDeleteOnFetchRejection: true,
          allowStaleOnFetchRejection: true,
          fetchMethod: (_key, _stale, { context, options }) => {
            // Spread expiries (+-20 %) so popular searches do not all recount at once.
            options.ttl = Math.round(ttl * (0.8 + Math.random() * 0.4));
            return findCatalogSummary(deps.db, context);
          },
        })
      : undefined;

  // The 90-day ranking is an aggregate over every delivered order: computed at most once per
  // TTL (concurrent callers share it), while the cards it names are always read live.
  let ranking: { ids: Promise<number[]>; expiresAt: number } | undefined;
  const bestSellerIds = (): Promise<number[]> => {
    const load = () =>
      deliveredQuantities(deps.db, BEST_SELLING_WINDOW_DAYS, SLIDER_LIST_LIMIT_MAX).then((rows) =>
        rows.map((row) => row.productId),
      );
    if (ttl <= 0) return load();
    if (!ranking || ranking.expiresAt <= Date.now()) {
      const ids = load();
      const entry = { ids, expiresAt: Date.now() + ttl };
      ranking = entry;
      // A failed query is not kept: the next caller tries again.
      ids.catch(() => {
        if (ranking === entry) ranking = undefined;
      });
    }
    return ranking.ids;
  };

  // Shops, brands and colours change only when sellers list or archive products: one aggregate
  // per TTL.
  const filterOptions =
    ttl > 0
      ? new LRUCache<string, CatalogFilterOptions, number | undefined>({
          max: 1_000,
          ttl,
          allowStale: true,
          noDeleteOnFetchRejection: true,
          allowStaleOnFetchRejection: true,
          fetchMethod: (_key, _stale, { context }) => loadFilterOptions(context),
        })
      : undefined;
  const loadFilterOptions = async (shopId: number | undefined): Promise<CatalogFilterOptions> => {
    const [shopRows, companies, colours] = await Promise.all([
      findShopOptions(deps.db, shopId),
      findCompanyOptions(deps.db, shopId),
      findColourOptions(deps.db, shopId),
    ]);
    return { shops: shopRows, companies, colours };
  };

  const summaryFor = async (query: CatalogQuery): Promise<CatalogSummary> => {
    if (!summaries) return findCatalogSummary(deps.db, query);
    const cached = await summaries.fetch(summaryKey(query), { context: query });
    return cached ?? findCatalogSummary(deps.db, query);
  };

  return {
    async listProducts(query) {
      const summary = await summaryFor(query);
      const offset = (query.page - 1) * query.pageSize;
      // A fresh count lets an empty page skip the query; a cached one may be behind the
      // products, so the page is always read and the total never claims less than it shows.
      const skipRows = !summaries && (summary.total === 0 || offset >= summary.total);
      const rows = skipRows ? [] : await findProductRows(deps.db, query);
      const total = Math.max(summary.total, rows.length > 0 ? offset + rows.length : 0);
      return {
        items: rows.map((row) => toCard(row, deps.storage)),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
        priceBounds:
          summary.minPricePaise === null || summary.maxPricePaise === null
            ? null
            : { minPricePaise: summary.minPricePaise, maxPricePaise: summary.maxPricePaise },
      };
    },

    async listSliderProducts(placement, limit) {
      const rows =
        placement === 'best_selling'
          ? await findBestSellingCards(deps.db, await bestSellerIds(), limit)
          : await findProductsByPlacement(deps.db, placement, limit);
      return rows.map((row) => toCard(row, deps.storage));
    },

    /**
     * One product for its page, with its HSN class and heading (docs/gst.md "Marketplace").
     * @throws AppError NOT_FOUND when the product does not exist or is archived.
     */
    async getProductDetail(productId) {
      const row = await findProductDetail(deps.db, productId);
      if (!row) throw new AppError('NOT_FOUND', 'Product not found');
      return toProductDetail(row, deps.storage);
    },

    async listFilterOptions(shopId) {
      if (!filterOptions) return loadFilterOptions(shopId);
      const cached = await filterOptions.fetch(String(shopId ?? 'all'), { context: shopId });
      return cached ?? loadFilterOptions(shopId);
    },

    async getShop(shopId) {
      const row = await findShopStorefront(deps.db, shopId);
      if (!row) throw new AppError('NOT_FOUND', 'Shop not found');
      const { imagePath, rating, ...rest } = row;
      return {
        ...rest,
        slug: shopSlug(row.name),
        imageUrl: imagePath ? deps.storage.urlFor(imagePath) : null,
        rating: rating === null ? 0 : Number(rating),
        productCount: Number(row.productCount),
        ratingCount: Number(row.ratingCount),
      };
    },

    invalidate() {
      summaries?.clear();
      filterOptions?.clear();
      ranking = undefined;
    },
  };
}
