import { Suspense, useState } from 'react';
import { Divider, Skeleton, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { lazyComponent } from '../../../components/lazy-component';

const Reviews = lazyComponent(() =>
  import('./product-reviews').then((module) => module.ProductReviews),
);

/**
 * How far below the screen the reviews start to load: about a phone screen ahead of the
 * visitor's scroll, so they are usually there when the visitor reaches them.
 */
const LOAD_AHEAD_MARGIN = '800px 0px';

/** Where the reviews will be while they are not loaded. */
function ReviewsPlaceholder() {
  // A role of its own: ARIA allows no label on a plain div (Lighthouse's accessibility audit).
  return <Skeleton h={160} role="status" aria-busy="true" aria-label="Loading the reviews" />;
}

/**
 * The product page's "Ratings & reviews" section (docs/reviews.md "Screens"). Its heading is
 * there at once; the reviews themselves are a chunk of their own, loaded and rendered once the
 * section comes within `LOAD_AHEAD_MARGIN` of the screen. The page's first data, its largest
 * paint and the work right after it never wait for them, and a visitor who never scrolls down
 * never downloads them (on a slow phone their first render was one of the page's longest tasks:
 * docs/performance.md "Page speed"). The section element stays the same while they load, so
 * whatever points at it (a link, a test's locator) keeps it. Without IntersectionObserver they
 * load at once.
 */
export function LazyProductReviews({ productId }: { productId: number }) {
  const { ref, entry } = useIntersection<HTMLElement>({ rootMargin: LOAD_AHEAD_MARGIN });
  // A browser without IntersectionObserver loads them at once; the server renders the placeholder.
  const cannotObserve =
    typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined';
  // Once near, always near: scrolling back up does not unload them.
  const [wasNear, setWasNear] = useState(false);
  const near = wasNear || cannotObserve || entry?.isIntersecting === true;
  if (near && !wasNear) setWasNear(true);

  return (
    <>
      <Divider my="xl" />
      <section aria-labelledby="ratings-and-reviews" ref={cannotObserve ? undefined : ref}>
        <Title order={2} fz="xl" id="ratings-and-reviews" mb="md">
          Ratings &amp; reviews
        </Title>
        {near ? (
          <Suspense fallback={<ReviewsPlaceholder />}>
            <Reviews productId={productId} />
          </Suspense>
        ) : (
          <ReviewsPlaceholder />
        )}
      </section>
    </>
  );
}
