import { z } from 'zod';
import {
  BACK_OFFICE_PAGE_SIZE,
  CHART_MONTHS,
  TRANSACTION_INTERVALS,
  type TransactionInterval,
} from '../constants.js';

/*
 * Admin dashboard and total-transactions report (docs/back-office-reports.md is the
 * contract). Money is integer paise, days and
 * months are Indian calendar days (Asia/Kolkata) written `YYYY-MM-DD` / `YYYY-MM`.
 */

/** The longest range the report accepts, in years (the spec's longest interval, 3 YEAR). */
export const REPORT_MAX_YEARS = 3;
/** The interval the report shows before the admin picks one. */
export const REPORT_DEFAULT_INTERVAL: TransactionInterval = '1 YEAR';
/** The item groups of the sell-amount pie (fixed categories, docs/back-office-reports.md). */
export const REPORT_ITEM_GROUPS = ['Shirt', 'Shorts', 'Trouser'] as const;
export type ReportItemGroup = (typeof REPORT_ITEM_GROUPS)[number];
/** How many customers the Top five best customers chart shows. */
export const REPORT_TOP_CUSTOMERS = 5;

/** Texts of the report's refusals (400 `VALIDATION_FAILED`, in `fields`). */
export const REPORT_MESSAGES = {
  chooseInterval: 'Choose one of the listed date ranges',
  dateFormat: 'Enter a date like 2024-03-05',
  bothDates: 'Enter both the start and the end date',
  intervalOrDates: 'Choose a date range or start and end dates, not both',
  fromAfterTo: 'The start date must be on or before the end date',
  rangeTooLong: `Choose a range of at most ${REPORT_MAX_YEARS} years`,
} as const;

/* ------------------------------------------------------------------ calendar helpers */

const monthLabelFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function parts(day: string): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `day` (`YYYY-MM-DD`) plus `days` calendar days (negative goes back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return isoDay(new Date(Date.UTC(year, month - 1, date + days)));
}

/**
 * `day` plus `months` calendar months, the day clamped to the target month's length
 * (2024-03-31 minus 1 month is 2024-02-29).
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = parts(day);
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastOfTarget))));
}

/** 'Mar 2024' for '2024-03' (or any day of that month). */
export function monthLabelOf(month: string): string {
  const [year, monthNumber] = parts(month.slice(0, 7) + '-01');
  return monthLabelFormat.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** Every month `YYYY-MM` from the month of `from` to the month of `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = `${from.slice(0, 7)}-01`; day.slice(0, 7) <= to.slice(0, 7);) {
    months.push(day.slice(0, 7));
    day = addMonths(day, 1);
  }
  return months;
}

/** The last `count` calendar months up to `today`'s month, oldest first, as `YYYY-MM`. */
export function lastMonths(today: string, count = CHART_MONTHS): string[] {
  return monthsBetween(addMonths(`${today.slice(0, 7)}-01`, -(count - 1)), today);
}

/** The days a report covers: `from` to `to` inclusive (Indian calendar days). */
export interface ReportRange {
  from: string;
  to: string;
}

/**
 * The days an interval of the Select dates dropdown covers, ending today (Indian time): '7 DAY'
 * is today and the 6 days before it, '1 MONTH' starts the day after the same date a month ago,
 * '1 YEAR' the day after the same date a year ago. Every range is whole days.
 */
export function intervalRange(interval: TransactionInterval, today: string): ReportRange {
  const option = TRANSACTION_INTERVALS.find((entry) => entry.value === interval)!;
  const months =
    option.unit === 'DAY' ? 0 : option.unit === 'MONTH' ? option.count : option.count * 12;
  const from =
    option.unit === 'DAY'
      ? addDays(today, -(option.count - 1))
      : addDays(addMonths(today, -months), 1);
  return { from, to: today };
}

/** The label of a range as the charts show it: 'Nov 23, 2025 – Nov 22, 2026'. */
export function rangeLabelOf(range: ReportRange): string {
  const format = (day: string) => {
    const [year, month, date] = parts(day);
    return new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, month - 1, date)));
  };
  return range.from === range.to
    ? format(range.from)
    : `${format(range.from)} – ${format(range.to)}`;
}

/* ------------------------------------------------------------------ dashboard */

/** One month of the admin home's charts (the spec's monthDataList + paymentDetailsMonthWise). */
export const DashboardMonthSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  /** 'Mar 2024'. */
  label: z.string(),
  /** Bills purchased that month (sell count). */
  billCount: z.number().int(),
  /** Amount + GST of the month's bills, paise. */
  sellAmountPaise: z.number().int(),
  /** Received so far on the month's bills, paise. */
  receivedPaise: z.number().int(),
  /** Dues left on the month's bills (sell amount - received), paise. */
  duesPaise: z.number().int(),
  /** Payments received during the month (by payment date, any bill), paise. */
  paymentsPaise: z.number().int(),
});
export type DashboardMonth = z.infer<typeof DashboardMonthSchema>;

/**
 * `GET /api/reports/dashboard` (admin): the spec's dashboard response. Totals cover every bill;
 * `months` the last 12 calendar months, the current one included, oldest first.
 */
export const DashboardSchema = z.object({
  totalCustomers: z.number().int(),
  /** Sum of every bill's dues (Total Credit), paise. */
  totalCreditPaise: z.number().int(),
  totalReceivedPaise: z.number().int(),
  totalGstPaise: z.number().int(),
  months: z.array(DashboardMonthSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/* ------------------------------------------------------------------ transactions report */

/** A day of a report's range, `YYYY-MM-DD` (an Indian calendar day from 2000 on). */
export const ReportDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MESSAGES.dateFormat)
  .refine((value) => {
    // zod runs this check after a failed regex too: 'abc' makes an Invalid Date, which isoDay
    // (toISOString) would throw on, turning a bad query into a 500.
    const [year, month, date] = parts(value);
    const day = new Date(Date.UTC(year, month - 1, date));
    return !Number.isNaN(day.getTime()) && isoDay(day) === value && year >= 2000;
  }, REPORT_MESSAGES.dateFormat);
const dayParam = ReportDaySchema;

const INTERVAL_VALUES = TRANSACTION_INTERVALS.map((entry) => entry.value) as [
  TransactionInterval,
  ...TransactionInterval[],
];

/**
 * `GET /api/reports/transactions?interval=7 DAY&search=&page=` or `?from=&to=`: the interval
 * (one of TRANSACTION_INTERVALS' values) or a custom range of days (from <= to, at most 3 years);
 * neither means REPORT_DEFAULT_INTERVAL. `search` is a part of the shop name.
 */
export const TransactionsQuerySchema = z
  .object({
    interval: z.enum(INTERVAL_VALUES, { error: REPORT_MESSAGES.chooseInterval }).optional(),
    from: dayParam.optional(),
    to: dayParam.optional(),
    search: z.string().trim().max(120, 'Search is too long').default(''),
    page: z
      .string()
      .regex(/^\d{1,6}$/, 'page must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'page must be at least 1'))
      .default(1),
  })
  .strict()
  .superRefine((query, context) => {
    const hasDates = query.from !== undefined || query.to !== undefined;
    if (query.interval !== undefined && hasDates) {
      context.addIssue({
        code: 'custom',
        path: ['interval'],
        message: REPORT_MESSAGES.intervalOrDates,
      });
      return;
    }
    if (!hasDates) return;
    if (query.from === undefined || query.to === undefined) {
      const missing = query.from === undefined ? 'from' : 'to';
      context.addIssue({ code: 'custom', path: [missing], message: REPORT_MESSAGES.bothDates });
      return;
    }
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.fromAfterTo });
    } else if (query.to >= addMonths(query.from, REPORT_MAX_YEARS * 12)) {
      context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeTooLong });
    }
  });
export type TransactionsQuery = z.output<typeof TransactionsQuerySchema>;

/** One bill of the report's table. */
export const TransactionRowSchema = z.object({
  id: z.number().int(),
  /** '00' + id. */
  billNumber: z.string(),
  shopName: z.string(),
  customerName: z.string(),
  /** Before GST, paise. */
  amountPaise: z.number().int(),
  gstPaise: z.number().int(),
  receivedPaise: z.number().int(),
  /** Amount + GST - received, paise. */
  duesPaise: z.number().int(),
  status: z.enum(['open', 'closed']),
  /** ISO 8601. */
  purchasedAt: z.string(),
  /** Sell by: the recording person's name, `sellerNameOf(sellerLabel, name)`. */
  sellerName: z.string(),
});
export type TransactionRow = z.infer<typeof TransactionRowSchema>;

/** `GET /api/reports/transactions`: the table page and every figure for the same filter. */
export const TransactionsReportSchema = z.object({
  /** The days covered and the interval they came from (null for a custom range). */
  range: z.object({
    from: z.string(),
    to: z.string(),
    interval: z.enum(INTERVAL_VALUES).nullable(),
  }),
  rows: z.array(TransactionRowSchema),
  page: z.number().int(),
  pageSize: z.literal(BACK_OFFICE_PAGE_SIZE),
  /** Bills matching the filter. */
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: z.object({
    amountPaise: z.number().int(),
    gstPaise: z.number().int(),
    receivedPaise: z.number().int(),
    duesPaise: z.number().int(),
  }),
  /**
   * Sell amount (line amounts, before GST) of Shirt-*, Shorts-* and Trouser-* items; T-Shirts are
   * in none.
   */
  itemGroups: z.array(
    z.object({ group: z.enum(REPORT_ITEM_GROUPS), sellAmountPaise: z.number().int() }),
  ),
  /** Pieces sold per month of the range, oldest first, months without sales included. */
  quantityByMonth: z.array(
    z.object({ month: z.string(), label: z.string(), quantity: z.number().int() }),
  ),
  /** The five customers who bought the most pieces in the range, most first. */
  topCustomers: z.array(
    z.object({
      customerId: z.number().int(),
      customerName: z.string(),
      shopName: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type TransactionsReport = z.infer<typeof TransactionsReportSchema>;

/** A query's Indian day `YYYY-MM-DD` (from 2000), with the reports' message. */
export const ReportDayParamSchema = dayParam;
