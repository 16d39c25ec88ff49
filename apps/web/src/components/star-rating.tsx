import type { CSSProperties } from 'react';
import { formatIndianNumber } from '@bazaar/shared';
import classes from './star-rating.module.css';

const STAR_SIZE_PX = { xs: 14, sm: 18, md: 22 } as const;

/**
 * Read-only stars with the average and the number of ratings: ★★★★☆ 4.3 (128)
 * (docs/catalog.md and product detail). Input: `rating` 0-5 (filled to the
 * half star), `ratingCount` buyers, `size` of the stars.
 *
 * The five stars are one element painted by CSS (a star mask over a two-colour gradient cut at
 * the rating): the home page shows up to 44 cards, and Mantine's `Rating` (ten radio inputs
 * and SVGs per card, made for input) was a large part of its render time (docs/performance.md).
 */
export function StarRating({
  rating,
  ratingCount,
  size = 'sm',
}: {
  rating: number;
  ratingCount: number;
  size?: keyof typeof STAR_SIZE_PX;
}) {
  const label =
    ratingCount === 0
      ? 'Not rated yet'
      : `Rated ${rating.toFixed(1)} out of 5 by ${ratingCount} ${ratingCount === 1 ? 'buyer' : 'buyers'}`;
  const halfStars = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  const style = {
    '--star-size': `${STAR_SIZE_PX[size]}px`,
    '--star-fill': `${halfStars * 10}%`,
  } as CSSProperties;
  return (
    <span className={classes.rating} role="img" aria-label={label} style={style}>
      <span className={classes.stars} />
      <span className={classes.count} aria-hidden="true">
        {ratingCount === 0
          ? 'No ratings'
          : `${rating.toFixed(1)} (${formatIndianNumber(ratingCount)})`}
      </span>
    </span>
  );
}
