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

/** `POST /api/cart/merge`: the visitor's browser cart, merged at login. */
export const CartMergeSchema = z.object({
  items: z.array(CartItemInputSchema).max(CART_MAX_LINES, SHOPPING_MESSAGES.cartFull),
});
export type CartMerge = z.infer<typeof CartMergeSchema>;

/** One wishlisted product as it is now. */
export const WishlistItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  company: z.string(),
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
