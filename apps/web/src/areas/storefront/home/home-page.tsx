import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { startTransition, Suspense, useEffect, useState } from 'react';
import { SITE } from '../../../config/site';
import { lazyComponent } from '../../../components/lazy-component';
import { usePageTitle } from '../../../components/use-page-title';
import classes from './home-page.module.css';
import { preloadProductCarousel, ProductSlider } from './product-slider';
import { ServiceStrip } from './service-strip';

// The product grid (search box, filters, pages) sits below the sliders: a chunk of its own,
// requested as soon as the page renders, so the first paint does not wait for it
// (docs/performance.md).
const ProductGrid = lazyComponent(
  async () => (await import('../product-grid/product-grid')).ProductGrid,
);

/**
 * Loads the chunk the home page shows at once: the sliders' carousel (the grid below them is
 * rendered after the first paint).
 * @returns settled when it has run (rejects when it failed to load).
 */
export function preloadHomePage(): Promise<unknown> {
  return preloadProductCarousel();
}

/** `/`: the two sliders, the service strip and the searchable product grid (docs/catalog.md). */
export function HomePage() {
  usePageTitle();
  // The grid renders after the first paint (after hydration in a page the server rendered), as
  // a transition: React renders it in slices of a few milliseconds, so the page stays responsive
  // while its 20 cards are built; the server's HTML stays small.
  const [gridShown, setGridShown] = useState(false);
  useEffect(() => {
    void ProductGrid.preload();
    startTransition(() => setGridShown(true));
  }, []);
  return (
    <>
      <Box className={classes.hero}>
        <Container size="xl" py={{ base: 'lg', sm: 32 }}>
          <Title order={1} className={classes.heroTitle}>
            Fashion for the whole family, from sellers you trust
          </Title>
          <Text className={classes.heroText} mt="xs" maw={640}>
            Kurtas, shirts, sarees and kidswear from {SITE.legalName} and local shops across Bihar.
            Cash on delivery and easy returns.
          </Text>
          <Group mt="md">
            <Button
              onClick={() =>
                document.getElementById('products')?.scrollIntoView({ behavior: 'smooth' })
              }
              color="orange"
              rightSection={<IconArrowDown size={16} aria-hidden="true" />}
            >
              Browse all products
            </Button>
          </Group>
        </Container>
      </Box>

      <Container size="xl">
        <ProductSlider title="Best selling products" list="best-selling" lead />
        <ProductSlider title="New arrivals products" list="new-arrivals" />
        <ServiceStrip />
        <Suspense fallback={<Box id="products" mih={720} />}>
          {gridShown ? <ProductGrid /> : <Box id="products" mih={720} />}
        </Suspense>
      </Container>
    </>
  );
}
