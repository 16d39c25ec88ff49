import { Badge, Card } from '@mantine/core';
import {
  CARD_IMAGE_SIZES,
  DESCRIPTION_PREVIEW_CHARS,
  previewText,
  type ProductCard as ProductCardData,
} from '@bazaar/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { productInfoPath } from '../../config/site';
import { PriceTag } from '../price-tag';
import { PurchaseButtons } from '../purchase-buttons';
import { WishlistButton } from '../wishlist-button';
import { ProductImage } from '../product-image';
import { SoldByLink } from '../sold-by-link';
import { StarRating } from '../star-rating';
import { ColourSwatches } from '../colour-swatches';
import classes from './product-card.module.css';

/**
 * One design on the grid or a slider (docs/catalog.md): photo (opens its default variant), company
 * and name, its colours as swatches and its sizes, 'from' the lowest price when its variants'
 * prices differ, price with the struck original and percent off, stars, the description cut
 * to 15 characters (full text on hover or keyboard focus), Add to cart and Buy now
 * (purchase-buttons.tsx: the cart for a customer, the login page for a visitor).
 */
export function ProductCard({
  product,
  lead = 'no',
}: {
  product: ProductCardData;
  /**
   * A card at the top of the page: `first` (the page's largest image: loaded first) or
   * `visible` (loaded at once); `no` (the default) loads its photo when it scrolls near.
   */
  lead?: 'first' | 'visible' | 'no';
}) {
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
            loading={lead === 'no' ? 'lazy' : 'eager'}
            fetchPriority={lead === 'first' ? 'high' : 'auto'}
          />
        </Link>
        {outOfStock && (
          <Badge className={classes.stockBadge} color="dark" variant="filled" radius="sm">
            Out of stock
          </Badge>
        )}
        <WishlistButton productId={product.id} size="sm" className={classes.wishlist} />
      </Card.Section>

      {/* Plain elements styled by the CSS module: a card is rendered up to 44 times on the home
          page, and Mantine's Text and Stack cost more to render than they add here
          (docs/performance.md). */}
      <div className={classes.body}>
        <p className={classes.company}>{product.company}</p>
        <Link to={infoPath} className={classes.name}>
          {product.name}
        </Link>
        <ColourSwatches colours={product.colours} />
        <p className={classes.variant}>
          {product.sizes.length > 1 ? `Sizes ${product.sizes.join(' · ')}` : `Size ${product.size}`}
        </p>
        <PriceTag
          pricePaise={product.pricePaise}
          mrpPaise={product.mrpPaise}
          from={product.minPricePaise !== product.maxPricePaise}
        />
        <StarRating rating={product.rating} ratingCount={product.ratingCount} size="xs" />
        {truncated ? (
          // A CSS-only hover card: Mantine's Tooltip would add its positioning engine
          // (floating-ui, ~14 KB gzip) to the home page for this one line.
          <div className={classes.descriptionWrap}>
            <p
              tabIndex={0}
              className={`${classes.descriptionText} ${classes.description}`}
              aria-describedby={descriptionId}
            >
              {preview}
            </p>
            <span role="tooltip" id={descriptionId} className={classes.fullDescription}>
              {product.description}
            </span>
          </div>
        ) : (
          <p className={classes.descriptionText}>{preview}</p>
        )}
        {/* After the description: the keyboard goes from the name to the description first. */}
        <SoldByLink
          shopId={product.shopId}
          shopName={product.shopName}
          className={classes.variant}
        />
      </div>

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
