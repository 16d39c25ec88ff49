import {
  DEFAULT_SETTLEMENT_RATES,
  SETTLEMENT_LINE_LABELS,
  formatBasisPoints,
  formatRupees,
  indianDateOf,
  maskPan,
  panOfGstin,
  reversedComponents,
  settlementComponentsOf,
  tdsPanOf,
  tdsRateOf,
  type Gstr8Row,
  type Payout,
  type PayoutInput,
  type SellerStatement,
  type SettlementLine,
  type SettlementRatesInput,
  type SettlementRatesList,
  type ShopBalance,
  type ShopBalances,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './settlements.repo.js';

/*
 * Seller settlements (docs/settlements.md; docs/decisions/0023-seller-settlements.md): a ledger
 * entry per delivered shipment and per return received after delivery, written in the status
 * move's transaction from the shipment's issued invoice; payouts; monthly statements; GSTR-8.
 */

/** What the orders module tells about a delivered shipment (from its issued sale document). */
export interface DeliveredShipmentFacts {
  shipmentId: number;
  shopId: number;
  orderNumber: string;
  paymentMethod: 'cod' | 'razorpay';
  /** When it was delivered: the entry's day and the rates' day (India). */
  deliveredAt: Date;
  /** The shop's GSTIN on the invoice; '' or null when the shop is unregistered. */
  supplierGstin: string | null;
  /** Place of supply outside the shop's state. */
  interState: boolean;
  /** The invoice's total: what the customer paid for the shipment, GST included. */
  grossPaise: number;
  /** The invoice's taxable value. */
  taxableValuePaise: number;
}

/**
 * Writes the `sale` entry of a delivered shipment inside `tx` with the rates in force on its
 * delivery day (Indian date), each component rounded half-up once (`settlementComponentsOf`).
 * TDS is at the PAN rate when the invoice's GSTIN embeds a PAN or the shop has one recorded,
 * else at the no-PAN rate (section 206AA); the entry keeps the PAN and the rate it used.
 * Idempotent: a shipment that already has its sale entry keeps it.
 */
export async function recordSaleEntry(tx: Tx, facts: DeliveredShipmentFacts): Promise<void> {
  const entryDate = indianDateOf(facts.deliveredAt);
  const rates = await repo.ratesOn(tx, entryDate);
  const gstin = facts.supplierGstin ? facts.supplierGstin : null;
  const shop = await repo.shopOf(tx, facts.shopId);
  const tdsPan = tdsPanOf(gstin, shop?.pan);
  const components = settlementComponentsOf(
    {
      grossPaise: facts.grossPaise,
      taxableValuePaise: facts.taxableValuePaise,
      interState: facts.interState,
      registered: gstin !== null,
      hasPan: tdsPan !== null,
    },
    rates,
  );
  await repo.insertEntry(tx, {
    shopId: facts.shopId,
    shipmentId: facts.shipmentId,
    kind: 'sale',
    orderNumber: facts.orderNumber,
    paymentMethod: facts.paymentMethod,
    supplierGstin: gstin,
    interState: facts.interState,
    entryDate,
    occurredAt: facts.deliveredAt,
    ratesId: rates.id,
    tdsPan,
    tdsBp: tdsRateOf(rates, tdsPan !== null),
    ...components,
  });
}

/**
 * Writes the `reversal` entry of a shipment whose return was received at `receivedAt`, inside
 * `tx`: its sale entry with every amount negated, dated the day of the return. Nothing when the
 * shipment has no sale entry or already has its reversal.
 */
export async function recordReversalEntry(
  tx: Tx,
  shipmentId: number,
  receivedAt: Date,
): Promise<void> {
  const sale = await repo.entryOf(tx, shipmentId, 'sale');
  if (!sale) return;
  await repo.insertEntry(tx, {
    shopId: sale.shopId,
    shipmentId,
    kind: 'reversal',
    orderNumber: sale.orderNumber,
    paymentMethod: sale.paymentMethod,
    supplierGstin: sale.supplierGstin,
    interState: sale.interState,
    entryDate: indianDateOf(receivedAt),
    occurredAt: receivedAt,
    ratesId: sale.ratesId,
    tdsPan: sale.tdsPan,
    tdsBp: sale.tdsBp,
    ...reversedComponents(sale),
  });
}

/** Whether a shipment has its entry of `kind` (the start-up backfill asks). */
export async function hasSettlementEntry(
  db: Db | Tx,
  shipmentId: number,
  kind: 'sale' | 'reversal',
): Promise<boolean> {
  return (await repo.entryOf(db, shipmentId, kind)) !== undefined;
}

/** The first day of `month` (`YYYY-MM`) and of the month after it. */
export function monthRange(month: string): { from: string; to: string } {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  const nextYear = monthNumber === 12 ? year + 1 : year;
  const next = monthNumber === 12 ? 1 : monthNumber + 1;
  return {
    from: `${month}-01`,
    to: `${String(nextYear).padStart(4, '0')}-${String(next).padStart(2, '0')}-01`,
  };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'November 2026' of '2026-11'. */
export function monthLabelOf(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

function lineOfEntry(entry: repo.EntryRow): Omit<SettlementLine, 'balancePaise'> {
  return {
    kind: entry.kind as 'sale' | 'reversal',
    date: entry.entryDate,
    reference: entry.orderNumber,
    shipmentId: entry.shipmentId,
    paymentMethod: entry.paymentMethod as 'cod' | 'razorpay',
    interState: entry.interState,
    grossPaise: entry.grossPaise,
    taxableValuePaise: entry.taxableValuePaise,
    commissionPaise: entry.commissionPaise,
    commissionGstPaise: entry.commissionGstPaise,
    tcsCgstPaise: entry.tcsCgstPaise,
    tcsSgstPaise: entry.tcsSgstPaise,
    tcsIgstPaise: entry.tcsIgstPaise,
    tdsPaise: entry.tdsPaise,
    tdsBp: entry.tdsBp,
    tdsPan: maskPan(entry.tdsPan),
    netPaise: entry.netPaise,
    payoutPaise: 0,
  };
}

function lineOfPayout(payout: repo.PayoutRow): Omit<SettlementLine, 'balancePaise'> {
  return {
    kind: 'payout',
    date: payout.paidOn,
    reference: payout.utr,
    shipmentId: null,
    paymentMethod: null,
    interState: null,
    grossPaise: 0,
    taxableValuePaise: 0,
    commissionPaise: 0,
    commissionGstPaise: 0,
    tcsCgstPaise: 0,
    tcsSgstPaise: 0,
    tcsIgstPaise: 0,
    tdsPaise: 0,
    tdsBp: null,
    tdsPan: null,
    netPaise: 0,
    payoutPaise: payout.amountPaise,
  };
}

/** Rupees with 2 decimals from paise, exactly ('-12.50' of -1250), for the CSV files. */
function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a text starting with = + - @
 * gets a leading apostrophe so a spreadsheet never runs it as a formula. Amounts ('-30.99')
 * are left as they are: a negative number is no formula.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvOf(rows: (string | number)[][]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** The statement CSV's header row (docs/settlements.md "Statement"). */
export const STATEMENT_CSV_HEADER = [
  'Date',
  'Type',
  'Reference',
  'Payment',
  'Gross',
  'Commission',
  'GST on commission',
  'TCS CGST',
  'TCS SGST',
  'TCS IGST',
  'TDS',
  'Net',
  'Payout',
  'Balance',
  'TDS rate',
  'PAN',
];

/** The GSTR-8 CSV's header row. */
export const GSTR8_CSV_HEADER = [
  'GSTIN of supplier',
  'Shop',
  'Gross value of supplies',
  'Value of supplies returned',
  'Net amount liable for TCS',
  'IGST',
  'CGST',
  'SGST',
];

/** The statement as CSV: opening row, a row per line, closing row; amounts in rupees. */
export function statementCsv(statement: SellerStatement): string {
  // Reference, Payment and the nine amounts stay empty on the balance rows; the opening row
  // carries the TDS rate and PAN in force now, each line the ones it was deducted under.
  const empty = Array.from({ length: 11 }, () => '');
  const now = [formatBasisPoints(statement.shop.tdsBp), statement.shop.pan ?? 'No PAN'];
  return csvOf([
    STATEMENT_CSV_HEADER,
    [
      `${statement.month}-01`,
      'Opening balance',
      ...empty,
      rupees(statement.openingBalancePaise),
      ...now,
    ],
    ...statement.lines.map((line) => [
      line.date,
      SETTLEMENT_LINE_LABELS[line.kind],
      line.reference,
      line.paymentMethod === 'cod'
        ? 'Cash on delivery'
        : line.paymentMethod === 'razorpay'
          ? 'Online'
          : '',
      rupees(line.grossPaise),
      rupees(line.commissionPaise),
      rupees(line.commissionGstPaise),
      rupees(line.tcsCgstPaise),
      rupees(line.tcsSgstPaise),
      rupees(line.tcsIgstPaise),
      rupees(line.tdsPaise),
      rupees(line.netPaise),
      rupees(line.payoutPaise),
      rupees(line.balancePaise),
      line.tdsBp === null ? '' : formatBasisPoints(line.tdsBp),
      line.tdsBp === null ? '' : (line.tdsPan ?? 'No PAN'),
    ]),
    ['', 'Closing balance', ...empty, rupees(statement.closingBalancePaise), '', ''],
  ]);
}

/** The masked PAN TDS is deducted under, and whether the GSTIN gives it. */
function panView(gstin: string | null, recorded: string | null) {
  return { pan: maskPan(tdsPanOf(gstin, recorded)), panFromGstin: panOfGstin(gstin) !== null };
}

/** A balance row of the repo as the API's ShopBalance. */
function balanceOfRow(row: Awaited<ReturnType<typeof repo.shopBalances>>[number]): ShopBalance {
  const earnedPaise = Number(row.earned);
  const paidPaise = Number(row.paid);
  return {
    shopId: row.shopId,
    shopName: row.shopName,
    gstin: row.gstin,
    ...panView(row.gstin, row.pan),
    earnedPaise,
    paidPaise,
    balancePaise: earnedPaise - paidPaise,
    lastPayoutOn: row.lastPaidOn,
  };
}

/** A file to send: its name, content type and text. */
export interface SettlementFile {
  fileName: string;
  contentType: string;
  body: string;
}

export interface SettlementsService {
  /** The month's statement of a shop. @throws AppError NOT_FOUND 'Shop not found'. */
  statement(shopId: number, month: string): Promise<SellerStatement>;
  /** The statement as the CSV file `statement-{shopId}-{YYYY-MM}.csv`. */
  statementCsvFile(shopId: number, month: string): Promise<SettlementFile>;
  /** Every shop's balance (paise). */
  balances(): Promise<ShopBalances>;
  /**
   * Records a payout to a shop, audited, in one transaction under the shop row's lock.
   * @throws AppError NOT_FOUND 'Shop not found'; CONFLICT UTR_ALREADY_RECORDED; BUSINESS_RULE
   *   PAYOUT_EXCEEDS_BALANCE when the amount is above what is owed.
   */
  recordPayout(actor: AuthUser, shopId: number, input: PayoutInput): Promise<Payout>;
  /** The month's GSTR-8 rows per seller GSTIN (paise). */
  gstr8(month: string): Promise<Gstr8Row[]>;
  /** The GSTR-8 rows as the CSV file `GSTR8_{YYYY-MM}.csv` (rupees). */
  gstr8CsvFile(month: string): Promise<SettlementFile>;
  /** The rate rows, newest first, and the one in force today. */
  rates(): Promise<SettlementRatesList>;
  /**
   * Adds a rate row from a day on, audited.
   * @throws AppError CONFLICT SETTLEMENT_RATE_REFUSED when the day is past, has a row or is
   *   before the latest row's (a row between two others would change what the later one set).
   */
  addRates(
    actor: AuthUser,
    input: SettlementRatesInput,
  ): Promise<SettlementRatesList['items'][number]>;
  /**
   * Records (or clears, null) the PAN of a shop whose GSTIN carries none, audited (masked);
   * answers its balance row. Later deliveries take TDS at the PAN rate; entries keep theirs.
   * @throws AppError NOT_FOUND 'Shop not found'; CONFLICT SHOP_PAN_FROM_GSTIN.
   */
  setShopPan(actor: AuthUser, shopId: number, pan: string | null): Promise<ShopBalance>;
}

/** The settlements service over `db` (docs/settlements.md). */
export function createSettlementsService(deps: { db: Db }): SettlementsService {
  const { db } = deps;

  async function statement(shopId: number, month: string): Promise<SellerStatement> {
    const shop = await repo.shopOf(db, shopId);
    if (!shop) throw new AppError('NOT_FOUND', 'Shop not found');
    const { from, to } = monthRange(month);
    const pan = tdsPanOf(shop.gstin, shop.pan);
    const ratesNow = await repo.ratesOn(db, indianDateOf(new Date()));
    const [opening, entries, payouts] = await Promise.all([
      repo.balanceOf(db, shopId, from),
      repo.entriesBetween(db, shopId, from, to),
      repo.payoutsBetween(db, shopId, from, to),
    ]);
    // Date order; on one day the entries first, then the payouts.
    const unordered = [...entries.map(lineOfEntry), ...payouts.map(lineOfPayout)];
    const ordered = unordered
      .map((line, index) => ({ line, index }))
      .sort((a, b) =>
        a.line.date < b.line.date ? -1 : a.line.date > b.line.date ? 1 : a.index - b.index,
      )
      .map(({ line }) => line);
    let balance = opening;
    const lines: SettlementLine[] = ordered.map((line) => {
      balance += line.netPaise - line.payoutPaise;
      return { ...line, balancePaise: balance };
    });
    const sum = (pick: (line: SettlementLine) => number) =>
      lines.reduce((total, line) => total + pick(line), 0);
    return {
      shop: {
        id: shop.id,
        name: shop.name,
        gstin: shop.gstin,
        pan: maskPan(pan),
        tdsBp: tdsRateOf(ratesNow, pan !== null),
      },
      month,
      monthLabel: monthLabelOf(month),
      openingBalancePaise: opening,
      lines,
      totals: {
        grossPaise: sum((line) => line.grossPaise),
        commissionPaise: sum((line) => line.commissionPaise),
        commissionGstPaise: sum((line) => line.commissionGstPaise),
        tcsPaise: sum((line) => line.tcsCgstPaise + line.tcsSgstPaise + line.tcsIgstPaise),
        tdsPaise: sum((line) => line.tdsPaise),
        netPaise: sum((line) => line.netPaise),
        payoutPaise: sum((line) => line.payoutPaise),
      },
      closingBalancePaise: balance,
      codCollectedPaise: sum((line) => (line.paymentMethod === 'cod' ? line.grossPaise : 0)),
      generatedAt: new Date().toISOString(),
    };
  }

  async function gstr8(month: string): Promise<Gstr8Row[]> {
    const { from, to } = monthRange(month);
    const rows = await repo.gstr8Sums(db, from, to);
    return rows.map((row) => {
      const grossSuppliesPaise = Number(row.grossSupplies);
      const returnsPaise = Number(row.returns);
      return {
        gstin: row.gstin ?? '',
        shopName: row.shopName,
        grossSuppliesPaise,
        returnsPaise,
        netPaise: grossSuppliesPaise - returnsPaise,
        igstPaise: Number(row.igst),
        cgstPaise: Number(row.cgst),
        sgstPaise: Number(row.sgst),
      };
    });
  }

  async function rates(): Promise<SettlementRatesList> {
    const rows = await repo.listRates(db);
    const today = indianDateOf(new Date());
    const current = rows.find((row) => row.effectiveFrom <= today);
    return {
      items: rows.map((row) => ({
        id: row.id,
        effectiveFrom: row.effectiveFrom,
        commissionBp: row.commissionBp,
        commissionGstBp: row.commissionGstBp,
        tcsBp: row.tcsBp,
        tdsBp: row.tdsBp,
        tdsNoPanBp: row.tdsNoPanBp,
        createdAt: row.createdAt.toISOString(),
      })),
      currentId: current?.id ?? null,
    };
  }

  return {
    statement,

    async statementCsvFile(shopId, month) {
      return {
        fileName: `statement-${shopId}-${month}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: statementCsv(await statement(shopId, month)),
      };
    },

    async balances() {
      const rows = await repo.shopBalances(db);
      // Shops owed the most first (the ones to pay), then by name as the query gave them.
      return {
        items: rows.map(balanceOfRow).sort((a, b) => b.balancePaise - a.balancePaise),
      };
    },

    async recordPayout(actor, shopId, input) {
      const amountPaise = input.amountPaise;
      const utr = input.utr.trim().toUpperCase();
      return db.transaction(async (tx) => {
        // The shop row's lock makes two payouts to one shop check the balance one after the other.
        const shop = await repo.shopOf(tx, shopId, true);
        if (!shop) throw new AppError('NOT_FOUND', 'Shop not found');
        if (await repo.payoutByUtr(tx, utr)) {
          throw refusal('UTR_ALREADY_RECORDED', `A payout with UTR ${utr} is already recorded`);
        }
        const owed = await repo.balanceOf(tx, shopId);
        if (amountPaise > owed) {
          throw refusal(
            'PAYOUT_EXCEEDS_BALANCE',
            `The payout is more than the ${formatRupees(Math.max(owed, 0))} owed to ${shop.name}`,
          );
        }
        const payout = await repo.insertPayout(tx, {
          shopId,
          amountPaise,
          utr,
          paidOn: input.paidOn,
          note: input.note ? input.note : null,
          recordedBy: actor.id,
        });
        if (!payout) {
          throw refusal('UTR_ALREADY_RECORDED', `A payout with UTR ${utr} is already recorded`);
        }
        await recordAudit(tx, {
          actor,
          entity: 'settlement_payout',
          entityId: payout.id,
          action: 'create',
          after: {
            shopId,
            shopName: shop.name,
            amountPaise,
            utr,
            paidOn: payout.paidOn,
            note: payout.note,
          },
        });
        return {
          id: payout.id,
          shopId,
          amountPaise,
          utr,
          paidOn: payout.paidOn,
          note: payout.note,
          recordedAt: payout.recordedAt.toISOString(),
          balancePaise: owed - amountPaise,
        };
      });
    },

    gstr8,

    async gstr8CsvFile(month) {
      const rows = await gstr8(month);
      return {
        fileName: `GSTR8_${month}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: csvOf([
          GSTR8_CSV_HEADER,
          ...rows.map((row) => [
            row.gstin,
            row.shopName,
            rupees(row.grossSuppliesPaise),
            rupees(row.returnsPaise),
            rupees(row.netPaise),
            rupees(row.igstPaise),
            rupees(row.cgstPaise),
            rupees(row.sgstPaise),
          ]),
        ]),
      };
    },

    rates,

    async addRates(actor, input) {
      const today = indianDateOf(new Date());
      if (input.effectiveFrom < today) {
        throw refusal(
          'SETTLEMENT_RATE_REFUSED',
          'Rates can start today or later: entries already recorded keep their rates',
        );
      }
      return db.transaction(async (tx) => {
        // Serialise additions so two admins cannot both pass the latest-row check.
        await repo.lockRates(tx);
        const [latest] = await repo.listRates(tx);
        if (latest && input.effectiveFrom < latest.effectiveFrom) {
          throw refusal(
            'SETTLEMENT_RATE_REFUSED',
            `Choose a day after ${latest.effectiveFrom}, the latest rates' first day`,
          );
        }
        const tdsNoPanBp =
          input.tdsNoPanBp ?? latest?.tdsNoPanBp ?? DEFAULT_SETTLEMENT_RATES.tdsNoPanBp;
        const row = await repo.insertRates(tx, { ...input, tdsNoPanBp, createdBy: actor.id });
        if (!row) {
          throw refusal(
            'SETTLEMENT_RATE_REFUSED',
            `Rates from ${input.effectiveFrom} are already set: choose another day`,
          );
        }
        await recordAudit(tx, {
          actor,
          entity: 'settlement_rates',
          entityId: row.id,
          action: 'create',
          after: { ...input, tdsNoPanBp },
        });
        return {
          id: row.id,
          effectiveFrom: row.effectiveFrom,
          commissionBp: row.commissionBp,
          commissionGstBp: row.commissionGstBp,
          tcsBp: row.tcsBp,
          tdsBp: row.tdsBp,
          tdsNoPanBp: row.tdsNoPanBp,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },

    async setShopPan(actor, shopId, pan) {
      return db.transaction(async (tx) => {
        const shop = await repo.shopOf(tx, shopId, true);
        if (!shop) throw new AppError('NOT_FOUND', 'Shop not found');
        const fromGstin = panOfGstin(shop.gstin);
        if (fromGstin) {
          throw refusal(
            'SHOP_PAN_FROM_GSTIN',
            `The shop's GSTIN already gives its PAN (ending ${fromGstin.slice(-4)}): TDS uses that one`,
          );
        }
        await repo.updateShopPan(tx, shopId, pan);
        await recordAudit(tx, {
          actor,
          entity: 'shop_pan',
          entityId: shopId,
          action: 'update',
          // Masked in the trail too: the PAN is shown in full nowhere.
          before: { shopName: shop.name, pan: maskPan(shop.pan) },
          after: { shopName: shop.name, pan: maskPan(pan) },
        });
        const row = await repo.shopBalanceOf(tx, shopId);
        return balanceOfRow(row!);
      });
    },
  };
}
