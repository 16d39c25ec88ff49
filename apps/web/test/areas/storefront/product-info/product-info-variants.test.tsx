// @vitest-environment jsdom
import '../../../support/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProductDetail, ProductVariant } from '@bazaar/shared';
import { describe, expect, it } from 'vitest';
import { ProductInfoPage } from '../../../../src/areas/storefront/product-info/product-info-page';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/catalog.md "Variants": choosing a size on the product page replaces the URL with that
 * variant's id, and the price and product code follow the chosen variant.
 */

const variants: ProductVariant[] = [
  {
    id: 11,
    sku: 'KRT-RED-M',
    size: 'M',
    colour: 'Red',
    mrpPaise: 149_900,
    pricePaise: 119_900,
    stockQuantity: 4,
  },
  {
    id: 12,
    sku: 'KRT-RED-L',
    size: 'L',
    colour: 'Red',
    mrpPaise: 149_900,
    pricePaise: 129_900,
    stockQuantity: 2,
  },
  {
    id: 13,
    sku: 'KRT-BLUE-M',
    size: 'M',
    colour: 'Blue',
    mrpPaise: 149_900,
    pricePaise: 119_900,
    stockQuantity: 0,
  },
];

function detail(variant: ProductVariant): ProductDetail {
  return {
    ...variant,
    designId: 5,
    minPricePaise: 119_900,
    maxPricePaise: 129_900,
    colours: ['Blue', 'Red'],
    sizes: ['M', 'L'],
    shopId: 1,
    shopName: 'Maa Durga Vastralaya',
    company: 'Handloom',
    name: 'Kurta',
    category: 'Men',
    style: 'Plain',
    material: 'Cotton',
    rating: 0,
    ratingCount: 0,
    description: 'Straight-cut cotton kurta',
    placement: 'normal',
    imageUrl: null,
    thumbnailUrl: null,
    variants,
    chestInches: 40,
    lengthCm: 100,
    images: [],
    shopCity: 'Patna',
    hsnClass: 'mens-shirt',
    hsn: '6205',
  } as ProductDetail;
}

describe('the product page of a design in sizes and colours', () => {
  it('replaces the URL with the chosen variant and shows its price and code', async () => {
    const seen = fakeApi(
      Object.fromEntries(variants.map((v) => [`GET /api/products/${v.id}`, { body: detail(v) }])),
    );
    renderPage(<ProductInfoPage />, { url: '/ProductInfo?id=11', path: '/ProductInfo' });
    await screen.findByText('KRT-RED-M');
    // Blue has no M in stock: its M is disabled; Red's L is on offer.
    fireEvent.click(screen.getByRole('radio', { name: 'L' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ProductInfo?id=12'),
    );
    await screen.findByText('KRT-RED-L');
    expect(screen.getAllByText('₹1,299').length).toBeGreaterThan(0);
    expect(seen.some((request) => request.url.pathname === '/api/products/12')).toBe(true);
    // Red is chosen; Blue (sold out in every size) is offered as out of stock.
    expect(screen.getByRole('radio', { name: 'Red' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Blue (out of stock)' })).toBeTruthy();
  });

  it("a size chosen while the chosen colour still loads is that colour's size", async () => {
    // Blue M and L in stock too, so the page can start on Blue M.
    const inStock = variants.map((v) => (v.id === 13 ? { ...v, stockQuantity: 3 } : v));
    const blueL: ProductVariant = { ...inStock[2]!, id: 14, sku: 'KRT-BLUE-L', size: 'L' };
    const all = [...inStock, blueL];
    const page = (variant: ProductVariant) => ({ body: { ...detail(variant), variants: all } });
    let answerRedM: () => void = () => undefined;
    fakeApi({
      'GET /api/products/13': page(all[2]!),
      'GET /api/products/14': page(blueL),
      'GET /api/products/12': page(all[1]!),
      // Red M's answer is held: the shopper picks a size before it comes.
      'GET /api/products/11': () =>
        new Promise((resolve) => (answerRedM = () => resolve(page(all[0]!)))),
    });
    renderPage(<ProductInfoPage />, { url: '/ProductInfo?id=13', path: '/ProductInfo' });
    await screen.findByText('KRT-BLUE-M');
    fireEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ProductInfo?id=11'),
    );
    // The picker already shows Red, though Blue M's page is still on screen.
    expect(screen.getByRole('radio', { name: 'Red' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'L' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ProductInfo?id=12'),
    );
    answerRedM();
    await screen.findByText('KRT-RED-L');
  });
});
