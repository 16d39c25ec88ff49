import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, type Row } from '../../db/rows.js';

/*
 * Queries of the ledger module (SQL only; docs/back-office-ledger.md). The ledger is a read
 * model: `customer_ledger` is written by the migration's triggers on customers, bills, payments
 * and credit notes; ageing reads `bills` through its partial index of bills that still owe.
 * Money columns are bigint (node-postgres reads them as text): they are read as float8, exact
 * below 2^53 paise.
 */

const toNumber = (value: unknown): number =>
  value === null || value === undefined ? 0 : Number(value);

export interface LedgerEntry {
  id: number;
  kind: string;
  at: Date;
  amountPaise: number;
  billId: number | null;
  paymentId: number | null;
  reference: string;
  mode: string | null;
  detail: string | null;
}

function entryOf(row: Row): LedgerEntry {
  return {
    id: Number(row.id),
    kind: String(row.kind),
    at: row.at instanceof Date ? row.at : new Date(String(row.at)),
    amountPaise: toNumber(row.amount),
    billId: row.bill_id === null ? null : Number(row.bill_id),
    paymentId: row.payment_id === null ? null : Number(row.payment_id),
    reference: String(row.reference),
    mode: (row.mode as string | null) ?? null,
    detail: (row.detail as string | null) ?? null,
  };
}

const entryColumns = sql`id, kind, at, amount_paise::float8 as amount, bill_id, payment_id, reference, mode, detail`;

/** The customer's opening balance, credit limit and creation time, or undefined. */
export async function findCustomer(db: Db, customerId: number) {
  const [row] = await rowsOf(
    db,
    sql`select id, name, shop_name, mobile, gstin, locality, landmark, city, state, pincode,
          opening_balance_paise::float8 as opening, credit_limit_paise::float8 as credit_limit,
          opening_received_paise::float8 as opening_received,
          created_at
        from wholesale_customers where id = ${customerId}`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    name: String(row.name),
    shopName: String(row.shop_name),
    mobile: String(row.mobile),
    gstin: (row.gstin as string | null) ?? null,
    address: [row.locality, row.landmark, row.city, `${String(row.state)} ${String(row.pincode)}`]
      .filter((part) => typeof part === 'string' && part.trim() !== '')
      .join(', '),
    openingBalancePaise: toNumber(row.opening),
    /** What is left of the opening balance (paise): opening - what payments paid of it. */
    openingDuesPaise: toNumber(row.opening) - toNumber(row.opening_received),
    creditLimitPaise: row.credit_limit === null ? null : toNumber(row.credit_limit),
  };
}
export type LedgerCustomer = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;

/** Whether `entryId` is a row of the customer's ledger (a valid page cursor). */
export async function entryExists(db: Db, customerId: number, entryId: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from customer_ledger where id = ${entryId} and customer_id = ${customerId}`,
  );
  return rows.length > 0;
}

/** The row-value condition "ordered before the row `beforeId`" (rows by at, then id). */
function beforeRow(beforeId: number): SQL {
  return sql`(at, id) < (select c.at, c.id from customer_ledger c where c.id = ${beforeId})`;
}

/**
 * Up to `limit` rows newest first, older than the row `beforeId` when given (keyset page on the
 * (customer_id, at, id) index).
 */
export async function pageOfEntries(
  db: Db,
  customerId: number,
  beforeId: number | undefined,
  limit: number,
): Promise<LedgerEntry[]> {
  const rows = await rowsOf(
    db,
    sql`select ${entryColumns} from customer_ledger
        where customer_id = ${customerId} ${beforeId === undefined ? sql`` : sql`and ${beforeRow(beforeId)}`}
        order by at desc, id desc limit ${limit}`,
  );
  return rows.map(entryOf);
}

/**
 * The balance brought forward (paise): the sum of the customer's rows ordered before the row
 * `beforeId`, or of all rows (the balance now) without it. An index-only range sum.
 */
export async function balanceBefore(
  db: Db,
  customerId: number,
  beforeId: number | undefined,
): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select coalesce(sum(amount_paise), 0)::float8 as balance from customer_ledger
        where customer_id = ${customerId} ${beforeId === undefined ? sql`` : sql`and ${beforeRow(beforeId)}`}`,
  );
  return toNumber(row?.balance);
}

/** The sum of the customer's rows dated before `start` (paise): a statement's opening balance. */
export async function balanceAt(db: Db, customerId: number, start: Date): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select coalesce(sum(amount_paise), 0)::float8 as balance from customer_ledger
        where customer_id = ${customerId} and at < ${start.toISOString()}::timestamptz`,
  );
  return toNumber(row?.balance);
}

/** The customer's rows with `start` <= at < `end`, oldest first. */
export async function entriesBetween(
  db: Db,
  customerId: number,
  start: Date,
  end: Date,
): Promise<LedgerEntry[]> {
  const rows = await rowsOf(
    db,
    sql`select ${entryColumns} from customer_ledger
        where customer_id = ${customerId}
          and at >= ${start.toISOString()}::timestamptz and at < ${end.toISOString()}::timestamptz
        order by at, id`,
  );
  return rows.map(entryOf);
}

/**
 * Dues by age (paise) on Indian day `today`: the dues of every bill that still owes (not
 * cancelled; total - received - credited > 0), by days since its bill date in India (0-30,
 * 31-60, 61-90, over 90), plus what is left of the opening balances (opening - paid of it) by
 * days since their customer was created.
 * The bucket bounds are turned into instants, so no date is computed per row; the bills come
 * from the partial index `bills_open_dues_idx (customer_id, purchased_at, ...)`, an index-only
 * scan (it holds every column read): one customer's range of it when `customerId` is given, else
 * all of it.
 */
export async function ageingOf(db: Db, today: string, customerId?: number) {
  const bound = (days: number) =>
    sql`((${today}::date - ${days}::int)::timestamp at time zone 'Asia/Kolkata')`;
  const dues = sql`(b.amount_paise + b.gst_paise - b.received_paise - b.credited_paise)`;
  const forCustomer = customerId === undefined ? sql`` : sql`and b.customer_id = ${customerId}`;
  const forOpening = customerId === undefined ? sql`` : sql`and c.id = ${customerId}`;
  const [row] = await rowsOf(
    db,
    sql`with owing as (
          select b.customer_id, b.purchased_at as at, ${dues} as dues from bills b
          where b.status <> 'cancelled' and ${dues} > 0 ${forCustomer}
          union all
          select c.id, c.created_at, c.opening_balance_paise - c.opening_received_paise
          from wholesale_customers c
          where c.opening_balance_paise > c.opening_received_paise ${forOpening}
        )
        select
          coalesce(sum(dues) filter (where at >= ${bound(30)}), 0)::float8 as d30,
          coalesce(sum(dues) filter (where at < ${bound(30)} and at >= ${bound(60)}), 0)::float8 as d60,
          coalesce(sum(dues) filter (where at < ${bound(60)} and at >= ${bound(90)}), 0)::float8 as d90,
          coalesce(sum(dues) filter (where at < ${bound(90)}), 0)::float8 as over90
        from owing`,
  );
  const ageing = {
    days0To30Paise: toNumber(row?.d30),
    days31To60Paise: toNumber(row?.d60),
    days61To90Paise: toNumber(row?.d90),
    over90Paise: toNumber(row?.over90),
  };
  return {
    ...ageing,
    totalPaise:
      ageing.days0To30Paise + ageing.days31To60Paise + ageing.days61To90Paise + ageing.over90Paise,
  };
}
