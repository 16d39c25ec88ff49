import { z } from 'zod';
import { HSN_CLASS_KEYS } from '../gst/hsn-classes.js';
import {
  CATALOG_PAGE_SIZE_DEFAULT,
  CATALOG_SORTS,
  CATALOG_PAGE_SIZE_MAX,
  CATALOG_SEARCH_MAX_CHARS,
  PLACEMENTS,
  PRODUCT_CATEGORIES,
  PRODUCT_MATERIALS,
  PRODUCT_STYLES,
  SIZE_LABELS,
  SLIDER_LIST_LIMIT_DEFAULT,
  SLIDER_LIST_LIMIT_MAX,
} from '../constants.js';

const MAX_PRICE_PAISE = 100_000_000; // ₹10,00,000: far above any garment, keeps sums in range

/** A query-string integer: digits only, so '1e3', '12abc' and '-1' are refused with a message. */
function queryInt(label: string, min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,12}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );
}

/** A comma-separated list of allowed values: 'Men,Women' -> ['Men', 'Women']. */
function queryList<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z
    .string()
    .max(500, `${label} is too long`)
    .transform((raw) =>
      raw
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(
      z
        .array(z.enum(values, { error: () => `${label} must be one of: ${values.join(', ')}` }))
        .max(values.length, `${label} lists too many values`),
    );
}

/** A comma-separated list of free names (colours): 'Red,Navy Blue' -> ['Red', 'Navy Blue']. */
function queryNames(label: string) {
  return z
    .string()
    .max(500, `${label} is too long`)
    .transform((raw) =>
      raw
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(z.string().max(40, `${label} names are at most 40 characters`)).max(20));
}

/**
 * Query of `GET /api/products` (the product grid and its search rule, docs/catalog.md). Prices are
 * paise. Every bad value answers 400 naming the field.
 */
export const CatalogQuerySchema = z
  .object({
    q: z
      .string()
      .max(CATALOG_SEARCH_MAX_CHARS, `q must be at most ${CATALOG_SEARCH_MAX_CHARS} characters`)
      .optional()
      .describe(
        'Case-insensitive contains-search: every word must occur in the product name, category, style, material or colour',
      ),
    minPricePaise: queryInt('minPricePaise', 0, MAX_PRICE_PAISE).optional(),
    maxPricePaise: queryInt('maxPricePaise', 0, MAX_PRICE_PAISE).optional(),
    category: queryList('category', PRODUCT_CATEGORIES).optional(),
    size: queryList('size', SIZE_LABELS).optional(),
    colour: queryNames('colour').optional(),
    style: queryList('style', PRODUCT_STYLES).optional(),
    material: queryList('material', PRODUCT_MATERIALS).optional(),
    shopId: queryInt('shopId', 1, 2_147_483_647).optional(),
    sort: z
      .enum(CATALOG_SORTS, { error: () => `sort must be one of: ${CATALOG_SORTS.join(', ')}` })
      .default('newest'),
    page: queryInt('page', 1, 100_000).default(1),
    pageSize: queryInt('pageSize', 1, CATALOG_PAGE_SIZE_MAX).default(CATALOG_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .refine(
    (query) =>
      query.minPricePaise === undefined ||
      query.maxPricePaise === undefined ||
      query.minPricePaise <= query.maxPricePaise,
    { message: 'maxPricePaise must not be below minPricePaise', path: ['maxPricePaise'] },
  );
export type CatalogQueryInput = z.input<typeof CatalogQuerySchema>;
export type CatalogQuery = z.output<typeof CatalogQuerySchema>;

/** Query of the home sliders' lists (`GET /api/products/best-selling`, `/new-arrivals`). */
export const SliderQuerySchema = z
  .object({
    limit: queryInt('limit', 1, SLIDER_LIST_LIMIT_MAX).default(SLIDER_LIST_LIMIT_DEFAULT),
  })
  .strict();

/** Path parameters of `GET /api/products/{productId}`. */
export const ProductIdParamsSchema = z.object({
  productId: queryInt('productId', 1, 2_147_483_647),
});

/** One product image: full-size WebP and its thumbnail, as URLs served by the app. */
export const ProductImageSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    thumbnailUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof ProductImageSchema>;

/**
 * A product as the storefront shows it on a card (docs/catalog.md).
 * Money in paise (the percent off is `discountPercent` of mrpPaise and pricePaise); rating 0-5
 * with one decimal.
 */
export const ProductCardSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    shopId: z.number().int(),
    shopName: z.string(),
    company: z.string(),
    name: z.string(),
    category: z.enum(PRODUCT_CATEGORIES),
    style: z.enum(PRODUCT_STYLES),
    material: z.enum(PRODUCT_MATERIALS),
    colour: z.string(),
    size: z.enum(SIZE_LABELS),
    mrpPaise: z.number().int(),
    pricePaise: z.number().int(),
    rating: z.number(),
    ratingCount: z.number().int(),
    description: z.string(),
    placement: z.enum(PLACEMENTS),
    stockQuantity: z.number().int(),
    imageUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
  })
  .meta({ id: 'ProductCard' });
export type ProductCard = z.infer<typeof ProductCardSchema>;

/** Full product detail: the card plus measurements, images and the shop's town. */
export const ProductDetailSchema = ProductCardSchema.extend({
  chestInches: z.number().int(),
  lengthCm: z.number().int(),
  images: z.array(ProductImageSchema),
  shopCity: z.string(),
  /**
   * What the product is for GST (a key of HSN_CLASSES): the page states the rate its price
   * includes (`inclusiveRateOf`, docs/gst.md "Marketplace").
   */
  hsnClass: z.enum(HSN_CLASS_KEYS),
  /** Its 4-digit HSN heading, as its invoice prints it. */
  hsn: z.string(),
}).meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** Lowest and highest price (paise) of the current result, ignoring the price filter itself. */
export const PriceBoundsSchema = z
  .object({ minPricePaise: z.number().int(), maxPricePaise: z.number().int() })
  .nullable()
  .meta({ id: 'PriceBounds' });

/** Answer of `GET /api/products`. */
export const ProductPageSchema = z
  .object({
    items: z.array(ProductCardSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    priceBounds: PriceBoundsSchema,
  })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** Answer of the slider lists. */
export const ProductListSchema = z
  .object({ items: z.array(ProductCardSchema) })
  .meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof ProductListSchema>;
