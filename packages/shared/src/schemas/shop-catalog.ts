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
import { bodyId, pathId } from './fields.js';
import { ProductImageSchema, ProductVariantSchema } from './catalog.js';

/*
 * The shop office's catalog management (docs/shop-catalog.md is the contract). Every amount is
 * integer paise, quantities whole units. There is no offer field: the percent off is worked out
 * from the MRP and the price (`discountPercent`), so the two can never disagree.
 */

/** Most variants (size x colour) one design may have. */
export const DESIGN_VARIANTS_MAX = 500;

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
  designSaved: 'Design saved',
  designNotFound: 'Design not found',
  variantsRequired: 'Add at least one size and colour',
  /** The seller's grid has sizes and colours ticked but left every combination out. */
  allCombinationsLeftOut: 'Every size and colour combination is left out: add at least one back',
  variantsTooMany: `A design can have at most ${DESIGN_VARIANTS_MAX} sizes and colours`,
  variantRepeated: 'This size and colour is already in the list',
  skuRepeated: 'This SKU is already in the list',
  skuTaken: 'This SKU is already used by another product of your shop',
  skuFormat: 'SKU may hold letters, digits, - and _ (at most 40)',
  variantNotInDesign: 'This variant is not part of the design',
  thresholdSaved: 'Low stock level saved',
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
/** A seller's SKU: letters, digits, '-' and '_', 1-40 characters, stored upper-case. */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

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

/** The design's own fields (shared by every variant), as Add Product names them. */
const designFields = {
  company: productFields.company,
  name: productFields.name,
  category: productFields.category,
  style: productFields.style,
  material: productFields.material,
  description: productFields.description.default(''),
  hsnClass: productFields.hsnClass,
};

const skuField = z
  .string()
  .trim()
  .regex(SKU_PATTERN, SHOP_CATALOG_MESSAGES.skuFormat)
  .transform((sku) => sku.toUpperCase());

/** One variant of a design as the seller sends it: size, colour (from the shop's list), money in paise, units. */
const variantFields = {
  size: productFields.size,
  colour: productFields.colour,
  mrpPaise: productFields.mrpPaise,
  pricePaise: productFields.pricePaise,
  quantity: productFields.quantity,
};

function priceNotAboveMrp<T extends z.ZodType<{ mrpPaise: number; pricePaise: number }>>(
  schema: T,
) {
  return schema.refine((input) => input.pricePaise <= input.mrpPaise, {
    path: ['pricePaise'],
    error: (issue) =>
      SHOP_CATALOG_MESSAGES.priceAboveMrp((issue.input as { mrpPaise: number }).mrpPaise),
    when: ({ issues }) =>
      !issues.some((issue) => issue.path?.[0] === 'mrpPaise' || issue.path?.[0] === 'pricePaise'),
  });
}

/** A design variant on create: the SKU is optional (generated from name, colour and size). */
export const DesignVariantInputSchema = priceNotAboveMrp(
  z.object({ ...variantFields, sku: skuField.optional() }).strict(),
);
export type DesignVariantInput = z.output<typeof DesignVariantInputSchema>;

/** A design variant on edit: `id` names an existing variant of the design (absent: a new one). */
export const DesignVariantUpdateSchema = priceNotAboveMrp(
  z
    .object({
      ...variantFields,
      id: bodyId('Choose a variant of this design').optional(),
      sku: skuField,
    })
    .strict(),
);
export type DesignVariantUpdate = z.output<typeof DesignVariantUpdateSchema>;

/**
 * Refuses a second variant with the same size and colour (colour in any case) and, when given,
 * the same SKU, on the later entry's field: `variants.3.colour`, `variants.5.sku`.
 */
function uniqueVariants(
  variants: readonly { size: string; colour: string; sku?: string | undefined }[],
  ctx: z.RefinementCtx,
) {
  const pairs = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((variant, index) => {
    const pair = `${variant.size}|${variant.colour.toLowerCase()}`;
    if (pairs.has(pair)) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', index, 'colour'],
        message: SHOP_CATALOG_MESSAGES.variantRepeated,
      });
    }
    pairs.add(pair);
    if (variant.sku !== undefined) {
      if (skus.has(variant.sku)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'sku'],
          message: SHOP_CATALOG_MESSAGES.skuRepeated,
        });
      }
      skus.add(variant.sku);
    }
  });
}

function variantList<T extends z.ZodType>(item: T) {
  return z
    .array(item, { error: () => SHOP_CATALOG_MESSAGES.variantsRequired })
    .min(1, SHOP_CATALOG_MESSAGES.variantsRequired)
    .max(DESIGN_VARIANTS_MAX, SHOP_CATALOG_MESSAGES.variantsTooMany);
}

/**
 * `POST /api/shop/designs` (JSON): a design and its variants (1..500). Company, name and every
 * colour must be in the shop's lists (server check); each price at most its MRP ('Price cannot
 * be more than the MRP (₹1,500)' on `variants.N.pricePaise`); a repeated size+colour is refused
 * on `variants.N.colour`. Images are added afterwards (`POST /api/shop/designs/{id}/images`).
 */
export const DesignInputSchema = z
  .object({ ...designFields, variants: variantList(DesignVariantInputSchema) })
  .strict()
  .superRefine((input, ctx) => uniqueVariants(input.variants, ctx));
export type DesignInput = z.output<typeof DesignInputSchema>;
export type DesignFormInput = z.input<typeof DesignInputSchema>;

/**
 * `PUT /api/shop/designs/{designId}` (JSON): the whole design. Variants with `id` are updated,
 * without are added, and live variants missing from the list are archived; quantities move
 * through the stock ledger. All in one transaction.
 */
export const DesignUpdateSchema = z
  .object({ ...designFields, variants: variantList(DesignVariantUpdateSchema) })
  .strict()
  .superRefine((input, ctx) => {
    uniqueVariants(input.variants, ctx);
    const ids = new Set<number>();
    input.variants.forEach((variant, index) => {
      if (variant.id === undefined) return;
      if (ids.has(variant.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'id'],
          message: SHOP_CATALOG_MESSAGES.variantRepeated,
        });
      }
      ids.add(variant.id);
    });
  });
export type DesignUpdate = z.output<typeof DesignUpdateSchema>;
export type DesignUpdateFormInput = z.input<typeof DesignUpdateSchema>;

/** Path parameters `{designId}` of the design routes. */
export const ShopDesignParamsSchema = z.object({ designId: pathId('designId') });

/**
 * A design of the shop as the seller edits it: its fields, the card aggregates (paise, units)
 * and its shared images (each variant's own images are on `/api/shop/products/{id}/images`).
 */
export const ShopDesignSchema = z
  .object({
    id: z.number().int(),
    company: z.string(),
    name: z.string(),
    category: z.enum(PRODUCT_CATEGORIES),
    style: z.enum(PRODUCT_STYLES),
    material: z.enum(PRODUCT_MATERIALS),
    description: z.string(),
    hsnClass: z.enum(HSN_CLASS_KEYS),
    placement: z.enum(PLACEMENTS),
    defaultProductId: z.number().int().nullable(),
    minPricePaise: z.number().int(),
    maxPricePaise: z.number().int(),
    colours: z.array(z.string()),
    sizes: z.array(z.enum(SIZE_LABELS)),
    stockTotal: z.number().int(),
    images: z.array(ProductImageSchema),
  })
  .meta({ id: 'ShopDesign' });
export type ShopDesign = z.infer<typeof ShopDesignSchema>;

/**
 * Answer of `GET`/`PUT /api/shop/designs/{designId}`: the design and its live variants (by colour,
 * then the SIZES order).
 */
export const ShopDesignWithVariantsSchema = z
  .object({ design: ShopDesignSchema, variants: z.array(ProductVariantSchema) })
  .meta({ id: 'ShopDesignWithVariants' });
export type ShopDesignWithVariants = z.infer<typeof ShopDesignWithVariantsSchema>;

/** Answer of `POST /api/shop/designs` (201): the new design's id and its variants. */
export const DesignCreatedSchema = z
  .object({ designId: z.number().int(), variants: z.array(ProductVariantSchema) })
  .meta({ id: 'DesignCreated' });
export type DesignCreated = z.infer<typeof DesignCreatedSchema>;

/** `PUT /api/shop/low-stock-threshold` `{ threshold }`: units at or below which a variant is low. */
export const LowStockThresholdInputSchema = z
  .object({ threshold: wholeNumber('Low stock level', 0, MAX_QUANTITY) })
  .strict();
export type LowStockThresholdInput = z.output<typeof LowStockThresholdInputSchema>;

/** The shop's low-stock level (units). */
export const LowStockThresholdSchema = z
  .object({ threshold: z.number().int() })
  .meta({ id: 'LowStockThreshold' });
export type LowStockThreshold = z.infer<typeof LowStockThresholdSchema>;

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
    /** `true`: only variants with stock at or below the shop's low-stock level. */
    lowStock: z
      .enum(['true', 'false'], { error: () => 'lowStock must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
    /** Only the variants of this design. */
    designId: pathId('designId').optional(),
    page: wholeNumber('page', 1, 100_000).default(1),
  })
  .strict();
export type ShopProductQuery = z.output<typeof ShopProductQuerySchema>;
export type ShopProductQueryInput = z.input<typeof ShopProductQuerySchema>;

/**
 * One product of the shop, i.e. one variant of a design (its size, colour and SKU), as All Stock
 * and the edit modal show it. Money in paise, `quantity` in units.
 */
export const ShopProductSchema = z
  .object({
    id: z.number().int(),
    /** The design this variant belongs to (`/api/shop/designs/{designId}`). */
    designId: z.number().int(),
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

/** Answer of `GET /api/shop/products`; `lowStockThreshold` is the shop's low-stock level (units). */
export const ShopProductPageSchema = z
  .object({
    items: z.array(ShopProductSchema),
    lowStockThreshold: z.number().int(),
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
