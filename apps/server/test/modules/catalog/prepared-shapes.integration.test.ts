import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, SIZE_LABELS, type ProductPage } from '@bazaar/shared';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';

let ctx: TestContext;
let kurtaId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const shopId = await insertShop(ctx.database.db);
  kurtaId = await insertProduct(ctx.database.db, { shopId, name: 'Cotton Kurta' });
});

afterAll(async () => {
  await ctx?.close();
});

/*
 * The catalog keeps at most 500 prepared statements per database, one per query shape (which
 * filters a query has and how many values each); a shape beyond them runs unprepared
 * (`executePrepared` in modules/catalog/catalog.repo.ts). Each grid request uses two shapes
 * (its summary and its rows).
 */
describe('catalog queries beyond the prepared statements kept', () => {
  it('still answers the grid and the product page once 500 shapes are kept', async () => {
    const shapes: string[] = [];
    for (let words = 0; words <= 8; words += 1) {
      for (let sizes = 0; sizes <= SIZE_LABELS.length; sizes += 1) {
        for (let categories = 0; categories < PRODUCT_CATEGORIES.length; categories += 1) {
          const query = new URLSearchParams();
          if (words > 0) query.set('q', Array.from({ length: words }, () => 'k').join(' '));
          if (sizes > 0) query.set('size', SIZE_LABELS.slice(0, sizes).join(','));
          if (categories > 0)
            query.set('category', PRODUCT_CATEGORIES.slice(0, categories).join(','));
          shapes.push(query.toString());
        }
      }
    }
    // 324 shapes x 2 statements: the last 74 grid requests run past the 500 kept.
    for (const query of shapes) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
      expect(response.statusCode, query).toBe(200);
    }

    // A shape first seen now, and the product page's statement, run unprepared.
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/products?q=kurta&maxPricePaise=500000',
    });
    expect(search.statusCode).toBe(200);
    expect(search.json<ProductPage>().items.map((item) => item.id)).toEqual([kurtaId]);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/products/${kurtaId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: kurtaId, name: 'Cotton Kurta' });
  });
});
