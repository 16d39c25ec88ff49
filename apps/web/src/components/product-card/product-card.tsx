import { Anchor, Badge, Card, Stack, Text } from '@mantine/core';
import {
  DESCRIPTION_PREVIEW_CHARS,
  previewText,
  type ProductCard as ProductCardData,
  variantLabel,
} from '@bazaar/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { productInfoPath } from '../../config/site';
import { PriceTag } from '../price-tag';
import { PurchaseButtons } from '../purchase-buttons';
import { WishlistButton } from '../wishlist-button';
import { ProductImage } from '../product-image';
import { StarRating } from '../star-rating';
import classes from './product-card.module.css';

/** A card is at most ~320 px wide: a quarter of the page on desktop, half of a phone. */
const CARD_IMAGE_SIZES = '(min-width: 62em) 320px, (min-width: 36em) 33vw, 50vw';

/**
 * One product on the grid or a slider (marketplace.md section 2, "Cards"): photo (opens the
 * product), company and name, colour and size, price with the struck original and percent off,
 * stars, the description cut to 15 characters (full text on hover or keyboard focus), Add to cart and
 * Buy now (purchase-buttons.tsx: the cart for a customer, the login page for a visitor).
 */
export function ProductCard({ product }: { product: ProductCardData }) {
  const infoPath = productInfoPath(product.id);
  const outOfStock = product.stockQuantity <= 0;
  const preview = previewText(product.description, DESCRIPTION_PREVIEW_CHARS);
  const truncated = preview !== product.description;
  const descriptionId = useId();

  return (
    <Card withBorder padding="sm" radius="md" className={classes.card} component="article">
      <Card.Section className={classes.media}>
        {/* The name below is the keyboard link; the photo is the same link for the mouse. */}
        <Link to={infoPath} tabIndex={-1} className={classes.imageLink}>
          <ProductImage
            src={product.thumbnailUrl}
            fullSrc={product.imageUrl}
            sizes={CARD_IMAGE_SIZES}
            alt={`${product.name} by ${product.company}`}
          />
        </Link>
        {outOfStock && (
          <Badge className={classes.stockBadge} color="dark" variant="filled" radius="sm">
            Out of stock
          </Badge>
        )}
        <WishlistButton productId={product.id} size="sm" className={classes.wishlist} />
      </Card.Section>

      <Stack gap={4} mt="sm" className={classes.body}>
        <Text fz="xs" fw={700} c="dimmed" tt="uppercase" lineClamp={1}>
          {product.company}
        </Text>
        <Anchor
          component={Link}
          to={infoPath}
          fw={600}
          c="dark.8"
          lineClamp={1}
          className={classes.name}
        >
          {product.name}
        </Anchor>
        <Text fz="sm" c="dimmed">
          {variantLabel(product)}
        </Text>
        <PriceTag pricePaise={product.pricePaise} offerPercent={product.offerPercent} />
        <StarRating rating={product.rating} ratingCount={product.ratingCount} size="xs" />
        {truncated ? (
          // A CSS-only hover card: Mantine's Tooltip would add its positioning engine
          // (floating-ui, ~14 KB gzip) to the home page for this one line.
          <div className={classes.descriptionWrap}>
            <Text
              fz="sm"
              c="gray.7"
              tabIndex={0}
              className={classes.description}
              aria-describedby={descriptionId}
            >
              {preview}
            </Text>
            <span role="tooltip" id={descriptionId} className={classes.fullDescription}>
              {product.description}
            </span>
          </div>
        ) : (
          <Text fz="sm" c="gray.7">
            {preview}
          </Text>
        )}
      </Stack>

      <div className={classes.actions}>
        <PurchaseButtons
          productId={product.id}
          productName={product.name}
          outOfStock={outOfStock}
          returnTo={infoPath}
          size="xs"
        />
      </div>
    </Card>
  );
}

export { ProductCardSkeleton } from './product-card-skeleton';
