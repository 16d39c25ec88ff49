import { z } from 'zod';
import {
  BACK_OFFICE_PAGE_SIZE,
  IMAGE_UPLOAD_MAX_BYTES,
  PLACEMENTS,
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_MATERIALS,
  PRODUCT_STYLES,
  SIZE_LABELS,
} from '../constants.js';
import { formatRupeesShort } from '../domain/money.js';
import { HSN_CLASS_KEYS } from '../gst/hsn-classes.js';
import { ProductImageSchema } from './catalog.js';

/*
 * The shop office's catalog management (docs/shop-catalog.md is the contract). Every amount is
 * integer paise, quantities whole units. There is no offer field: the percent off is worked out
 * from the MRP and the price (`discountPercent`), so the two can never disagree.
 */

/** Texts the seller and support admin see (docs/shop-catalog.md). */
export const SHOP_CATALOG_MESSAGES = {
  productAdded: 'Product added successfully',
  productUpdated: 'Product updated !!!',
  productDeleted: 'Product deleted !!!',
  placementSaved: 'information updated !!!',
  listEmpty: 'Data not available',
  stockEmpty: 'Data Not Found',
  imageType: 'Only jpg and png images can be uploaded',
  imageTooLarge: 'Each image must be at most 5 MB',
  imageUnreadable: 'This image could not be read; please choose another picture',
  imagesRequired: 'Add at least one image',
  imagesTooMany: `A product can have at most ${PRODUCT_IMAGES_MAX} images`,
  lastImage: 'A product keeps at least one image; add another before deleting this one',
  /** The price is over the MRP (paise) printed on the tag: '... the MRP (₹1,500)'. */
  priceAboveMrp: (mrpPaise: number) =>
    `Price cannot be more than the MRP (${formatRupeesShort(mrpPaise)})`,
  notInList: (list: string) => `Choose a value from your ${list} list`,
  nameTaken: (what: string) => `This ${what} is already in your list`,
  nothingToChange: 'Change at least one field',
} as const;

/** The three pick-lists of a shop and how their entries are called in messages. */
export const SHOP_LISTS = {
  colours: { label: 'colour', search: 'Search Color by name', maxChars: 40 },
  companies: { label: 'company', search: 'Search Company by name', maxChars: 80 },
  'product-names': { label: 'product name', search: 'Search Product by name', maxChars: 80 },
} as const;
export type ShopListKind = keyof typeof SHOP_LISTS;
export const SHOP_LIST_KINDS = Object.keys(SHOP_LISTS) as ShopListKind[];

/** Image types the product upload accepts (checked by content on the server). */
export const PRODUCT_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
/** Largest product image in bytes (5 MB), the same limit as every upload. */
export const PRODUCT_IMAGE_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
/** Page size of All Stock (docs/shop-catalog.md). */
export const SHOP_PRODUCTS_PAGE_SIZE = BACK_OFFICE_PAGE_SIZE;

const MAX_PAISE = 100_000_000; // ₹10,00,000
const MAX_QUANTITY = 100_000;

/** A whole number sent as JSON number or as a form field's digits: '1299' -> 1299. */
function wholeNumber(label: string, min: number, max: number) {
  return z
    .union([
      z.number({ error: () => `${label} must be a whole number` }),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}$/, `${label} must be a whole number`)
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );
}

function requiredText(label: string, max: number) {
  return z
    .string({ error: () => `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

function choice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: () => `Select ${label}` });
}

/** Path parameters `{id}` of a list entry or a product. */
export const ShopEntityParamsSchema = z.object({ id: wholeNumber('id', 1, 2_147_483_647) });
/** Path parameters `{id}/images/{imageId}`. */
export const ShopProductImageParamsSchema = z.object({
  id: wholeNumber('id', 1, 2_147_483_647),
  imageId: wholeNumber('imageId', 1, 2_147_483_647),
});

/** `GET /api/shop/{list}?search=`: case-insensitive contains-search on the name. */
export const ShopListQuerySchema = z
  .object({ search: z.string().trim().max(80, 'search is too long').optional() })
  .strict();

/**
 * `POST /api/shop/{list}` `{ name }`: one new entry (at most 40 characters for colours, else 80).
 */
export const ShopListEntryInputSchema = z.object({ name: requiredText('Name', 80) }).strict();
export type ShopListEntryInput = z.infer<typeof ShopListEntryInputSchema>;

/** One entry of a pick-list. */
export const ShopListEntrySchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'ShopListEntry' });
export type ShopListEntry = z.infer<typeof ShopListEntrySchema>;

/** A pick-list, by name (A-Z). */
export const ShopListSchema = z
  .object({ items: z.array(ShopListEntrySchema) })
  .meta({ id: 'ShopList' });
export type ShopList = z.infer<typeof ShopListSchema>;

/** The fields of a product as the Add Product form sends them (docs/shop-catalog.md). */
const productFields = {
  company: requiredText('Company', 80),
  name: requiredText('Product name', 80),
  category: choice('a category', PRODUCT_CATEGORIES),
  style: choice('a style', PRODUCT_STYLES),
  material: choice('a material', PRODUCT_MATERIALS),
  colour: requiredText('Colour', 40),
  size: choice('a size', SIZE_LABELS),
  quantity: wholeNumber('Quantity', 0, MAX_QUANTITY),
  mrpPaise: wholeNumber('MRP', 1, MAX_PAISE),
  pricePaise: wholeNumber('Price', 1, MAX_PAISE),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  /**
   * What the product is for GST (HSN_CLASSES: its HSN code and rate schedule, docs/gst.md
   * "Marketplace"). Optional on add: the server then takes `suggestHsnClass` of the name,
   * category and material.
   */
  hsnClass: choice('an HSN class', HSN_CLASS_KEYS).optional(),
};

/**
 * `POST /api/shop/products` form fields (multipart; the images travel as files `images`).
 * MRP and price in paise; the price may not be more than the MRP (the message names the MRP,
 * on `pricePaise`). The form and the server both run it.
 */
export const ProductInputSchema = z
  .object(productFields)
  .strict()
  .refine((input) => input.pricePaise <= input.mrpPaise, {
    path: ['pricePaise'],
    error: (issue) =>
      SHOP_CATALOG_MESSAGES.priceAboveMrp((issue.input as { mrpPaise: number }).mrpPaise),
    // Checked as soon as both amounts are valid, so the form shows it with the other fields'
    // messages instead of after they are fixed.
    when: ({ issues }) =>
      !issues.some((issue) => issue.path?.[0] === 'mrpPaise' || issue.path?.[0] === 'pricePaise'),
  });
export type ProductInput = z.output<typeof ProductInputSchema>;
/** What the Add Product form holds before it is sent (numbers may still be strings). */
export type ProductFormInput = z.input<typeof ProductInputSchema>;

/**
 * `PATCH /api/shop/products/{id}` (JSON): only the fields sent change ("unchanged selectors keep
 * current values"); the price is checked against the MRP after merging with the current values.
 */
export const ProductUpdateSchema = z
  .object(productFields)
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, {
    message: SHOP_CATALOG_MESSAGES.nothingToChange,
  });
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;

/** A multi-select filter: repeated parameters or comma lists ('M,L' or size=M&size=L). */
function filterList(label: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((raw) =>
      [raw]
        .flat()
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(z.string().max(80, `${label} values are at most 80 characters`)).max(50));
}

/** `GET /api/shop/products`: All Stock's five multi-select filters and the 1-based page of 10. */
export const ShopProductQuerySchema = z
  .object({
    company: filterList('company').optional(),
    product: filterList('product').optional(),
    category: filterList('category').optional(),
    size: filterList('size').optional(),
    colour: filterList('colour').optional(),
    page: wholeNumber('page', 1, 100_000).default(1),
  })
  .strict();
export type ShopProductQuery = z.output<typeof ShopProductQuerySchema>;
export type ShopProductQueryInput = z.input<typeof ShopProductQuerySchema>;

/** One product of the shop as All Stock and the edit modal show it. */
export const ShopProductSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    company: z.string(),
    name: z.string(),
    category: z.enum(PRODUCT_CATEGORIES),
    style: z.enum(PRODUCT_STYLES),
    material: z.enum(PRODUCT_MATERIALS),
    colour: z.string(),
    size: z.enum(SIZE_LABELS),
    chestInches: z.number().int(),
    lengthCm: z.number().int(),
    quantity: z.number().int(),
    mrpPaise: z.number().int(),
    pricePaise: z.number().int(),
    description: z.string(),
    /** Key of HSN_CLASSES: the HSN printed on its invoices and its GST rate schedule. */
    hsnClass: z.enum(HSN_CLASS_KEYS),
    placement: z.enum(PLACEMENTS),
    thumbnailUrl: z.string().nullable(),
    imageCount: z.number().int(),
  })
  .meta({ id: 'ShopProduct' });
export type ShopProduct = z.infer<typeof ShopProductSchema>;

/** Answer of `GET /api/shop/products`. */
export const ShopProductPageSchema = z
  .object({
    items: z.array(ShopProductSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'ShopProductPage' });
export type ShopProductPage = z.infer<typeof ShopProductPageSchema>;

/** Answer of `GET /api/shop/products/filters`: the distinct values of the shop's products. */
export const ShopProductFiltersSchema = z
  .object({
    companies: z.array(z.string()),
    products: z.array(z.string()),
    categories: z.array(z.string()),
    sizes: z.array(z.string()),
    colours: z.array(z.string()),
  })
  .meta({ id: 'ShopProductFilters' });
export type ShopProductFilters = z.infer<typeof ShopProductFiltersSchema>;

/** Answer of the product images routes. */
export const ShopProductImagesSchema = z
  .object({ items: z.array(ProductImageSchema) })
  .meta({ id: 'ShopProductImages' });
export type ShopProductImages = z.infer<typeof ShopProductImagesSchema>;

/** Answer of product writes: the spec's toast text and the product. */
export const ShopProductSavedSchema = z.object({
  message: z.string(),
  product: ShopProductSchema,
});
export type ShopProductSaved = z.infer<typeof ShopProductSavedSchema>;

/**
 * Answer of `DELETE /api/shop/products/{id}`: 'Product deleted !!!' and whether it was erased or
 * archived (a product that was ever ordered is archived: hidden everywhere, kept for its orders).
 */
export const ShopProductDeletedSchema = z.object({
  message: z.string(),
  outcome: z.enum(['deleted', 'archived']),
});
export type ShopProductDeleted = z.infer<typeof ShopProductDeletedSchema>;

/** `PUT /api/shop/products/{id}/placement` (Add Info). */
export const PlacementInputSchema = z
  .object({ placement: z.enum(PLACEMENTS, { error: () => 'Select where to show it' }) })
  .strict();
export type PlacementInput = z.infer<typeof PlacementInputSchema>;

/** `GET /api/shop/slider?placement=` (View info): one of the two home sliders. */
export const ShopSliderQuerySchema = z
  .object({
    placement: z.enum(['best_selling', 'new_arrivals'], {
      error: () => 'placement must be best_selling or new_arrivals',
    }),
  })
  .strict();
export type ShopSliderQuery = z.infer<typeof ShopSliderQuerySchema>;

/**
 * What a home slider holds for this shop: the products pinned to it, each marked with whether
 * the storefront slider shows it now (best selling also lists top sellers that are not pinned).
 */
export const ShopSliderSchema = z
  .object({
    placement: z.enum(['best_selling', 'new_arrivals']),
    items: z.array(ShopProductSchema.extend({ onStorefront: z.boolean() })),
  })
  .meta({ id: 'ShopSlider' });
export type ShopSlider = z.infer<typeof ShopSliderSchema>;
