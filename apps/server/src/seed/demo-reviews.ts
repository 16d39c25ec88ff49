/**
 * The demo data's ratings as demo reviews (docs/reviews.md "Demo data"): every demo product gets a
 * handful of reviews whose stars average about the rating the generator drew for it, and its
 * figures (summary row, `rating`, `rating_count`) are counted from them, so no rating on the
 * storefront is a bare number any more. Deterministic per product SKU.
 */
import { eq, sql } from 'drizzle-orm';
import { ratingFiguresOf } from '@bazaar/shared';
import type { Tx } from '../db/client.js';
import {
  APP_META_KEYS,
  appMeta,
  productRatingSummaries,
  productReviews,
} from '../db/schema/index.js';
import type { DemoProduct } from './demo-catalog.js';
import { createRandom } from './prng.js';

const DAY_MS = 86_400_000;
/** Rows per INSERT / UPDATE statement. */
const CHUNK = 250;

const FIRST_NAMES = [
  'Aarav',
  'Priya',
  'Rohit',
  'Sneha',
  'Vikram',
  'Anjali',
  'Rahul',
  'Pooja',
  'Amit',
  'Neha',
  'Suresh',
  'Kavita',
  'Manish',
  'Ritu',
  'Deepak',
  'Sunita',
  'Arjun',
  'Meera',
  'Karan',
  'Nisha',
  'Ravi',
  'Shweta',
  'Abhishek',
  'Khushi',
  'Sanjay',
  'Divya',
  'Gaurav',
  'Pallavi',
  'Nitin',
  'Swati',
] as const;
const INITIALS = 'ABCDGJKMPRSTVY';

/** Texts by stars (1 first); `{name}` and `{material}` are the product's. */
const TEXTS: readonly (readonly string[])[] = [
  [
    'Very disappointed. The {material} feels cheap and the stitching came loose after one wash.',
    'Colour was completely different from the photo. Returned it the next day.',
    'Size runs very small and the fabric is rough. Not worth the money.',
  ],
  [
    'The {name} looked better online. Fabric is thin and it faded after two washes.',
    'Fit is odd around the shoulders. Quality is below what I expected for the price.',
    'Average at best. Threads were hanging out when it arrived.',
  ],
  [
    'Okay for the price. The {material} is fine but the colour is a bit dull.',
    'Decent {name}, fits as per the size chart, but nothing special.',
    'Good for daily use. Delivery took a little longer than promised.',
  ],
  [
    'Nice {name}, comfortable {material} and the size chart was accurate.',
    'Good quality for the price. Colour is exactly as shown. Would buy again.',
    'Fits well and the stitching is neat. Slight shrinkage after the first wash.',
    'Wore it to a family function and got compliments. Happy with it.',
  ],
  [
    'Excellent {name}! The {material} is soft and the finish is premium.',
    'Perfect fit and lovely colour. Washed it several times, still looks new.',
    'Best purchase this season. Fabric quality is superb and delivery was quick.',
    'Exactly as described. Very comfortable in the Patna heat. Highly recommended.',
  ],
];

/** One demo review of a product, before it has ids. */
export interface DemoReview {
  rating: number;
  body: string;
  reviewerName: string;
  /** Days before the seed run it was written (after the product was listed). */
  daysAgo: number;
  helpfulCount: number;
}

/**
 * The demo reviews of a product: 3 + log2(ratingCount) of them (at most `ratingCount`), their
 * stars drawn around the product's generated rating. Same SKU, same reviews.
 */
export function demoReviewsOf(product: DemoProduct): DemoReview[] {
  let hash = 2166136261;
  for (const char of product.sku) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  const random = createRandom(hash);
  const count = Math.min(product.ratingCount, 3 + Math.floor(Math.log2(product.ratingCount)));
  const reviews: DemoReview[] = [];
  let stars = 0;
  for (let index = 0; index < count; index++) {
    // Steer the running average towards the product's rating, with some spread.
    const wanted = product.rating * (index + 1) - stars;
    const spread = random.weighted([-1, 0, 0, 1], () => 1);
    const rating = Math.min(5, Math.max(1, Math.round(wanted) + (index === 0 ? 0 : spread)));
    stars += rating;
    const text = random
      .pick(TEXTS[rating - 1]!)
      .replace('{name}', product.name.toLowerCase())
      .replace('{material}', product.material.toLowerCase());
    reviews.push({
      rating,
      body: text,
      reviewerName: `${random.pick(FIRST_NAMES)} ${INITIALS[random.int(0, INITIALS.length - 1)]}.`,
      daysAgo: random.int(0, Math.max(0, product.ageDays - 1)),
      helpfulCount: random.chance(0.5) ? random.int(0, 24) : 0,
    });
  }
  return reviews;
}

/** A demo product stored under `productId` by `shopId`. */
export interface StoredDemoProduct {
  productId: number;
  shopId: number;
  product: DemoProduct;
}

/**
 * Inserts the demo reviews of the given products with their summary rows, sets each product's
 * `rating` and `rating_count` from them, and writes the `demo_reviews` marker, inside the caller's
 * transaction. Does nothing when the marker exists (already loaded).
 * @returns how many reviews it inserted.
 */
export async function insertDemoReviews(
  tx: Tx,
  stored: readonly StoredDemoProduct[],
  now: number,
): Promise<number> {
  const [marker] = await tx
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(eq(appMeta.key, APP_META_KEYS.demoReviews));
  if (marker) return 0;

  const reviewRows: (typeof productReviews.$inferInsert)[] = [];
  const figures: { productId: number; distribution: number[] }[] = [];
  for (const { productId, shopId, product } of stored) {
    const distribution = [0, 0, 0, 0, 0];
    for (const review of demoReviewsOf(product)) {
      distribution[review.rating - 1]! += 1;
      reviewRows.push({
        productId,
        shopId,
        isDemo: true,
        reviewerName: review.reviewerName,
        productName: product.name,
        size: product.size,
        colour: product.colour,
        rating: review.rating,
        body: review.body,
        helpfulCount: review.helpfulCount,
        createdAt: new Date(now - review.daysAgo * DAY_MS - (productId % 1000) * 1000),
      });
    }
    figures.push({ productId, distribution });
  }
  for (let start = 0; start < reviewRows.length; start += CHUNK) {
    await tx.insert(productReviews).values(reviewRows.slice(start, start + CHUNK));
  }
  for (let start = 0; start < figures.length; start += CHUNK) {
    const chunk = figures.slice(start, start + CHUNK);
    await tx
      .insert(productRatingSummaries)
      .values(
        chunk.map(({ productId, distribution: [s1, s2, s3, s4, s5] }) => ({
          productId,
          stars1: s1!,
          stars2: s2!,
          stars3: s3!,
          stars4: s4!,
          stars5: s5!,
        })),
      )
      .onConflictDoNothing();
    const values = sql.join(
      chunk.map(({ productId, distribution }) => {
        const { average, count } = ratingFiguresOf(distribution);
        return sql`(${productId}::int, ${average}::numeric, ${count}::int)`;
      }),
      sql`, `,
    );
    await tx.execute(
      sql`update products set rating = v.rating, rating_count = v.count from (values ${values}) as v(id, rating, count) where products.id = v.id`,
    );
  }
  await tx
    .insert(appMeta)
    .values({ key: APP_META_KEYS.demoReviews, value: { reviews: reviewRows.length } });
  return reviewRows.length;
}
