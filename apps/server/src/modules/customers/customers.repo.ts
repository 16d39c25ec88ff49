import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { customerRequests, users, wholesaleCustomers } from '../../db/schema/index.js';
import { everyWordIn } from '../../db/search.js';

/** Drizzle queries of the customers module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

export type CustomerRow = typeof wholesaleCustomers.$inferSelect;
export type NewCustomer = typeof wholesaleCustomers.$inferInsert;
export type RequestRow = typeof customerRequests.$inferSelect;
export type NewRequest = typeof customerRequests.$inferInsert;

/**
 * The search condition over name, mobile, shop name, locality, landmark and city: every word
 * must occur (case-insensitive). The expression is the one the trigram index is built on.
 */
function customerSearch(search: string): SQL | undefined {
  const text = sql`lower(${wholesaleCustomers.name} || ' ' || ${wholesaleCustomers.mobile} || ' ' || ${wholesaleCustomers.shopName} || ' ' || ${wholesaleCustomers.locality} || ' ' || ${wholesaleCustomers.landmark} || ' ' || ${wholesaleCustomers.city})`;
  return everyWordIn(text, search);
}

/** One page of customers, newest first, with the total count of matches. */
export async function listCustomers(
  db: Queryable,
  input: { search: string; limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = customerSearch(input.search);
  const [totalRow] = await db.select({ value: count() }).from(wholesaleCustomers).where(where);
  const rows = await db
    .select()
    .from(wholesaleCustomers)
    .where(where)
    .orderBy(desc(wholesaleCustomers.id))
    .limit(input.limit)
    .offset(input.offset);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

/** One customer, or undefined. `forUpdate` locks the row (inside a transaction). */
export async function findCustomer(
  db: Queryable,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const query = db.select().from(wholesaleCustomers).where(eq(wholesaleCustomers.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The customer whose account is `userId`, or undefined. `forUpdate` locks the row. */
export async function findCustomerByUserId(
  db: Queryable,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const query = db.select().from(wholesaleCustomers).where(eq(wholesaleCustomers.userId, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Inserts a customer row; answers it. Call inside the transaction that creates its account. */
export async function insertCustomer(tx: Tx, customer: NewCustomer): Promise<CustomerRow> {
  const [row] = await tx.insert(wholesaleCustomers).values(customer).returning();
  return row!;
}

/** Updates a customer's fields (and `updatedAt`); answers the row after. */
export async function updateCustomer(
  tx: Tx,
  id: number,
  values: Partial<NewCustomer>,
): Promise<CustomerRow> {
  const [row] = await tx
    .update(wholesaleCustomers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(wholesaleCustomers.id, id))
    .returning();
  return row!;
}

/** Keeps the customer's own account (name, email, mobile) in step with its customer row. */
export async function updateAccount(
  tx: Tx,
  userId: string,
  values: { name: string; email: string; mobile: string },
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Which of an email and a mobile number another account or customer already uses: checks
 * `users` and `wholesale_customers`, ignoring `exceptUserId` (the account being edited).
 */
export async function findTaken(
  db: Queryable,
  input: { email: string; mobile: string; exceptUserId?: string },
): Promise<{ email: boolean; mobile: boolean }> {
  const notSelf = (column: typeof users.id | typeof wholesaleCustomers.userId) =>
    input.exceptUserId ? ne(column, input.exceptUserId) : undefined;
  const [emailUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, notSelf(users.id)))
    .limit(1);
  const [emailCustomer] = await db
    .select({ id: wholesaleCustomers.id })
    .from(wholesaleCustomers)
    .where(
      and(
        sql`lower(${wholesaleCustomers.email}) = ${input.email.toLowerCase()}`,
        notSelf(wholesaleCustomers.userId),
      ),
    )
    .limit(1);
  const [mobileUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, input.mobile), notSelf(users.id)))
    .limit(1);
  const [mobileCustomer] = await db
    .select({ id: wholesaleCustomers.id })
    .from(wholesaleCustomers)
    .where(and(eq(wholesaleCustomers.mobile, input.mobile), notSelf(wholesaleCustomers.userId)))
    .limit(1);
  return {
    email: Boolean(emailUser ?? emailCustomer),
    mobile: Boolean(mobileUser ?? mobileCustomer),
  };
}

/** How many wholesale customers there are (the employee home's first tile). */
export async function countCustomers(db: Queryable): Promise<number> {
  const [customers] = await db.select({ value: count() }).from(wholesaleCustomers);
  return Number(customers?.value ?? 0);
}

const requestColumns = {
  request: customerRequests,
  requesterName: users.name,
};

/** A request row with the requesting employee's name. */
export type RequestWithRequester = RequestRow & { requesterName: string };

function flattenRequest(row: { request: RequestRow; requesterName: string }): RequestWithRequester {
  return { ...row.request, requesterName: row.requesterName };
}

/** One page of requests matching `where`, newest first, with the total count. */
export async function listRequests(
  db: Queryable,
  input: { status?: string; requestedBy?: string; limit: number; offset: number },
): Promise<{ rows: RequestWithRequester[]; total: number }> {
  const where = and(
    input.status ? eq(customerRequests.status, input.status) : undefined,
    input.requestedBy ? eq(customerRequests.requestedBy, input.requestedBy) : undefined,
  );
  const [totalRow] = await db.select({ value: count() }).from(customerRequests).where(where);
  const rows = await db
    .select(requestColumns)
    .from(customerRequests)
    .innerJoin(users, eq(users.id, customerRequests.requestedBy))
    .where(where)
    .orderBy(desc(customerRequests.id))
    .limit(input.limit)
    .offset(input.offset);
  return { rows: rows.map(flattenRequest), total: Number(totalRow?.value ?? 0) };
}

/** One request with its requester's name; `forUpdate` locks it (inside a transaction). */
export async function findRequest(
  db: Queryable,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<RequestWithRequester | undefined> {
  const query = db
    .select(requestColumns)
    .from(customerRequests)
    .innerJoin(users, eq(users.id, customerRequests.requestedBy))
    .where(eq(customerRequests.id, id));
  const [row] = options.forUpdate
    ? await query.for('update', { of: customerRequests })
    : await query;
  return row ? flattenRequest(row) : undefined;
}

/** Inserts a pending customer request; answers it. */
export async function insertRequest(tx: Tx, request: NewRequest): Promise<RequestRow> {
  const [row] = await tx.insert(customerRequests).values(request).returning();
  return row!;
}

/** Records the decision on a request that is still pending; undefined when it was not. */
export async function decideRequest(
  tx: Tx,
  id: number,
  values: Pick<NewRequest, 'status' | 'decidedBy' | 'rejectReason' | 'customerId'>,
): Promise<RequestRow | undefined> {
  const [row] = await tx
    .update(customerRequests)
    .set({ ...values, decidedAt: new Date() })
    .where(and(eq(customerRequests.id, id), eq(customerRequests.status, 'pending')))
    .returning();
  return row;
}
