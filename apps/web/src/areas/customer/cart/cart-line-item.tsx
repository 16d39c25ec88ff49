import { Button, Text } from '@mantine/core';
import { CART_LINE_MAX_QUANTITY, type CartLine } from '@bazaar/shared';
import { IconHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { useRemoveCartLine } from '../../../api/cart/remove-cart-line';
import { useSaveForLater } from '../../../api/cart/save-for-later';
import { useUpdateCartQuantity } from '../../../api/cart/update-cart-quantity';
import { refusalMessage } from '../../../components/technical-error-dialog';
import { CartLineView } from './cart-line-view';

/** The server's message for a refusal it explains; a generic line for anything else. */
function errorText(error: unknown): string {
  return refusalMessage(error) ?? 'Something went wrong. Please try again.';
}

/**
 * One line of the signed-in cart (`CartLineView`) saved on the server: the stepper (1 to the
 * line's maximum, min(10, stock)) shows the quantity being saved, Remove after a confirmation,
 * Save for later (to the wishlist). The server's refusal (409 'Only 2 left in stock') shows under
 * the line. An unavailable line (archived or sold out) is marked and left out of the total.
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const update = useUpdateCartQuantity();
  const remove = useRemoveCartLine();
  const save = useSaveForLater();
  const [target, setTarget] = useState<number | null>(null);
  const busy = update.isPending || remove.isPending || save.isPending;
  const shown = update.isPending && target !== null ? target : line.quantity;
  const overStock = line.available && line.quantity > line.maxQuantity;
  const error = update.error ?? remove.error ?? save.error;

  const changeQuantity = (quantity: number) => {
    setTarget(quantity);
    remove.reset();
    save.reset();
    update.mutate({ productId: line.productId, quantity });
  };

  return (
    <CartLineView
      line={line}
      quantity={shown}
      lineTotalPaise={line.lineTotalPaise}
      busy={busy}
      removing={remove.isPending}
      onQuantityChange={changeQuantity}
      onRemove={(closeDialog) => {
        update.reset();
        save.reset();
        remove.mutate(line.productId, { onSettled: closeDialog });
      }}
      actions={
        <Button
          variant="subtle"
          color="grape"
          size="compact-sm"
          leftSection={<IconHeart size={16} />}
          loading={save.isPending}
          disabled={busy && !save.isPending}
          onClick={() => {
            update.reset();
            remove.reset();
            save.mutate(line.productId);
          }}
          aria-label={`Save ${line.name} for later`}
        >
          Save for later
        </Button>
      }
      notices={
        <>
          {line.available &&
            line.maxQuantity < CART_LINE_MAX_QUANTITY &&
            line.quantity >= line.maxQuantity && (
              <Text fz="sm" c="orange.8">
                Only {line.stockQuantity} left in stock
              </Text>
            )}
          {overStock && (
            <Text fz="sm" c="red.8">
              Only {line.maxQuantity} can be bought now: lower the quantity to check out.
            </Text>
          )}
          {error && (
            <Text fz="sm" c="red.8" role="alert">
              {errorText(error)}
            </Text>
          )}
        </>
      }
    />
  );
}
