import type { ShopListKind, ShopProductQueryInput } from '@bazaar/shared';

/**
 * Query keys of the shop catalog (docs/shop-catalog.md): the three pick-lists, All Stock's pages and
 * filter values, one product, its images and the slider views. Every product write invalidates
 * `products` (pages, filters, detail, images, sliders all sit under it).
 */
export const shopCatalogKeys = {
  all: ['shop-catalog'] as const,
  list: (kind: ShopListKind, search: string) => ['shop-catalog', 'list', kind, search] as const,
  lists: (kind: ShopListKind) => ['shop-catalog', 'list', kind] as const,
  products: ['shop-catalog', 'products'] as const,
  productPage: (query: ShopProductQueryInput) =>
    ['shop-catalog', 'products', 'page', query] as const,
  filters: ['shop-catalog', 'products', 'filters'] as const,
  product: (id: number) => ['shop-catalog', 'products', 'one', id] as const,
  images: (id: number) => ['shop-catalog', 'products', 'images', id] as const,
  slider: (placement: string) => ['shop-catalog', 'products', 'slider', placement] as const,
};
