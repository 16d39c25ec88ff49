import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { formatRupeesShort, type OrderAddress } from '@bazaar/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '../product-image';
import { productInfoPath } from '../../config/site';
import { VariantLine } from '../variant-line';

/** The fields of a line that the item list shows (a cart line or an order's snapshot). */
export interface ItemLine {
  productId: number;
  name: string;
  company: string;
  size: string;
  colour: string;
  /** The seller's code of the variant; older snapshots may have none. */
  sku?: string | null;
  imageUrl: string | null;
  pricePaise: number;
  quantity: number;
  lineTotalPaise: number;
}

/** Lines grouped by shop in first-seen order: each shop sends its own shipment. */
export function groupByShop<Line extends { shop: { id: number; name: string } }>(
  lines: readonly Line[],
): { shop: Line['shop']; lines: Line[] }[] {
  const groups = new Map<number, { shop: Line['shop']; lines: Line[] }>();
  for (const line of lines) {
    const group = groups.get(line.shop.id);
    if (group) group.lines.push(line);
    else groups.set(line.shop.id, { shop: line.shop, lines: [line] });
  }
  return [...groups.values()];
}

/** One product of an order or checkout: photo, name, size and colour, quantity and amount. */
export function ItemRow({ line }: { line: ItemLine }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" component="li">
      <Box w={64} style={{ flexShrink: 0 }}>
        <ProductImage src={line.imageUrl} alt={line.name} sizes="64px" ratio={1} />
      </Box>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {line.company}
        </Text>
        <Text
          component={Link}
          to={productInfoPath(line.productId)}
          fw={600}
          lineClamp={2}
          c="inherit"
        >
          {line.name}
        </Text>
        <VariantLine variant={line} />
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Qty {line.quantity}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700}>{formatRupeesShort(line.lineTotalPaise)}</Text>
        {line.quantity > 1 && (
          <Text fz="xs" c="dimmed">
            {formatRupeesShort(line.pricePaise)} each
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * A shop's part of an order: "Sold by X" and its products, with whatever the caller adds under
 * the heading (a status) and at the end (a timeline, buttons).
 */
export function ShopItems({
  shopName,
  lines,
  aside,
  children,
}: {
  shopName: string;
  lines: readonly ItemLine[];
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Sold by ${shopName}`}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={700}>
          <Text span c="dimmed" fw={500} inherit>
            Sold by{' '}
          </Text>
          {shopName}
        </Text>
        {aside}
      </Group>
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {lines.map((line) => (
          <ItemRow key={line.productId} line={line} />
        ))}
      </Stack>
      {children}
    </Paper>
  );
}

/** A delivery address as lines of text: name and mobile, then the address. */
export function AddressLines({ address }: { address: OrderAddress }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>
        {address.recipientName}{' '}
        <Text span c="dimmed" fw={400} inherit>
          · {address.mobile}
        </Text>
      </Text>
      <Text fz="sm">{[address.locality, address.landmark].filter(Boolean).join(', ')}</Text>
      <Text fz="sm">
        {address.city}, {address.state} {address.pincode}, {address.country}
      </Text>
    </Stack>
  );
}
