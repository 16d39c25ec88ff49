/**
 * A product's rating figures from how many reviews gave each number of stars (docs/reviews.md):
 * `distribution[0]` is 1 star ... `[4]` 5 stars. The average has one decimal (4.25 -> 4.3) and is
 * 0 without reviews. The server stores these on the product; the demo data counts them the same.
 */
export function ratingFiguresOf(distribution: readonly number[]): {
  average: number;
  count: number;
  distribution: number[];
} {
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const stars = distribution.reduce((sum, n, index) => sum + n * (index + 1), 0);
  const average = count === 0 ? 0 : Math.round((stars / count) * 10) / 10;
  return { average, count, distribution: [...distribution] };
}
