import { Suspense } from 'react';
import { Divider, Skeleton } from '@mantine/core';
import { lazyComponent } from '../../../components/lazy-component';

const Reviews = lazyComponent(() =>
  import('./product-reviews').then((module) => module.ProductReviews),
);

/**
 * The product page's reviews in a chunk of their own, loaded after the product is shown
 * (docs/reviews.md "Speed"): the page's first data and its largest paint never wait for them.
 */
export function LazyProductReviews({ productId }: { productId: number }) {
  return (
    <>
      <Divider my="xl" />
      <Suspense fallback={<Skeleton h={160} aria-label="Loading the reviews" />}>
        <Reviews productId={productId} />
      </Suspense>
    </>
  );
}
