import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useWishlist } from '../../../api/wishlist/get-wishlist';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';
import { WishlistCard, WishlistCardSkeleton } from './wishlist-card';

const GRID_COLS = { base: 2, sm: 3, md: 4 };

function EmptyWishlist() {
  return (
    <Stack align="center" ta="center" gap="sm" py={60}>
      <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden="true">
        <IconHeart size={34} />
      </ThemeIcon>
      <Title order={2} fz="h3">
        Your wishlist is empty
      </Title>
      <Text c="dimmed" maw={420}>
        Tap the heart on a product to save it here for later.
      </Text>
      <Button component={Link} to={PATHS.home} mt="sm">
        Browse products
      </Button>
    </Stack>
  );
}

/**
 * `/wishlist` (docs/shopping.md: the customer's wishlist): the saved products, newest first (at
 * most 100, so one page), each with Move to cart and Remove.
 */
export function WishlistPage() {
  usePageTitle('My wishlist');
  const wishlist = useWishlist();
  const items = wishlist.data?.items;

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="baseline" mb="lg">
        <Title order={1} fz="h2">
          My wishlist
        </Title>
        {items && items.length > 0 && (
          <Text c="dimmed" fz="sm">
            {items.length} {items.length === 1 ? 'product' : 'products'}
          </Text>
        )}
      </Group>

      {wishlist.isPending ? (
        <SimpleGrid
          cols={GRID_COLS}
          spacing="md"
          role="status"
          aria-busy="true"
          aria-label="Loading your wishlist"
        >
          {Array.from({ length: 4 }, (_, index) => (
            <WishlistCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : wishlist.isError ? (
        <TechnicalErrorAlert onRetry={() => void wishlist.refetch()} />
      ) : items && items.length > 0 ? (
        <SimpleGrid cols={GRID_COLS} spacing="md">
          {items.map((item) => (
            <WishlistCard key={item.productId} item={item} />
          ))}
        </SimpleGrid>
      ) : (
        <EmptyWishlist />
      )}
    </Container>
  );
}
