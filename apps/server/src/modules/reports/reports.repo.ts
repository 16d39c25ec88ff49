import { sql, type SQL } from 'drizzle-orm';
import { addDays, addMonths } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { rowsOf, type Row } from '../../db/rows.js';
import { containsPattern } from '../../db/search.js';

/*
 * Queries of the reports module (Drizzle only). The figures come from the rollups of
 * db/schema/reports.ts, which the migration's triggers keep in step with bills, lines and
 * payments; the table rows come from `bills` itself. Days are Indian calendar days `YYYY-MM-DD`.
 */

const toNumber = (value: unknown): number => (value === null ? 0 : Number(value));

/**
 * Folds the changes the triggers recorded since the last read into the rollups (a no-op when
 * there are none), so the next queries see every committed bill, line and payment; answers the
 * rollups' version, which changes whenever a fold or rebuild changes them.
 */
export async function foldDeltas(db: Db): Promise<number> {
  const [row] = await rowsOf<{ version: unknown }>(
    db,
    sql`select report_fold_version() as version`,
  );
  return toNumber(row?.version);
}

/** How many wholesale customers exist. */
export async function countCustomers(db: Db): Promise<number> {
  const [row] = await rowsOf<{ count: unknown }>(
    db,
    sql`select count(*) as count from wholesale_customers`,
  );
  return toNumber(row?.count);
}

/** Money sums of a set of bills, paise; `bills` is how many. */
export interface BillSums {
  bills: number;
  amountPaise: number;
  gstPaise: number;
  receivedPaise: number;
}

/** Sums over every bill ever (the dashboard's tiles). */
export async function allTimeSums(db: Db): Promise<BillSums> {
  const [row] = await rowsOf(
    db,
    sql`select sum(bills) as bills, sum(amount_paise) as amount, sum(gst_paise) as gst,
          sum(received_paise) as received
        from report_days`,
  );
  return {
    bills: toNumber(row?.bills),
    amountPaise: toNumber(row?.amount),
    gstPaise: toNumber(row?.gst),
    receivedPaise: toNumber(row?.received),
  };
}

/** Sums of one month (`YYYY-MM`) for the report: bills, money, pieces, item groups, payments. */
export interface MonthSums extends BillSums {
  month: string;
  quantity: number;
  shirtPaise: number;
  shortsPaise: number;
  trouserPaise: number;
  paymentsPaise: number;
}

function monthSumsOf(row: Row): MonthSums {
  return {
    month: String(row.month),
    bills: toNumber(row.bills),
    amountPaise: toNumber(row.amount),
    gstPaise: toNumber(row.gst),
    receivedPaise: toNumber(row.received),
    quantity: toNumber(row.quantity),
    shirtPaise: toNumber(row.shirt),
    shortsPaise: toNumber(row.shorts),
    trouserPaise: toNumber(row.trouser),
    paymentsPaise: toNumber(row.payments),
  };
}

const SUMS = sql.raw(`sum(bills) as bills, sum(amount_paise) as amount, sum(gst_paise) as gst,
  sum(received_paise) as received, sum(quantity) as quantity, sum(shirt_paise) as shirt,
  sum(shorts_paise) as shorts, sum(trouser_paise) as trouser`);

/**
 * Per-month sums over every customer for the days `from`..`to` (inclusive), months without any
 * bill or payment left out. Reads the day rollup: at most 1,100 rows for three years.
 */
export async function monthSumsAllCustomers(
  db: Db,
  from: string,
  to: string,
): Promise<MonthSums[]> {
  const rows = await rowsOf(
    db,
    sql`select to_char(day, 'YYYY-MM') as month, ${SUMS}, sum(payments_paise) as payments
        from report_days where day between ${from}::date and ${to}::date
        group by 1 order by 1`,
  );
  return rows.map(monthSumsOf);
}

/** Customers whose shop name contains `search` (case-insensitive, `%` and `_` taken literally). */
function customersMatching(search: string): SQL {
  return sql`select id from wholesale_customers where shop_name ilike ${containsPattern(search)}`;
}

/** Optional `customer_id in (matching shops)` condition. */
function customerFilter(search: string): SQL {
  return search === '' ? sql`true` : sql`customer_id in (${customersMatching(search)})`;
}

/**
 * How the days `from`..`to` split into whole months (`firstMonth` inclusive to `endMonth`
 * exclusive, both first days of a month; absent when the range holds no whole month) and the
 * part months left at either end as day ranges.
 */
export function splitRange(
  from: string,
  to: string,
): { months?: { firstMonth: string; endMonth: string }; days: [string, string][] } {
  const firstMonth = from.endsWith('-01') ? from : addMonths(`${from.slice(0, 7)}-01`, 1);
  const endMonth = `${addDays(to, 1).slice(0, 7)}-01`;
  if (firstMonth >= endMonth) return { days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < firstMonth) days.push([from, addDays(firstMonth, -1)]);
  if (endMonth <= to) days.push([endMonth, to]);
  return { months: { firstMonth, endMonth }, days };
}

/**
 * Per-customer rollup rows covering exactly the days `from`..`to`: whole months from the month
 * rollup, the part months at either end from the day rollup (so three years read ~36 rows per
 * customer, not ~1,100). Columns: customer_id, month (first day) and `measures` (a column list
 * of the rollups, e.g. `quantity`, so an index holding them answers alone).
 */
function customerRollupRows(from: string, to: string, search: string, measures: SQL): SQL {
  const filter = customerFilter(search);
  const { months, days } = splitRange(from, to);
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`select customer_id, month, ${measures} from report_customer_months
      where month >= ${months.firstMonth}::date and month < ${months.endMonth}::date and ${filter}`);
  }
  for (const [first, last] of days) {
    parts.push(sql`select customer_id, date_trunc('month', day)::date as month, ${measures}
      from report_customer_days
      where day between ${first}::date and ${last}::date and ${filter}`);
  }
  return sql.join(parts, sql` union all `);
}

const ALL_MEASURES = sql.raw(`bills, amount_paise, gst_paise, received_paise, quantity,
  shirt_paise, shorts_paise, trouser_paise`);

/** Per-month sums for the days `from`..`to` over the shops whose name contains `search`. */
export async function monthSumsOfShops(
  db: Db,
  from: string,
  to: string,
  search: string,
): Promise<MonthSums[]> {
  const rows = await rowsOf(
    db,
    sql`select to_char(month, 'YYYY-MM') as month, ${SUMS}, 0 as payments
        from (${customerRollupRows(from, to, search, ALL_MEASURES)}) as r
        group by 1 order by 1`,
  );
  return rows.map(monthSumsOf);
}

/** One of the top customers: pieces bought in the range. */
export interface TopCustomer {
  customerId: number;
  customerName: string;
  shopName: string;
  quantity: number;
}

/**
 * The `limit` customers (optionally among the shops whose name contains `search`) who bought the
 * most pieces on the days `from`..`to`, most first, ties by customer id; customers with no
 * pieces left out. Ids and pieces only (names come from `customerNames`, never cached).
 */
export async function topCustomerQuantities(
  db: Db,
  from: string,
  to: string,
  search: string,
  limit: number,
): Promise<{ customerId: number; quantity: number }[]> {
  const rows = await rowsOf(
    db,
    // int4 sums add up in int8, much faster than bigint's numeric sums.
    sql`select customer_id, sum(quantity::int) as quantity
        from (${customerRollupRows(from, to, search, sql.raw('quantity'))}) as r
        group by customer_id having sum(quantity::int) > 0
        order by sum(quantity::int) desc, customer_id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    customerId: toNumber(row.customer_id),
    quantity: toNumber(row.quantity),
  }));
}

/** Name and shop name of each customer id given (missing ids left out). */
export async function customerNames(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { customerName: string; shopName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf(
    db,
    sql`select id, name, shop_name from wholesale_customers
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((row) => [
      toNumber(row.id),
      { customerName: String(row.name), shopName: String(row.shop_name) },
    ]),
  );
}

/** A bill of the report's table, as stored. */
export interface BillListRow {
  id: number;
  shopName: string;
  customerName: string;
  amountPaise: number;
  gstPaise: number;
  receivedPaise: number;
  /** Credit notes against it (they lower its dues). */
  creditedPaise: number;
  status: string;
  purchasedAt: Date;
  sellerLabel: string;
  /** The account name of who recorded it (`sold_by`), null when that account is gone. */
  recordedByName: string | null;
}

/**
 * One page of the bills purchased on the days `from`..`to` (Indian time), optionally of the
 * shops whose name contains `search`, newest first (ties by id). Cancelled bills are left out, as
 * the report's sums leave them out (docs/gst.md "Cancelling a bill").
 */
export async function billPage(
  db: Db,
  from: string,
  to: string,
  search: string,
  limit: number,
  offset: number,
): Promise<BillListRow[]> {
  const start = `${from}T00:00:00+05:30`;
  const end = `${to}T00:00:00+05:30`;
  const rows = await rowsOf(
    db,
    sql`select b.id, c.shop_name, c.name, b.amount_paise, b.gst_paise, b.received_paise,
          b.credited_paise, b.status, b.purchased_at, b.seller_label,
          recorder.name as recorded_by_name
        from (
          select * from bills
          where purchased_at >= ${start}::timestamptz
            and purchased_at < ${end}::timestamptz + interval '1 day'
            and status <> 'cancelled'
            and ${customerFilter(search)}
          order by purchased_at desc, id desc
          limit ${limit} offset ${offset}
        ) b
        join wholesale_customers c on c.id = b.customer_id
        left join users recorder on recorder.id = b.sold_by
        order by b.purchased_at desc, b.id desc`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    shopName: String(row.shop_name),
    customerName: String(row.name),
    amountPaise: toNumber(row.amount_paise),
    gstPaise: toNumber(row.gst_paise),
    receivedPaise: toNumber(row.received_paise),
    creditedPaise: toNumber(row.credited_paise),
    status: String(row.status),
    purchasedAt: new Date(row.purchased_at as string | Date),
    sellerLabel: String(row.seller_label),
    recordedByName: row.recorded_by_name === null ? null : String(row.recorded_by_name),
  }));
}
