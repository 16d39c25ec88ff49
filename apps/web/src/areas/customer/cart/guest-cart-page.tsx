import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { cartTotals, type CartLine } from '@bazaar/shared';
import { IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import {
  readPendingCart,
  setPendingCartQuantity,
  usePendingCartSnapshot,
  writePendingCart,
} from '../../../api/cart/pending-cart';
import { useCartPreview } from '../../../api/cart/preview-cart';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { loginPath, PATHS } from '../../../config/site';
import { CartLineView } from './cart-line-view';
import { PriceDetails } from './price-details';
import classes from './cart-page.module.css';

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
        <Skeleton
          h={240}
          radius="md"
          role="status"
          aria-busy="true"
          aria-label="Loading your cart"
        />
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

/** One line of the browser's cart (`CartLineView`), saved in the browser; no Save for later. */
function GuestLineItem({ line }: { line: CartLine }) {
  const max = line.maxQuantity;
  return (
    <CartLineView
      line={line}
      quantity={line.quantity}
      lineTotalPaise={line.pricePaise * line.quantity}
      onQuantityChange={(quantity) => setPendingCartQuantity(line.productId, quantity)}
      onRemove={(closeDialog) => {
        closeDialog();
        setPendingCartQuantity(line.productId, 0);
      }}
      notices={
        line.available &&
        line.quantity > max && (
          <Text fz="sm" c="red.8">
            Only {max} left in stock: {max} will be kept when you log in.
          </Text>
        )
      }
    />
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
