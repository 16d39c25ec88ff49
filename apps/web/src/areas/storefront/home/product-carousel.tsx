import { Carousel } from '@mantine/carousel';
import { SLIDER_AUTOPLAY_MS, SLIDER_CARDS_VISIBLE, type ProductList } from '@bazaar/shared';
import Autoplay from 'embla-carousel-autoplay';
import { useState } from 'react';
import { ProductCard } from '../../../components/product-card/product-card';
import { useFirstThenAll } from '../../../components/use-first-then-all';
import dots from '../../../components/carousel-dots.module.css';
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
 * The carousel of a home-page slider: 4 cards at a time on desktop, dots, auto-play every
 * 2000 ms that pauses while the pointer is over it, looping; no auto-play for visitors who ask
 * for reduced motion. A lazy chunk (embla and Mantine's carousel), requested when the slider
 * first renders, in parallel with its products (docs/performance.md).
 */
export function ProductCarousel({
  title,
  items,
  lead,
}: {
  title: string;
  items: ProductList['items'];
  /** The page's first slider: the cards in view load their photos at once, the first first. */
  lead: boolean;
}) {
  // One plugin instance (and one array) for the slider's lifetime, so embla is not re-initialised.
  const [plugins] = useState(() => [
    Autoplay({
      delay: SLIDER_AUTOPLAY_MS,
      playOnInit: !prefersReducedMotion(),
      stopOnMouseEnter: true, // resumes on mouse leave because interaction does not stop it
      stopOnInteraction: false,
    }),
  ]);
  // The first render (the server's page, and its hydration) draws only the cards a desktop shows
  // at once; the rest follow right after in a transition: a smaller page to send, parse and
  // hydrate on a slow phone (docs/performance.md).
  const shown = useFirstThenAll(items, SLIDER_CARDS_VISIBLE);
  return (
    <Carousel
      slideSize={SLIDE_SIZE}
      slideGap="md"
      withIndicators
      controlSize={36}
      emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1 }}
      plugins={plugins}
      classNames={{
        root: classes.carousel,
        slide: classes.slide,
        indicators: dots.indicators,
        indicator: dots.indicator,
        controls: classes.controls,
        control: classes.control,
      }}
      previousControlProps={{ 'aria-label': `Previous ${title.toLowerCase()}` }}
      nextControlProps={{ 'aria-label': `Next ${title.toLowerCase()}` }}
      getIndicatorProps={(index) => ({ 'aria-label': `Show product ${index + 1}` })}
    >
      {shown.map((product, index) => (
        <Carousel.Slide key={product.id}>
          <ProductCard
            product={product}
            lead={
              !lead ? 'no' : index === 0 ? 'first' : index < SLIDER_CARDS_VISIBLE ? 'visible' : 'no'
            }
          />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
