/**
 * The wholesale back office's demo data (docs/back-office-bills.md): a stock row for every purchase
 * item x category x type in three sizes that fit the garment (`demoSizesOf`), a dozen wholesale customers who can sign in, and about 150 bills over the
 * last 14 months with their lines, part payments and some closed, so the transaction screen,
 * Product Stock and the dashboard charts have something to show on a fresh start. Deterministic
 * content (seeded PRNG); dates are relative to the day it runs.
 */
import { count, inArray } from 'drizzle-orm';
import {
  PURCHASE_CATEGORIES,
  PURCHASE_ITEMS,
  PURCHASE_TYPES,
  billTaxPreview,
  indianDateOf,
  purchaseItemHsnClass,
  sellerLabelOf,
} from '@bazaar/shared';
import { loadBusinessConfig, type BusinessConfig } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import {
  billItems,
  billPayments,
  bills,
  stockItems,
  stockMovements,
  users,
  wholesaleCustomers,
  wholesalePayments,
} from '../db/schema/index.js';
import { insertUserWithCredential } from '../modules/accounts/index.js';
import { issueMissingBillDocuments, receiptNumbersInOrder } from '../modules/bills/index.js';
import { hashPassword } from '../platform/auth.js';
import { DEMO_PASSWORD } from './demo-accounts.js';
import { createRandom, type Random } from './prng.js';

/**
 * Writes the demo payments in paid order, each with its receipt number from the business's series
 * (docs/back-office-bills.md "Payments") and one bill row: most in cash, every fifth by UPI,
 * every tenth by bank transfer and every tenth by cheque (dated two days before), so the lists
 * show every mode.
 */
async function insertPayments(
  tx: Tx,
  business: BusinessConfig,
  rows: Array<{
    billId: number;
    customerId: number;
    amountPaise: number;
    paidAt: Date;
    receivedBy: string | null;
  }>,
): Promise<void> {
  const ordered = [...rows].sort(
    (a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.billId - b.billId,
  );
  const receipts = await receiptNumbersInOrder(
    tx,
    business,
    ordered.map((row) => row.paidAt),
  );
  const payments: (typeof wholesalePayments.$inferInsert)[] = [];
  for (const [index, row] of ordered.entries()) {
    const receipt = receipts[index]!;
    const digits = String(412_300_000_000 + index * 7_919);
    const kind = index % 10;
    const mode =
      kind === 2 || kind === 7
        ? 'upi'
        : kind === 4
          ? 'bank_transfer'
          : kind === 9
            ? 'cheque'
            : 'cash';
    payments.push({
      customerId: row.customerId,
      amountPaise: row.amountPaise,
      mode,
      reference: mode === 'upi' ? digits : mode === 'bank_transfer' ? `SBIN${digits}` : null,
      chequeNumber: mode === 'cheque' ? String(100_000 + ((index * 37) % 900_000)) : null,
      chequeBank: mode === 'cheque' ? 'State Bank of India' : null,
      chequeDate:
        mode === 'cheque' ? indianDateOf(new Date(row.paidAt.getTime() - 2 * DAY_MS)) : null,
      ...receipt,
      receivedBy: row.receivedBy,
      paidAt: row.paidAt,
      createdAt: row.paidAt,
    });
  }
  const paymentIds: number[] = [];
  await insertChunked(payments, async (chunk) => {
    const inserted = await tx
      .insert(wholesalePayments)
      .values(chunk)
      .returning({ id: wholesalePayments.id });
    paymentIds.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  });
  await insertChunked(
    ordered.map((row, index) => ({
      billId: row.billId,
      paymentId: paymentIds[index]!,
      amountPaise: row.amountPaise,
      paidAt: row.paidAt,
      receivedBy: row.receivedBy,
    })),
    (chunk) => tx.insert(billPayments).values(chunk),
  );
}

/** The data set's seed: the same bills, lines and payments on every machine. */
export const DEMO_BACK_OFFICE_SEED = 0x77_68_6f_6c;
/** How many bills the demo has (about; refused ones are never generated). */
export const DEMO_BILL_COUNT = 150;
/** The bills span this many months back from today. */
const DEMO_MONTHS = 14;
const DAY_MS = 86_400_000;
/** Rows per INSERT statement. */
const INSERT_CHUNK = 500;

/** The demo wholesale customers: shop, owner, locality, city, pincode. */
const DEMO_SHOPS = [
  ['Sinha Cloth Store', 'Rajesh Sinha', 'Khemnichak', 'Patna', '800020'],
  ['Gupta Readymade', 'Sanjay Gupta', 'Ashok Rajpath', 'Patna', '800004'],
  ['Maa Tara Garments', 'Pooja Kumari', 'Station Road', 'Gaya', '823001'],
  ['New Fashion Point', 'Imran Ansari', 'Mirjanhat', 'Bhagalpur', '812005'],
  ['Shree Balaji Textiles', 'Vikash Agrawal', 'Club Road', 'Muzaffarpur', '842001'],
  ['Kids Corner', 'Neha Singh', 'Bankipur', 'Patna', '800004'],
  ['Mithila Vastralaya', 'Amit Jha', 'Shubhankarpur', 'Darbhanga', '846004'],
  ['Royal Mens Wear', 'Deepak Yadav', 'Raja Bazar', 'Patna', '800014'],
  ['Ganga Fabrics', 'Sunil Prasad', 'Chowk', 'Hajipur', '844101'],
  ['Style Zone', 'Ritu Verma', 'Bariatu', 'Arrah', '802301'],
  ['Anand Cloth House', 'Anand Mishra', 'Pani Tanki', 'Begusarai', '851101'],
  ['Sai Collection', 'Kiran Devi', 'Boring Road', 'Patna', '800001'],
] as const;

/** Reference rate per piece (paise) of an item in the Silver grade for men. */
const BASE_RATE_PAISE: Record<string, number> = {
  Shirt: 42_000,
  Shorts: 22_000,
  Trouser: 52_000,
  'T-Shirt': 28_000,
};
const CATEGORY_FACTOR: Record<string, number> = { Silver: 1, Golden: 1.3, Diamond: 1.65 };
const TYPE_FACTOR: Record<string, number> = { "Men's": 1, 'Kids(Boy)': 0.7 };

/** The reference rate of a stock key, rounded to the rupee (paise). */
function referenceRatePaise(item: string, category: string, type: string): number {
  const group = item.startsWith('T-Shirt') ? 'T-Shirt' : item.split('-')[0]!;
  const raw =
    (BASE_RATE_PAISE[group] ?? 30_000) *
    (CATEGORY_FACTOR[category] ?? 1) *
    (TYPE_FACTOR[type] ?? 1);
  return Math.round(raw / 100) * 100;
}

/**
 * The sizes a garment is kept in on the demo's shelves: trousers by waist, the rest by letter
 * (kids' shorts small to large, men's shirts medium to extra large).
 */
export function demoSizesOf(item: string, type: string): readonly string[] {
  if (item.startsWith('Trouser')) return ['32', '34', '36'];
  if (type === 'Kids(Boy)' || item.startsWith('Shorts')) return ['S', 'M', 'L'];
  return ['M', 'L', 'XL'];
}

interface DemoStockKey {
  item: string;
  category: string;
  type: string;
  size: string;
  pricePaise: number;
  sold: number;
}

interface DemoBill {
  customerIndex: number;
  purchasedAt: Date;
  seller: 'admin' | 'employee';
  gst: boolean;
  lines: { key: DemoStockKey; quantity: number; ratePaise: number }[];
  payments: { amountPaise: number; paidAt: Date }[];
  closedAt: Date | null;
}

/**
 * A demo bill's amount, GST and total (paise) by the tax engine on its purchase day, within
 * Bihar (the demo customers' state): what its invoice will say.
 */
function demoTotals(
  lines: DemoBill['lines'],
  gst: boolean,
  purchasedAt: Date,
  supplierStateCode: string,
) {
  const { totals } = billTaxPreview({
    lines: lines.map((line) => ({
      item: line.key.item,
      quantity: line.quantity,
      ratePaise: line.ratePaise,
    })),
    gstApplied: gst,
    supplierStateCode,
    documentDate: indianDateOf(purchasedAt),
  });
  return {
    amountPaise: totals.taxableValuePaise,
    gstPaise: totals.taxPaise,
    totalPaise: totals.totalPaise,
  };
}

/** Splits `total` paise into `parts` positive whole-rupee-ish amounts (last takes the rest). */
function splitAmount(random: Random, total: number, parts: number): number[] {
  const amounts: number[] = [];
  let left = total;
  for (let part = 1; part < parts && left > 200; part += 1) {
    const amount = Math.max(100, Math.round((left * random.int(20, 60)) / 100 / 100) * 100);
    if (amount >= left) break;
    amounts.push(amount);
    left -= amount;
  }
  amounts.push(left);
  return amounts;
}

/** The bills, generated from the seed, oldest first. */
function generateBills(
  random: Random,
  keys: DemoStockKey[],
  now: number,
  supplierStateCode: string,
): DemoBill[] {
  const start = now - DEMO_MONTHS * 30 * DAY_MS;
  const generated: DemoBill[] = [];
  for (let index = 0; index < DEMO_BILL_COUNT; index += 1) {
    const purchasedAt = new Date(start + random.next() * (now - start - DAY_MS));
    const lines = random.sample(keys, random.int(1, 4)).map((key) => ({
      key,
      quantity: random.int(5, 60),
      // Wholesale rates move around the reference rate by up to ±15 %, to the rupee.
      ratePaise: Math.round((key.pricePaise * random.int(85, 115)) / 100 / 100) * 100,
    }));
    const gst = random.chance(0.5);
    const { totalPaise } = demoTotals(lines, gst, purchasedAt, supplierStateCode);
    const age = now - purchasedAt.getTime();
    // Older bills are more often paid off; the newest are mostly on credit.
    const paidOff = random.chance(age > 120 * DAY_MS ? 0.6 : 0.2);
    const paidPaise = paidOff
      ? totalPaise
      : random.chance(0.25)
        ? 0
        : Math.round((totalPaise * random.int(10, 80)) / 100 / 100) * 100;
    const amounts = paidPaise > 0 ? splitAmount(random, paidPaise, random.int(1, 3)) : [];
    let paidAt = purchasedAt.getTime();
    const payments = amounts.map((amountPaise, paymentIndex) => {
      paidAt =
        paymentIndex === 0 && random.chance(0.5)
          ? paidAt
          : paidAt + random.next() * Math.max(0, (now - paidAt) / 2);
      return { amountPaise, paidAt: new Date(paidAt) };
    });
    const closedAt =
      paidOff && random.chance(0.8) ? new Date(Math.min(now, paidAt + DAY_MS)) : null;
    for (const line of lines) line.key.sold += line.quantity;
    generated.push({
      customerIndex: random.int(0, DEMO_SHOPS.length - 1),
      purchasedAt,
      seller: random.chance(0.6) ? 'admin' : 'employee',
      gst,
      lines,
      payments,
      closedAt,
    });
  }
  return generated.sort((a, b) => a.purchasedAt.getTime() - b.purchasedAt.getTime());
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let offset = 0; offset < rows.length; offset += INSERT_CHUNK) {
    await insert(rows.slice(offset, offset + INSERT_CHUNK));
  }
}

/** Inserts the demo customers with their accounts; answers their ids in DEMO_SHOPS order. */
async function insertCustomers(tx: Tx, createdBy: string | null): Promise<number[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds: string[] = [];
  for (const [index, [, name]] of DEMO_SHOPS.entries()) {
    const id = crypto.randomUUID();
    userIds.push(id);
    await insertUserWithCredential(tx, {
      user: {
        id,
        name,
        email: `shop${index + 1}@wholesale.test`,
        emailVerified: true,
        role: 'customer',
        mobile: `91234500${String(index + 1).padStart(2, '0')}`,
        gender: index % 3 === 2 ? 'Female' : 'Male',
      },
      passwordHash,
    });
  }
  const rows = await tx
    .insert(wholesaleCustomers)
    .values(
      DEMO_SHOPS.map(([shopName, name, locality, city, pincode], index) => ({
        userId: userIds[index]!,
        name,
        email: `shop${index + 1}@wholesale.test`,
        mobile: `91234500${String(index + 1).padStart(2, '0')}`,
        shopName,
        locality,
        landmark: 'Near the main market',
        city,
        pincode,
        createdBy,
      })),
    )
    .returning({ id: wholesaleCustomers.id, email: wholesaleCustomers.email });
  const byEmail = new Map(rows.map((row) => [row.email, row.id]));
  return DEMO_SHOPS.map((_, index) => byEmail.get(`shop${index + 1}@wholesale.test`)!);
}

/**
 * Loads the back office's demo data once: when the database has no stock rows and no wholesale
 * customers. One transaction with batch inserts: stock rows (an `opening` ledger row each, at
 * the start of the period, with enough pieces for every demo sale), customers with accounts
 * (password DEMO_PASSWORD, emails shop1..shop12@wholesale.test), bills with lines, `sale` ledger
 * rows (so every stock row equals its ledger's sum), payments and closes. Sellers are the demo
 * admin and employee when they exist (run after seedDemoAccounts). Then every bill gets its
 * document (`issueMissingBillDocuments`), taxed by the engine on its purchase day as the bill was.
 * @returns how many bills and customers it inserted; `skipped` when data was already there.
 */
export async function seedDemoBackOffice(
  db: Db,
  options: {
    seed?: number;
    now?: Date;
    business?: BusinessConfig;
    /** False: leave the documents to the start-up backfill (tests time the data alone). */
    issueDocuments?: boolean;
  } = {},
): Promise<{ skipped: boolean; customers: number; bills: number; stockItems: number }> {
  const [[stockCount], [customerCount]] = await Promise.all([
    db.select({ n: count() }).from(stockItems),
    db.select({ n: count() }).from(wholesaleCustomers),
  ]);
  if ((stockCount?.n ?? 0) > 0 || (customerCount?.n ?? 0) > 0) {
    return { skipped: true, customers: 0, bills: 0, stockItems: 0 };
  }
  const now = (options.now ?? new Date()).getTime();
  const random = createRandom(options.seed ?? DEMO_BACK_OFFICE_SEED);
  const keys: DemoStockKey[] = PURCHASE_ITEMS.flatMap((item) =>
    PURCHASE_CATEGORIES.flatMap((category) =>
      PURCHASE_TYPES.flatMap((type) =>
        demoSizesOf(item, type).map((size) => ({
          item,
          category,
          type,
          size,
          pricePaise: referenceRatePaise(item, category, type),
          sold: 0,
        })),
      ),
    ),
  );
  const business = options.business ?? loadBusinessConfig();
  const demoBills = generateBills(random, keys, now, business.seller.stateCode);
  const staff = await db
    .select({ id: users.id, name: users.name, role: users.role, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@bazaar.test', 'employee@bazaar.test']));
  const admin = staff.find((user) => user.role === 'admin') ?? null;
  const employee = staff.find((user) => user.role === 'employee') ?? null;
  const openingAt = new Date(now - (DEMO_MONTHS * 30 + 2) * DAY_MS);

  const result = await db.transaction(async (tx) => {
    const customerIds = await insertCustomers(tx, admin?.id ?? null);

    // Stock: what is left today plus everything the demo bills sold, brought in as the opening.
    // About one row in eight is at or below its threshold, so Low stock has something to show.
    const remaining = keys.map((_, index) =>
      index % 8 === 5 ? random.int(0, 12) : random.int(40, 400),
    );
    const stockRows = await tx
      .insert(stockItems)
      .values(
        keys.map((key, index) => ({
          item: key.item,
          category: key.category,
          type: key.type,
          size: key.size,
          hsnClass: purchaseItemHsnClass(key.item),
          pricePaise: key.pricePaise,
          // Bought at 60-75 % of the selling rate, to the rupee; reorder at 15 pieces.
          costPaise: Math.round((key.pricePaise * random.int(60, 75)) / 100 / 100) * 100,
          lowStockAt: 15,
          quantity: remaining[index]!,
          createdAt: openingAt,
          updatedAt: new Date(now - random.int(0, 20) * DAY_MS),
        })),
      )
      .returning({
        id: stockItems.id,
        item: stockItems.item,
        category: stockItems.category,
        type: stockItems.type,
        size: stockItems.size,
      });
    const keyText = (key: { item: string; category: string; type: string; size: string }) =>
      `${key.item}|${key.category}|${key.type}|${key.size}`;
    const stockIdOf = new Map(stockRows.map((row) => [keyText(row), row.id]));
    const keyId = (key: DemoStockKey) => stockIdOf.get(keyText(key))!;
    const onHand = new Map<number, number>();
    const movements: (typeof stockMovements.$inferInsert)[] = keys.map((key, index) => {
      const opening = key.sold + remaining[index]!;
      onHand.set(keyId(key), opening);
      return {
        stockItemId: keyId(key),
        kind: 'opening',
        change: opening,
        quantityAfter: opening,
        actorId: admin?.id ?? null,
        at: openingAt,
      };
    });

    const sellerOf = (seller: 'admin' | 'employee') => {
      const user = seller === 'employee' && employee ? employee : admin;
      return user
        ? { soldBy: user.id, sellerLabel: sellerLabelOf(user) }
        : { soldBy: null, sellerLabel: 'admin' };
    };
    const billRows: (typeof bills.$inferInsert)[] = demoBills.map((bill) => {
      const totals = demoTotals(bill.lines, bill.gst, bill.purchasedAt, business.seller.stateCode);
      return {
        customerId: customerIds[bill.customerIndex]!,
        amountPaise: totals.amountPaise,
        gstPaise: totals.gstPaise,
        receivedPaise: bill.payments.reduce((sum, payment) => sum + payment.amountPaise, 0),
        status: bill.closedAt ? 'closed' : 'open',
        ...sellerOf(bill.seller),
        purchasedAt: bill.purchasedAt,
        closedAt: bill.closedAt,
        createdAt: bill.purchasedAt,
        updatedAt: bill.closedAt ?? bill.purchasedAt,
      };
    });
    const billIds: number[] = [];
    await insertChunked(billRows, async (chunk) => {
      const inserted = await tx.insert(bills).values(chunk).returning({ id: bills.id });
      billIds.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
    });

    const lineRows: (typeof billItems.$inferInsert)[] = [];
    const paymentRows: Array<{
      billId: number;
      customerId: number;
      amountPaise: number;
      paidAt: Date;
      receivedBy: string | null;
    }> = [];
    demoBills.forEach((bill, index) => {
      const billId = billIds[index]!;
      const actorId = sellerOf(bill.seller).soldBy;
      for (const line of bill.lines) {
        const stockItemId = keyId(line.key);
        lineRows.push({
          billId,
          stockItemId,
          item: line.key.item,
          category: line.key.category,
          type: line.key.type,
          size: line.key.size,
          hsnClass: purchaseItemHsnClass(line.key.item),
          quantity: line.quantity,
          ratePaise: line.ratePaise,
          amountPaise: line.quantity * line.ratePaise,
        });
        const after = onHand.get(stockItemId)! - line.quantity;
        onHand.set(stockItemId, after);
        movements.push({
          stockItemId,
          kind: 'sale',
          change: -line.quantity,
          quantityAfter: after,
          billId,
          actorId,
          at: bill.purchasedAt,
        });
      }
      for (const payment of bill.payments) {
        paymentRows.push({
          billId,
          customerId: customerIds[bill.customerIndex]!,
          ...payment,
          receivedBy: actorId,
        });
      }
    });
    await insertChunked(lineRows, (chunk) => tx.insert(billItems).values(chunk));
    await insertPayments(tx, business, paymentRows);
    await insertChunked(movements, (chunk) => tx.insert(stockMovements).values(chunk));
    return {
      skipped: false,
      customers: customerIds.length,
      bills: billIds.length,
      stockItems: stockRows.length,
    };
  });
  // Every demo bill gets its tax invoice or bill of supply, numbered in bill order, as if it had
  // been saved through the API (docs/gst.md "Wholesale invoices").
  if (options.issueDocuments !== false) await issueMissingBillDocuments(db, business);
  return result;
}
