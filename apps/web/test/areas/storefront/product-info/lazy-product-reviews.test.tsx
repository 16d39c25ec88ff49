// @vitest-environment jsdom
import '../../../support/dom';
import { act, screen, waitFor } from '@testing-library/react';
import type { ProductReviewsPage } from '@bazaar/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyProductReviews } from '../../../../src/areas/storefront/product-info/lazy-product-reviews';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/reviews.md "Screens": the product page's reviews load once their place comes near the
 * screen, not with the page.
 */

/** An IntersectionObserver whose callbacks the test calls: `enterView()` brings its targets in. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  enterView() {
    this.callback(
      this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

const firstPage: ProductReviewsPage = {
  summary: { average: 4, count: 1, distribution: [0, 0, 0, 1, 0] },
  items: [
    {
      id: 1,
      productId: 5,
      rating: 4,
      text: 'Soft cotton, true to size',
      photo: null,
      reviewerName: 'Asha',
      verifiedPurchase: true,
      size: 'M',
      colour: 'Red',
      helpfulCount: 0,
      markedHelpful: false,
      reply: null,
      createdAt: '2026-11-20T10:00:00Z',
    },
  ],
  nextCursor: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.instances = [];
});

describe("the product page's reviews", () => {
  it('load only once their place comes near the screen', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const seen = fakeApi({ 'GET /api/products/5/reviews': { body: firstPage } });
    renderPage(<LazyProductReviews productId={5} />, { url: '/ProductInfo?id=5' });

    // The section and its heading are there at once, the reviews are not asked for yet.
    const section = screen.getByRole('region', { name: 'Ratings & reviews' });
    expect(screen.getByLabelText('Loading the reviews')).toBeTruthy();
    const observer = FakeIntersectionObserver.instances.at(-1);
    expect(observer?.options?.rootMargin).toMatch(/^\d+px/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.some((request) => request.url.pathname.endsWith('/reviews'))).toBe(false);

    act(() => observer!.enterView());
    await screen.findByText('Soft cotton, true to size');
    // The same section element: a locator or a link holding it still holds it.
    expect(screen.getByRole('region', { name: 'Ratings & reviews' })).toBe(section);
    expect(
      seen.filter((request) => request.url.pathname === '/api/products/5/reviews'),
    ).toHaveLength(1);
  });

  it('load at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    fakeApi({ 'GET /api/products/5/reviews': { body: firstPage } });
    renderPage(<LazyProductReviews productId={5} />, { url: '/ProductInfo?id=5' });
    await waitFor(() => expect(screen.getByText('Soft cotton, true to size')).toBeTruthy());
  });
});
