import { SIZES, type SizeLabel } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../src/db/client.js';
import { refreshDesignSummary } from '../../src/modules/shop-catalog/design-summary.js';
import {
  billPayments,
  bills,
  productDesigns,
  productImages,
  products,
  shops,
  wholesalePayments,
} from '../../src/db/schema/index.js';

let shopCounter = 0;

/** Inserts a shop in Patna with sensible defaults; returns its id. */
export async function insertShop(
  db: Db,
  overrides: Partial<typeof shops.$inferInsert> = {},
): Promise<number> {
  shopCounter += 1;
  const [row] = await db
    .insert(shops)
    .values({
      name: `Test Shop ${shopCounter}`,
      ownerName: 'Ramesh Kumar',
      email: `shop${shopCounter}-${Date.now()}@example.in`,
      mobile: '9876543210',
      locality: 'Boring Road',
      city: 'Patna',
      district: 'Patna',
      pincode: '800001',
      ...overrides,
    })
    .returning({ id: shops.id });
  return row!.id;
}

export interface ProductFixture {
  shopId: number;
  name: string;
  /** The brand; 'Raymond' when not given. */
  company?: string;
  category?: 'Men' | 'Women' | 'Kids(Boy)' | 'Kids(Girls)';
  style?: 'Printed' | 'Plain' | 'Ripped' | 'Formal';
  material?: 'Cotton' | 'Silk' | 'Nylon' | 'Denim';
  colour?: string;
  size?: SizeLabel;
  pricePaise?: number;
  /** The MRP on the tag, in paise; the price when not given (no discount). */
  mrpPaise?: number;
  rating?: number;
  placement?: 'normal' | 'best_selling' | 'new_arrivals';
  stockQuantity?: number;
  archived?: boolean;
  imageCount?: number;
  /** The design this variant joins; a new design of its own (one card) when not given. */
  designId?: number;
}

let skuCounter = 0;

/**
 * Inserts a product, i.e. one variant, in a design of its own unless `designId` is given (and
 * `imageCount` image rows of its own, default 1), refreshing the design's card aggregates;
 * returns its id. Price ₹999 and the
 * MRP the price unless given (paise); the database refuses an MRP below the price.
 */
export async function insertProduct(db: Db, fixture: ProductFixture): Promise<number> {
  skuCounter += 1;
  const size = fixture.size ?? 'M';
  const measure = SIZES.find((entry) => entry.label === size)!;
  const pricePaise = fixture.pricePaise ?? 99_900;
  const designFields = {
    company: fixture.company ?? 'Raymond',
    name: fixture.name,
    category: fixture.category ?? 'Men',
    style: fixture.style ?? 'Plain',
    material: fixture.material ?? 'Cotton',
    description: `${fixture.name} in soft fabric, regular fit. Machine wash cold.`,
    placement: fixture.placement ?? 'normal',
  };
  const designId =
    fixture.designId ??
    (
      await db
        .insert(productDesigns)
        .values({ shopId: fixture.shopId, ...designFields })
        .returning({ id: productDesigns.id })
    )[0]!.id;
  const [row] = await db
    .insert(products)
    .values({
      shopId: fixture.shopId,
      designId,
      sku: `TEST-${skuCounter}`,
      company: fixture.company ?? 'Raymond',
      name: fixture.name,
      category: fixture.category ?? 'Men',
      style: fixture.style ?? 'Plain',
      material: fixture.material ?? 'Cotton',
      colour: fixture.colour ?? 'White',
      size,
      chestInches: measure.chestInches,
      lengthCm: measure.lengthCm,
      pricePaise,
      mrpPaise: fixture.mrpPaise ?? pricePaise,
      rating: fixture.rating ?? 4,
      ratingCount: 10,
      description: `${fixture.name} in soft fabric, regular fit. Machine wash cold.`,
      placement: fixture.placement ?? 'normal',
      stockQuantity: fixture.stockQuantity ?? 10,
      archivedAt: fixture.archived ? new Date() : null,
    })
    .returning({ id: products.id });
  const productId = row!.id;
  const imageCount = fixture.imageCount ?? 1;
  if (imageCount > 0) {
    await db.insert(productImages).values(
      Array.from({ length: imageCount }, (_, position) => ({
        productId,
        designId,
        position,
        path: `products/${productId}/${position}.webp`,
        thumbnailPath: `products/${productId}/${position}-thumb.webp`,
        width: 800,
        height: 800,
      })),
    );
  }
  await refreshDesignSummary(db as unknown as Tx, [designId]);
  return productId;
}

let receiptCounter = 0;

/**
 * Inserts cash payments straight into the tables (for tests that build bills with Drizzle, so the
 * report triggers are what is tested): one `wholesale_payments` row per payment, with a test
 * receipt number outside the business's series ('T/00001'), and its `bill_payments` row. The
 * bills' `received_paise` is the caller's to keep. `db` may be a transaction.
 */
export async function insertCashPayments(
  db: Db | Tx,
  billId: number,
  payments: ReadonlyArray<{ amountPaise: number; paidAt?: Date }>,
): Promise<void> {
  const [bill] = await db
    .select({ customerId: bills.customerId })
    .from(bills)
    .where(eq(bills.id, billId));
  for (const payment of payments) {
    receiptCounter += 1;
    const paidAt = payment.paidAt ?? new Date();
    const [row] = await db
      .insert(wholesalePayments)
      .values({
        customerId: bill!.customerId,
        amountPaise: payment.amountPaise,
        mode: 'cash',
        receiptNumber: `T/${String(receiptCounter).padStart(5, '0')}`,
        financialYear: '00-00',
        receiptSerial: receiptCounter,
        paidAt,
      })
      .returning({ id: wholesalePayments.id });
    await db
      .insert(billPayments)
      .values({ billId, paymentId: row!.id, amountPaise: payment.amountPaise, paidAt });
  }
}
