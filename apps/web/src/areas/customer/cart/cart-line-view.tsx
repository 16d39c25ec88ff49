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
import { formatRupeesShort, type CartLine } from '@bazaar/shared';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PriceTag } from '../../../components/price-tag';
import { ProductImage } from '../../../components/product-image';
import { VariantLine } from '../../../components/variant-line';
import { productInfoPath } from '../../../config/site';
import classes from './cart-page.module.css';

/** What a cart line shows and what its controls do (`CartLineView`). */
export interface CartLineViewProps {
  line: CartLine;
  /** The pieces the stepper shows: the stored quantity, or the one being saved. */
  quantity: number;
  /** The line's total in paise (price x quantity), shown when the line is available. */
  lineTotalPaise: number;
  /** A change of this line is being saved: the stepper and Remove wait for it. */
  busy?: boolean;
  /** The Remove dialog's button shows that the removal is being saved. */
  removing?: boolean;
  /** The visitor chose a quantity from 1 to the line's maximum (min(10, stock)). */
  onQuantityChange: (quantity: number) => void;
  /** The visitor confirmed Remove; call `closeDialog` when the dialog should close. */
  onRemove: (closeDialog: () => void) => void;
  /** More actions beside Remove (the signed-in cart's Save for later). */
  actions?: ReactNode;
  /** Notices under the actions: stock left, the server's refusal. */
  notices?: ReactNode;
}

/**
 * One cart line as both carts show it (docs/shopping.md "Cart"): photo and name (both open the
 * product), brand, size and colour, shop, price with the struck MRP and percent off (or why the
 * line is unavailable and left out of the total), a quantity stepper, Remove after a
 * confirmation, and the line total. What the controls do is the caller's: the signed-in cart
 * saves on the server, the visitor's cart in the browser.
 */
export function CartLineView({
  line,
  quantity,
  lineTotalPaise,
  busy = false,
  removing = false,
  onQuantityChange,
  onRemove,
  actions,
  notices,
}: CartLineViewProps) {
  const [confirmOpened, confirm] = useDisclosure(false);
  const infoPath = productInfoPath(line.productId);

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
                disabled={busy || quantity <= 1}
                onClick={() => onQuantityChange(quantity - 1)}
              >
                <IconMinus size={16} />
              </ActionIcon>
              <Text
                component="output"
                w={36}
                ta="center"
                fw={600}
                aria-live="polite"
                aria-label={`Quantity ${quantity}`}
                className={classes.quantity}
              >
                {quantity}
              </Text>
              <ActionIcon
                variant="default"
                radius="xl"
                size="md"
                aria-label="Increase quantity"
                disabled={busy || quantity >= line.maxQuantity}
                onClick={() => onQuantityChange(quantity + 1)}
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
          {actions}
        </Group>

        {notices}
      </Stack>

      {line.available && (
        <Text fw={700} className={classes.lineTotal}>
          <VisuallyHidden>Line total </VisuallyHidden>
          {formatRupeesShort(lineTotalPaise)}
        </Text>
      )}

      <Modal opened={confirmOpened} onClose={confirm.close} title="Remove item" centered size="sm">
        <Text>Are you sure you want to remove {line.name} from your cart?</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            Cancel
          </Button>
          <Button color="red" loading={removing} onClick={() => onRemove(confirm.close)}>
            Remove
          </Button>
        </Group>
      </Modal>
    </Box>
  );
}
