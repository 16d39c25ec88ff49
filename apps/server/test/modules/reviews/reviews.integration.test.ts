import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HelpfulResult,
  OfficeReview,
  OfficeReviewsPage,
  Order,
  OrderReviews,
  ProductDetail,
  ProductReviewsPage,
} from '@bazaar/shared';
import { auditLog, shipments } from '../../../src/db/schema/index.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { asStaff, createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../orders/orders-test-support.js';

/*
 * docs/reviews.md: only the buyer of a delivered item rates and reviews it, once; the product's
 * average, count and distribution follow every review and hiding; the shop replies once; a
 * customer marks a review helpful once; the admin hides and shows reviews again, audited.
 */

let ctx: TestContext;
let shopId: number;
let otherShopId: number;
let seller: TestStaff;
let otherSeller: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  shopId = await insertShop(db, { name: 'Review Boutique' });
  otherShopId = await insertShop(db, { name: 'Other Boutique' });
  seller = await createStaff(ctx.app, db, 'seller', shopId);
  otherSeller = await createStaff(ctx.app, db, 'seller', otherShopId);
  admin = await createStaff(ctx.app, db, 'admin');
});

afterAll(async () => {
  await ctx.close();
});

/** A customer's order of `productId`, its shipment moved to `status`; answers the order item. */
async function buy(
  customer: TestCustomer,
  productId: number,
  status: string = 'delivered',
): Promise<{ orderId: number; orderItemId: number }> {
  await addToCart(ctx.app, customer, productId, 1);
  const placed = await placeOrder(ctx.app, customer);
  expect(placed.statusCode).toBe(201);
  const order = placed.json<Order>();
  const shipmentId = order.shipments[0]!.id;
  if (status !== 'placed') {
    await ctx.database.db
      .update(shipments)
      .set({ status, deliveredAt: new Date() })
      .where(eq(shipments.id, shipmentId));
  }
  const items = await callAs(ctx.app, customer, {
    method: 'GET',
    url: `/api/orders/${order.id}/reviews`,
  });
  expect(items.statusCode).toBe(200);
  const item = items.json<OrderReviews>().items.find((i) => i.productId === productId);
  return { orderId: order.id, orderItemId: item!.orderItemId };
}

/** A multipart review form: `rating`, `text` and, when given, the file `photo`. */
function reviewForm(
  fields: Record<string, string>,
  photo?: { name: string; type: string; bytes: Buffer },
): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----bazaar${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (photo) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${photo.name}"\r\nContent-Type: ${photo.type}\r\n\r\n`,
      ),
      photo.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function review(
  customer: TestCustomer,
  orderItemId: number,
  rating: number,
  text = 'Lovely cotton, fits as the size chart says.',
  photo?: { name: string; type: string; bytes: Buffer },
) {
  const form = reviewForm({ rating: String(rating), text }, photo);
  return callAs(ctx.app, customer, {
    method: 'POST',
    url: `/api/order-items/${orderItemId}/review`,
    ...form,
    headers: form.headers,
  });
}

async function reviewsOf(productId: number, query = ''): Promise<ProductReviewsPage> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/products/${productId}/reviews${query}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<ProductReviewsPage>();
}

async function productFigures(productId: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` });
  expect(response.statusCode).toBe(200);
  const product = response.json<ProductDetail>();
  return { rating: product.rating, ratingCount: product.ratingCount };
}

describe('a buyer rates and reviews a delivered item', () => {
  it('stores the review and the product page shows it with new figures', async () => {
    const productId = await insertProduct(ctx.database.db, { shopId, name: 'Kurta A' });
    const buyer = await createCustomer(ctx.app, ctx.database.db);
    const { orderItemId } = await buy(buyer, productId);

    const created = await review(buyer, orderItemId, 4);
    expect(created.statusCode).toBe(201);
    const body = created.json<OfficeReview>();
    expect(body).toMatchObject({ productId, rating: 4, verifiedPurchase: true, hidden: null });
    // The buyer's first name and the initial of the last: 'Buyer 12' -> 'Buyer 1.'.
    expect(body.reviewerName).toMatch(/^Buyer \d\.$/);

    const page = await reviewsOf(productId);
    expect(page.summary).toEqual({ average: 4, count: 1, distribution: [0, 0, 0, 1, 0] });
    expect(page.items.map((r) => r.id)).toEqual([body.id]);
    expect(await productFigures(productId)).toEqual({ rating: 4, ratingCount: 1 });
  });

  it('refuses a second review of the same item (409) and counts one', async () => {
    const productId = await insertProduct(ctx.database.db, { shopId, name: 'Kurta B' });
    const buyer = await createCustomer(ctx.app, ctx.database.db);
    const { orderItemId } = await buy(buyer, productId);
    expect((await review(buyer, orderItemId, 5)).statusCode).toBe(201);
    const again = await review(buyer, orderItemId, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { reason: 'REVIEW_EXISTS', message: 'You have already reviewed this item' },
    });
    expect((await reviewsOf(productId)).summary.count).toBe(1);
  });

  it('refuses an item not delivered, returned or cancelled with 409 REVIEW_NOT_DELIVERED', async () => {
    for (const status of ['placed', 'shipped', 'returned', 'cancelled']) {
      const productId = await insertProduct(ctx.database.db, { shopId, name: `Kurta ${status}` });
      const buyer = await createCustomer(ctx.app, ctx.database.db);
      const { orderItemId } = await buy(buyer, productId, status);
      const response = await review(buyer, orderItemId, 3);
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toMatchObject({
        error: {
          reason: 'REVIEW_NOT_DELIVERED',
          message: 'You can rate and review this item once it is delivered',
        },
      });
      expect((await reviewsOf(productId)).summary.count).toBe(0);
    }
  });

  it("refuses another customer's item (404), a seller (403), a visitor (401) and an unknown item (404)", async () => {
    const productId = await insertProduct(ctx.database.db, { shopId, name: 'Kurta C' });
    const buyer = await createCustomer(ctx.app, ctx.database.db);
    const stranger = await createCustomer(ctx.app, ctx.database.db);
    const { orderItemId } = await buy(buyer, productId);

    // Another customer's item is not found (docs/accounts.md "Authorisation"), as an unknown one.
    const byStranger = await review(stranger, orderItemId, 1);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ error: { message: 'Order item not found' } });
    const form = reviewForm({ rating: '1', text: 'Not mine but reviewing anyway' });
    const bySeller = await asStaff(ctx.app, seller, {
      method: 'POST',
      url: `/api/order-items/${orderItemId}/review`,
      ...form,
    });
    expect(bySeller.statusCode).toBe(403);
    const byVisitor = await ctx.app.inject({
      method: 'POST',
      url: `/api/order-items/${orderItemId}/review`,
      ...form,
    });
    expect(byVisitor.statusCode).toBe(401);
    expect((await review(buyer, 999_999, 4)).statusCode).toBe(404);
    expect((await reviewsOf(productId)).summary.count).toBe(0);
  });

  it('validates stars and text with field messages', async () => {
    const productId = await insertProduct(ctx.database.db, { shopId, name: 'Kurta D' });
    const buyer = await createCustomer(ctx.app, ctx.database.db);
    const { orderItemId } = await buy(buyer, productId);
    const noStars = await review(buyer, orderItemId, 6);
    expect(noStars.statusCode).toBe(400);
    expect(noStars.json().error.fields).toMatchObject({
      rating: 'Choose a rating from 1 to 5 stars',
    });
    const short = await review(buyer, orderItemId, 4, 'Nice');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toMatchObject({ text: 'Write at least 10 characters' });
    const long = await review(buyer, orderItemId, 4, 'x'.repeat(1001));
    expect(long.json().error.fields).toMatchObject({ text: 'Write at most 1000 characters' });
  });

  it('keeps a JPEG photo as WebP and refuses a file that is not an image', async () => {
    const productId = await insertProduct(ctx.database.db, { shopId, name: 'Kurta E' });
    const buyer = await createCustomer(ctx.app, ctx.database.db);
    const { orderItemId } = await buy(buyer, productId);
    const fake = await review(buyer, orderItemId, 4, 'Photo of the fabric up close.', {
      name: 'photo.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.fields).toMatchObject({
      photo: 'The photo must be a JPG or PNG image',
    });
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#a33' },
    })
      .jpeg()
      .toBuffer();
    const ok = await review(buyer, orderItemId, 4, 'Photo of the fabric up close.', {
      name: 'photo.jpg',
      type: 'image/jpeg',
      bytes: jpeg,
    });
    expect(ok.statusCode).toBe(201);
    const photo = ok.json<OfficeReview>().photo!;
    expect(photo.url).toMatch(/^\/media\/reviews\/.+\.webp$/);
    const media = await ctx.app.inject({ method: 'GET', url: photo.thumbnailUrl });
    expect(media.statusCode).toBe(200);
  });
});

describe('figures, sorting and pages', () => {
  let productId: number;
  let reviewIds: number[];
  let voters: TestCustomer[];

  beforeAll(async () => {
    productId = await insertProduct(ctx.database.db, {
      shopId,
      name: 'Saree F',
      stockQuantity: 50,
    });
    reviewIds = [];
    for (const rating of [5, 4, 4, 2, 1]) {
      const buyer = await createCustomer(ctx.app, ctx.database.db);
      const { orderItemId } = await buy(buyer, productId);
      const response = await review(buyer, orderItemId, rating, `Rated ${rating} stars for sure.`);
      expect(response.statusCode).toBe(201);
      reviewIds.push(response.json<OfficeReview>().id);
    }
    voters = [
      await createCustomer(ctx.app, ctx.database.db),
      await createCustomer(ctx.app, ctx.database.db),
    ];
  });

  it('counts the average, the count and the 1..5 distribution', async () => {
    const { summary } = await reviewsOf(productId);
    expect(summary).toEqual({ average: 3.2, count: 5, distribution: [1, 1, 0, 2, 1] });
    expect(await productFigures(productId)).toEqual({ rating: 3.2, ratingCount: 5 });
  });

  it('sorts newest first, and most helpful first after "Helpful" votes', async () => {
    const newest = await reviewsOf(productId, '?sort=newest');
    expect(newest.items.map((r) => r.id)).toEqual([...reviewIds].reverse());

    const target = reviewIds[1]!;
    for (const voter of voters) {
      const vote = await callAs(ctx.app, voter, {
        method: 'POST',
        url: `/api/reviews/${target}/helpful`,
      });
      expect(vote.statusCode).toBe(200);
    }
    const helpful = await reviewsOf(productId, '?sort=helpful');
    expect(helpful.items[0]).toMatchObject({ id: target, helpfulCount: 2 });
    expect(helpful.items.slice(1).map((r) => r.id)).toEqual(
      [...reviewIds].reverse().filter((id) => id !== target),
    );
  });

  it('lets a customer mark a review helpful only once, and never their own', async () => {
    const target = reviewIds[3]!;
    const voter = voters[0]!;
    const first = await callAs(ctx.app, voter, {
      method: 'POST',
      url: `/api/reviews/${target}/helpful`,
    });
    expect(first.json<HelpfulResult>()).toEqual({ helpfulCount: 1, markedHelpful: true });
    const second = await callAs(ctx.app, voter, {
      method: 'POST',
      url: `/api/reviews/${target}/helpful`,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.reason).toBe('REVIEW_ALREADY_HELPFUL');

    const page = await callAs(ctx.app, voter, {
      method: 'GET',
      url: `/api/products/${productId}/reviews?sort=newest`,
    });
    const mine = page.json<ProductReviewsPage>().items.find((r) => r.id === target)!;
    expect(mine).toMatchObject({ helpfulCount: 1, markedHelpful: true });

    const author = await createCustomer(ctx.app, ctx.database.db);
    const { orderItemId } = await buy(author, productId);
    const own = (
      await review(author, orderItemId, 3, 'Middle of the road kurta.')
    ).json<OfficeReview>();
    const ownVote = await callAs(ctx.app, author, {
      method: 'POST',
      url: `/api/reviews/${own.id}/helpful`,
    });
    expect(ownVote.statusCode).toBe(422);
  });

  it('pages with a cursor (10 a page) without repeating a review', async () => {
    const pageProduct = await insertProduct(ctx.database.db, {
      shopId,
      name: 'Shirt G',
      stockQuantity: 50,
    });
    for (let i = 0; i < 12; i++) {
      const buyer = await createCustomer(ctx.app, ctx.database.db);
      const { orderItemId } = await buy(buyer, pageProduct);
      expect((await review(buyer, orderItemId, 1 + (i % 5))).statusCode).toBe(201);
    }
    for (const sort of ['newest', 'helpful']) {
      const first = await reviewsOf(pageProduct, `?sort=${sort}`);
      expect(first.items).toHaveLength(10);
      expect(first.nextCursor).not.toBeNull();
      const second = await reviewsOf(pageProduct, `?sort=${sort}&cursor=${first.nextCursor}`);
      expect(second.items).toHaveLength(2);
      expect(second.nextCursor).toBeNull();
      const ids = [...first.items, ...second.items].map((r) => r.id);
      expect(new Set(ids).size).toBe(12);
    }
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/${pageProduct}/reviews?cursor=bm90LWEtY3Vyc29y`,
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/products/999999/reviews' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the shop replies once; the admin hides and shows again', () => {
  let productId: number;
  let reviewId: number;
  let buyer: TestCustomer;

  beforeAll(async () => {
    productId = await insertProduct(ctx.database.db, { shopId, name: 'Dupatta H' });
    buyer = await createCustomer(ctx.app, ctx.database.db);
    const { orderItemId } = await buy(buyer, productId);
    reviewId = (
      await review(buyer, orderItemId, 2, 'Colour ran in the first wash.')
    ).json<OfficeReview>().id;
    const other = await createCustomer(ctx.app, ctx.database.db);
    const second = await buy(other, productId);
    expect((await review(other, second.orderItemId, 5)).statusCode).toBe(201);
  });

  it("lists the shop's reviews to its seller only", async () => {
    const mine = await asStaff(ctx.app, seller, { method: 'GET', url: '/api/shop/reviews' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<OfficeReviewsPage>().items.map((r) => r.id)).toContain(reviewId);
    const theirs = await asStaff(ctx.app, otherSeller, { method: 'GET', url: '/api/shop/reviews' });
    expect(theirs.json<OfficeReviewsPage>().items.map((r) => r.id)).not.toContain(reviewId);
  });

  it('takes one reply from the shop; a second is 409, another shop 404', async () => {
    const url = `/api/shop/reviews/${reviewId}/reply`;
    const foreign = await asStaff(ctx.app, otherSeller, {
      method: 'POST',
      url,
      payload: { text: 'Not our product' },
    });
    expect(foreign.statusCode).toBe(404);
    const reply = await asStaff(ctx.app, seller, {
      method: 'POST',
      url,
      payload: { text: 'Sorry! Please wash it cold the first time; we will replace it.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<OfficeReview>().reply?.text).toContain('wash it cold');
    const again = await asStaff(ctx.app, seller, {
      method: 'POST',
      url,
      payload: { text: 'Another reply' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('REVIEW_ALREADY_REPLIED');
    const page = await reviewsOf(productId, '?sort=newest');
    expect(page.items.find((r) => r.id === reviewId)?.reply?.text).toContain('wash it cold');
  });

  it('hides a review with a reason: it leaves the list and the figures; audited; unhide restores', async () => {
    expect((await reviewsOf(productId)).summary).toMatchObject({ count: 2, average: 3.5 });
    const byCustomer = await callAs(ctx.app, buyer, {
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/hide`,
      payload: { reason: 'Abusive words' },
    });
    expect(byCustomer.statusCode).toBe(403);
    const noReason = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/hide`,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);

    const hidden = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/hide`,
      payload: { reason: 'Contains a phone number' },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<OfficeReview>().hidden?.reason).toBe('Contains a phone number');
    const page = await reviewsOf(productId);
    expect(page.summary).toEqual({ average: 5, count: 1, distribution: [0, 0, 0, 0, 1] });
    expect(page.items.map((r) => r.id)).not.toContain(reviewId);
    expect(await productFigures(productId)).toEqual({ rating: 5, ratingCount: 1 });

    const twice = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/hide`,
      payload: { reason: 'Contains a phone number' },
    });
    expect(twice.statusCode).toBe(409);
    const helpfulOnHidden = await callAs(ctx.app, await createCustomer(ctx.app, ctx.database.db), {
      method: 'POST',
      url: `/api/reviews/${reviewId}/helpful`,
    });
    expect(helpfulOnHidden.statusCode).toBe(404);

    const hiddenList = await asStaff(ctx.app, admin, {
      method: 'GET',
      url: '/api/admin/reviews?filter=hidden',
    });
    expect(hiddenList.json<OfficeReviewsPage>().items.map((r) => r.id)).toEqual([reviewId]);

    const shown = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/reviews/${reviewId}/unhide`,
      payload: { reason: 'Number removed on appeal' },
    });
    expect(shown.statusCode).toBe(200);
    expect((await reviewsOf(productId)).summary).toMatchObject({ count: 2, average: 3.5 });

    const trail = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(reviewId))));
    expect(trail.map((row) => [row.action, row.actorId])).toEqual([
      ['hide', admin.id],
      ['unhide', admin.id],
    ]);
    expect(trail[0]!.after).toMatchObject({ hidden: true, reason: 'Contains a phone number' });
  });

  it('shows My Orders which items can still be reviewed', async () => {
    const productId2 = await insertProduct(ctx.database.db, { shopId, name: 'Kurta I' });
    const customer = await createCustomer(ctx.app, ctx.database.db);
    const { orderId, orderItemId } = await buy(customer, productId2);
    const before = await callAs(ctx.app, customer, {
      method: 'GET',
      url: `/api/orders/${orderId}/reviews`,
    });
    expect(before.json<OrderReviews>().items).toEqual([
      expect.objectContaining({ orderItemId, canReview: true, review: null }),
    ]);
    await review(customer, orderItemId, 5);
    const after = await callAs(ctx.app, customer, {
      method: 'GET',
      url: `/api/orders/${orderId}/reviews`,
    });
    expect(after.json<OrderReviews>().items[0]).toMatchObject({
      canReview: false,
      review: { rating: 5 },
    });
    const stranger = await createCustomer(ctx.app, ctx.database.db);
    const foreign = await callAs(ctx.app, stranger, {
      method: 'GET',
      url: `/api/orders/${orderId}/reviews`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
