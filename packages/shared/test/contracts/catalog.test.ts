import { describe, expect, it } from 'vitest';
import { catalogApi, pathOf } from '../../src/contracts/index.js';
import {
  featuredListApiPath,
  productDetailApiPath,
  productListApiPath,
  productListQuery,
} from '../../src/domain/storefront-pages.js';

/*
 * The storefront's first-page answers are keyed by the paths firstPageNeeds builds (the server
 * answers them inside the page's HTML); the web app calls the same endpoints through the catalog
 * contract. Both must name the same URL, or the first render would ask again.
 */
describe('the storefront page paths', () => {
  it('are the catalog contract paths, with the same query', () => {
    const query = { q: ' kurta ', category: ['Men', 'Women'] as const, page: 2, pageSize: 20 };
    expect(productListApiPath(query)).toBe(
      pathOf(catalogApi.listProducts.path, undefined, productListQuery(query)),
    );
    expect(featuredListApiPath('best-selling', 12)).toBe(
      pathOf(catalogApi.listBestSellingProducts.path, undefined, { limit: 12 }),
    );
    expect(featuredListApiPath('new-arrivals', 8)).toBe(
      pathOf(catalogApi.listNewArrivalProducts.path, undefined, { limit: 8 }),
    );
    expect(productDetailApiPath(7)).toBe(pathOf(catalogApi.getProduct.path, { productId: 7 }));
  });
});
