import { Box } from '@mantine/core';
import classes from './product-image.module.css';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** Width / height of the frame; the image is fitted inside it. */
  ratio?: number;
  fit?: 'cover' | 'contain';
  loading?: 'lazy' | 'eager';
}

/** A product photo in a fixed-ratio frame, or a drawn placeholder when the product has none. */
export function ProductImage({ src, alt, ratio = 4 / 5, fit = 'cover', loading = 'lazy' }: ProductImageProps) {
  return (
    <Box className={classes.frame} style={{ aspectRatio: String(ratio) }}>
      {src ? (
        <img src={src} alt={alt} loading={loading} decoding="async" className={classes.image} data-fit={fit} />
      ) : (
        <svg viewBox="0 0 120 150" role="img" aria-label={`${alt} (no photo yet)`} className={classes.image}>
          <rect width="120" height="150" fill="var(--mantine-color-grape-0)" />
          <path
            d="M42 40l-18 12 8 16 8-4v50h40V64l8 4 8-16-18-12c-3 6-9 9-14 9s-11-3-14-9z"
            fill="var(--mantine-color-grape-2)"
          />
          <text x="60" y="135" textAnchor="middle" fontSize="9" fill="var(--mantine-color-grape-6)">
            No photo yet
          </text>
        </svg>
      )}
    </Box>
  );
}
