import {
  BACK_OFFICE_MESSAGES,
  BACK_OFFICE_PAGE_SIZE,
  BILLING_MESSAGES,
  billDuesPaise,
  billNumberOf,
  billTotalPaise,
  billTotals,
  canCloseBill,
  formatRupees,
  maxPaymentPaise,
  sellerLabelOf,
  sellerNameOf,
  splitGst,
  type BillDeleted,
  type BillDetail,
  type BillListQuery,
  type BillPage,
  type BillRow,
  type BillStatus,
  type CreateBillInput,
  type CustomerPayments,
  type PurchaseLineInput,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { restoreStockOfBill, takeStockForBill } from '../stock/stock.service.js';
import * as repo from './bills.repo.js';

/** The acting user as bills record it. */
type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

function toBillRow(bill: repo.BillRecord): BillRow {
  const totalPaise = billTotalPaise(bill);
  return {
    id: bill.id,
    customerId: bill.customerId,
    billNumber: billNumberOf(bill.id),
    amountPaise: bill.amountPaise,
    gstPaise: bill.gstPaise,
    totalPaise,
    receivedPaise: bill.receivedPaise,
    duesPaise: billDuesPaise(bill),
    status: bill.status as BillStatus,
    purchasedAt: bill.purchasedAt.toISOString(),
    closedAt: bill.closedAt?.toISOString() ?? null,
    sellerLabel: bill.sellerLabel,
    sellerName: sellerNameOf(bill.sellerLabel),
  };
}

/** A bill with its lines and payments, read in `db` (or the caller's transaction). */
async function loadBillDetail(db: Db | Tx, bill: repo.BillRecord): Promise<BillDetail> {
  const [items, payments] = await Promise.all([
    repo.findBillItems(db, bill.id),
    repo.findBillPayments(db, bill.id),
  ]);
  return {
    ...toBillRow(bill),
    ...splitGst(bill.gstPaise),
    gstApplied: bill.gstPaise > 0,
    canClose: canCloseBill(bill),
    maxPaymentPaise: maxPaymentPaise(bill),
    items,
    payments: payments.map((payment) => ({
      ...payment,
      paidAt: payment.paidAt.toISOString(),
    })),
  };
}

/** The audit snapshot of a bill (money in paise, as stored). */
function billSnapshot(bill: repo.BillRecord) {
  return {
    customerId: bill.customerId,
    amountPaise: bill.amountPaise,
    gstPaise: bill.gstPaise,
    receivedPaise: bill.receivedPaise,
    status: bill.status,
    sellerLabel: bill.sellerLabel,
  };
}

/** A customer's money as the customers module shows it: dues (paise) and how many bills. */
export interface CustomerDues {
  duesPaise: number;
  billCount: number;
}

/**
 * Dues (amount + GST - received over all their bills, paise) and bill counts of some customers,
 * by customer id; a customer without bills has none in the map. For the customers module (list,
 * one customer), also inside its transactions (`db` may be a transaction).
 */
export async function customerDues(
  db: Db | Tx,
  customerIds: number[],
): Promise<Map<number, CustomerDues>> {
  const rows = await repo.duesOfCustomers(db, customerIds);
  return new Map(
    rows.map((row) => [row.customerId, { duesPaise: row.duesPaise, billCount: row.billCount }]),
  );
}

/** The credit given: the dues of every open bill together (paise; the employee home's tile). */
export function openBillsCreditPaise(db: Db | Tx): Promise<number> {
  return repo.openBillsDuesPaise(db);
}

/**
 * Wholesale bills (the screens' purchases), payments, close and delete (docs/back-office-bills.md).
 * Every amount is paise; every change is one transaction with its stock movements and audit rows.
 */
export function createBillsService(deps: { db: Db }) {
  const { db } = deps;

  async function requireCustomer(customerId: number): Promise<void> {
    if (!(await repo.customerExists(db, customerId))) {
      throw new AppError('NOT_FOUND', BILLING_MESSAGES.customerNotFound);
    }
  }

  /** The bill, locked for the rest of `tx`. @throws AppError NOT_FOUND 'Bill not found'. */
  async function lockBill(tx: Tx, billId: number): Promise<repo.BillRecord> {
    const bill = await repo.findBill(tx, billId, true);
    if (!bill) throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
    return bill;
  }

  /** Runs a change in a transaction and answers the bill's detail read after the commit. */
  async function changeBill(billId: number, change: (tx: Tx) => Promise<void>) {
    await db.transaction(change);
    const bill = await repo.findBill(db, billId);
    if (!bill) throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
    return loadBillDetail(db, bill);
  }

  return {
    /**
     * `GET /api/customers/{id}/bills`: one page (10) of the customer's bills filtered by status
     * (default open) and search, newest first, with totals over all the customer's bills.
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async list(customerId: number, query: BillListQuery): Promise<BillPage> {
      await requireCustomer(customerId);
      const [{ rows, total }, sums] = await Promise.all([
        repo.listBills(db, customerId, query),
        repo.customerBillTotals(db, customerId),
      ]);
      const totalPaise = billTotalPaise(sums);
      return {
        items: rows.map(toBillRow),
        page: query.page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.max(1, Math.ceil(total / BACK_OFFICE_PAGE_SIZE)),
        totals: { ...sums, totalPaise, duesPaise: totalPaise - sums.receivedPaise },
      };
    },

    /**
     * `POST /api/customers/{id}/bills`: saves a purchase in one transaction: the bill (totals
     * from `billTotals`, seller `sellerLabelOf(actor)`), its lines, a `sale` stock movement per
     * item x category x type, the first payment when `receivedPaise` > 0, and the audit rows.
     * @throws AppError NOT_FOUND 'Customer not found'; CONFLICT 'Only N pieces of {item}
     *   {category} {type} in stock' (nothing written); BUSINESS_RULE 'Receive amount less than
     *   or equal to amount' when received > total (the schema refuses it first).
     */
    async create(actor: Actor, customerId: number, input: CreateBillInput): Promise<BillDetail> {
      await requireCustomer(customerId);
      const lines: PurchaseLineInput[] = input.lines;
      const totals = billTotals(lines, input.gstApplied ?? false);
      const receivedPaise = input.receivedPaise ?? 0;
      if (totals.totalPaise <= 0) {
        throw new AppError('BUSINESS_RULE', BILLING_MESSAGES.totalNotPositive);
      }
      if (receivedPaise > totals.totalPaise) {
        throw refusal('PAYMENT_EXCEEDS_DUES', BACK_OFFICE_MESSAGES.paymentTooLarge);
      }
      return db.transaction(async (tx) => {
        const bill = await repo.insertBill(tx, {
          customerId,
          amountPaise: totals.amountPaise,
          gstPaise: totals.gstPaise,
          soldBy: actor.id,
          sellerLabel: sellerLabelOf(actor),
        });
        const stockIdOf = await takeStockForBill(tx, lines, bill.id, actor.id);
        await repo.insertBillItems(
          tx,
          lines.map((line) => ({
            billId: bill.id,
            stockItemId: stockIdOf(line),
            item: line.item,
            category: line.category,
            type: line.type,
            size: line.size,
            quantity: line.quantity,
            ratePaise: line.ratePaise,
            amountPaise: line.quantity * line.ratePaise,
          })),
        );
        await recordAudit(tx, {
          actor,
          entity: 'bill',
          entityId: bill.id,
          action: 'create',
          after: { ...billSnapshot(bill), lines },
        });
        if (receivedPaise > 0) {
          const paymentId = await repo.insertPayment(tx, {
            billId: bill.id,
            amountPaise: receivedPaise,
            receivedBy: actor.id,
          });
          await recordAudit(tx, {
            actor,
            entity: 'payment',
            entityId: paymentId,
            action: 'create',
            after: { billId: bill.id, amountPaise: receivedPaise },
          });
        }
        const saved = await repo.findBill(tx, bill.id);
        return loadBillDetail(tx, saved!);
      });
    },

    /**
     * `GET /api/bills/{id}`: the bill with its lines and payments.
     * @throws AppError NOT_FOUND 'Bill not found'.
     */
    async get(billId: number): Promise<BillDetail> {
      const bill = await repo.findBill(db, billId);
      if (!bill) throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
      return loadBillDetail(db, bill);
    },

    /**
     * `POST /api/bills/{id}/payments`: records a part payment under the bill's row lock, so
     * concurrent payments cannot take received above the total (the cap includes GST,
     * docs/back-office-bills.md "Money rules"); audit row in the same transaction.
     * @throws AppError NOT_FOUND; BUSINESS_RULE 'This bill is closed' / 'Receive amount less than
     *   or equal to amount' (amount above the dues).
     */
    async addPayment(actor: Actor, billId: number, amountPaise: number): Promise<BillDetail> {
      return changeBill(billId, async (tx) => {
        const bill = await lockBill(tx, billId);
        if (bill.status === 'closed') {
          throw refusal('BILL_CLOSED', BILLING_MESSAGES.billClosed);
        }
        if (amountPaise <= 0 || amountPaise > maxPaymentPaise(bill)) {
          throw refusal('PAYMENT_EXCEEDS_DUES', BILLING_MESSAGES.paymentTooLarge, {
            amountPaise: BILLING_MESSAGES.paymentTooLarge,
          });
        }
        const paymentId = await repo.insertPayment(tx, {
          billId,
          amountPaise,
          receivedBy: actor.id,
        });
        await recordAudit(tx, {
          actor,
          entity: 'payment',
          entityId: paymentId,
          action: 'create',
          before: { billId, receivedPaise: bill.receivedPaise },
          after: { billId, amountPaise, receivedPaise: bill.receivedPaise + amountPaise },
        });
      });
    },

    /**
     * `POST /api/bills/{id}/close`: closes a bill whose received covers its total.
     * @throws AppError NOT_FOUND; BUSINESS_RULE "You can't close this bill because bill amount
     *   {total} greater than received amount {received}." (en-IN rupees) / 'This bill is already
     *   closed'.
     */
    async close(actor: Actor, billId: number): Promise<BillDetail> {
      return changeBill(billId, async (tx) => {
        const bill = await lockBill(tx, billId);
        if (bill.status === 'closed') {
          throw refusal('BILL_CLOSED', BILLING_MESSAGES.billAlreadyClosed);
        }
        if (!canCloseBill(bill)) {
          throw refusal(
            'BILL_NOT_PAID',
            BACK_OFFICE_MESSAGES.closeBillRefused(
              formatRupees(billTotalPaise(bill)),
              formatRupees(bill.receivedPaise),
            ),
          );
        }
        await repo.closeBill(tx, billId);
        await recordAudit(tx, {
          actor,
          entity: 'bill',
          entityId: billId,
          action: 'close',
          before: billSnapshot(bill),
          after: { ...billSnapshot(bill), status: 'closed' },
        });
      });
    },

    /**
     * `DELETE /api/bills/{id}` (admin): in one transaction puts every line's pieces back
     * (`restore` movements), removes the payments, lines and bill, and writes the audit row
     * with the bill, its lines and payments as `before` (docs/back-office-bills.md "Rules the
     * server enforces").
     * @throws AppError NOT_FOUND 'Bill not found'.
     */
    async remove(actor: Actor, billId: number): Promise<BillDeleted> {
      await db.transaction(async (tx) => {
        const bill = await lockBill(tx, billId);
        const [items, payments] = await Promise.all([
          repo.findBillItems(tx, billId),
          repo.findBillPayments(tx, billId),
        ]);
        await restoreStockOfBill(tx, items, billId, actor.id);
        await repo.deleteBill(tx, billId);
        await recordAudit(tx, {
          actor,
          entity: 'bill',
          entityId: billId,
          action: 'delete',
          before: {
            ...billSnapshot(bill),
            items,
            payments: payments.map((payment) => ({
              amountPaise: payment.amountPaise,
              paidAt: payment.paidAt.toISOString(),
            })),
          },
        });
      });
      return { id: billId, message: BILLING_MESSAGES.purchaseRemoved };
    },

    /**
     * `GET /api/customers/{id}/payments`: every payment of the customer's bills, oldest first,
     * and their sum (the all-payments history).
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async customerPayments(customerId: number): Promise<CustomerPayments> {
      await requireCustomer(customerId);
      const rows = await repo.findCustomerPayments(db, customerId);
      return {
        items: rows.map((row) => ({
          ...row,
          billNumber: billNumberOf(row.billId),
          paidAt: row.paidAt.toISOString(),
        })),
        totalPaise: rows.reduce((total, row) => total + row.amountPaise, 0),
      };
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
