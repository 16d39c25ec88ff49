import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  cartTotals,
  formatDisplayDate,
  formatRupeesShort,
  MESSAGES,
  ORDER_DELIVERY_DAYS,
  UNPAID_ORDER_RELEASE_MINUTES,
  type RazorpayCheckout,
  type PaymentMethod,
} from '@bazaar/shared';
import { IconCash, IconCreditCard, IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAddresses } from '../../../api/addresses/get-addresses';
import { isApiError } from '../../../api/api-client';
import { useSession } from '../../../api/accounts/session';
import { cartKeys } from '../../../api/cart/cart-keys';
import { useCart } from '../../../api/cart/get-cart';
import { confirmRazorpayPayment } from '../../../api/orders/confirm-razorpay-payment';
import { createRazorpayOrder } from '../../../api/orders/create-razorpay-order';
import { replaceOrder } from '../../../api/orders/order-keys';
import { usePlaceCodOrder } from '../../../api/orders/place-order';
import { usePaymentConfig } from '../../../api/payments/get-payment-config';
import { loadRazorpay, RAZORPAY_LOAD_FAILED } from '../../../api/payments/load-razorpay';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { orderConfirmedPath, PATHS } from '../../../config/site';
import { AddressFormModal } from '../addresses/address-form-modal';
import { PriceDetails } from '../cart/price-details';
import { groupByShop, ShopItems } from '../orders/order-items';

/**
 * The radio groups are named for screen readers only (the step titles already say it on screen);
 * a visually hidden label element would still take a line of height, so the label is clipped.
 */
const HIDDEN_GROUP_LABEL = {
  label: {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

interface PendingPayment {
  orderNumber: string;
  razorpay: RazorpayCheckout['razorpay'];
}

/** What went wrong with the last attempt to place the order, as the customer reads it. */
interface PlaceProblem {
  message: string;
  /** A stock refusal or an empty cart: the way out is the cart. */
  backToCart?: boolean;
  color?: 'red' | 'yellow';
}

/** The server's words for a refusal it explains (4xx, 503); the spec's technical error otherwise. */
function problemOf(error: unknown): PlaceProblem {
  if (isApiError(error, 409)) return { message: error.message, backToCart: true };
  if (isApiError(error, 400) && /cart/i.test(error.message)) {
    return { message: error.message, backToCart: true };
  }
  if (
    isApiError(error) &&
    ((error.status >= 400 && error.status < 500 && error.status !== 401) || error.status === 503)
  ) {
    return { message: error.message };
  }
  return { message: MESSAGES.technicalError };
}

function Step({ index, title, children }: { index: number; title: string; children: ReactNode }) {
  const id = `checkout-step-${index}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon radius="xl" size={28} color="grape" aria-hidden="true">
          <Text fw={700} fz="sm" c="white">
            {index}
          </Text>
        </ThemeIcon>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

/**
 * `/Checkout` (issue 6 item 4; back-office.md section 4 "Online payment"), signed-in customers
 * only: 1. the delivery address from the saved ones (the default chosen, a new one added in the
 * addresses modal), 2. the cart's available lines by shop with the price details and the
 * delivery date, 3. cash on delivery or, when the server has Razorpay keys, paying online.
 * Placing goes to /OrderConfirmed; a stock refusal (409) leads back to the cart; an empty cart
 * goes straight to the cart. One attempt at a time: the button waits for the answer.
 */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart();
  const addresses = useAddresses();
  const paymentConfig = usePaymentConfig();
  const { user } = useSession();
  const placeCod = usePlaceCodOrder();

  const [chosenAddressId, setChosenAddressId] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('cod');
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PlaceProblem | null>(null);
  /** The order created for an online payment that was not completed (dismissed or refused). */
  const [pending, setPending] = useState<PendingPayment | null>(null);
  // Set synchronously so a second click in the same frame cannot start another order; `placed`
  // keeps the emptied cart from redirecting to the cart instead of the confirmation.
  const inFlight = useRef(false);
  const [placed, setPlaced] = useState(false);
  const [deliveryDate] = useState(() => new Date(Date.now() + ORDER_DELIVERY_DAYS * DAY_MS));
  const knownAddressIds = useRef<Set<number> | null>(null);

  const list = addresses.data?.addresses;
  // An address added here is chosen for the order; otherwise the default one.
  useEffect(() => {
    if (!list) return;
    const known = knownAddressIds.current;
    const added = known ? list.find((address) => !known.has(address.id)) : undefined;
    knownAddressIds.current = new Set(list.map((address) => address.id));
    setChosenAddressId((current) => {
      if (added) return added.id;
      if (current !== null && list.some((address) => address.id === current)) return current;
      return (list.find((address) => address.isDefault) ?? list[0])?.id ?? null;
    });
  }, [list]);

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
  if (lines.length === 0 && !placed && !pending)
    return <Navigate to={PATHS.customerCart} replace />;
  const unavailableCount = cart.data.lines.length - lines.length;
  const totals = cartTotals(lines);
  const chosenAddress = list?.find((address) => address.id === chosenAddressId) ?? null;

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

  const payOnline = async (addressId: number) => {
    // The script first: a customer who is offline must not leave stock reserved for 30 minutes.
    if (!(await loadRazorpay()) || !window.Razorpay) {
      stop({ message: RAZORPAY_LOAD_FAILED });
      return;
    }
    // The server takes the lines out of the cart when it creates the order waiting for payment
    // (docs/orders.md "Placing"), so trying again re-opens that order rather than asking for a
    // new one from a cart that is now empty.
    let attempt = pending;
    if (!attempt) {
      const created = await createRazorpayOrder({ addressId });
      attempt = { orderNumber: created.order.orderNumber, razorpay: created.razorpay };
      setPending(attempt);
    }
    const { orderNumber, razorpay } = attempt;
    const checkout = new window.Razorpay({
      key: razorpay.keyId,
      order_id: razorpay.orderId,
      amount: razorpay.amountPaise,
      currency: razorpay.currency,
      name: 'Bazaar',
      description: `Order ${orderNumber}`,
      prefill: {
        name: chosenAddress?.recipientName ?? user?.name ?? '',
        email: user?.email ?? '',
        contact: chosenAddress?.mobile ?? user?.mobile ?? '',
      },
      theme: { color: '#9c36b5' },
      handler: (payment) => {
        confirmRazorpayPayment(payment).then(
          (paid) => {
            replaceOrder(queryClient, paid);
            finish(paid.id);
          },
          (error: unknown) =>
            stop({
              message: `${isApiError(error) ? `${error.message}.` : MESSAGES.technicalError} If money left your account, the order is confirmed as soon as Razorpay tells us, and you will see it in My Orders.`,
            }),
        );
      },
      modal: {
        ondismiss: () =>
          stop({
            message: `Payment was not completed, so order ${orderNumber} is not placed. Its items are held for you for ${UNPAID_ORDER_RELEASE_MINUTES} minutes: press Pay to try again.`,
            color: 'yellow',
          }),
      },
    });
    checkout.open();
  };

  const handlePlace = () => {
    if (inFlight.current || !chosenAddress) return;
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    if (chosenMethod === 'cod') {
      placeCod.mutate(
        { addressId: chosenAddress.id },
        {
          onSuccess: (order) => finish(order.id),
          onError: (error) => stop(problemOf(error)),
        },
      );
      return;
    }
    payOnline(chosenAddress.id).catch((error: unknown) => stop(problemOf(error)));
  };

  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        Checkout
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Step index={1} title="Delivery address">
              {addresses.isPending ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Skeleton h={110} radius="md" />
                  <Skeleton h={110} radius="md" />
                </SimpleGrid>
              ) : addresses.isError ? (
                <TechnicalErrorAlert onRetry={() => void addresses.refetch()} />
              ) : (
                <Stack gap="sm">
                  {list && list.length > 0 ? (
                    <Radio.Group
                      value={chosenAddressId === null ? null : String(chosenAddressId)}
                      onChange={(value) => setChosenAddressId(Number(value))}
                      label="Deliver to"
                      styles={HIDDEN_GROUP_LABEL}
                    >
                      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                        {list.map((address) => (
                          <Radio.Card
                            key={address.id}
                            value={String(address.id)}
                            radius="md"
                            p="sm"
                            disabled={busy || pending !== null}
                          >
                            <Group wrap="nowrap" align="flex-start" gap="sm">
                              <Radio.Indicator mt={3} />
                              <Stack gap={2} style={{ minWidth: 0 }}>
                                <Group gap={6}>
                                  <Text fw={700}>{address.recipientName}</Text>
                                  {address.isDefault && (
                                    <Text fz="xs" c="grape.7" fw={700}>
                                      DEFAULT
                                    </Text>
                                  )}
                                </Group>
                                <Text fz="sm">
                                  {[address.locality, address.landmark].filter(Boolean).join(', ')}
                                </Text>
                                <Text fz="sm">
                                  {address.city}, {address.state} {address.pincode}
                                </Text>
                                <Text fz="sm" c="dimmed">
                                  Mobile {address.mobile}
                                </Text>
                              </Stack>
                            </Group>
                          </Radio.Card>
                        ))}
                      </SimpleGrid>
                    </Radio.Group>
                  ) : (
                    <Text c="dimmed">Add the address your order should go to.</Text>
                  )}
                  <Group>
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={18} />}
                      onClick={() => setAdding(true)}
                      disabled={busy || pending !== null || (list?.length ?? 0) >= 10}
                    >
                      Add a new address
                    </Button>
                  </Group>
                </Stack>
              )}
            </Step>

            <Step index={2} title="Order summary">
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
                {unavailableCount > 0 && (
                  <Text fz="sm" c="dimmed">
                    {unavailableCount === 1
                      ? '1 product in your cart is unavailable and stays there.'
                      : `${unavailableCount} products in your cart are unavailable and stay there.`}
                  </Text>
                )}
              </Stack>
            </Step>

            <Step index={3} title="Payment">
              <Radio.Group
                value={chosenMethod}
                onChange={(value) => setMethod(value as PaymentMethod)}
                label="How would you like to pay?"
                styles={HIDDEN_GROUP_LABEL}
              >
                <Stack gap="sm">
                  <Radio.Card value="cod" radius="md" p="sm" disabled={busy || pending !== null}>
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <IconCash size={22} aria-hidden="true" />
                      <div>
                        <Text fw={600}>Cash on delivery</Text>
                        <Text fz="sm" c="dimmed">
                          Pay {formatRupeesShort(totals.totalPaise + totals.deliveryPaise)} when the
                          order arrives.
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                  {onlineEnabled && (
                    <Radio.Card value="razorpay" radius="md" p="sm" disabled={busy}>
                      <Group wrap="nowrap" gap="sm">
                        <Radio.Indicator />
                        <IconCreditCard size={22} aria-hidden="true" />
                        <div>
                          <Text fw={600}>Pay online (cards, UPI, netbanking) with Razorpay</Text>
                          <Text fz="sm" c="dimmed">
                            Razorpay&apos;s secure window opens to take the payment.
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  )}
                </Stack>
              </Radio.Group>
            </Step>
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
              {chosenMethod === 'cod'
                ? 'Place order'
                : `Pay ${formatRupeesShort(totals.totalPaise + totals.deliveryPaise)}`}
            </Button>
            {!chosenAddress && !addresses.isPending && (
              <Text fz="sm" c="dimmed" ta="center">
                Choose or add a delivery address to place the order.
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      <AddressFormModal opened={adding} address={null} onClose={() => setAdding(false)} />
    </Container>
  );
}

function CheckoutSkeleton() {
  return (
    <Container size="xl" py="lg" aria-busy="true" aria-label="Loading checkout">
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
