import type { Cart, Wishlist } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToWishlist } from '../wishlist/add-to-wishlist';
import { wishlistKeys } from '../wishlist/get-wishlist';
import { cartKeys } from './cart-keys';
import { removeCartLine } from './remove-cart-line';

/**
 * Save for later: saves the product to the wishlist (`wishlistApi.addWishlistItem`, harmless when
 * already there), then takes the line out of the cart (`cartApi.removeCartItem`).
 * In that order, so a failure never loses the product: at worst it is in both.
 * @throws ApiError 409 when the wishlist is full (the line stays in the cart).
 */
export async function saveForLater(productId: number): Promise<{ cart: Cart; wishlist: Wishlist }> {
  const wishlist = await addToWishlist(productId);
  const cart = await removeCartLine(productId);
  return { cart, wishlist };
}

/** Moves a cart line to the wishlist; both answers replace their cached copies. */
export function useSaveForLater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveForLater,
    onSuccess: ({ cart, wishlist }) => {
      queryClient.setQueryData(cartKeys.all, cart);
      queryClient.setQueryData(wishlistKeys.all, wishlist);
    },
  });
}
