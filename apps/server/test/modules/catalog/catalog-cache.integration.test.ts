import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@bazaar/shared';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';

let ctx: TestContext;
let shopId: number;

async function getPage(query: string): Promise<ProductPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<ProductPage>();
}

beforeAll(async () => {
  ctx = await createTestApp({ catalogSummaryTtlMs: 60_000 });
  shopId = await insertShop(ctx.database.db);
  await insertProduct(ctx.database.db, { shopId, name: 'Cotton Kurta', pricePaise: 59_900 });
});

afterAll(async () => {
  await ctx?.close();
});

describe('catalog summary cache (docs/decisions/0004)', () => {
  it('reuses the price bounds of the same filters, normalised, within the TTL', async () => {
    expect((await getPage('?q=kurta')).total).toBe(1);
    await insertProduct(ctx.database.db, { shopId, name: 'Silk Kurta', pricePaise: 249_900 });
    const again = await getPage('?q=KURTA&sort=price_desc&page=1');
    // The cached total (1) never claims fewer products than the live page shows (2).
    expect(again.total).toBe(2);
    expect(again.priceBounds).toEqual({ minPricePaise: 59_900, maxPricePaise: 59_900 });
    // The products themselves are read live: the new kurta is on the page already.
    expect(again.items.map((item) => item.name)).toContain('Silk Kurta');
  });

  it('shows a product added after an empty result was cached', async () => {
    expect((await getPage('?q=dhoti')).total).toBe(0);
    await insertProduct(ctx.database.db, { shopId, name: 'Cotton Dhoti', pricePaise: 39_900 });
    const page = await getPage('?q=dhoti');
    expect(page.items.map((item) => item.name)).toEqual(['Cotton Dhoti']);
    expect(page.total).toBe(1);
  });

  it('computes a fresh summary for different filters', async () => {
    const page = await getPage('?q=kurta&category=Men');
    expect(page.total).toBe(2);
    expect(page.priceBounds).toEqual({ minPricePaise: 59_900, maxPricePaise: 249_900 });
  });

  it('answers an expired summary at once and refreshes it in the background', async () => {
    const quick = await createTestApp({ catalogSummaryTtlMs: 50 });
    try {
      const quickShop = await insertShop(quick.database.db);
      await insertProduct(quick.database.db, { shopId: quickShop, name: 'Linen Shirt' });
      const read = async () =>
        (
          await quick.app.inject({ method: 'GET', url: '/api/products?q=linen' })
        ).json<ProductPage>();
      expect((await read()).priceBounds?.maxPricePaise).toBe(99_900);
      await insertProduct(quick.database.db, {
        shopId: quickShop,
        name: 'Linen Kurta',
        pricePaise: 149_900,
      });
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await read()).priceBounds?.maxPricePaise).toBe(99_900); // stale, served at once
      // Refreshed in the background: a later read sees the new bounds.
      let refreshed = 0;
      for (let attempt = 0; attempt < 50 && refreshed !== 149_900; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        refreshed = (await read()).priceBounds?.maxPricePaise ?? 0;
      }
      expect(refreshed).toBe(149_900);
    } finally {
      await quick.close();
    }
  });
});
