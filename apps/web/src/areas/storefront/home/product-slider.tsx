import { Box, Group, Title } from '@mantine/core';
import { SLIDER_CARDS_VISIBLE } from '@bazaar/shared';
import { Suspense, useEffect, useId } from 'react';
import {
  useFeaturedProducts,
  type FeaturedList,
} from '../../../api/products/get-featured-products';
import { ProductCardSkeleton } from '../../../components/product-card/product-card-skeleton';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import classes from './product-slider.module.css';
import { lazyComponent } from '../../../components/lazy-component';

const ProductCarousel = lazyComponent(
  async () => (await import('./product-carousel')).ProductCarousel,
);

/**
 * Loads the sliders' carousel chunk; resolves when a slider can render it without suspending.
 * The app starts it before its first render on the home page (docs/performance.md).
 */
export function preloadProductCarousel(): Promise<unknown> {
  return ProductCarousel.preload();
}

function SliderSkeleton() {
  return (
    <div className={classes.skeletonRow}>
      {Array.from({ length: SLIDER_CARDS_VISIBLE }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}

/**
 * A home-page slider (docs/catalog.md): 4 cards at a time on desktop,
 * dots, auto-play every 2000 ms that pauses while the pointer is over it, looping.
 * Visitors who ask for reduced motion get the same slider without auto-play. The carousel itself
 * (product-carousel.tsx) is a lazy chunk; its skeleton shows until both it and the products came.
 */
export function ProductSlider({
  title,
  list,
  lead = false,
}: {
  title: string;
  list: FeaturedList;
  /** The page's first slider, whose first photo is the page's largest paint. */
  lead?: boolean;
}) {
  const headingId = useId();
  const { data, isPending, isError, refetch } = useFeaturedProducts(list);
  // The carousel's chunk downloads while the products load.
  useEffect(() => void ProductCarousel.preload(), []);

  if (!isPending && !isError && data.items.length === 0) return null;

  return (
    <Box component="section" aria-labelledby={headingId} className={classes.section}>
      <Group justify="space-between" mb="md">
        <Title order={2} id={headingId} className={classes.title}>
          {title}
        </Title>
      </Group>

      {isError ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <SliderSkeleton />
      ) : (
        <Suspense fallback={<SliderSkeleton />}>
          <ProductCarousel title={title} items={data.items} lead={lead} />
        </Suspense>
      )}
    </Box>
  );
}
