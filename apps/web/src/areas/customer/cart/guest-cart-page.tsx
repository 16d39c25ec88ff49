import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { cartTotals, formatRupeesShort, type CartLine } from '@bazaar/shared';
import { IconMinus, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import {
  readPendingCart,
  setPendingCartQuantity,
  usePendingCartSnapshot,
  writePendingCart,
} from '../../../api/cart/pending-cart';
import { useCartPreview } from '../../../api/cart/preview-cart';
import { PriceTag } from '../../../components/price-tag';
import { ProductImage } from '../../../components/product-image';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { loginPath, PATHS, productInfoPath } from '../../../config/site';
import { PriceDetails } from './price-details';
import classes from './cart-page.module.css';
import { VariantLine } from '../../../components/variant-line';

/**
 * `/CustomerCart` for a visitor (docs/shopping.md "Guest cart"): the browser's cart with live
 * prices and stock (`cartApi.previewCart`), a quantity stepper (1 to min(10, stock)) and Remove
 * per line, the price details, and "Place order", which asks to sign in and then opens checkout
 * with the cart merged into the account's. Products that no longer exist are forgotten.
 */
export function GuestCartPage() {
  usePageTitle('Cart');
  const snapshot = usePendingCartSnapshot();
  // The stored items; the snapshot string changes with every write, here or in another tab.
  const items = useMemo(() => (snapshot ? readPendingCart() : []), [snapshot]);
  const preview = useCartPreview(items, { enabled: items.length > 0 });
  const unknown = preview.data?.unknownProductIds;

  useEffect(() => {
    if (!unknown || unknown.length === 0) return;
    writePendingCart(readPendingCart().filter((item) => !unknown.includes(item.productId)));
  }, [unknown]);

  // Lines in the stored order with the stored quantities (the preview may lag one change).
  const lines = (preview.data?.lines ?? []).flatMap((line) => {
    const item = items.find((entry) => entry.productId === line.productId);
    return item ? [{ ...line, quantity: item.quantity }] : [];
  });
  const totals = cartTotals(lines.filter((line) => line.available));

  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        My Cart{' '}
        {totals.itemCount > 0 && (
          <Text span c="dimmed" fz="lg" fw={500} ml={8}>
            ({totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'})
          </Text>
        )}
      </Title>

      {items.length === 0 ? (
        <EmptyGuestCart />
      ) : preview.isError && !preview.data ? (
        <TechnicalErrorAlert onRetry={() => void preview.refetch()} />
      ) : !preview.data ? (
        <Skeleton h={240} radius="md" aria-busy="true" aria-label="Loading your cart" />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Alert color="grape" variant="light">
                <Text fz="sm">
                  Your cart is kept in this browser.{' '}
                  <Anchor component={Link} to={loginPath(PATHS.customerCart)} fz="sm" fw={600}>
                    Log in
                  </Anchor>{' '}
                  to keep it in your account: it joins the cart you already have.
                </Text>
              </Alert>
              <Paper withBorder radius="md" component="section" aria-label="Products in your cart">
                <ul className={classes.lines}>
                  {lines.map((line) => (
                    <GuestLineItem key={line.productId} line={line} />
                  ))}
                </ul>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <div className={classes.summary}>
              <PriceDetails
                totals={totals}
                showCheckout={totals.itemCount > 0}
                checkoutTo={loginPath(PATHS.checkout)}
                checkoutLabel="Place order"
              />
              <Text fz="sm" c="dimmed" ta="center" mt="xs">
                You will be asked to log in or sign up, then come back to checkout.
              </Text>
            </div>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}

/** One line of the browser's cart: the server cart's look, without Save for later. */
function GuestLineItem({ line }: { line: CartLine }) {
  const [confirmOpened, confirm] = useDisclosure(false);
  const infoPath = productInfoPath(line.productId);
  const max = line.maxQuantity;
  const overStock = line.available && line.quantity > max;

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
                disabled={line.quantity <= 1}
                onClick={() => setPendingCartQuantity(line.productId, line.quantity - 1)}
              >
                <IconMinus size={16} />
              </ActionIcon>
              <Text
                component="output"
                w={36}
                ta="center"
                fw={600}
                aria-live="polite"
                aria-label={`Quantity ${line.quantity}`}
                className={classes.quantity}
              >
                {line.quantity}
              </Text>
              <ActionIcon
                variant="default"
                radius="xl"
                size="md"
                aria-label="Increase quantity"
                disabled={line.quantity >= max}
                onClick={() => setPendingCartQuantity(line.productId, line.quantity + 1)}
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
            aria-label={`Remove ${line.name}`}
          >
            Remove
          </Button>
        </Group>
        {overStock && (
          <Text fz="sm" c="red.8">
            Only {max} left in stock: {max} will be kept when you log in.
          </Text>
        )}
      </Stack>
      {line.available && (
        <Text fw={700} className={classes.lineTotal}>
          <VisuallyHidden>Line total </VisuallyHidden>
          {formatRupeesShort(line.pricePaise * line.quantity)}
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
            onClick={() => {
              confirm.close();
              setPendingCartQuantity(line.productId, 0);
            }}
          >
            Remove
          </Button>
        </Group>
      </Modal>
    </Box>
  );
}

function EmptyGuestCart() {
  return (
    <Paper withBorder radius="md" py={60} px="md">
      <Stack align="center" ta="center" gap="sm">
        <IconShoppingCart size={56} stroke={1.3} color="var(--mantine-color-grape-6)" />
        <Title order={2} fz="xl">
          Your cart is empty
        </Title>
        <Text c="dimmed">Add products you like and they will wait here.</Text>
        <Group justify="center" mt="sm">
          <Button component={Link} to={PATHS.home} color="grape">
            Continue shopping
          </Button>
          <Button component={Link} to={loginPath(PATHS.customerCart)} variant="default">
            Log in to see your cart
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
