import { Carousel } from '@mantine/carousel';
import { Box, Stack, UnstyledButton } from '@mantine/core';
import type { ProductDetail, ProductImage as ProductImageData } from '@bazaar/shared';
import { useState } from 'react';
import dots from '../../../components/carousel-dots.module.css';
import { ProductImage } from '../../../components/product-image';
import classes from './product-gallery.module.css';

/** The product's photos, or its card photo when it has no gallery yet. */
function galleryImages(product: ProductDetail): ProductImageData[] {
  if (product.images.length > 0) return product.images;
  if (product.imageUrl) {
    return [
      {
        id: 0,
        url: product.imageUrl,
        thumbnailUrl: product.thumbnailUrl ?? product.imageUrl,
        width: 800,
        height: 1000,
      },
    ];
  }
  return [];
}

/**
 * Detail gallery (docs/catalog.md): thumbnails beside an enlarged image on desktop;
 * a swipeable carousel with dots on mobile.
 */
export function ProductGallery({ product }: { product: ProductDetail }) {
  const images = galleryImages(product);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const alt = (index: number) =>
    `${product.name} by ${product.company}, photo ${index + 1} of ${images.length}`;

  if (images.length === 0) {
    return (
      <Box className={classes.main}>
        <ProductImage src={null} alt={product.name} />
      </Box>
    );
  }

  const selected = images[selectedIndex] ?? images[0];

  return (
    <>
      <Box visibleFrom="sm" className={classes.desktop}>
        <Stack gap="xs" className={classes.thumbnails} role="group" aria-label="Product photos">
          {images.map((image, index) => (
            <UnstyledButton
              key={image.id}
              className={classes.thumbnail}
              data-selected={index === selectedIndex || undefined}
              aria-pressed={index === selectedIndex}
              aria-label={`Show photo ${index + 1}`}
              onClick={() => setSelectedIndex(index)}
              onMouseEnter={() => setSelectedIndex(index)}
            >
              <ProductImage src={image.thumbnailUrl} alt="" />
            </UnstyledButton>
          ))}
        </Stack>
        <Box className={classes.main}>
          <ProductImage
            src={selected?.url}
            alt={alt(selectedIndex)}
            fit="contain"
            loading="eager"
          />
        </Box>
      </Box>

      <Box hiddenFrom="sm">
        <Carousel
          withIndicators={images.length > 1}
          withControls={images.length > 1}
          emblaOptions={{ loop: images.length > 1 }}
          classNames={{ indicator: dots.indicator, indicators: dots.indicators }}
          getIndicatorProps={(index) => ({ 'aria-label': `Show photo ${index + 1}` })}
          previousControlProps={{ 'aria-label': 'Previous photo' }}
          nextControlProps={{ 'aria-label': 'Next photo' }}
        >
          {images.map((image, index) => (
            <Carousel.Slide key={image.id}>
              <ProductImage
                src={image.url}
                alt={alt(index)}
                fit="contain"
                loading={index === 0 ? 'eager' : 'lazy'}
              />
            </Carousel.Slide>
          ))}
        </Carousel>
      </Box>
    </>
  );
}
