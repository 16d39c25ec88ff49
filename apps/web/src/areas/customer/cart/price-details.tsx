import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { formatRupeesShort, type CartTotalsResult } from '@bazaar/shared';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../config/site';

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      component="div"
      role="row"
      // The total's dashed rule above it: a border, as a separator may not sit inside a table.
      style={
        strong
          ? {
              borderTop: '1px dashed var(--mantine-color-gray-3)',
              paddingTop: 'var(--mantine-spacing-sm)',
            }
          : undefined
      }
    >
      <Text role="rowheader" fw={strong ? 700 : 400} fz={strong ? 'lg' : 'md'}>
        {label}
      </Text>
      <Text role="cell" fw={strong ? 700 : 500} fz={strong ? 'lg' : 'md'}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The cart's price details the Indian way (docs/shopping.md): "Price (N items)" at MRP, the
 * discount, free delivery, the amount to pay, the GST it includes and the saving, then the way to
 * checkout. Checkout and orders show the same box without the button (`showCheckout={false}`).
 */
export function PriceDetails({
  totals,
  showCheckout = true,
  checkoutTo = PATHS.checkout,
  checkoutLabel = 'Proceed to checkout',
}: {
  totals: CartTotalsResult;
  showCheckout?: boolean;
  /** Where the button goes (a visitor's cart: the login page, then checkout). */
  checkoutTo?: string;
  checkoutLabel?: string;
}) {
  const { itemCount, mrpPaise, discountPaise, totalPaise, gstIncludedPaise, deliveryPaise } =
    totals;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="price-details">
      <Text id="price-details" fz="sm" fw={700} c="dimmed" tt="uppercase" mb="sm">
        Price details
      </Text>
      <Stack gap="sm" role="table" aria-labelledby="price-details">
        <Row
          label={`Price (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`}
          value={formatRupeesShort(mrpPaise)}
        />
        <Row
          label="Discount"
          value={
            <Text span c="green.8" fw={500} inherit>
              {discountPaise > 0 ? `−${formatRupeesShort(discountPaise)}` : formatRupeesShort(0)}
            </Text>
          }
        />
        <Row
          label="Delivery Charges"
          value={
            deliveryPaise === 0 ? (
              <Text span c="green.8" fw={500} inherit>
                Free
              </Text>
            ) : (
              formatRupeesShort(deliveryPaise)
            )
          }
        />
        <Row label="Total Amount" value={formatRupeesShort(totalPaise + deliveryPaise)} strong />
      </Stack>
      <Text fz="xs" c="dimmed" mt={4}>
        Inclusive of GST {formatRupeesShort(gstIncludedPaise)}
      </Text>
      {discountPaise > 0 && (
        <>
          <Divider my="sm" />
          <Text c="green.8" fw={600} fz="sm">
            You will save {formatRupeesShort(discountPaise)} on this order
          </Text>
        </>
      )}
      {showCheckout && (
        <Button
          component={Link}
          to={checkoutTo}
          fullWidth
          size="md"
          color="orange"
          mt="md"
          leftSection={<IconLock size={18} />}
        >
          {checkoutLabel}
        </Button>
      )}
    </Paper>
  );
}
