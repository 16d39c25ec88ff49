import { Anchor, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { WishlistItem } from '@bazaar/shared';
import { IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMoveToCart } from '../../../api/wishlist/move-to-cart';
import { useRemoveFromWishlist } from '../../../api/wishlist/remove-from-wishlist';
import { notify } from '../../../components/notify';
import { PriceTag } from '../../../components/price-tag';
import { ProductImage } from '../../../components/product-image';
import { productInfoPath } from '../../../config/site';
import classes from './wishlist-page.module.css';
import { VariantLine } from '../../../components/variant-line';

const IMAGE_SIZES = '(min-width: 62em) 280px, (min-width: 36em) 33vw, 50vw';

/**
 * One saved product: photo and name (both open the product), size and colour, price with the
 * struck MRP and percent off, the shop; Move to cart (the server's stock refusal shows under the
 * buttons) and Remove after a confirmation. An archived or sold-out product is marked and cannot
 * be moved.
 */
export function WishlistCard({ item }: { item: WishlistItem }) {
  const infoPath = productInfoPath(item.productId);
  const move = useMoveToCart();
  const remove = useRemoveFromWishlist();
  const [confirming, setConfirming] = useState(false);
  const [moveError, setMoveError] = useState<string | null>(null);
  const busy = move.isPending || remove.isPending;

  const handleMove = () => {
    setMoveError(null);
    move.mutate(item.productId, {
      // Plain text: the toasts render outside the router, so they cannot hold a <Link>.
      onSuccess: () =>
        void notify({
          color: 'green',
          message: `${item.name} moved to your cart`,
          autoClose: 3000,
        }),
      onError: (error) => setMoveError(error.message),
    });
  };

  const handleRemove = () => {
    remove.mutate(item.productId, {
      onSuccess: () => {
        setConfirming(false);
        void notify({ color: 'green', message: `${item.name} removed from your wishlist` });
      },
      onError: (error) => {
        setConfirming(false);
        void notify({ color: 'red', message: error.message, autoClose: 4000 });
      },
    });
  };

  return (
    <Card withBorder padding="sm" radius="md" className={classes.card} component="article">
      <Card.Section
        className={`${classes.media} ${item.available ? '' : classes.unavailable}`.trim()}
      >
        <Link to={infoPath} tabIndex={-1}>
          <ProductImage
            src={item.imageUrl}
            sizes={IMAGE_SIZES}
            alt={`${item.name} by ${item.company}`}
          />
        </Link>
        {!item.available && (
          <Badge className={classes.badge} color="dark" variant="filled" radius="sm">
            Unavailable
          </Badge>
        )}
      </Card.Section>

      <Stack gap={4} mt="sm" className={classes.body}>
        <Text fz="xs" fw={700} c="dimmed" tt="uppercase" lineClamp={1}>
          {item.company}
        </Text>
        <Anchor component={Link} to={infoPath} fw={600} c="dark.8" lineClamp={2}>
          {item.name}
        </Anchor>
        <VariantLine variant={item} />
        <PriceTag pricePaise={item.pricePaise} mrpPaise={item.mrpPaise} />
        <Text fz="xs" c="dimmed" lineClamp={1}>
          Sold by {item.shop.name}
        </Text>
        {!item.available && (
          <Text fz="xs" c="red.8">
            This product cannot be bought right now.
          </Text>
        )}
        {moveError && (
          <Text fz="xs" c="red.8" role="alert">
            {moveError}
          </Text>
        )}
      </Stack>

      <Stack gap={6} mt="sm">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconShoppingCartPlus size={16} />}
          onClick={handleMove}
          loading={move.isPending}
          disabled={!item.available || remove.isPending}
          aria-label={`Move ${item.name} to cart`}
        >
          Move to cart
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => setConfirming(true)}
          disabled={busy}
          aria-label={`Remove ${item.name} from wishlist`}
        >
          Remove
        </Button>
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Remove from wishlist?"
        centered
        size="sm"
      >
        <Text fz="sm">
          {item.name} by {item.company} will be taken off your wishlist.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() => setConfirming(false)}
            disabled={remove.isPending}
          >
            Keep it
          </Button>
          <Button color="red" onClick={handleRemove} loading={remove.isPending}>
            Remove
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

/** A card's shape while the wishlist loads. */
export function WishlistCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" className={classes.card} aria-hidden="true">
      <Card.Section>
        <Skeleton radius={0} style={{ aspectRatio: '1' }} />
      </Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton h={10} w="40%" />
        <Skeleton h={14} w="80%" />
        <Skeleton h={10} w="60%" />
        <Skeleton h={18} w="50%" />
        <Skeleton h={28} mt={4} />
        <Skeleton h={28} />
      </Stack>
    </Card>
  );
}
