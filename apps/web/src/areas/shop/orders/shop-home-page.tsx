import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ShopOrderView } from '@bazaar/shared';
import { IconArrowBackUp, IconHistory, IconShoppingBag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../api/accounts/session';
import { useShopSummary } from '../../../api/shop-orders/get-shop-orders';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { useShopOrderPaths } from './shop-order-paths';

const TILES: {
  view: ShopOrderView;
  label: string;
  hint: string;
  icon: ReactNode;
  color: string;
}[] = [
  {
    view: 'new',
    label: 'New Orders',
    hint: 'To accept, pack and hand over',
    icon: <IconShoppingBag size={26} aria-hidden="true" />,
    color: 'blue',
  },
  {
    view: 'returns',
    label: 'Return Orders',
    hint: 'Returns to decide or receive',
    icon: <IconArrowBackUp size={26} aria-hidden="true" />,
    color: 'orange',
  },
  {
    view: 'history',
    label: 'Order History',
    hint: 'With delivery, delivered, closed',
    icon: <IconHistory size={26} aria-hidden="true" />,
    color: 'teal',
  },
];

/**
 * The seller's `/Home` and the support admin's `/SupportAdminHome` (docs/shop-office.md): three
 * tiles with the counts of new orders, return orders and order history, each linking to its list.
 */
export function ShopHomePage() {
  usePageTitle('Home');
  const { user } = useSession();
  const paths = useShopOrderPaths();
  const summary = useShopSummary();
  const counts: Record<ShopOrderView, number | undefined> = {
    new: summary.data?.newOrders,
    returns: summary.data?.returnOrders,
    history: summary.data?.orderHistory,
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Home
        </Title>
        {user && (
          <Text c="dimmed" fz="sm">
            Namaste {user.name}. Here is where{' '}
            {user.shopName ? `${user.shopName}\u2019s` : 'your shop\u2019s'} orders stand.
          </Text>
        )}
      </div>
      {summary.isError ? (
        <TechnicalErrorAlert onRetry={() => void summary.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {TILES.map((tile) => (
            <Card
              key={tile.view}
              component={Link}
              to={paths[tile.view]}
              withBorder
              radius="md"
              padding="lg"
              aria-label={`${tile.label}: ${counts[tile.view] ?? 'loading'}`}
            >
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>{tile.label}</Text>
                  <Text fz="xs" c="dimmed">
                    {tile.hint}
                  </Text>
                </div>
                <ThemeIcon size={48} radius="md" variant="light" color={tile.color}>
                  {tile.icon}
                </ThemeIcon>
              </Group>
              {counts[tile.view] === undefined ? (
                <Skeleton h={38} w={60} mt="md" />
              ) : (
                <Text fz={34} fw={700} mt="sm" lh={1.1}>
                  {counts[tile.view]}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
