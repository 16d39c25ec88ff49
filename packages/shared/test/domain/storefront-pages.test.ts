import { describe, expect, it } from 'vitest';
import {
  firstPageNeeds,
  gridQueryOf,
  parseGridFilters,
  parseProductId,
  parseShopRef,
  productListApiPath,
  shopPagePath,
  shopSlug,
} from '../../src/domain/storefront-pages.js';

describe('the grid filters in a page URL', () => {
  it('reads every filter, in rupees, keeping the allowed order of lists', () => {
    const filters = parseGridFilters(
      new URLSearchParams(
        'q=kurta&minPrice=500&maxPrice=2000&category=Women,Men&size=L,M&brand=Raymond, Biba,Biba' +
          '&colour=Red,Navy Blue,Red&shop=3&discount=20&sort=price_asc&page=2',
      ),
    );
    expect(filters).toEqual({
      q: 'kurta',
      minPrice: 500,
      maxPrice: 2000,
      category: ['Men', 'Women'],
      size: ['M', 'L'],
      // Sorted and de-duplicated: the same choice is always the same query.
      brand: ['Biba', 'Raymond'],
      colour: ['Navy Blue', 'Red'],
      shopId: 3,
      minDiscount: 20,
      sort: 'price_asc',
      page: 2,
    });
    expect(productListApiPath(gridQueryOf(filters))).toBe(
      '/api/products?q=kurta&minPricePaise=50000&maxPricePaise=200000&category=Men%2CWomen&size=M%2CL' +
        '&colour=Navy+Blue%2CRed&company=Biba%2CRaymond&shopId=3&minDiscount=20&sort=price_asc&page=2&pageSize=20',
    );
  });

  it('ignores malformed values instead of failing', () => {
    const filters = parseGridFilters(
      new URLSearchParams(
        'minPrice=-5&maxPrice=12abc&category=Aliens&size=XXXXL&sort=cheapest&page=0&shop=x&discount=95',
      ),
    );
    expect(filters).toEqual({
      q: '',
      minPrice: undefined,
      maxPrice: undefined,
      category: [],
      size: [],
      brand: [],
      colour: [],
      shopId: undefined,
      minDiscount: undefined,
      sort: 'newest',
      page: 1,
    });
    expect(productListApiPath(gridQueryOf(filters))).toBe(
      '/api/products?sort=newest&page=1&pageSize=20',
    );
  });
});

describe("a shop's page address", () => {
  it('is the id and the name as a slug, and reads back to the id', () => {
    expect(shopSlug('Kumar Textiles & Sons')).toBe('kumar-textiles-sons');
    expect(shopSlug('  Café Saree Sadan!! ')).toBe('cafe-saree-sadan');
    expect(shopSlug('श्री वस्त्रालय')).toBe('shop');
    expect(shopPagePath({ id: 12, name: 'Maa Durga Vastralaya' })).toBe(
      '/shop/12-maa-durga-vastralaya',
    );
    expect(parseShopRef('12-maa-durga-vastralaya')).toBe(12);
    expect(parseShopRef('12')).toBe(12);
    expect(parseShopRef('12-old-name')).toBe(12);
    for (const bad of ['', 'abc', '0-shop', '-12', '12_shop', undefined]) {
      expect(parseShopRef(bad)).toBeNull();
    }
  });
});

describe('what a page needs at once', () => {
  it('asks for the session, both sliders and the grid page on the home page, at any letter case', () => {
    const needs = firstPageNeeds('/', new URLSearchParams('q=saree'));
    expect(needs.apiPaths).toEqual([
      '/api/auth/session',
      '/api/products/best-selling?limit=12',
      '/api/products/new-arrivals?limit=12',
      '/api/products?q=saree&sort=newest&page=1&pageSize=20',
    ]);
    expect(needs.leadImage?.apiPath).toBe('/api/products/best-selling?limit=12');
    expect(firstPageNeeds('/PRODUCTINFO/', new URLSearchParams('id=7')).apiPaths).toEqual([
      '/api/auth/session',
      '/api/products/7',
    ]);
  });

  it('asks for no product when the id is not a positive whole number, and nothing on other pages', () => {
    for (const raw of ['0', '-3', '1.5', 'abc', '99999999999', '']) {
      expect(parseProductId(raw)).toBeNull();
      expect(firstPageNeeds('/ProductInfo', new URLSearchParams({ id: raw })).apiPaths).toEqual([
        '/api/auth/session',
      ]);
    }
    expect(parseProductId('2147483647')).toBe(2147483647);
    expect(firstPageNeeds('/CustomerLogin', new URLSearchParams())).toEqual({
      apiPaths: [],
      webModules: [],
    });
  });

  it('picks the photo exactly as the first card or the gallery shows it', () => {
    const home = firstPageNeeds('/', new URLSearchParams());
    expect(
      home.leadImage?.pick({
        items: [
          { thumbnailUrl: '/media/products/1/0-thumb.webp', imageUrl: '/media/products/1/0.webp' },
        ],
      }),
    ).toEqual({
      href: '/media/products/1/0-thumb.webp',
      srcSet: '/media/products/1/0-thumb.webp 240w, /media/products/1/0.webp 800w',
      sizes: '(min-width: 62em) 320px, (min-width: 36em) 33vw, 50vw',
    });
    expect(home.leadImage?.pick({ items: [] })).toBeUndefined();
    const product = firstPageNeeds('/ProductInfo', new URLSearchParams('id=3'));
    expect(
      product.leadImage?.pick({ images: [{ url: '/media/products/3/1.webp' }], imageUrl: null }),
    ).toEqual({ href: '/media/products/3/1.webp' });
    expect(product.leadImage?.pick({ images: [], imageUrl: null })).toBeUndefined();
  });
});
