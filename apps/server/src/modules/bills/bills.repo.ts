import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  ne,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import { BACK_OFFICE_PAGE_SIZE, type BillStatus } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  billItems,
  billPayments,
  bills,
  taxDocuments,
  users,
  wholesaleCustomers,
  wholesalePayments,
} from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';

/** Drizzle queries of the bills module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

export type BillRecord = typeof bills.$inferSelect;
export type NewBillItem = Omit<typeof billItems.$inferInsert, 'id'>;

/** Whether a wholesale customer exists. */
export async function customerExists(db: Queryable, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: wholesaleCustomers.id })
    .from(wholesaleCustomers)
    .where(eq(wholesaleCustomers.id, customerId));
  return row !== undefined;
}

/**
 * The bill-list search: a Bill-No ('0042' or '42': digits, the '00' prefix optional) or an item
 * name of one of the bill's lines (contains, case-insensitive).
 */
function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const itemMatches = sql`exists (select 1 from ${billItems} where ${billItems.billId} = ${bills.id} and ${ilike(billItems.item, containsPattern(search))})`;
  if (!/^\d{1,12}$/.test(search)) return itemMatches;
  const id = Number(search.startsWith('00') && search.length > 2 ? search.slice(2) : search);
  return id > 0 && id <= 2_147_483_647 ? or(eq(bills.id, id), itemMatches) : itemMatches;
}

/** One page (10) of a customer's bills, newest first, with the filtered count. */
export async function listBills(
  db: Queryable,
  customerId: number,
  filter: { status: BillStatus | 'all'; search: string; page: number },
) {
  const where = and(
    eq(bills.customerId, customerId),
    filter.status === 'all' ? undefined : eq(bills.status, filter.status),
    searchCondition(filter.search),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(bills)
      .where(where)
      .orderBy(desc(bills.purchasedAt), desc(bills.id))
      .limit(BACK_OFFICE_PAGE_SIZE)
      .offset((filter.page - 1) * BACK_OFFICE_PAGE_SIZE),
    db.select({ total: count() }).from(bills).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Sums over a customer's bills that are not cancelled (paise: a cancelled bill owes nothing and
 * sold nothing, docs/gst.md "Cancelling a bill"), with the credit notes against them, and how many.
 */
export async function customerBillTotals(db: Queryable, customerId: number) {
  const [row] = await db
    .select({
      amountPaise: sum(bills.amountPaise).mapWith(Number),
      gstPaise: sum(bills.gstPaise).mapWith(Number),
      receivedPaise: sum(bills.receivedPaise).mapWith(Number),
      creditedPaise: sum(bills.creditedPaise).mapWith(Number),
      billCount: count(),
    })
    .from(bills)
    .where(and(eq(bills.customerId, customerId), ne(bills.status, 'cancelled')));
  return {
    amountPaise: row?.amountPaise ?? 0,
    gstPaise: row?.gstPaise ?? 0,
    receivedPaise: row?.receivedPaise ?? 0,
    creditedPaise: row?.creditedPaise ?? 0,
    billCount: row?.billCount ?? 0,
  };
}

/** A bill by id, or undefined; `forUpdate` locks its row until the transaction ends. */
export async function findBill(
  db: Queryable,
  billId: number,
  forUpdate = false,
): Promise<BillRecord | undefined> {
  const query = db.select().from(bills).where(eq(bills.id, billId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The account names of the people who recorded some bills (`bills.sold_by`: the admin or an
 * employee), by user id; ids of deleted accounts are absent.
 */
export async function recorderNames(
  db: Queryable,
  userIds: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A bill's lines in entry order. */
export async function findBillItems(db: Queryable, billId: number) {
  return db
    .select({
      id: billItems.id,
      item: billItems.item,
      category: billItems.category,
      type: billItems.type,
      size: billItems.size,
      quantity: billItems.quantity,
      ratePaise: billItems.ratePaise,
      amountPaise: billItems.amountPaise,
      // The stock row (item x category x type x size) the line took its pieces from.
      stockItemId: billItems.stockItemId,
    })
    .from(billItems)
    .where(eq(billItems.billId, billId))
    .orderBy(asc(billItems.id));
}

/** The payment columns every list of a bill's or customer's payments carries. */
const paymentFacts = {
  paymentId: wholesalePayments.id,
  receiptNumber: wholesalePayments.receiptNumber,
  mode: wholesalePayments.mode,
  reference: wholesalePayments.reference,
  chequeNumber: wholesalePayments.chequeNumber,
  chequeBank: wholesalePayments.chequeBank,
  chequeDate: wholesalePayments.chequeDate,
  status: wholesalePayments.status,
};

/**
 * A bill's payments (its `payment` rows; a bounced cheque's reversal rows are not listed, its
 * payment shows status 'bounced'), oldest first, with the payment's receipt, mode and state and
 * the receiving user's name.
 */
export async function findBillPayments(db: Queryable, billId: number) {
  return db
    .select({
      id: billPayments.id,
      amountPaise: billPayments.amountPaise,
      paidAt: billPayments.paidAt,
      receivedByName: users.name,
      ...paymentFacts,
    })
    .from(billPayments)
    .innerJoin(wholesalePayments, eq(wholesalePayments.id, billPayments.paymentId))
    .leftJoin(users, eq(users.id, billPayments.receivedBy))
    .where(and(eq(billPayments.billId, billId), eq(billPayments.kind, 'payment')))
    .orderBy(asc(billPayments.paidAt), asc(billPayments.id));
}

/**
 * Dues (amount + GST - received - credited over the bills that are not cancelled, paise) and
 * bill counts (every bill, cancelled ones too: they stay on record) of some customers: one
 * grouped query.
 */
export async function duesOfCustomers(db: Queryable, customerIds: number[]) {
  if (customerIds.length === 0) return [];
  return db
    .select({
      customerId: bills.customerId,
      duesPaise:
        sql<string>`coalesce(sum(${bills.amountPaise} + ${bills.gstPaise} - ${bills.receivedPaise} - ${bills.creditedPaise}) filter (where ${bills.status} <> 'cancelled'), 0)`.mapWith(
          Number,
        ),
      billCount: count(),
    })
    .from(bills)
    .where(inArray(bills.customerId, customerIds))
    .groupBy(bills.customerId);
}

/** The dues of every open bill together (paise; credit notes lower them). */
export async function openBillsDuesPaise(db: Queryable): Promise<number> {
  const [row] = await db
    .select({
      value:
        sql<string>`coalesce(sum(${bills.amountPaise} + ${bills.gstPaise} - ${bills.receivedPaise} - ${bills.creditedPaise}), 0)`.mapWith(
          Number,
        ),
    })
    .from(bills)
    .where(eq(bills.status, 'open'));
  return row?.value ?? 0;
}

/**
 * Every payment's part on each of a customer's bills (no reversal rows), oldest first, with the
 * payment's receipt, mode and state.
 */
export async function findCustomerPayments(db: Queryable, customerId: number) {
  return db
    .select({
      id: billPayments.id,
      billId: billPayments.billId,
      amountPaise: billPayments.amountPaise,
      paidAt: billPayments.paidAt,
      ...paymentFacts,
    })
    .from(billPayments)
    .innerJoin(bills, eq(bills.id, billPayments.billId))
    .innerJoin(wholesalePayments, eq(wholesalePayments.id, billPayments.paymentId))
    .where(and(eq(bills.customerId, customerId), eq(billPayments.kind, 'payment')))
    .orderBy(asc(billPayments.paidAt), asc(billPayments.id));
}

/**
 * The parts of a customer's payments that paid the opening balance (`opening_paise` > 0),
 * oldest first, with the payment's receipt, mode and state: they have no bill payment row.
 */
export async function findCustomerOpeningPayments(db: Queryable, customerId: number) {
  return db
    .select({
      amountPaise: wholesalePayments.openingPaise,
      paidAt: wholesalePayments.paidAt,
      ...paymentFacts,
    })
    .from(wholesalePayments)
    .where(and(eq(wholesalePayments.customerId, customerId), gt(wholesalePayments.openingPaise, 0)))
    .orderBy(asc(wholesalePayments.paidAt), asc(wholesalePayments.id));
}

/** Inserts a bill (received 0; payments raise it) and answers its row. */
export async function insertBill(
  tx: Tx,
  values: Pick<
    typeof bills.$inferInsert,
    'customerId' | 'amountPaise' | 'gstPaise' | 'soldBy' | 'sellerLabel' | 'purchasedAt'
  >,
): Promise<BillRecord> {
  const [row] = await tx.insert(bills).values(values).returning();
  return row!;
}

/** Inserts a bill's lines. */
export async function insertBillItems(tx: Tx, rows: NewBillItem[]): Promise<void> {
  if (rows.length > 0) await tx.insert(billItems).values(rows);
}

export type PaymentRecord = typeof wholesalePayments.$inferSelect;

/** Inserts a payment (its receipt number taken by the caller) and answers its row. */
export async function insertWholesalePayment(
  tx: Tx,
  values: Omit<typeof wholesalePayments.$inferInsert, 'id' | 'status' | 'createdAt'>,
): Promise<PaymentRecord> {
  const [row] = await tx.insert(wholesalePayments).values(values).returning();
  return row!;
}

/**
 * Records what a payment gives one bill (`kind` 'payment', amount > 0) or takes back from it when
 * its cheque bounced ('reversal', amount < 0), and moves the bill's received amount by it in
 * the same transaction (the caller holds the bill's row lock); answers the row's id.
 */
export async function insertBillPayment(
  tx: Tx,
  values: {
    billId: number;
    paymentId: number;
    kind: 'payment' | 'reversal';
    amountPaise: number;
    receivedBy: string;
    paidAt: Date;
  },
): Promise<number> {
  const [row] = await tx.insert(billPayments).values(values).returning({ id: billPayments.id });
  await tx
    .update(bills)
    .set({
      receivedPaise: sql`${bills.receivedPaise} + ${values.amountPaise}`,
      updatedAt: sql`now()`,
    })
    .where(eq(bills.id, values.billId));
  return row!.id;
}

/** A payment by id with the receiving user's name, or undefined; `forUpdate` locks its row. */
export async function findPayment(db: Queryable, paymentId: number, forUpdate = false) {
  const query = db
    .select({ payment: wholesalePayments, receivedByName: users.name })
    .from(wholesalePayments)
    .leftJoin(users, eq(users.id, wholesalePayments.receivedBy))
    .where(eq(wholesalePayments.id, paymentId));
  const [row] = forUpdate ? await query.for('update', { of: wholesalePayments }) : await query;
  return row;
}

/** What a payment gave each bill (its `payment` rows), in row order. */
export async function findPaymentAllocations(db: Queryable, paymentId: number) {
  return db
    .select({ billId: billPayments.billId, amountPaise: billPayments.amountPaise })
    .from(billPayments)
    .where(and(eq(billPayments.paymentId, paymentId), eq(billPayments.kind, 'payment')))
    .orderBy(asc(billPayments.id));
}

/** Bills by id, locked in id order for the rest of `tx` (so two writers never deadlock). */
export async function lockBills(tx: Tx, billIds: readonly number[]): Promise<BillRecord[]> {
  if (billIds.length === 0) return [];
  return tx
    .select()
    .from(bills)
    .where(inArray(bills.id, [...billIds]))
    .orderBy(asc(bills.id))
    .for('update');
}

/** A customer's open bills, locked in id order for the rest of `tx`. */
export async function lockOpenBillsOfCustomer(tx: Tx, customerId: number): Promise<BillRecord[]> {
  return tx
    .select()
    .from(bills)
    .where(and(eq(bills.customerId, customerId), eq(bills.status, 'open')))
    .orderBy(asc(bills.id))
    .for('update');
}

/** Marks a payment's cheque bounced now, by whom and why (the caller holds its lock). */
export async function markPaymentBounced(
  tx: Tx,
  paymentId: number,
  values: { reason: string; actorId: string },
): Promise<void> {
  await tx
    .update(wholesalePayments)
    .set({
      status: 'bounced',
      bouncedAt: sql`now()`,
      bounceReason: values.reason,
      bouncedBy: values.actorId,
    })
    .where(and(eq(wholesalePayments.id, paymentId), eq(wholesalePayments.status, 'received')));
}

/** Opens a closed bill again (a payment on it was taken back; the caller holds its lock). */
export async function reopenBill(tx: Tx, billId: number): Promise<void> {
  await tx
    .update(bills)
    .set({ status: 'open', closedAt: null, updatedAt: sql`now()` })
    .where(and(eq(bills.id, billId), eq(bills.status, 'closed')));
}

/** Marks a bill closed now. */
export async function closeBill(tx: Tx, billId: number): Promise<void> {
  await tx
    .update(bills)
    .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(bills.id, billId));
}

/**
 * Marks a bill cancelled now with the reason and the money paid back (the caller holds its lock
 * and puts its stock back in the same transaction).
 */
export async function cancelBill(
  tx: Tx,
  billId: number,
  values: { reason: string; refundedPaise: number },
): Promise<void> {
  await tx
    .update(bills)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      cancelReason: values.reason,
      refundedPaise: values.refundedPaise,
      updatedAt: sql`now()`,
    })
    .where(eq(bills.id, billId));
}

/** Sets a bill's amount before GST and its GST (paise) to its issued document's. */
export async function setBillTax(
  tx: Tx,
  billId: number,
  values: { amountPaise: number; gstPaise: number },
): Promise<void> {
  await tx
    .update(bills)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bills.id, billId));
}

/** A wholesale customer as an invoice's recipient, or undefined. */
export async function findInvoiceCustomer(db: Queryable, customerId: number) {
  const [row] = await db
    .select({
      name: wholesaleCustomers.name,
      shopName: wholesaleCustomers.shopName,
      locality: wholesaleCustomers.locality,
      landmark: wholesaleCustomers.landmark,
      city: wholesaleCustomers.city,
      pincode: wholesaleCustomers.pincode,
      state: wholesaleCustomers.state,
      gstin: wholesaleCustomers.gstin,
      mobile: wholesaleCustomers.mobile,
    })
    .from(wholesaleCustomers)
    .where(eq(wholesaleCustomers.id, customerId));
  return row;
}
export type InvoiceCustomer = NonNullable<Awaited<ReturnType<typeof findInvoiceCustomer>>>;

/** A bill's lines with their stock row and HSN class, in entry order (to issue its invoice). */
export async function findInvoiceLines(db: Queryable, billId: number) {
  return db
    .select({
      item: billItems.item,
      category: billItems.category,
      type: billItems.type,
      size: billItems.size,
      hsnClass: billItems.hsnClass,
      quantity: billItems.quantity,
      ratePaise: billItems.ratePaise,
      stockItemId: billItems.stockItemId,
    })
    .from(billItems)
    .where(eq(billItems.billId, billId))
    .orderBy(asc(billItems.id));
}

/** Whether a bill has its tax invoice or bill of supply. */
export async function hasInvoice(db: Queryable, billId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.billId, billId),
        inArray(taxDocuments.kind, ['tax_invoice', 'bill_of_supply']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Ids of the bills without a tax invoice or bill of supply, lowest first (bills saved before
 * documents were issued: docs/gst.md "Wholesale invoices").
 */
export async function billsWithoutInvoice(db: Queryable): Promise<number[]> {
  const rows = await db
    .select({ id: bills.id })
    .from(bills)
    .where(
      sql`not exists (select 1 from ${taxDocuments} where ${taxDocuments.billId} = ${bills.id} and ${taxDocuments.kind} in ('tax_invoice', 'bill_of_supply'))`,
    )
    .orderBy(asc(bills.id));
  return rows.map((row) => row.id);
}

/**
 * Raises a bill's credited amount by a credit note's total (the caller holds the bill's lock and
 * issues the credit note in the same transaction): the bill's dues fall by it.
 */
export async function addCredit(tx: Tx, billId: number, creditPaise: number): Promise<void> {
  await tx
    .update(bills)
    .set({
      creditedPaise: sql`${bills.creditedPaise} + ${creditPaise}`,
      updatedAt: sql`now()`,
    })
    .where(eq(bills.id, billId));
}

/**
 * Locks the customer's row and answers what is left of its opening balance (paise: opening
 * balance - what payments have paid of it), the lock every change of `opening_received_paise`
 * holds (docs/back-office-ledger.md "Opening balance").
 */
export async function lockOpeningDues(tx: Tx, customerId: number): Promise<number> {
  const [row] = await tx
    .select({
      opening: wholesaleCustomers.openingBalancePaise,
      received: wholesaleCustomers.openingReceivedPaise,
    })
    .from(wholesaleCustomers)
    .where(eq(wholesaleCustomers.id, customerId))
    // Not FOR UPDATE: that would also wait for every bill or payment being inserted for the
    // customer (their foreign keys hold KEY SHARE on this row) while they wait for its bills.
    .for('no key update');
  return row ? row.opening - row.received : 0;
}

/**
 * Moves what payments have paid of the customer's opening balance by `deltaPaise` (+ a payment,
 * - its bounced cheque); the caller holds the customer's lock (`lockOpeningDues`).
 */
export async function addOpeningReceived(
  tx: Tx,
  customerId: number,
  deltaPaise: number,
): Promise<void> {
  await tx
    .update(wholesaleCustomers)
    .set({
      openingReceivedPaise: sql`${wholesaleCustomers.openingReceivedPaise} + ${deltaPaise}`,
    })
    .where(eq(wholesaleCustomers.id, customerId));
}
