import { Button, Container, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { cartTotals } from '@bazaar/shared';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCart } from '../../../api/cart/get-cart';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';
import { CartLineItem } from './cart-line-item';
import { PriceDetails } from './price-details';
import classes from './cart-page.module.css';

/**
 * `/CustomerCart` (docs/shopping.md), signed-in customers only (the
 * router's guard): the lines on the left, price details on the right (one column on a phone).
 * The totals are cartTotals() over the lines that can be ordered, so an unavailable line never
 * counts, whatever the server's totals say.
 */
export function CartPage() {
  usePageTitle('Cart');
  const { data: cart, isPending, isError, refetch } = useCart();
  const totals = cart && cartTotals(cart.lines.filter((line) => line.available));

  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        My Cart{' '}
        {totals && totals.itemCount > 0 && (
          <Text span c="dimmed" fz="lg" fw={500} ml={8}>
            ({totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'})
          </Text>
        )}
      </Title>

      {isError && !cart ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <CartSkeleton />
      ) : cart.lines.length === 0 || !totals ? (
        <EmptyCart />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" component="section" aria-label="Products in your cart">
              <ul className={classes.lines}>
                {cart.lines.map((line) => (
                  <CartLineItem key={line.productId} line={line} />
                ))}
              </ul>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <div className={classes.summary}>
              <PriceDetails totals={totals} />
            </div>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}

function EmptyCart() {
  return (
    <Paper withBorder radius="md" py={60} px="md">
      <Stack align="center" ta="center" gap="sm">
        <IconShoppingCart size={56} stroke={1.3} color="var(--mantine-color-grape-6)" />
        <Title order={2} fz="xl">
          Your cart is empty
        </Title>
        <Text c="dimmed">Add products you like and they will wait here.</Text>
        <Button component={Link} to={PATHS.home} mt="sm" color="grape">
          Continue shopping
        </Button>
      </Stack>
    </Paper>
  );
}

function CartSkeleton() {
  return (
    <Grid gap="lg" role="status" aria-busy="true" aria-label="Loading your cart">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="lg">
            {[0, 1].map((key) => (
              <Group key={key} align="flex-start" wrap="nowrap">
                <Skeleton w={96} h={96} />
                <Stack gap={8} style={{ flex: 1 }}>
                  <Skeleton h={10} w="30%" />
                  <Skeleton h={14} w="70%" />
                  <Skeleton h={10} w="40%" />
                  <Skeleton h={18} w="35%" />
                  <Skeleton h={28} w={140} />
                </Stack>
              </Group>
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Skeleton h={280} radius="md" />
      </Grid.Col>
    </Grid>
  );
}
