import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@bazaar/shared';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { insertProduct, insertShop } from '../../test-support/fixtures.js';

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
  it('reuses the total and price bounds of the same filters, normalised, within the TTL', async () => {
    expect((await getPage('?q=kurta')).total).toBe(1);
    await insertProduct(ctx.database.db, { shopId, name: 'Silk Kurta', pricePaise: 249_900 });
    const again = await getPage('?q=KURTA&sort=price_desc&page=1');
    expect(again.total).toBe(1);
    expect(again.priceBounds).toEqual({ minPricePaise: 59_900, maxPricePaise: 59_900 });
    // The products themselves are read live: the new kurta is on the page already.
    expect(again.items.map((item) => item.name)).toContain('Silk Kurta');
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
      expect((await read()).total).toBe(1);
      await insertProduct(quick.database.db, { shopId: quickShop, name: 'Linen Kurta' });
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await read()).total).toBe(1); // stale, served without waiting
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await read()).total).toBe(2); // refreshed in the background
    } finally {
      await quick.close();
    }
  });
});
