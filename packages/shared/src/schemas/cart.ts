import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES } from '../constants.js';
import { AddressSchema, AddressViewSchema, PersonNameSchema } from './accounts.js';
import { bodyId, MobileSchema } from './fields.js';

/**
 * Shopping: cart, wishlist and saved delivery addresses (docs/shopping.md). Every amount is integer
 * paise. Each route answers the whole updated resource so the browser can replace its cache.
 */

/** Texts shown to the customer; the server's refusals carry these messages. */
export const SHOPPING_MESSAGES = {
  productUnavailable: 'This product is no longer available',
  outOfStock: 'This product is out of stock',
  quantityRange: `Quantity must be between 1 and ${CART_LINE_MAX_QUANTITY}`,
  lineLimit: `You can buy at most ${CART_LINE_MAX_QUANTITY} of one product`,
  cartFull: `Your cart can hold at most ${CART_MAX_LINES} different products`,
  notInCart: 'This product is not in your cart',
  notInWishlist: 'This product is not in your wishlist',
  wishlistFull: 'Your wishlist is full: remove a product to add another',
  addressNotFound: 'Address not found',
  addressLimit: 'You can save at most 10 addresses: delete one to add another',
} as const;

/** "Only 3 left in stock": the 409 message when a quantity exceeds the stock. */
export function onlyLeftInStockMessage(stock: number): string {
  return `Only ${stock} left in stock`;
}

const ShopRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** One line of the cart with the product as it is now (price, stock) and the line's amounts. */
export const CartLineSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  company: z.string(),
  /** The variant's SKU (size and colour name the variant too). */
  sku: z.string(),
  category: z.string(),
  size: z.string(),
  colour: z.string(),
  /** Thumbnail URL, null when the product has no image. */
  imageUrl: z.string().nullable(),
  /** Unit price in paise, GST included. */
  pricePaise: z.number().int(),
  /** Unit MRP (the struck-through price, and what `discountPercent` counts from) in paise. */
  mrpPaise: z.number().int(),
  /** What it is for tax (HSN_CLASSES key): the GST included is worked out at its rate. */
  hsnClass: z.string(),
  quantity: z.number().int(),
  stockQuantity: z.number().int(),
  /** False when the product was archived or its stock is 0: it cannot be ordered. */
  available: z.boolean(),
  /** min(10, stock): the largest quantity the customer may choose. */
  maxQuantity: z.number().int(),
  shop: ShopRefSchema,
  /** pricePaise × quantity. */
  lineTotalPaise: z.number().int(),
  /** mrpPaise × quantity. */
  lineMrpPaise: z.number().int(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** The cart's totals (domain/cart.ts cartTotals), paise except itemCount (units). */
export const CartTotalsSchema = z.object({
  itemCount: z.number().int(),
  mrpPaise: z.number().int(),
  discountPaise: z.number().int(),
  totalPaise: z.number().int(),
  gstIncludedPaise: z.number().int(),
  deliveryPaise: z.number().int(),
});
export type CartTotals = z.infer<typeof CartTotalsSchema>;

/** `GET /api/cart` and every cart change's answer. */
export const CartSchema = z.object({ lines: z.array(CartLineSchema), totals: CartTotalsSchema });
export type Cart = z.infer<typeof CartSchema>;

/** A quantity of one product in a cart: 1..10. */
export const CartQuantityValueSchema = z
  .number(SHOPPING_MESSAGES.quantityRange)
  .int(SHOPPING_MESSAGES.quantityRange)
  .min(1, SHOPPING_MESSAGES.quantityRange)
  .max(CART_LINE_MAX_QUANTITY, SHOPPING_MESSAGES.quantityRange);

/** `POST /api/cart/items`: add this quantity of a product to the cart. */
export const CartItemInputSchema = z.object({
  productId: bodyId('Choose a product'),
  quantity: CartQuantityValueSchema,
});
export type CartItemInput = z.infer<typeof CartItemInputSchema>;

/** `PATCH /api/cart/items/{productId}`: set the line's quantity. */
export const CartQuantitySchema = z.object({ quantity: CartQuantityValueSchema });
export type CartQuantity = z.infer<typeof CartQuantitySchema>;

/** A browser cart's lines: at most 50 (the cart's own limit). */
const BrowserCartItemsSchema = z
  .array(CartItemInputSchema)
  .max(CART_MAX_LINES, SHOPPING_MESSAGES.cartFull);

/**
 * `POST /api/cart/merge`: the visitor's browser cart, merged at login. `mergeId` names this
 * version of the browser cart (16-64 letters, digits, `-` or `_`, made by the browser): the same
 * id sent again is answered as the first time and adds nothing (docs/shopping.md "Guest cart").
 */
export const CartMergeSchema = z.object({
  mergeId: z
    .string('A merge id is needed')
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'A merge id is 16 to 64 letters, digits, - or _'),
  items: BrowserCartItemsSchema,
});
export type CartMerge = z.infer<typeof CartMergeSchema>;

/** Why a browser cart's line was not merged as asked. */
export const CART_MERGE_REASONS = [
  'stock',
  'line_limit',
  'sold_out',
  'unavailable',
  'cart_full',
] as const;
export type CartMergeReason = (typeof CART_MERGE_REASONS)[number];

/**
 * One browser-cart line the merge changed: `capped` (fewer units than asked: `quantity` is the
 * line's quantity now, at most min(10, stock)) or `dropped` (nothing added: sold out, archived or
 * unknown, or the cart already holds 50 products). `name` is null for an unknown product.
 */
export const CartMergeAdjustmentSchema = z.object({
  productId: z.number().int(),
  name: z.string().nullable(),
  outcome: z.enum(['capped', 'dropped']),
  reason: z.enum(CART_MERGE_REASONS),
  /** Units the browser cart asked to add. */
  requested: z.number().int(),
  /** The line's quantity in the cart after the merge (0 when dropped). */
  quantity: z.number().int(),
});
export type CartMergeAdjustment = z.infer<typeof CartMergeAdjustmentSchema>;

/**
 * `POST /api/cart/merge`'s answer: the whole cart after the merge and what was capped or dropped.
 * `replayed` is true when this `mergeId` had been merged before (nothing was added this time; the
 * adjustments are the first merge's).
 */
export const CartMergeResultSchema = z.object({
  cart: CartSchema,
  adjustments: z.array(CartMergeAdjustmentSchema),
  replayed: z.boolean(),
});
export type CartMergeResult = z.infer<typeof CartMergeResultSchema>;

/** `POST /api/cart/preview`: a visitor's browser cart to price (at most 50 lines). */
export const CartPreviewInputSchema = z
  .object({
    items: z.array(CartItemInputSchema.strict()).max(CART_MAX_LINES, SHOPPING_MESSAGES.cartFull),
  })
  .strict();
export type CartPreviewInput = z.infer<typeof CartPreviewInputSchema>;

/**
 * `POST /api/cart/preview`'s answer: the browser cart's lines as the server cart would show them
 * (live prices and stock, the quantities asked, in the order asked; a product asked twice is one
 * line), totals over the available lines, and the ids of products that do not exist.
 */
export const CartPreviewSchema = CartSchema.extend({
  unknownProductIds: z.array(z.number().int()),
});
export type CartPreview = z.infer<typeof CartPreviewSchema>;

/** One wishlisted product as it is now. */
export const WishlistItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  company: z.string(),
  /** The variant's SKU (size and colour name the variant too). */
  sku: z.string(),
  size: z.string(),
  colour: z.string(),
  imageUrl: z.string().nullable(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  rating: z.number(),
  available: z.boolean(),
  shop: ShopRefSchema,
  /** ISO 8601 time it was added. */
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

/** `GET /api/wishlist` and every wishlist change's answer, newest first. */
export const WishlistSchema = z.object({ items: z.array(WishlistItemSchema) });
export type Wishlist = z.infer<typeof WishlistSchema>;

/** `POST /api/wishlist/items/{productId}/move-to-cart`: both resources after the move. */
export const MoveToCartResultSchema = z.object({ cart: CartSchema, wishlist: WishlistSchema });
export type MoveToCartResult = z.infer<typeof MoveToCartResultSchema>;

/** `POST /api/addresses`: a delivery address (the registration address rules) plus who receives. */
export const DeliveryAddressInputSchema = AddressSchema.extend({
  recipientName: PersonNameSchema,
  mobile: MobileSchema,
});
export type DeliveryAddressInput = z.input<typeof DeliveryAddressInputSchema>;

/** `PATCH /api/addresses/{addressId}`: any subset of the fields. */
export const DeliveryAddressUpdateSchema = z
  .object({
    locality: AddressSchema.shape.locality,
    landmark: AddressSchema.shape.landmark.unwrap(),
    city: AddressSchema.shape.city,
    state: AddressSchema.shape.state.unwrap(),
    pincode: AddressSchema.shape.pincode,
    country: AddressSchema.shape.country.unwrap(),
    recipientName: PersonNameSchema,
    mobile: MobileSchema,
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type DeliveryAddressUpdate = z.input<typeof DeliveryAddressUpdateSchema>;

/** A saved delivery address. */
export const DeliveryAddressSchema = AddressViewSchema.extend({
  recipientName: z.string(),
  mobile: z.string(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

/** `GET /api/addresses` and every address change's answer: the default first, then newest. */
export const DeliveryAddressListSchema = z.object({ addresses: z.array(DeliveryAddressSchema) });
export type DeliveryAddressList = z.infer<typeof DeliveryAddressListSchema>;
