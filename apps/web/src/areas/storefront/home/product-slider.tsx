import { Carousel } from '@mantine/carousel';
import { Box, Group, Title } from '@mantine/core';
import { SLIDER_AUTOPLAY_MS, SLIDER_CARDS_VISIBLE } from '@bazaar/shared';
import Autoplay from 'embla-carousel-autoplay';
import { useId, useState } from 'react';
import {
  useFeaturedProducts,
  type FeaturedList,
} from '../../../api/products/get-featured-products';
import { ProductCard, ProductCardSkeleton } from '../../../components/product-card/product-card';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import classes from './product-slider.module.css';

const SLIDE_SIZE = {
  base: '58%', // a phone shows one and a half cards, inviting a swipe
  xs: '40%',
  sm: '33.3333%',
  md: `${100 / SLIDER_CARDS_VISIBLE}%`,
};

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * A home-page slider (marketplace.md section 2, "Home sliders"): 4 cards at a time on desktop,
 * dots, auto-play every 2000 ms that pauses while the pointer is over it, looping.
 * Visitors who ask for reduced motion get the same slider without auto-play.
 */
export function ProductSlider({ title, list }: { title: string; list: FeaturedList }) {
  const headingId = useId();
  const { data, isPending, isError, refetch } = useFeaturedProducts(list);
  // One plugin instance (and one array) for the slider's lifetime, so embla is not re-initialised.
  const [plugins] = useState(() => [
    Autoplay({
      delay: SLIDER_AUTOPLAY_MS,
      playOnInit: !prefersReducedMotion(),
      stopOnMouseEnter: true, // resumes on mouse leave because interaction does not stop it
      stopOnInteraction: false,
    }),
  ]);

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
        <div className={classes.skeletonRow}>
          {Array.from({ length: SLIDER_CARDS_VISIBLE }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      ) : (
        <Carousel
          slideSize={SLIDE_SIZE}
          slideGap="md"
          withIndicators
          controlSize={36}
          emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1 }}
          plugins={plugins}
          classNames={{
            root: classes.carousel,
            indicators: classes.indicators,
            indicator: classes.indicator,
            controls: classes.controls,
            control: classes.control,
          }}
          previousControlProps={{ 'aria-label': `Previous ${title.toLowerCase()}` }}
          nextControlProps={{ 'aria-label': `Next ${title.toLowerCase()}` }}
          getIndicatorProps={(index) => ({ 'aria-label': `Show product ${index + 1}` })}
        >
          {data.items.map((product) => (
            <Carousel.Slide key={product.id}>
              <ProductCard product={product} />
            </Carousel.Slide>
          ))}
        </Carousel>
      )}
    </Box>
  );
}
