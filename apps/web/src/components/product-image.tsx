import { Box } from '@mantine/core';
import { productImageSrcSet } from '@bazaar/shared';
import classes from './product-image.module.css';

interface ProductImageProps {
  /** The image (for cards, the 240 px thumbnail). */
  src: string | null | undefined;
  /** The full-size image, offered to the browser for wide slots and sharp screens. */
  fullSrc?: string | null | undefined;
  /** How wide the image is shown, for choosing between `src` and `fullSrc` (an `<img sizes>`). */
  sizes?: string;
  alt: string;
  /** Width / height of the frame; the image is fitted inside it. */
  ratio?: number;
  fit?: 'cover' | 'contain';
  loading?: 'lazy' | 'eager';
  /** `high` for the page's largest image (its Largest Contentful Paint). */
  fetchPriority?: 'high' | 'auto';
}

/** A product photo in a fixed-ratio frame, or a drawn placeholder when the product has none. */
export function ProductImage({
  src,
  fullSrc,
  sizes,
  alt,
  ratio = 1,
  fit = 'cover',
  loading = 'lazy',
  fetchPriority = 'auto',
}: ProductImageProps) {
  const srcSet = productImageSrcSet(src, fullSrc);
  return (
    <Box className={classes.frame} style={{ aspectRatio: String(ratio) }}>
      {src ? (
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          loading={loading}
          fetchPriority={fetchPriority}
          decoding="async"
          className={classes.image}
          data-fit={fit}
        />
      ) : (
        <svg
          viewBox="0 0 120 120"
          role="img"
          aria-label={`${alt} (no photo yet)`}
          className={classes.image}
        >
          <rect width="120" height="120" fill="var(--mantine-color-grape-0)" />
          <path
            d="M42 26l-18 12 8 16 8-4v44h40V50l8 4 8-16-18-12c-3 6-9 9-14 9s-11-3-14-9z"
            fill="var(--mantine-color-grape-2)"
          />
          <text x="60" y="110" textAnchor="middle" fontSize="9" fill="var(--mantine-color-grape-6)">
            No photo yet
          </text>
        </svg>
      )}
    </Box>
  );
}
