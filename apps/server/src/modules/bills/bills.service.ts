import {
  BACK_OFFICE_MESSAGES,
  BACK_OFFICE_PAGE_SIZE,
  BILLING_MESSAGES,
  billDuesPaise,
  billNumberOf,
  billTaxPreview,
  billTotalPaise,
  canCloseBill,
  formatRupees,
  indianDateOf,
  maxPaymentPaise,
  placeOfSupplyOf,
  purchaseItemHsnClass,
  sellerLabelOf,
  sellerNameOf,
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
import { loadBusinessConfig, type BusinessConfig } from '../../config.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { restoreStockOfBill, stockHsnClasses, takeStockForBill } from '../stock/stock.service.js';
import { cancelTaxDocument, documentsOfBill } from '../tax-documents/index.js';
import { issueBillInvoice } from './bill-invoices.js';
import * as repo from './bills.repo.js';

/** The acting user as bills record it. */
type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

/** Account names of the people who recorded bills, by user id (`repo.recorderNames`). */
type RecorderNames = ReadonlyMap<string, string>;

function toBillRow(bill: repo.BillRecord, recorders: RecorderNames): BillRow {
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
    sellerName: sellerNameOf(bill.sellerLabel, bill.soldBy ? recorders.get(bill.soldBy) : null),
  };
}

/**
 * A bill with its lines, payments and documents, read in `db` (or the caller's transaction).
 * CGST, SGST and IGST are its invoice's (docs/gst.md "Wholesale invoices"); a bill whose
 * invoice the start-up backfill has not issued yet shows 0 for each.
 */
async function loadBillDetail(db: Db | Tx, bill: repo.BillRecord): Promise<BillDetail> {
  const [items, payments, documents, recorders] = await Promise.all([
    repo.findBillItems(db, bill.id),
    repo.findBillPayments(db, bill.id),
    documentsOfBill(db, bill.id),
    repo.recorderNames(db, [bill.soldBy]),
  ]);
  const invoice = documents.find((document) => document.snapshot.kind !== 'credit_note') ?? null;
  const totals = invoice?.snapshot.totals;
  return {
    ...toBillRow(bill, recorders),
    cgstPaise: totals?.cgstPaise ?? 0,
    sgstPaise: totals?.sgstPaise ?? 0,
    igstPaise: totals?.igstPaise ?? 0,
    gstApplied: invoice ? invoice.snapshot.kind === 'tax_invoice' : bill.gstPaise > 0,
    creditedPaise: bill.creditedPaise,
    cancelledAt: bill.cancelledAt?.toISOString() ?? null,
    cancelReason: bill.cancelReason,
    refundedPaise: bill.refundedPaise,
    invoice,
    creditNotes: documents.filter((document) => document.snapshot.kind === 'credit_note'),
    canClose: bill.status !== 'cancelled' && canCloseBill(bill),
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
    creditedPaise: bill.creditedPaise,
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
 * Dues (amount + GST - received - credited over their bills that are not cancelled, paise) and bill counts of some customers,
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
 * Wholesale bills (the screens' purchases), their invoices, payments, close and cancel
 * (docs/back-office-bills.md, docs/gst.md "Wholesale invoices"). Every amount is paise; every
 * change is one transaction with its stock movements, documents and audit rows. The seller of
 * record and the series prefixes come from BUSINESS_* / *_PREFIX (config.ts) unless `business`
 * is given.
 */
export function createBillsService(deps: { db: Db; business?: BusinessConfig }) {
  const { db } = deps;
  const business = deps.business ?? loadBusinessConfig();

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
     * (default open; 'cancelled' lists the cancelled ones) and search, newest first, with totals
     * over all the customer's bills that are not cancelled.
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async list(customerId: number, query: BillListQuery): Promise<BillPage> {
      await requireCustomer(customerId);
      const [{ rows, total }, sums] = await Promise.all([
        repo.listBills(db, customerId, query),
        repo.customerBillTotals(db, customerId),
      ]);
      const { creditedPaise, ...money } = sums;
      const totalPaise = billTotalPaise(money);
      const recorders = await repo.recorderNames(
        db,
        rows.map((row) => row.soldBy),
      );
      return {
        items: rows.map((row) => toBillRow(row, recorders)),
        page: query.page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.max(1, Math.ceil(total / BACK_OFFICE_PAGE_SIZE)),
        totals: {
          ...money,
          totalPaise,
          duesPaise: totalPaise - money.receivedPaise - creditedPaise,
        },
      };
    },

    /**
     * `POST /api/customers/{id}/bills`: saves a purchase in one transaction (docs/gst.md
     * "Wholesale invoices"): the bill (seller `sellerLabelOf(actor)`), a `sale` stock movement per
     * item x category x type, its lines with the stock rows' HSN classes, its Tax Invoice (GST
     * applied) or Bill of Supply with the next number of the business's series, the first payment
     * when `receivedPaise` > 0, and the audit rows. The tax is the engine's on today's Indian date
     * with the place of supply = the customer's address state (CGST + SGST within the supplier's
     * state, IGST across); the bill's amount and GST are the document's taxable value and tax.
     * A refusal rolls everything back, the document's serial too.
     * @throws AppError NOT_FOUND 'Customer not found'; CONFLICT OUT_OF_STOCK 'Only N pieces of
     *   {item} {category} {type} in stock'; BUSINESS_RULE PAYMENT_EXCEEDS_DUES when received is
     *   above the invoice's total.
     */
    async create(actor: Actor, customerId: number, input: CreateBillInput): Promise<BillDetail> {
      const lines: PurchaseLineInput[] = input.lines;
      const gstApplied = input.gstApplied ?? false;
      const receivedPaise = input.receivedPaise ?? 0;
      return db.transaction(async (tx) => {
        const customer = await repo.findInvoiceCustomer(tx, customerId);
        if (!customer) throw new AppError('NOT_FOUND', BILLING_MESSAGES.customerNotFound);
        const classOf = await stockHsnClasses(tx, lines);
        const classed = lines.map((line) => ({
          ...line,
          hsnClass: classOf(line) ?? purchaseItemHsnClass(line.item),
        }));
        // The engine's figures as the document will compute them (same lines, classes, date and
        // place of supply), so the bill row and the refusal below agree with the invoice.
        const documentDate = indianDateOf(new Date());
        const preview = billTaxPreview({
          lines: classed,
          gstApplied,
          supplierStateCode: business.seller.stateCode,
          placeOfSupplyCode: placeOfSupplyOf(customer.state, business.seller.stateCode).code,
          documentDate,
        }).totals;
        if (preview.totalPaise <= 0) {
          throw new AppError('BUSINESS_RULE', BILLING_MESSAGES.totalNotPositive);
        }
        if (receivedPaise > preview.totalPaise) {
          throw refusal('PAYMENT_EXCEEDS_DUES', BACK_OFFICE_MESSAGES.paymentTooLarge, {
            receivedPaise: BACK_OFFICE_MESSAGES.paymentTooLarge,
          });
        }
        const bill = await repo.insertBill(tx, {
          customerId,
          amountPaise: preview.taxableValuePaise,
          gstPaise: preview.taxPaise,
          soldBy: actor.id,
          sellerLabel: sellerLabelOf(actor),
        });
        const stockIdOf = await takeStockForBill(tx, lines, bill.id, actor.id);
        await repo.insertBillItems(
          tx,
          classed.map((line) => ({
            billId: bill.id,
            stockItemId: stockIdOf(line),
            item: line.item,
            category: line.category,
            type: line.type,
            size: line.size,
            hsnClass: line.hsnClass,
            quantity: line.quantity,
            ratePaise: line.ratePaise,
            amountPaise: line.quantity * line.ratePaise,
          })),
        );
        const invoice = await issueBillInvoice(tx, business, {
          billId: bill.id,
          gstApplied,
          documentDate: indianDateOf(bill.purchasedAt),
          customer,
          lines: classed.map((line) => ({ ...line, stockItemId: stockIdOf(line) })),
          paidInFull: receivedPaise === preview.totalPaise,
          issuedBy: actor.id,
        });
        const issued = invoice.snapshot.totals;
        if (issued.totalPaise < receivedPaise) {
          // Only when the purchase crossed midnight in India between the preview and the save.
          throw refusal('PAYMENT_EXCEEDS_DUES', BACK_OFFICE_MESSAGES.paymentTooLarge, {
            receivedPaise: BACK_OFFICE_MESSAGES.paymentTooLarge,
          });
        }
        if (issued.taxableValuePaise !== bill.amountPaise || issued.taxPaise !== bill.gstPaise) {
          await repo.setBillTax(tx, bill.id, {
            amountPaise: issued.taxableValuePaise,
            gstPaise: issued.taxPaise,
          });
        }
        await recordAudit(tx, {
          actor,
          entity: 'bill',
          entityId: bill.id,
          action: 'create',
          after: {
            ...billSnapshot({
              ...bill,
              amountPaise: issued.taxableValuePaise,
              gstPaise: issued.taxPaise,
            }),
            invoiceNumber: invoice.snapshot.number,
            lines,
          },
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
     * @throws AppError NOT_FOUND; BUSINESS_RULE BILL_CANCELLED 'This bill is cancelled' /
     *   BILL_CLOSED 'This bill is closed' / PAYMENT_EXCEEDS_DUES 'Receive amount less than or
     *   equal to amount' (amount above the dues).
     */
    async addPayment(actor: Actor, billId: number, amountPaise: number): Promise<BillDetail> {
      return changeBill(billId, async (tx) => {
        const bill = await lockBill(tx, billId);
        if (bill.status === 'cancelled') {
          throw refusal('BILL_CANCELLED', BILLING_MESSAGES.billCancelled);
        }
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
     *   closed' / BILL_CANCELLED 'This bill is cancelled'.
     */
    async close(actor: Actor, billId: number): Promise<BillDetail> {
      return changeBill(billId, async (tx) => {
        const bill = await lockBill(tx, billId);
        if (bill.status === 'cancelled') {
          throw refusal('BILL_CANCELLED', BILLING_MESSAGES.billCancelled);
        }
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
     * `POST /api/bills/{id}/cancel` (admin), docs/gst.md "Cancelling a bill": in one transaction
     * under the bill's lock puts every line's pieces back (`restore` movements), marks its Tax
     * Invoice or Bill of Supply CANCELLED (it keeps its number: numbers are never reused), marks
     * the bill cancelled with the reason and the money received as refunded to the customer
     * (`refundedPaise`; its dues become 0), and writes the audit row. An issued bill is never
     * deleted. Answers the bill's detail.
     * @throws AppError NOT_FOUND 'Bill not found'; BUSINESS_RULE BILL_CANCELLED 'This bill is
     *   cancelled' / BILL_HAS_CREDIT_NOTES 'Issue a credit note instead: this bill has credit
     *   notes'.
     */
    async cancel(actor: Actor, billId: number, reason: string): Promise<BillDetail> {
      return changeBill(billId, async (tx) => {
        const bill = await lockBill(tx, billId);
        if (bill.status === 'cancelled') {
          throw refusal('BILL_CANCELLED', BILLING_MESSAGES.billCancelled);
        }
        const documents = await documentsOfBill(tx, billId);
        if (documents.some((document) => document.snapshot.kind === 'credit_note')) {
          throw refusal('BILL_HAS_CREDIT_NOTES', BILLING_MESSAGES.billHasCreditNotes);
        }
        const items = await repo.findBillItems(tx, billId);
        await restoreStockOfBill(tx, items, billId, actor.id);
        const invoice = documents.find((document) => document.snapshot.kind !== 'credit_note');
        if (invoice) await cancelTaxDocument(tx, invoice.id, { reason, actorId: actor.id });
        await repo.cancelBill(tx, billId, { reason, refundedPaise: bill.receivedPaise });
        await recordAudit(tx, {
          actor,
          entity: 'bill',
          entityId: billId,
          action: 'cancel',
          before: billSnapshot(bill),
          after: {
            ...billSnapshot(bill),
            status: 'cancelled',
            cancelReason: reason,
            refundedPaise: bill.receivedPaise,
            invoiceNumber: invoice?.snapshot.number ?? null,
          },
        });
      });
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
