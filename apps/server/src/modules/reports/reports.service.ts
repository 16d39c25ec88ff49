import {
  BACK_OFFICE_PAGE_SIZE,
  REPORT_DEFAULT_INTERVAL,
  REPORT_TOP_CUSTOMERS,
  billDuesPaise,
  billNumberOf,
  billTotalPaise,
  indianDateOf,
  intervalRange,
  lastMonths,
  monthLabelOf,
  monthsBetween,
  sellerNameOf,
  type Dashboard,
  type TransactionsQuery,
  type TransactionsReport,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import * as repo from './reports.repo.js';

/** The reports module's operations (docs/back-office-reports.md). */
export interface ReportsService {
  dashboard(now?: Date): Promise<Dashboard>;
  transactions(query: TransactionsQuery, now?: Date): Promise<TransactionsReport>;
}

/**
 * Remembers figures computed from the rollups, keyed by the rollups' version (see
 * `foldDeltas`): a new version (any bill, line or payment change, on any app instance) drops
 * them all. A reader that saw an older version than the newest computes without caching.
 * At most `limit` entries (then it starts again); 0 turns caching off.
 */
function rollupCache(limit: number) {
  let version = -1;
  const entries = new Map<string, Promise<unknown>>();
  return function cached<T>(seen: number, key: string, load: () => Promise<T>): Promise<T> {
    if (limit <= 0 || seen < version) return load();
    if (seen > version) {
      entries.clear();
      version = seen;
    }
    const hit = entries.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    if (entries.size >= limit) entries.clear();
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => entries.delete(key));
    return loading;
  };
}

/**
 * Builds the reports service over the database. Read-only apart from folding the triggers'
 * deltas into the rollups (which changes no figure, only where it is kept). Sums read from the
 * rollups are cached per rollup version (`cacheEntries`, default 500; 0 turns it off); the
 * bills of the table page and the customer count are always read fresh.
 */
export function createReportsService({
  db,
  cacheEntries = 500,
}: {
  db: Db;
  cacheEntries?: number;
}): ReportsService {
  const cached = rollupCache(cacheEntries);
  return {
    /**
     * The admin home (`GET /api/reports/dashboard`, docs/back-office-reports.md "Routes"):
     * customer count; dues, received and GST over every bill (paise); and for each of the last
     * 12 calendar months in Indian time (current one included, oldest first) the bill count,
     * sell amount (amount + GST), received and dues of the bills purchased that month and the
     * payments received that month by payment date.
     */
    async dashboard(now = new Date()) {
      const version = await repo.foldDeltas(db);
      const months = lastMonths(indianDateOf(now));
      const from = `${months[0]}-01`;
      const to = indianDateOf(now);
      const [totalCustomers, totals, monthly] = await Promise.all([
        repo.countCustomers(db),
        cached(version, 'all-time', () => repo.allTimeSums(db)),
        cached(version, `months|${from}|${to}`, () => repo.monthSumsAllCustomers(db, from, to)),
      ]);
      const byMonth = new Map(monthly.map((row) => [row.month, row]));
      return {
        totalCustomers,
        totalCreditPaise: billDuesPaise(totals),
        totalReceivedPaise: totals.receivedPaise,
        totalGstPaise: totals.gstPaise,
        months: months.map((month) => {
          const row = byMonth.get(month);
          const sellAmountPaise = row ? billTotalPaise(row) : 0;
          const receivedPaise = row?.receivedPaise ?? 0;
          return {
            month,
            label: monthLabelOf(month),
            billCount: row?.bills ?? 0,
            sellAmountPaise,
            receivedPaise,
            duesPaise: sellAmountPaise - receivedPaise,
            paymentsPaise: row?.paymentsPaise ?? 0,
          };
        }),
      };
    },

    /**
     * Total transactions (`GET /api/reports/transactions`, docs/back-office-reports.md "Routes")
     * for the query's days (an interval ending today in Indian time, or
     * from..to) and shops whose name contains `search`: one page of bills (10, newest first),
     * their count and money totals, the sell amount per item group, pieces per month (every
     * month of the range) and the five customers with the most pieces. Paise throughout.
     * Validation (interval, dates, 3-year limit) is TransactionsQuerySchema's.
     */
    async transactions(query, now = new Date()) {
      const version = await repo.foldDeltas(db);
      const today = indianDateOf(now);
      const interval = query.from ? null : (query.interval ?? REPORT_DEFAULT_INTERVAL);
      const range =
        query.from && query.to
          ? { from: query.from, to: query.to }
          : intervalRange(interval!, today);
      const { from, to } = range;
      const search = query.search;
      const offset = (query.page - 1) * BACK_OFFICE_PAGE_SIZE;
      // A search depends on shop names, which change without a new rollup version: not cached.
      const cachedUnlessSearch = <T>(key: string, load: () => Promise<T>) =>
        search === '' ? cached(version, `${key}|${from}|${to}`, load) : load();
      const [monthly, top, bills] = await Promise.all([
        cachedUnlessSearch('months', () =>
          search === ''
            ? repo.monthSumsAllCustomers(db, from, to)
            : repo.monthSumsOfShops(db, from, to, search),
        ),
        cachedUnlessSearch('top', () =>
          repo.topCustomerQuantities(db, from, to, search, REPORT_TOP_CUSTOMERS),
        ),
        repo.billPage(db, from, to, search, BACK_OFFICE_PAGE_SIZE, offset),
      ]);
      const names = await repo.customerNames(
        db,
        top.map((entry) => entry.customerId),
      );
      const topCustomers = top.flatMap((entry) => {
        const name = names.get(entry.customerId);
        return name ? [{ customerId: entry.customerId, ...name, quantity: entry.quantity }] : [];
      });

      const sum = (pick: (row: repo.MonthSums) => number) =>
        monthly.reduce((total, row) => total + pick(row), 0);
      const totals = {
        amountPaise: sum((row) => row.amountPaise),
        gstPaise: sum((row) => row.gstPaise),
        receivedPaise: sum((row) => row.receivedPaise),
      };
      const total = sum((row) => row.bills);
      const byMonth = new Map(monthly.map((row) => [row.month, row]));
      return {
        range: { from, to, interval },
        rows: bills.map((bill) => ({
          id: bill.id,
          billNumber: billNumberOf(bill.id),
          shopName: bill.shopName,
          customerName: bill.customerName,
          amountPaise: bill.amountPaise,
          gstPaise: bill.gstPaise,
          receivedPaise: bill.receivedPaise,
          duesPaise: billDuesPaise(bill),
          status: bill.status === 'closed' ? ('closed' as const) : ('open' as const),
          purchasedAt: bill.purchasedAt.toISOString(),
          sellerName: sellerNameOf(bill.sellerLabel, bill.recordedByName),
        })),
        page: query.page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / BACK_OFFICE_PAGE_SIZE),
        totals: { ...totals, duesPaise: billDuesPaise(totals) },
        itemGroups: [
          { group: 'Shirt' as const, sellAmountPaise: sum((row) => row.shirtPaise) },
          { group: 'Shorts' as const, sellAmountPaise: sum((row) => row.shortsPaise) },
          { group: 'Trouser' as const, sellAmountPaise: sum((row) => row.trouserPaise) },
        ],
        quantityByMonth: monthsBetween(from, to).map((month) => ({
          month,
          label: monthLabelOf(month),
          quantity: byMonth.get(month)?.quantity ?? 0,
        })),
        topCustomers,
      };
    },
  };
}
