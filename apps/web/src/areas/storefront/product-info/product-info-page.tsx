import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Container,
  Divider,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { CANCELLATION_DAYS_LIFESTYLE, parseProductId, type ProductDetail } from '@bazaar/shared';
import { IconBuildingStore, IconMapPin, IconTruckReturn } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../api/accounts/session';
import { isApiError } from '../../../api/api-client';
import { productQueryOptions } from '../../../api/products/get-product';
import { PriceTag } from '../../../components/price-tag';
import { StarRating } from '../../../components/star-rating';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS, productInfoPath } from '../../../config/site';
import { PurchaseButtons, STAFF_CANNOT_BUY } from '../../../components/purchase-buttons';
import { WishlistButton } from '../../../components/wishlist-button';
import { SoldByLink } from '../../../components/sold-by-link';
import { DeliveryCheck } from './delivery-check';
import { gstLineOf } from './gst-line';
import { LazyProductReviews } from './lazy-product-reviews';
import { ProductGallery } from './product-gallery';
import { ProductNotFound } from './product-not-found';
import { SizeGuide } from './size-guide';
import { VariantPicker, sizesOf } from './variant-picker';
import classes from './product-info-page.module.css';

/**
 * `/ProductInfo?id=N` (docs/catalog.md): one variant of a design (N is the variant's id): the
 * gallery, every fact of the card, the colour swatches and size buttons of the design's variants
 * (choosing one replaces the URL with that variant's id, so price, stock, the buy buttons and a
 * shared link follow it), the size guide of the category, the description, the shop and its
 * town, Add to cart and Buy now.
 */
export function ProductInfoPage() {
  const [searchParams] = useSearchParams();
  const productId = parseProductId(searchParams.get('id'));
  // While another variant of the design loads (the picker replaced the URL's id), the one
  // before stays on screen (placeholder data). Set here, not in the shared query options: this
  // page is a lazy chunk, the storefront's first download has no room (docs/performance.md).
  const {
    data: product,
    isPending,
    isError,
    error,
    refetch,
  } = useQuery({
    ...productQueryOptions(productId ?? 0),
    enabled: productId !== null,
    placeholderData: keepPreviousData,
  });
  const notFound = productId === null || isApiError(error, 404) || isApiError(error, 400);

  usePageTitle(
    product ? `${product.name} by ${product.company}` : notFound ? 'Product not found' : 'Product',
  );

  if (notFound) return <ProductNotFound />;

  return (
    <Container size="xl" py="lg">
      {/* A <nav>, so the label names a landmark; on Breadcrumbs' <div> it would be ignored. */}
      <Box component="nav" aria-label="Breadcrumb" mb="lg">
        <Breadcrumbs separator="›" className={classes.breadcrumbs}>
          <Anchor component={Link} to={PATHS.home}>
            Home
          </Anchor>
          {product && (
            <Anchor
              component={Link}
              to={`/?category=${encodeURIComponent(product.category)}#products`}
            >
              {product.category}
            </Anchor>
          )}
          <Text fz="sm" c="dimmed" aria-current="page" lineClamp={1}>
            {product?.name ?? 'Product'}
          </Text>
        </Breadcrumbs>
      </Box>

      {isError ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <ProductInfoSkeleton />
      ) : (
        <>
          <ProductInfo product={product} urlVariantId={productId} />
          <LazyProductReviews productId={product.id} />
        </>
      )}
    </Container>
  );
}

function ProductInfo({
  product,
  urlVariantId,
}: {
  product: ProductDetail;
  /** The variant the URL names: `product` until its page has come, then the same. */
  urlVariantId: number | null;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const outOfStock = product.stockQuantity <= 0;
  const returnTo = productInfoPath(product.id);

  return (
    <Grid gap={{ base: 'lg', md: 40 }}>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <div className={classes.galleryColumn}>
          <ProductGallery product={product} />
        </div>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <div>
            <Text fz="sm" fw={700} c="dimmed" tt="uppercase">
              {product.company}
            </Text>
            <Title order={1} className={classes.name}>
              {product.name}
            </Title>
            <Group mt={6}>
              <StarRating rating={product.rating} ratingCount={product.ratingCount} size="md" />
            </Group>
          </div>

          <div>
            <PriceTag pricePaise={product.pricePaise} mrpPaise={product.mrpPaise} large />
            <Text fz="xs" c="dimmed">
              {gstLineOf(product)}
            </Text>
          </div>

          <Group gap="xs">
            {outOfStock ? (
              <Badge color="red" variant="light" size="lg">
                Out of stock
              </Badge>
            ) : product.stockQuantity <= 5 ? (
              <Badge color="orange" variant="light" size="lg">
                Only {product.stockQuantity} left
              </Badge>
            ) : (
              <Badge color="green" variant="light" size="lg">
                In stock
              </Badge>
            )}
          </Group>

          <VariantPicker
            variants={product.variants}
            // The variant the URL names, even while its page is still loading (the one before
            // stays on screen): a size chosen right after a colour is that colour's size.
            current={product.variants.find((variant) => variant.id === urlVariantId) ?? product}
            onChoose={(variantId) =>
              void navigate(productInfoPath(variantId), {
                replace: true,
                preventScrollReset: true,
              })
            }
          />

          <Table withRowBorders={false} verticalSpacing={4} className={classes.facts}>
            <Table.Tbody>
              <Fact label="Colour" value={product.colour} />
              <Fact
                label="Size"
                value={`${product.size} (chest ${product.chestInches} in, length ${product.lengthCm} cm)`}
              />
              <Fact label="Category" value={product.category} />
              <Fact label="Style" value={product.style} />
              <Fact label="Material" value={product.material} />
              <Fact label="Product code" value={product.sku} />
            </Table.Tbody>
          </Table>

          <Group wrap="nowrap">
            <Group grow style={{ flex: 1 }}>
              <PurchaseButtons
                productId={product.id}
                outOfStock={outOfStock}
                returnTo={returnTo}
                size="md"
              />
            </Group>
            <WishlistButton productId={product.id} size="lg" />
          </Group>
          {user && user.role !== 'customer' && !outOfStock && (
            <Text fz="sm" c="dimmed" mt={-8}>
              {STAFF_CANNOT_BUY}: you are signed in as staff.
            </Text>
          )}

          <DeliveryCheck />

          <Paper withBorder p="sm" radius="md">
            <Group gap="xs" wrap="nowrap">
              <IconBuildingStore size={20} stroke={1.6} aria-hidden="true" />
              <Text fz="sm">
                <SoldByLink shopId={product.shopId} shopName={product.shopName} />
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap" mt={4}>
              <IconMapPin size={20} stroke={1.6} aria-hidden="true" />
              <Text fz="sm">Ships from {product.shopCity}</Text>
            </Group>
            <Group gap="xs" wrap="nowrap" mt={4}>
              <IconTruckReturn size={20} stroke={1.6} aria-hidden="true" />
              <Text fz="sm">
                Cancel within {CANCELLATION_DAYS_LIFESTYLE} days.{' '}
                <Anchor href={PATHS.cancellationPolicy} target="_blank" rel="noopener" fz="sm">
                  Cancellation policy
                </Anchor>
              </Text>
            </Group>
          </Paper>

          <Divider />

          <section aria-labelledby="product-description">
            <Title order={2} fz="lg" id="product-description" mb={6}>
              Description
            </Title>
            <Text className={classes.description}>{product.description}</Text>
          </section>

          <SizeGuide
            category={product.category}
            sizes={sizesOf(product.variants)}
            chosen={product.size}
            className={classes.sizeTable}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={130} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td fw={500}>{value}</Table.Td>
    </Table.Tr>
  );
}

function ProductInfoSkeleton() {
  return (
    <Grid
      gap={{ base: 'lg', md: 40 }}
      role="status"
      aria-busy="true"
      aria-label="Loading the product"
    >
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton className={classes.imageSkeleton} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Skeleton h={12} w="30%" />
          <Skeleton h={28} w="80%" />
          <Skeleton h={16} w="40%" />
          <Skeleton h={24} w="50%" />
          <Skeleton h={140} />
          <Group grow>
            <Skeleton h={42} />
            <Skeleton h={42} />
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
