import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CART_LINE_MAX_QUANTITY, formatRupeesShort, type CartLine } from '@bazaar/shared';
import { IconHeart, IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRemoveCartLine } from '../../../api/cart/remove-cart-line';
import { useSaveForLater } from '../../../api/cart/save-for-later';
import { useUpdateCartQuantity } from '../../../api/cart/update-cart-quantity';
import { PriceTag } from '../../../components/price-tag';
import { ProductImage } from '../../../components/product-image';
import { productInfoPath } from '../../../config/site';
import { refusalMessage } from '../../../components/technical-error-dialog';
import classes from './cart-page.module.css';
import { VariantLine } from '../../../components/variant-line';

/** The server's message for a refusal it explains; a generic line for anything else. */
function errorText(error: unknown): string {
  return refusalMessage(error) ?? 'Something went wrong. Please try again.';
}

/**
 * One cart line: photo and name (both open the product), size, colour, shop, price with the
 * struck MRP and percent off, a quantity stepper from 1 to the line's maximum (min(10, stock)),
 * Remove after a confirmation, Save for later (to the wishlist). The server's refusal (409 'Only 2 left in stock') shows under the
 * line. An unavailable line (archived or sold out) is marked and left out of the total.
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const update = useUpdateCartQuantity();
  const remove = useRemoveCartLine();
  const save = useSaveForLater();
  const [confirmOpened, confirm] = useDisclosure(false);
  const [target, setTarget] = useState<number | null>(null);
  const infoPath = productInfoPath(line.productId);
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
    <Box
      component="li"
      className={classes.line}
      data-unavailable={!line.available || undefined}
      aria-label={`${line.name} by ${line.company}`}
    >
      <Link to={infoPath} tabIndex={-1} className={classes.thumb} aria-hidden="true">
        <ProductImage src={line.imageUrl} alt="" ratio={1} />
      </Link>

      <Stack gap={4} className={classes.lineBody}>
        <Text fz="xs" fw={700} c="dimmed" tt="uppercase" lineClamp={1}>
          {line.company}
        </Text>
        <Anchor component={Link} to={infoPath} fw={600} c="dark.8" lineClamp={2}>
          {line.name}
        </Anchor>
        <VariantLine variant={line} />
        <Text fz="sm" c="dimmed">
          Sold by {line.shop.name}
        </Text>

        {line.available ? (
          <PriceTag pricePaise={line.pricePaise} mrpPaise={line.mrpPaise} />
        ) : (
          <Group gap="xs">
            <Badge color="red" variant="light">
              {line.stockQuantity <= 0 ? 'Out of stock' : 'No longer available'}
            </Badge>
            <Text fz="sm" c="dimmed">
              Not included in the total
            </Text>
          </Group>
        )}

        <Group gap="md" mt={6} wrap="wrap">
          {line.available && (
            <Group
              gap={6}
              wrap="nowrap"
              role="group"
              aria-label={`Quantity of ${line.name}`}
              className={classes.stepper}
            >
              <ActionIcon
                variant="default"
                radius="xl"
                size="md"
                aria-label="Decrease quantity"
                disabled={busy || shown <= 1}
                onClick={() => changeQuantity(shown - 1)}
              >
                <IconMinus size={16} />
              </ActionIcon>
              <Text
                component="output"
                w={36}
                ta="center"
                fw={600}
                aria-live="polite"
                aria-label={`Quantity ${shown}`}
                className={classes.quantity}
              >
                {shown}
              </Text>
              <ActionIcon
                variant="default"
                radius="xl"
                size="md"
                aria-label="Increase quantity"
                disabled={busy || shown >= line.maxQuantity}
                onClick={() => changeQuantity(shown + 1)}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </Group>
          )}
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={16} />}
            onClick={confirm.open}
            disabled={busy}
            aria-label={`Remove ${line.name}`}
          >
            Remove
          </Button>
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
        </Group>

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
      </Stack>

      {line.available && (
        <Text fw={700} className={classes.lineTotal}>
          <VisuallyHidden>Line total </VisuallyHidden>
          {formatRupeesShort(line.lineTotalPaise)}
        </Text>
      )}

      <Modal opened={confirmOpened} onClose={confirm.close} title="Remove item" centered size="sm">
        <Text>Are you sure you want to remove {line.name} from your cart?</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              update.reset();
              save.reset();
              remove.mutate(line.productId, { onSettled: confirm.close });
            }}
          >
            Remove
          </Button>
        </Group>
      </Modal>
    </Box>
  );
}
