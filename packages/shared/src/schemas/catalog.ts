import { z } from 'zod';
import { HSN_CLASS_KEYS } from '../gst/hsn-classes.js';
import {
  CATALOG_PAGE_SIZE_DEFAULT,
  CATALOG_SORTS,
  CATALOG_PAGE_SIZE_MAX,
  CATALOG_SEARCH_MAX_CHARS,
  MIN_DISCOUNT_MAX,
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
function queryNames(label: string, maxChars = 40) {
  return z
    .string()
    .max(1000, `${label} is too long`)
    .transform((raw) =>
      raw
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(
      z
        .array(z.string().max(maxChars, `${label} names are at most ${maxChars} characters`))
        .max(20),
    );
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
    company: queryNames('company', 80)
      .optional()
      .describe("Brands (the product's company), comma-separated, any case"),
    minDiscount: queryInt('minDiscount', 1, MIN_DISCOUNT_MAX)
      .optional()
      .describe('At least this percent off the MRP (`discountPercent`, rounded down)'),
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
 * One variant of a design (docs/catalog.md "Designs and variants"): a sellable `products` row in
 * one size and colour. `id` is the product id that carts, wishlists and orders name; money in
 * paise (price never above the MRP); `stockQuantity` in units.
 */
export const ProductVariantSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    size: z.enum(SIZE_LABELS),
    colour: z.string(),
    mrpPaise: z.number().int(),
    pricePaise: z.number().int(),
    stockQuantity: z.number().int(),
  })
  .meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

/**
 * A design as the storefront shows it on a card (docs/catalog.md): ONE card per design. `id` is
 * the design's default variant (the cheapest in stock, else the cheapest), which the card links
 * to; `sku`, `colour`, `size`, `mrpPaise`, `pricePaise` and `stockQuantity` are that variant's.
 * `minPricePaise`/`maxPricePaise` span the design's live variants ('From ₹499'); `colours` and
 * `sizes` are theirs (sizes in SIZES order). Money in paise (the percent off is
 * `discountPercent` of mrpPaise and pricePaise); rating 0-5 with one decimal, over all variants.
 */
export const ProductCardSchema = z
  .object({
    id: z.number().int(),
    designId: z.number().int(),
    minPricePaise: z.number().int(),
    maxPricePaise: z.number().int(),
    colours: z.array(z.string()),
    sizes: z.array(z.enum(SIZE_LABELS)),
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

/**
 * Full product detail of ONE variant (the URL's id): the card's fields for that variant plus
 * measurements, images (the variant's own first, then the design's shared ones), the shop's town
 * and `variants`: every live variant of its design, ordered by colour (A-Z, any case) then the
 * SIZES order.
 */
export const ProductDetailSchema = ProductCardSchema.extend({
  variants: z.array(ProductVariantSchema),
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

/** Path parameters of `GET /api/shops/{shopId}`. */
export const ShopIdParamsSchema = z.object({
  shopId: queryInt('shopId', 1, 2_147_483_647),
});

/**
 * A shop's public page (docs/catalog.md "Shop pages"): who sells, where from and how its products
 * are rated. `rating` is the mean of its rated products' ratings weighted by their rating counts
 * (0-5, one decimal; 0 with `ratingCount` 0 when none is rated); `slug` is the readable part of
 * its URL (`/shop/{id}-{slug}`).
 */
export const ShopStorefrontSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    category: z.string(),
    description: z.string(),
    city: z.string(),
    district: z.string(),
    state: z.string(),
    gstin: z.string().nullable(),
    imageUrl: z.string().nullable(),
    rating: z.number(),
    ratingCount: z.number().int(),
    productCount: z.number().int(),
  })
  .meta({ id: 'ShopStorefront' });
export type ShopStorefront = z.infer<typeof ShopStorefrontSchema>;

/** Query of `GET /api/products/filter-options`: the options of one shop's grid, or of all. */
export const CatalogFilterOptionsQuerySchema = z
  .object({ shopId: queryInt('shopId', 1, 2_147_483_647).optional() })
  .strict();

/**
 * The grid's shop, brand and colour choices: the shops, companies and colours with at least one
 * listed product (design), by name, with how many each has (a shop's page: its brands and
 * colours, and itself). A colour counts a design once when any live variant has it.
 */
export const CatalogFilterOptionsSchema = z
  .object({
    shops: z.array(
      z.object({ id: z.number().int(), name: z.string(), productCount: z.number().int() }),
    ),
    companies: z.array(z.object({ name: z.string(), productCount: z.number().int() })),
    colours: z.array(z.object({ name: z.string(), productCount: z.number().int() })),
  })
  .meta({ id: 'CatalogFilterOptions' });
export type CatalogFilterOptions = z.infer<typeof CatalogFilterOptionsSchema>;

/** Path parameters of the delivery check: a pincode of 6 digits (the spec's message). */
export const DeliveryPincodeParamsSchema = z.object({
  pincode: z.string().regex(/^\d{6}$/, 'Pincode must be 6 digit'),
});

/**
 * The product page's delivery check for a pincode in the delivery area: its town (district) and
 * state from India Post's directory and the days a delivery takes, `minDays` to `maxDays`.
 */
export const DeliveryEstimateSchema = z
  .object({
    pincode: z.string(),
    city: z.string(),
    state: z.string(),
    minDays: z.number().int(),
    maxDays: z.number().int(),
  })
  .meta({ id: 'DeliveryEstimate' });
export type DeliveryEstimate = z.infer<typeof DeliveryEstimateSchema>;
