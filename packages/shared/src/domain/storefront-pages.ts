/**
 * The storefront's page URLs as data: what the grid's filters in the URL mean, the API paths a
 * page's first render asks for, and the web modules it needs at once. Shared by the web app
 * (which makes those requests) and the server, which answers them inside the page's HTML so
 * the first render does not wait for them (docs/performance.md "Page speed").
 */
import {
  CATALOG_PAGE_SIZE_DEFAULT,
  CATALOG_SORTS,
  MIN_DISCOUNT_MAX,
  PRODUCT_CATEGORIES,
  SIZE_LABELS,
  type CatalogSort,
  type ProductCategory,
  type SizeLabel,
} from '../constants.js';
import type { ProductCard, ProductDetail } from '../schemas/catalog.js';
import { rupeesToPaise } from './money.js';
import { featuredListApiPath, withQuery, type QueryValue } from './page-urls.js';

// What the storefront's first download uses is in page-urls.ts (see there); re-exported here.
export {
  featuredListApiPath,
  FIRST_PAGE_DATA_ELEMENT_ID,
  withQuery,
  type FeaturedList,
  type QueryValue,
} from './page-urls.js';

/**
 * The home page grid's filters as they live in the URL (`/?q=kurta&minPrice=500&maxPrice=2000
 * &category=Men&size=M,L&brand=Raymond&shop=3&discount=20&sort=price_asc&page=2`). Prices are
 * whole rupees here; the API gets paise. `brand` is the product's company, `discount` the least
 * percent off the MRP. `size` and `colour` match a design when any of its variants has them
 * (`&colour=Red,Navy Blue`).
 */
export interface GridFilters {
  q: string;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  category: ProductCategory[];
  size: SizeLabel[];
  colour: string[];
  brand: string[];
  shopId: number | undefined;
  minDiscount: number | undefined;
  sort: CatalogSort;
  page: number;
}

/** The grid's order when the URL names none. */
export const DEFAULT_GRID_SORT: CatalogSort = 'newest';

function parseWholeNumber(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw);
}

function parseList<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  if (!raw) return [];
  const parts = raw.split(',').map((part) => part.trim());
  // Keep the allowed order so the same choice always gives the same query key.
  return allowed.filter((value) => parts.includes(value));
}

/** A least percent off the MRP, 1 to MIN_DISCOUNT_MAX; anything else -> undefined. */
function leastDiscount(raw: string | null): number | undefined {
  const percent = parseWholeNumber(raw);
  return percent && percent <= MIN_DISCOUNT_MAX ? percent : undefined;
}

/** A comma list of free names (brands, colours), sorted and de-duplicated, so the same choice
 * always gives the same query key; at most 20 of at most `maxChars` characters. */
function freeNames(raw: string | null, maxChars: number): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part && part.length <= maxChars),
    ),
  ]
    .sort()
    .slice(0, 20);
}

/** Reads the grid's filters from a page URL's search params, ignoring anything malformed. */
export function parseGridFilters(params: URLSearchParams): GridFilters {
  const sortParam = params.get('sort');
  const sort = CATALOG_SORTS.find((value) => value === sortParam) ?? DEFAULT_GRID_SORT;
  return {
    q: params.get('q') ?? '',
    minPrice: parseWholeNumber(params.get('minPrice')),
    maxPrice: parseWholeNumber(params.get('maxPrice')),
    category: parseList(params.get('category'), PRODUCT_CATEGORIES),
    size: parseList(params.get('size'), SIZE_LABELS),
    colour: freeNames(params.get('colour'), 40),
    // Sorted and de-duplicated, so the same choice always gives the same query key.
    brand: freeNames(params.get('brand'), 80),
    shopId: positiveId(params.get('shop')),
    minDiscount: leastDiscount(params.get('discount')),
    sort,
    page: Math.max(1, parseWholeNumber(params.get('page')) ?? 1),
  };
}

/** What the storefront grid asks `GET /api/products` for. Prices in paise. */
export interface ProductGridQuery {
  q?: string;
  minPricePaise?: number;
  maxPricePaise?: number;
  category?: readonly ProductCategory[];
  size?: readonly SizeLabel[];
  colour?: readonly string[];
  company?: readonly string[];
  shopId?: number;
  minDiscount?: number;
  sort?: CatalogSort;
  page?: number;
  pageSize?: number;
}

/** The grid's API query for its URL filters: rupees to paise, the default page size. */
export function gridQueryOf(filters: GridFilters): ProductGridQuery {
  return {
    q: filters.q || undefined,
    minPricePaise: filters.minPrice === undefined ? undefined : rupeesToPaise(filters.minPrice),
    maxPricePaise: filters.maxPrice === undefined ? undefined : rupeesToPaise(filters.maxPrice),
    category: filters.category,
    size: filters.size,
    colour: filters.colour,
    company: filters.brand,
    shopId: filters.shopId,
    minDiscount: filters.minDiscount,
    sort: filters.sort,
    page: filters.page,
    pageSize: CATALOG_PAGE_SIZE_DEFAULT,
  };
}

/**
 * The query string values of one grid page, as `catalogApi.listProducts` takes them: the search
 * trimmed (left out when blank), lists as they are.
 */
export function productListQuery(query: ProductGridQuery): Record<string, QueryValue> {
  return {
    q: query.q?.trim() || undefined,
    minPricePaise: query.minPricePaise,
    maxPricePaise: query.maxPricePaise,
    category: query.category,
    size: query.size,
    colour: query.colour,
    company: query.company,
    shopId: query.shopId,
    minDiscount: query.minDiscount,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** `GET /api/products?...`: the path of one grid page. */
export function productListApiPath(query: ProductGridQuery): string {
  return withQuery('/api/products', productListQuery(query));
}

/** `GET /api/products/{productId}`. */
export function productDetailApiPath(productId: number): string {
  return `/api/products/${productId}`;
}

/** `GET /api/auth/session`: the signed-in user, or null. */
export const SESSION_API_PATH = '/api/auth/session';

/** `?id=12` -> 12; anything but a positive whole number -> null (the page shows not found). */
export function parseProductId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

function positiveId(raw: string | null): number | undefined {
  return parseProductId(raw) ?? undefined;
}

/**
 * The readable part of a shop's URL: its name in lower case, runs of anything but letters and
 * digits as one '-', at most 60 characters ('Kumar Textiles & Sons' -> 'kumar-textiles-sons').
 */
export function shopSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 60)
      .replace(/^-+|-+$/g, '') || 'shop'
  );
}

/**
 * A shop's page (docs/catalog.md "Shop pages"): `/shop/{id}-{slug}`. The id decides which shop;
 * the slug is for people and search engines, and a page opened with an old slug (the shop was
 * renamed) replaces it.
 */
export function shopPagePath(shop: { id: number; name: string }): string {
  return `/shop/${shop.id}-${shopSlug(shop.name)}`;
}

/** `12-kumar-textiles` (or `12`) -> 12; anything else -> null. */
export function parseShopRef(raw: string | null | undefined): number | null {
  const match = /^(\d{1,10})(?:-[a-z0-9-]*)?$/.exec(raw ?? '');
  return match ? parseProductId(match[1]!) : null;
}

/** Widths (px) of the two stored sizes of a product photo: the card thumbnail and the full one. */
export const THUMBNAIL_WIDTH_PX = 240;
export const FULL_IMAGE_WIDTH_PX = 800;

/**
 * How wide a product card's photo is shown (an `<img sizes>`): a quarter of the page on desktop,
 * half a phone.
 */
export const CARD_IMAGE_SIZES = '(min-width: 62em) 320px, (min-width: 36em) 33vw, 50vw';

/** The `srcset` offering the thumbnail and the full photo, or undefined when there is one only. */
export function productImageSrcSet(
  thumbnailUrl: string | null | undefined,
  fullUrl: string | null | undefined,
): string | undefined {
  return thumbnailUrl && fullUrl && fullUrl !== thumbnailUrl
    ? `${thumbnailUrl} ${THUMBNAIL_WIDTH_PX}w, ${fullUrl} ${FULL_IMAGE_WIDTH_PX}w`
    : undefined;
}

/** An image a page shows first and largest, as a `<link rel="preload" as="image">` names it. */
export interface LeadImage {
  href: string;
  srcSet?: string | undefined;
  sizes?: string | undefined;
}

/** The first card's photo of a product list, exactly as the card's `<img>` asks for it. */
function firstCardImage(body: unknown): LeadImage | undefined {
  const first = (body as { items?: ProductCard[] }).items?.[0];
  if (!first?.thumbnailUrl) return undefined;
  const srcSet = productImageSrcSet(first.thumbnailUrl, first.imageUrl);
  return { href: first.thumbnailUrl, srcSet, sizes: srcSet ? CARD_IMAGE_SIZES : undefined };
}

/** A product's first gallery photo (or its card photo when it has no gallery). */
function firstGalleryImage(body: unknown): LeadImage | undefined {
  const product = body as ProductDetail;
  const href = product.images?.[0]?.url ?? product.imageUrl;
  return href ? { href } : undefined;
}

/** What a storefront page's first render needs (see firstPageNeeds). */
export interface FirstPageNeeds {
  /** The GETs it makes at once; the server may answer them inside the HTML. */
  apiPaths: string[];
  /**
   * Lazy web modules (source paths under `apps/web/`) it shows at once: `<link
   * rel="modulepreload">` and their stylesheets for a page the browser renders; only their
   * stylesheets, except {@link MANTINE_REST_STYLES_MODULE}'s, for a page the server renders.
   */
  webModules: string[];
  /** Which answer holds the page's largest image, and how to find it there. */
  leadImage?: { apiPath: string; pick: (body: unknown) => LeadImage | undefined };
}

/**
 * What a storefront page's first render needs, by its URL: the home page (with or without a
 * search in the grid) and a product's page; other pages need nothing. Paths are
 * case-insensitive, like the web app's routes.
 */
export function firstPageNeeds(pathname: string, search: URLSearchParams): FirstPageNeeds {
  const page = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (page === '/') {
    const bestSelling = featuredListApiPath('best-selling');
    return {
      apiPaths: [
        SESSION_API_PATH,
        bestSelling,
        featuredListApiPath('new-arrivals'),
        productListApiPath(gridQueryOf(parseGridFilters(search))),
      ],
      // The grid below the sliders is rendered after the first paint; only the carousel is
      // needed at once.
      webModules: ['src/areas/storefront/home/product-carousel.tsx'],
      leadImage: { apiPath: bestSelling, pick: firstCardImage },
    };
  }
  if (page === '/productinfo') {
    const productId = parseProductId(search.get('id'));
    const detail = productId === null ? undefined : productDetailApiPath(productId);
    return {
      apiPaths: detail ? [SESSION_API_PATH, detail] : [SESSION_API_PATH],
      // A lazy page waits for the rest of Mantine's styles (apps/web/src/app/router.tsx).
      webModules: [
        'src/areas/storefront/product-info/product-info-page.tsx',
        MANTINE_REST_STYLES_MODULE,
      ],
      ...(detail ? { leadImage: { apiPath: detail, pick: firstGalleryImage } } : {}),
    };
  }
  return { apiPaths: [], webModules: [] };
}

/**
 * The web module that loads the Mantine styles the first paint does not need
 * (apps/web/src/app/styles/mantine-rest.css): a page the server renders is painted without it.
 */
export const MANTINE_REST_STYLES_MODULE = 'src/app/mantine-styles.ts';
