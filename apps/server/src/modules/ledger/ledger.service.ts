import {
  LEDGER_KIND_LABELS,
  LEDGER_MESSAGES,
  LEDGER_MODE_LABELS,
  LEDGER_PAGE_SIZE,
  PEOPLE_MESSAGES,
  addDays,
  creditCheckOf,
  indianDateOf,
  type AgeingSummary,
  type CreditCheck,
  type CustomerStatement,
  type LedgerKind,
  type LedgerPage,
  type LedgerRow,
  customerStatementFileName,
} from '@bazaar/shared';
import { renderStatementPdf } from '@bazaar/shared/node-render';
import type { Db } from '../../db/client.js';
import { loadBusinessConfig, type BusinessConfig } from '../../config.js';
import { AppError, validationError } from '../../platform/errors.js';
import * as repo from './ledger.repo.js';

/** The instant an Indian day `YYYY-MM-DD` starts (00:00 IST). */
function startOfIndianDay(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

/**
 * Ledger rows with the balance after each, from the balance before the first of them (paise).
 * `newestFirst` rows are walked back from the balance after the first row.
 */
function withBalances(
  entries: repo.LedgerEntry[],
  balance: number,
  order: 'oldest_first' | 'newest_first',
): LedgerRow[] {
  let running = balance;
  return entries.map((entry) => {
    let after: number;
    if (order === 'oldest_first') {
      running += entry.amountPaise;
      after = running;
    } else {
      after = running;
      running -= entry.amountPaise;
    }
    return {
      id: entry.id,
      kind: entry.kind as LedgerKind,
      at: entry.at.toISOString(),
      date: indianDateOf(entry.at),
      reference: entry.reference,
      mode: entry.mode,
      detail: entry.detail,
      billId: entry.billId,
      paymentId: entry.paymentId,
      debitPaise: entry.amountPaise > 0 ? entry.amountPaise : 0,
      creditPaise: entry.amountPaise < 0 ? -entry.amountPaise : 0,
      balancePaise: after,
    };
  });
}

/** Paise as a plain decimal for spreadsheets: 123450 -> '1234.50', -5 -> '-0.05'. */
function rupeesPlain(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; text that a spreadsheet
 * would run as a formula (starting = + - @) gets a leading apostrophe, numbers stay as they are.
 */
function cell(value: string): string {
  let text = value;
  if (!/^-?\d+(\.\d+)?$/.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The statement CSV's header row (docs/back-office-ledger.md "Statement"). */
export const STATEMENT_CSV_HEADER = [
  'Date',
  'Type',
  'Reference',
  'Mode',
  'Details',
  'Debit',
  'Credit',
  'Balance',
];

/**
 * The statement as CSV: the balance brought forward, one line per row (amounts in rupees as
 * plain decimals, e.g. 1234.50), the totals and the closing balance. CRLF line ends.
 */
export function statementCsv(statement: CustomerStatement): string {
  const lines: string[][] = [
    STATEMENT_CSV_HEADER,
    [
      statement.from,
      'Opening balance',
      '',
      '',
      '',
      '',
      '',
      rupeesPlain(statement.openingBalancePaise),
    ],
    ...statement.rows.map((row) => [
      row.date,
      LEDGER_KIND_LABELS[row.kind],
      row.reference,
      row.mode ? (LEDGER_MODE_LABELS[row.mode] ?? row.mode) : '',
      row.detail ?? '',
      row.debitPaise ? rupeesPlain(row.debitPaise) : '',
      row.creditPaise ? rupeesPlain(row.creditPaise) : '',
      rupeesPlain(row.balancePaise),
    ]),
    [
      statement.to,
      'Closing balance',
      '',
      '',
      '',
      rupeesPlain(statement.totals.debitPaise),
      rupeesPlain(statement.totals.creditPaise),
      rupeesPlain(statement.closingBalancePaise),
    ],
  ];
  return lines.map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A file to send as an attachment. */
export interface LedgerFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

/**
 * The customer ledger (khata), statements, ageing of dues and the credit-limit check
 * (docs/back-office-ledger.md). A read model: the rows are written by the migration's triggers
 * on customers, bills, payments and credit notes, so this module changes nothing. Money is
 * paise; days are Indian days.
 */
export function createLedgerService(deps: { db: Db; business?: BusinessConfig }) {
  const { db } = deps;
  const business = deps.business ?? loadBusinessConfig();

  async function requireCustomer(customerId: number): Promise<repo.LedgerCustomer> {
    const customer = await repo.findCustomer(db, customerId);
    if (!customer) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.customerNotFound);
    return customer;
  }

  async function statement(
    customerId: number,
    range: { from: string; to: string },
  ): Promise<CustomerStatement> {
    const customer = await requireCustomer(customerId);
    const start = startOfIndianDay(range.from);
    const end = startOfIndianDay(addDays(range.to, 1));
    const [openingBalancePaise, entries] = await Promise.all([
      repo.balanceAt(db, customerId, start),
      repo.entriesBetween(db, customerId, start, end),
    ]);
    const rows = withBalances(entries, openingBalancePaise, 'oldest_first');
    const totals = {
      debitPaise: rows.reduce((sum, row) => sum + row.debitPaise, 0),
      creditPaise: rows.reduce((sum, row) => sum + row.creditPaise, 0),
    };
    const { seller } = business;
    return {
      seller: {
        name: seller.name,
        address: `${seller.address}, ${seller.city} ${seller.pincode}`,
        mobile: seller.mobile,
        gstin: seller.gstin,
      },
      customer: {
        id: customer.id,
        name: customer.name,
        shopName: customer.shopName,
        mobile: customer.mobile,
        gstin: customer.gstin,
        address: customer.address,
      },
      from: range.from,
      to: range.to,
      generatedAt: new Date().toISOString(),
      openingBalancePaise,
      rows,
      totals,
      closingBalancePaise: openingBalancePaise + totals.debitPaise - totals.creditPaise,
      upi: business.upi,
    };
  }

  return {
    /**
     * `GET /api/customers/{customerId}/ledger?before=`: 20 rows newest first, each with the
     * balance after it. The first row's balance is the sum of every row up to it (the whole
     * ledger on the first page; the rows before the cursor on later ones: the balance brought
     * forward), and each older row's is the newer one's minus the newer row's amount. Also the
     * balance now, opening balance, credit limit and ageing of the customer's dues.
     * @throws AppError NOT_FOUND 'Customer not found'; VALIDATION_FAILED `before` when the
     *   cursor is not a row of this customer's ledger.
     */
    async page(customerId: number, before: number | undefined): Promise<LedgerPage> {
      const customer = await requireCustomer(customerId);
      if (before !== undefined && !(await repo.entryExists(db, customerId, before))) {
        throw validationError({ before: LEDGER_MESSAGES.cursor });
      }
      const [entries, startBalance, balanceNow, ageing] = await Promise.all([
        repo.pageOfEntries(db, customerId, before, LEDGER_PAGE_SIZE + 1),
        repo.balanceBefore(db, customerId, before),
        before === undefined ? undefined : repo.balanceBefore(db, customerId, undefined),
        repo.ageingOf(db, indianDateOf(new Date()), customerId),
      ]);
      const shown = entries.slice(0, LEDGER_PAGE_SIZE);
      const items = withBalances(shown, startBalance, 'newest_first');
      const last = shown.at(-1);
      return {
        customerId,
        items,
        pageSize: LEDGER_PAGE_SIZE,
        nextCursor: entries.length > LEDGER_PAGE_SIZE && last ? String(last.id) : null,
        balancePaise: balanceNow ?? startBalance,
        openingBalancePaise: customer.openingBalancePaise,
        openingDuesPaise: customer.openingDuesPaise,
        creditLimitPaise: customer.creditLimitPaise,
        ageing,
      };
    },

    /**
     * What the customer owes now: the sum of its ledger rows (paise; the opening balance
     * included). For the customer's own summary (docs/back-office-ledger.md "The customer's own
     * view"). @throws AppError NOT_FOUND 'Customer not found'.
     */
    async balance(customerId: number): Promise<number> {
      await requireCustomer(customerId);
      return repo.balanceBefore(db, customerId, undefined);
    },

    /**
     * `GET /api/customers/{customerId}/statement?from=&to=`: the balance brought forward (rows
     * before `from` 00:00 IST), the rows of the range oldest first with running balances, the
     * totals, the closing balance (paise) and the business's UPI payee (the PDF's pay QR).
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    statement,

    /**
     * `GET /api/customers/{customerId}/statement/pdf?from=&to=`: the statement as a PDF
     * attachment `Statement {shop} {from} to {to}.pdf`, drawn by `writeStatementPdf` in the
     * statement worker thread (off the event loop), with the business's UPI pay QR when set.
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async statementPdfFile(
      customerId: number,
      range: { from: string; to: string },
    ): Promise<LedgerFile> {
      const data = await statement(customerId, range);
      return {
        fileName: customerStatementFileName(data),
        contentType: 'application/pdf',
        body: await renderStatementPdf(data),
      };
    },

    /**
     * The same statement as a CSV attachment `statement-{shop}-{from}-{to}.csv`.
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async statementCsvFile(
      customerId: number,
      range: { from: string; to: string },
    ): Promise<LedgerFile> {
      const data = await statement(customerId, range);
      const shop = data.customer.shopName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
      return {
        fileName: `statement-${shop || data.customer.id}-${range.from}-${range.to}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: statementCsv(data),
      };
    },

    /**
     * `GET /api/customers/{customerId}/credit-check?amountPaise=`: the customer's dues now
     * (the ledger balance: opening balance + dues of its bills) plus a new bill of
     * `amountPaise`, against its credit limit; a warning, never a refusal.
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async creditCheck(customerId: number, amountPaise: number): Promise<CreditCheck> {
      const customer = await requireCustomer(customerId);
      const duesPaise = await repo.balanceBefore(db, customerId, undefined);
      return creditCheckOf({
        creditLimitPaise: customer.creditLimitPaise,
        duesPaise,
        newBillPaise: amountPaise,
      });
    },

    /** `GET /api/ledger/ageing`: every customer's dues by age, today in India (admin home). */
    async ageing(): Promise<AgeingSummary> {
      const asOf = indianDateOf(new Date());
      return { asOf, total: await repo.ageingOf(db, asOf) };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
