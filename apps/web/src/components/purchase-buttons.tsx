import { Anchor, Button, type ButtonProps } from '@mantine/core';
import type { Cart } from '@bazaar/shared';
import { IconBolt, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../api/accounts/session';
import { isApiError } from '../api/api-client';
import { cartKeys } from '../api/cart/cart-keys';
import { rememberPendingCartItem } from '../api/cart/pending-cart';
import { buyNowPath, loginPath, PATHS } from '../config/site';
import { useEarlyAction } from './early-action';
import { notify } from './notify';

/** Why a staff user (seller, admin...) cannot use the buttons: carts belong to customers. */
export const STAFF_CANNOT_BUY = 'Shopping needs a customer account';

type Action = 'add' | 'buy';

interface PurchaseButtonsProps {
  productId: number;
  /** The product's name, for the buttons' accessible names on cards (`Add Kurta to cart`). */
  productName?: string;
  outOfStock: boolean;
  /** Where login sends the visitor back to (the product's page). */
  returnTo: string;
  size: 'xs' | 'md';
}

/**
 * The server's own words for a refusal it explains (stock, a product gone, the cart's limits);
 * else a generic line. Kept here rather than shared: this file is on every product card.
 */
function refusalMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  if (isApiError(error, 0)) return 'The server could not be reached. Please try again.';
  return 'Something went wrong. Please try again.';
}

/** "Added to cart" with a View cart link; one toast however quickly the shopper clicks. */
function notifyAdded(productId: number, navigate: (to: string) => unknown) {
  void notify({
    // Mantine shows an id only once.
    id: `added-to-cart-${productId}`,
    color: 'green',
    title: 'Added to cart',
    message: (
      // The toasts live outside the router, so the link navigates by hand.
      <Anchor
        href={PATHS.customerCart}
        fz="sm"
        fw={600}
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          void navigate(PATHS.customerCart);
        }}
      >
        View cart
      </Anchor>
    ),
    autoClose: 4000,
  });
}

/**
 * Add to cart and Buy now (docs/shopping.md, cards and product detail; docs/orders.md "Buy now").
 * - A signed-in customer: Add to cart adds one (`cartApi.addCartItem`, loaded on the first
 *   click so the home page stays light) and toasts "Added to cart" with a View cart link; a
 *   refusal (409 'Only 2 left in stock'...) toasts the server's message. Buy now opens checkout
 *   with that one product (`/Checkout?buy=12`), leaving the cart as it is.
 * - A visitor (or while the session loads): Add to cart adds one to the browser's cart
 *   (pending-cart.ts, merged at login) with the same toast; Buy now goes to the login page, which
 *   comes back to that checkout.
 * - Staff users see the buttons greyed out with "Shopping needs a customer account" as the title
 *   (still focusable, so the reason can be read).
 * - Out of stock disables both.
 */
export function PurchaseButtons({
  productId,
  productName,
  outOfStock,
  returnTo,
  size,
}: PurchaseButtonsProps) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Action | null>(null);
  // A click on the server's Add to cart before the app has taken it over is replayed then. Buy
  // now is a link: before then it opens its page as any link does.
  const earlyAdd = useEarlyAction<HTMLButtonElement>(`add-to-cart:${productId}`);
  const iconSize = size === 'xs' ? 16 : 18;

  const handleAdd = async () => {
    setBusy('add');
    try {
      const { addToCart } = await import('../api/cart/add-to-cart');
      const cart = await addToCart({ productId, quantity: 1 });
      queryClient.setQueryData<Cart>(cartKeys.all, cart);
      notifyAdded(productId, navigate);
    } catch (error) {
      if (isApiError(error, 401)) {
        // The session ended: log in again and come back, with the product remembered.
        rememberPendingCartItem(productId);
        await navigate(loginPath(returnTo));
        return;
      }
      void notify({
        color: 'red',
        title: 'Could not add to cart',
        message: refusalMessage(error),
        autoClose: 5000,
      });
    } finally {
      setBusy(null);
    }
  };

  const handleGuestAdd = () => {
    if (rememberPendingCartItem(productId)) notifyAdded(productId, navigate);
    // 50 products already: rare, so its words load only then.
    else void import('../api/cart/merge-notice').then((notice) => notice.showGuestCartFull());
  };

  const buttons: { action: Action; label: string; ariaLabel?: string; props: ButtonProps }[] = [
    {
      action: 'add',
      label: 'Add to cart',
      ariaLabel: productName && `Add ${productName} to cart`,
      props: { variant: 'light', leftSection: <IconShoppingCartPlus size={iconSize} /> },
    },
    {
      action: 'buy',
      label: 'Buy now',
      ariaLabel: productName && `Buy ${productName} now`,
      props: { color: 'orange', leftSection: <IconBolt size={iconSize} /> },
    },
  ];

  return buttons.map(({ action, label, ariaLabel, props }) => {
    if (outOfStock) {
      return (
        <Button key={label} {...props} size={size} disabled>
          {label}
        </Button>
      );
    }
    if (user && user.role !== 'customer') {
      return (
        <Button
          key={label}
          {...props}
          size={size}
          data-disabled
          aria-disabled
          title={STAFF_CANNOT_BUY}
          aria-label={ariaLabel}
          onClick={(event: MouseEvent) => event.preventDefault()}
        >
          {label}
        </Button>
      );
    }
    if (action === 'buy') {
      // Checkout asks a visitor to sign in and comes back with the product.
      const to = user ? buyNowPath(productId) : loginPath(buyNowPath(productId));
      return (
        <Button key={label} {...props} size={size} component={Link} to={to} aria-label={ariaLabel}>
          {label}
        </Button>
      );
    }
    return (
      <Button
        key={label}
        {...props}
        {...earlyAdd}
        size={size}
        aria-label={ariaLabel}
        loading={busy === action}
        disabled={busy !== null && busy !== action}
        onClick={() => (user ? void handleAdd() : handleGuestAdd())}
      >
        {label}
      </Button>
    );
  });
}
