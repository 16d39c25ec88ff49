import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  cartTotals,
  formatDisplayDate,
  formatRupeesShort,
  CART_LINE_MAX_QUANTITY,
  ORDER_DELIVERY_DAYS,
  type BuyNow,
  type PaymentMethod,
} from '@bazaar/shared';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { cartKeys } from '../../../api/cart/cart-keys';
import { useCart } from '../../../api/cart/get-cart';
import { useCartPreview } from '../../../api/cart/preview-cart';
import { usePlaceCodOrder } from '../../../api/orders/place-order';
import { usePaymentConfig } from '../../../api/payments/get-payment-config';
import { groupByShop, ShopItems } from '../../../components/orders/order-items';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { orderConfirmedPath, PATHS, productInfoPath } from '../../../config/site';
import { PriceDetails } from '../cart/price-details';
import { AddressChoice, useChosenAddress } from './address-choice';
import { CheckoutStep } from './checkout-step';
import { PaymentChoice } from './payment-choice';
import { problemOf, type PlaceProblem } from './place-problem';
import { useRazorpayCheckout } from './use-razorpay-checkout';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `?buy=12&qty=2`: "Buy now" of one product (quantity 1..10, 1 when absent); else undefined. */
function buyNowOf(params: URLSearchParams): BuyNow | undefined {
  const productId = Number(params.get('buy'));
  const quantity = Number(params.get('qty') ?? '1');
  if (!Number.isSafeInteger(productId) || productId <= 0) return undefined;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > CART_LINE_MAX_QUANTITY) {
    return { productId, quantity: 1 };
  }
  return { productId, quantity };
}

/**
 * `/Checkout` (docs/orders.md), signed-in customers only: 1. the
 * delivery address from the saved ones (the default chosen, a new one added in the addresses
 * modal), 2. the cart's available lines by shop with the price details and the delivery date,
 * 3. cash on delivery or, when the server has Razorpay keys, paying online. With `?buy=12`
 * ("Buy now") step 2 is that one product instead of the cart, and placing leaves the cart as it
 * is. Placing goes to
 * /OrderConfirmed; a stock refusal leads back to the cart; an empty cart goes straight to the
 * cart. One attempt at a time: the button waits for the answer.
 */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // "Buy now" (docs/orders.md): the one product priced like a cart line, the cart left alone.
  const buyNow = useMemo(() => buyNowOf(searchParams), [searchParams]);
  const serverCart = useCart({ enabled: !buyNow });
  const buyNowLine = useCartPreview(buyNow ? [buyNow] : [], { enabled: buyNow !== undefined });
  const cart = buyNow ? buyNowLine : serverCart;
  const paymentConfig = usePaymentConfig();
  const placeCod = usePlaceCodOrder();
  const addressChoice = useChosenAddress();

  const [method, setMethod] = useState<PaymentMethod>('cod');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PlaceProblem | null>(null);
  // Set synchronously so a second click in the same frame cannot start another order; `placed`
  // keeps the emptied cart from redirecting to the cart instead of the confirmation.
  const inFlight = useRef(false);
  const [placed, setPlaced] = useState(false);
  const [deliveryDate] = useState(() => new Date(Date.now() + ORDER_DELIVERY_DAYS * DAY_MS));

  const finish = (orderId: number) => {
    setPlaced(true);
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void navigate(orderConfirmedPath(orderId), { replace: true });
  };

  const stop = (next: PlaceProblem | null) => {
    inFlight.current = false;
    setBusy(false);
    setProblem(next);
  };

  const razorpay = useRazorpayCheckout({ onPaid: finish, onStopped: stop });
  const { pending } = razorpay;

  const onlineEnabled = paymentConfig.data?.razorpayEnabled === true;
  const chosenMethod: PaymentMethod = pending
    ? 'razorpay'
    : method === 'razorpay' && !onlineEnabled
      ? 'cod'
      : method;

  if (cart.isError && !cart.data) {
    return (
      <Container size="xl" py="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
          Checkout
        </Title>
        <TechnicalErrorAlert onRetry={() => void cart.refetch()} />
      </Container>
    );
  }
  if (cart.isPending) return <CheckoutSkeleton />;

  const lines = cart.data.lines.filter((line) => line.available);
  if (buyNow && lines.length === 0 && !placed && !pending) {
    return <BuyNowUnavailable productId={buyNow.productId} />;
  }
  if (lines.length === 0 && !placed && !pending)
    return <Navigate to={PATHS.customerCart} replace />;
  const unavailableCount = cart.data.lines.length - lines.length;
  const totals = cartTotals(lines);
  const payablePaise = totals.totalPaise + totals.deliveryPaise;
  const chosenAddress = addressChoice.chosen;

  const handlePlace = () => {
    if (inFlight.current || !chosenAddress) return;
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    if (chosenMethod === 'cod') {
      placeCod.mutate(
        { addressId: chosenAddress.id, buyNow },
        {
          onSuccess: (order) => finish(order.id),
          onError: (error) => stop(problemOf(error)),
        },
      );
      return;
    }
    razorpay.payOnline(chosenAddress, buyNow).catch((error: unknown) => stop(problemOf(error)));
  };

  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        Checkout
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <CheckoutStep index={1} title="Delivery address">
              <AddressChoice choice={addressChoice} locked={busy || pending !== null} />
            </CheckoutStep>

            <CheckoutStep index={2} title="Order summary">
              <Stack gap="md">
                <Group gap="xs" wrap="nowrap">
                  <IconTruckDelivery size={20} color="var(--mantine-color-green-8)" />
                  <Text>
                    Delivery by{' '}
                    <Text span fw={700}>
                      {formatDisplayDate(deliveryDate)}
                    </Text>
                  </Text>
                </Group>
                {groupByShop(lines).map(({ shop, lines: shopLines }) => (
                  <ShopItems key={shop.id} shopName={shop.name} lines={shopLines} />
                ))}
                {buyNow && (
                  <Text fz="sm" c="dimmed">
                    Buy now: only this product is ordered; your cart stays as it is.
                  </Text>
                )}
                {unavailableCount > 0 && (
                  <Text fz="sm" c="dimmed">
                    {unavailableCount === 1
                      ? '1 product in your cart is unavailable and stays there.'
                      : `${unavailableCount} products in your cart are unavailable and stay there.`}
                  </Text>
                )}
              </Stack>
            </CheckoutStep>

            <CheckoutStep index={3} title="Payment">
              <PaymentChoice
                method={chosenMethod}
                onChange={setMethod}
                onlineEnabled={onlineEnabled}
                payablePaise={payablePaise}
                busy={busy}
                paymentPending={pending !== null}
              />
            </CheckoutStep>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" style={{ position: 'sticky', top: 80 }}>
            <PriceDetails totals={totals} showCheckout={false} />
            {problem && (
              <Alert color={problem.color ?? 'red'} variant="light" role="alert">
                <Text fz="sm">{problem.message}</Text>
                {problem.backToCart && (
                  <Anchor component={Link} to={PATHS.customerCart} fz="sm" fw={600}>
                    Back to the cart
                  </Anchor>
                )}
              </Alert>
            )}
            <Button
              size="md"
              color="orange"
              fullWidth
              loading={busy}
              disabled={!chosenAddress}
              onClick={handlePlace}
            >
              {chosenMethod === 'cod' ? 'Place order' : `Pay ${formatRupeesShort(payablePaise)}`}
            </Button>
            {!chosenAddress && !addressChoice.addresses.isPending && (
              <Text fz="sm" c="dimmed" ta="center">
                Choose or add a delivery address to place the order.
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** "Buy now" of a product that is sold out, archived or unknown: nothing to order. */
function BuyNowUnavailable({ productId }: { productId: number }) {
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        Checkout
      </Title>
      <Alert color="red" variant="light" role="alert">
        <Text fz="sm">This product is out of stock or no longer available.</Text>
        <Group gap="md" mt="xs">
          <Anchor component={Link} to={productInfoPath(productId)} fz="sm" fw={600}>
            See the product
          </Anchor>
          <Anchor component={Link} to={PATHS.customerCart} fz="sm" fw={600}>
            Go to the cart
          </Anchor>
        </Group>
      </Alert>
    </Container>
  );
}

function CheckoutSkeleton() {
  return (
    <Container size="xl" py="lg" role="status" aria-busy="true" aria-label="Loading checkout">
      <Skeleton h={32} w={180} mb="lg" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Skeleton h={180} radius="md" />
            <Skeleton h={240} radius="md" />
            <Skeleton h={140} radius="md" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={280} radius="md" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
