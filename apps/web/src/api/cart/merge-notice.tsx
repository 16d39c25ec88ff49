import { SHOPPING_MESSAGES, type CartMergeAdjustment } from '@bazaar/shared';
import { notify } from '../../components/notify';

/** One sentence per adjusted line: "Cotton Kurta: only 3 could be added (stock)". */
export function mergeAdjustmentText(adjustment: CartMergeAdjustment): string {
  const name = adjustment.name ?? 'A product';
  switch (adjustment.reason) {
    case 'stock':
      return `${name}: only ${adjustment.quantity} left in stock, your cart holds ${adjustment.quantity}`;
    case 'line_limit':
      return `${name}: at most 10 of one product, your cart holds ${adjustment.quantity}`;
    case 'sold_out':
      return `${name} is out of stock and was removed`;
    case 'cart_full':
      return `${name} was not added: your cart holds 50 products`;
    default:
      return `${name} is no longer available and was removed`;
  }
}

/**
 * After signing in: tells the customer which products of the cart they filled as a visitor
 * were capped or removed when it joined their account's cart (docs/shopping.md "Guest cart").
 */
export function showMergeNotice(adjustments: readonly CartMergeAdjustment[]): void {
  void notify({
    id: 'cart-merge-notice',
    color: 'orange',
    title: 'Your cart was updated',
    message: (
      <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="cart-merge-notice">
        {adjustments.map((adjustment) => (
          <li key={adjustment.productId}>{mergeAdjustmentText(adjustment)}</li>
        ))}
      </ul>
    ),
    autoClose: 10_000,
  });
}

/** A visitor's browser cart already holds 50 products (the server cart's limit). */
export function showGuestCartFull(): void {
  void notify({
    color: 'red',
    title: 'Could not add to cart',
    message: SHOPPING_MESSAGES.cartFull,
    autoClose: 5000,
  });
}
