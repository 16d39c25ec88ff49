import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Container,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  formatIndianNumber,
  parseShopRef,
  shopPagePath,
  type ShopStorefront,
} from '@bazaar/shared';
import { IconBuildingStore, IconHome, IconMapPin, IconReceiptTax } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useShop } from '../../../api/shops/get-shop';
import { StarRating } from '../../../components/star-rating';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';
import { ProductGrid } from '../product-grid/product-grid';
import classes from './shop-page.module.css';

/**
 * A shop's page (docs/catalog.md "Shop pages"): `/shop/{id}-{slug}`, and the spec's
 * `/showShopProduct?id={id}`, which is replaced by the readable URL (as is an old slug after the
 * shop was renamed). The shop's name, image, district, GSTIN and rating, then its products with
 * the grid's search and filters.
 */
export function ShopPage() {
  const { shopRef } = useParams();
  const [searchParams] = useSearchParams();
  const shopId = parseShopRef(shopRef ?? searchParams.get('id'));
  const { data: shop, isPending, isError, error, refetch } = useShop(shopId);
  const notFound = shopId === null || isApiError(error, 404) || isApiError(error, 400);
  const location = useLocation();
  const navigate = useNavigate();

  usePageTitle(shop ? `${shop.name}: shop` : notFound ? 'Shop not found' : 'Shop');

  // One address per shop: the spec's path and old slugs move to the readable one, filters kept.
  useEffect(() => {
    if (!shop) return;
    const canonical = shopPagePath(shop);
    if (location.pathname === canonical) return;
    const search = new URLSearchParams(location.search);
    search.delete('id');
    const query = search.toString();
    void navigate(`${canonical}${query ? `?${query}` : ''}${location.hash}`, { replace: true });
  }, [shop, location.pathname, location.search, location.hash, navigate]);

  if (notFound) return <ShopNotFound />;

  return (
    <Container size="xl" py="lg">
      <Box component="nav" aria-label="Breadcrumb" mb="lg">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={PATHS.home}>
            Home
          </Anchor>
          <Text fz="sm" c="dimmed" aria-current="page" lineClamp={1}>
            {shop?.name ?? 'Shop'}
          </Text>
        </Breadcrumbs>
      </Box>
      {isError ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <ShopHeaderSkeleton />
      ) : (
        <>
          <ShopHeader shop={shop} />
          <ProductGrid shopId={shop.id} title={`Products of ${shop.name}`} />
        </>
      )}
    </Container>
  );
}

function ShopHeader({ shop }: { shop: ShopStorefront }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="header">
      <div className={classes.header}>
        {shop.imageUrl ? (
          <img src={shop.imageUrl} alt={`${shop.name}, the shop`} className={classes.image} />
        ) : (
          <div className={classes.image} aria-hidden="true">
            <IconBuildingStore size={48} stroke={1.4} />
          </div>
        )}
        <Stack gap={6} className={classes.facts}>
          <Group gap="xs">
            <Title order={1} className={classes.name}>
              {shop.name}
            </Title>
            <Badge variant="light" color="grape">
              {shop.category}
            </Badge>
          </Group>
          {shop.ratingCount > 0 ? (
            <Group gap={6}>
              <StarRating rating={shop.rating} ratingCount={shop.ratingCount} size="md" />
              <Text fz="xs" c="dimmed">
                over its products
              </Text>
            </Group>
          ) : (
            <Text fz="sm" c="dimmed">
              No ratings yet
            </Text>
          )}
          <Group gap="xs" wrap="nowrap">
            <IconMapPin size={18} stroke={1.6} aria-hidden="true" />
            <Text fz="sm">
              {shop.city === shop.district ? shop.district : `${shop.city}, ${shop.district}`}{' '}
              district, {shop.state}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <IconReceiptTax size={18} stroke={1.6} aria-hidden="true" />
            <Text fz="sm">
              {shop.gstin ? (
                <>
                  GSTIN <span className={classes.gstin}>{shop.gstin}</span>
                </>
              ) : (
                'Not registered for GST'
              )}
            </Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {formatIndianNumber(shop.productCount)}{' '}
            {shop.productCount === 1 ? 'product' : 'products'} listed
          </Text>
          {shop.description && <Text className={classes.description}>{shop.description}</Text>}
        </Stack>
      </div>
    </Paper>
  );
}

function ShopHeaderSkeleton() {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      role="status"
      aria-busy="true"
      aria-label="Loading the shop"
    >
      <div className={classes.header}>
        <Skeleton className={classes.image} />
        <Stack gap="sm" className={classes.facts}>
          <Skeleton h={28} w="60%" />
          <Skeleton h={16} w="30%" />
          <Skeleton h={16} w="50%" />
          <Skeleton h={16} w="40%" />
        </Stack>
      </div>
    </Paper>
  );
}

/** A bad or unknown shop id: say so and lead back to the storefront. */
function ShopNotFound() {
  return (
    <Container size="sm" py={60}>
      <EmptyState size="lg" icon={<IconBuildingStore size={36} />}>
        <EmptyState.Title order={1}>We could not find this shop</EmptyState.Title>
        <EmptyState.Description>
          The link may be wrong, or the shop has closed. Have a look at what other shops offer.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Group justify="center" mt="md">
            <Button component={Link} to={PATHS.home} leftSection={<IconHome size={18} />}>
              Back to home
            </Button>
            <Button component={Link} to="/#products" variant="default">
              Browse all products
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Container>
  );
}
