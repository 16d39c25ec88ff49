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
  type AddPaymentInput,
  type Payment,
  type PaymentAllocation,
  type PaymentMode,
  type PurchaseLineInput,
  billDateProblem,
  type ReceiptStatus,
  type TakePaymentInput,
  allocateOpeningThenOldest,
  PAYMENT_MESSAGES,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { loadBusinessConfig, type BusinessConfig } from '../../config.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { restoreStockOfBill, stockHsnClasses, takeStockForBill } from '../stock/stock.service.js';
import { cancelTaxDocument, documentsOfBill } from '../tax-documents/index.js';
import { issueBillInvoice } from './bill-invoices.js';
import { loadPayment, modeDetailsOf, recordPayment } from './bill-payments.js';
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
async function loadBillDetail(db: Db, bill: repo.BillRecord): Promise<BillDetail> {
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
    // The stock row a line took its pieces from stays inside the server.
    items: items.map(({ stockItemId: _stockItemId, ...item }) => item),
    payments: payments.map((payment) => ({
      ...payment,
      mode: payment.mode as PaymentMode,
      status: payment.status as ReceiptStatus,
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

  /**
   * The bill's detail, read on the pool (never inside a transaction: its reads run at once, on
   * connections of their own). @throws AppError NOT_FOUND 'Bill not found'.
   */
  async function billDetailOf(billId: number): Promise<BillDetail> {
    const bill = await repo.findBill(db, billId);
    if (!bill) throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
    return loadBillDetail(db, bill);
  }

  /** Runs a change in a transaction and answers the bill's detail read after the commit. */
  async function changeBill(billId: number, change: (tx: Tx) => Promise<void>) {
    await db.transaction(change);
    return billDetailOf(billId);
  }

  /**
   * Cancels a bill inside the caller's transaction (the admin's cancel, and an approved cancel
   * request): stock back, the invoice marked CANCELLED, the money received recorded as refunded,
   * audit `bill` cancel. docs/gst.md "Cancelling a bill".
   * @throws AppError NOT_FOUND 'Bill not found'; BUSINESS_RULE BILL_CANCELLED,
   *   BILL_HAS_CREDIT_NOTES.
   */
  async function cancelWithin(tx: Tx, actor: Actor, billId: number, reason: string) {
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
     * when `receivedPaise` > 0 (dated with the bill), and the audit rows. The bill is dated
     * `billDate` (default today in India; an earlier day of the open financial year is stamped
     * at noon IST of that day and audited with a `backdate` row), so the reports count it in its
     * month and its invoice takes the next number of that day's financial year. The tax is the
     * engine's on the bill date with the place of supply = the customer's address state (CGST + SGST within the supplier's
     * state, IGST across); the bill's amount and GST are the document's taxable value and tax.
     * A refusal rolls everything back, the document's serial too.
     * @throws AppError VALIDATION_FAILED `fields.billDate` (future, before the financial year, not
     *   a date); NOT_FOUND 'Customer not found'; CONFLICT OUT_OF_STOCK 'Only N pieces of
     *   {item} {category} {type} in stock'; BUSINESS_RULE PAYMENT_EXCEEDS_DUES when received is
     *   above the invoice's total.
     */
    async create(actor: Actor, customerId: number, input: CreateBillInput): Promise<BillDetail> {
      const lines: PurchaseLineInput[] = input.lines;
      const gstApplied = input.gstApplied ?? false;
      const receivedPaise = input.receivedPaise ?? 0;
      const now = new Date();
      const today = indianDateOf(now);
      const billDate = input.billDate ?? today;
      // The schema checked it against the same day; a request that crossed midnight is refused.
      const dateProblem = billDateProblem(billDate, today);
      if (dateProblem) {
        throw new AppError('VALIDATION_FAILED', dateProblem, { billDate: dateProblem });
      }
      // A bill of today is stamped now; an earlier one at noon of its day in India.
      const purchasedAt = billDate === today ? now : new Date(`${billDate}T12:00:00+05:30`);
      const billId = await db.transaction(async (tx) => {
        const customer = await repo.findInvoiceCustomer(tx, customerId);
        if (!customer) throw new AppError('NOT_FOUND', BILLING_MESSAGES.customerNotFound);
        const classOf = await stockHsnClasses(tx, lines);
        const classed = lines.map((line) => ({
          ...line,
          hsnClass: classOf(line) ?? purchaseItemHsnClass(line.item),
        }));
        // The engine's figures as the document will compute them (same lines, classes, date and
        // place of supply), so the bill row and the refusal below agree with the invoice.
        const documentDate = billDate;
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
          purchasedAt,
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
            billDate,
            lines,
          },
        });
        if (billDate !== today) {
          // A bill entered for an earlier day: its own audit row says so.
          await recordAudit(tx, {
            actor,
            entity: 'bill',
            entityId: bill.id,
            action: 'backdate',
            after: { billDate, enteredOn: today, invoiceNumber: invoice.snapshot.number },
          });
        }
        if (receivedPaise > 0) {
          await recordPayment(tx, business, actor, {
            customerId,
            method: modeDetailsOf(input),
            allocations: [{ billId: bill.id, amountPaise: receivedPaise }],
            receivedBefore: new Map([[bill.id, 0]]),
            paidAt: bill.purchasedAt,
          });
        }
        return bill.id;
      });
      return billDetailOf(billId);
    },

    /**
     * `GET /api/bills/{id}`: the bill with its lines and payments.
     * @throws AppError NOT_FOUND 'Bill not found'.
     */
    async get(billId: number): Promise<BillDetail> {
      return billDetailOf(billId);
    },

    /**
     * `POST /api/bills/{id}/payments`: records a part payment with its mode (cash when none is
     * given) and receipt under the bill's row lock, so concurrent payments cannot take received
     * above the total (the cap includes GST, docs/back-office-bills.md "Money rules"); audit row
     * in the same transaction.
     * @throws AppError NOT_FOUND; BUSINESS_RULE BILL_CANCELLED 'This bill is cancelled' /
     *   BILL_CLOSED 'This bill is closed' / PAYMENT_EXCEEDS_DUES 'Receive amount less than or
     *   equal to amount' (amount above the dues).
     */
    async addPayment(actor: Actor, billId: number, input: AddPaymentInput): Promise<BillDetail> {
      const { amountPaise } = input;
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
        await recordPayment(tx, business, actor, {
          customerId: bill.customerId,
          method: modeDetailsOf(input),
          allocations: [{ billId, amountPaise }],
          receivedBefore: new Map([[billId, bill.receivedPaise]]),
        });
      });
    },

    /**
     * `POST /api/customers/{id}/payments` (Take payment, docs/back-office-bills.md "Payments"):
     * one payment with its mode and receipt on the customer's account, in one transaction under
     * the locks of the customer's row and open bills: shared oldest first
     * (`allocateOpeningThenOldest`: what is left of the opening balance first, then by bill date
     * and Bill-No, each bill up to its dues) or as chosen (`openingPaise` to the opening balance,
     * the chosen bills with the amounts given). Answers the payment with the bills it paid (201).
     * @throws AppError NOT_FOUND 'Customer not found'; BUSINESS_RULE PAYMENT_EXCEEDS_DUES
     *   'This customer has no open bills with dues' / 'The amount is more than the dues of the
     *   open bills (₹..)' / 'Bill 0042 owes only ₹..' (`fields.amountPaise` or `fields.bills`),
     *   BILL_NOT_OPEN 'Bill 0042 is not an open bill of this customer'; PAYMENT_EXCEEDS_DUES
     *   'The opening balance owes only ₹..' (`fields.openingPaise`).
     */
    async takePayment(actor: Actor, customerId: number, input: TakePaymentInput): Promise<Payment> {
      await requireCustomer(customerId);
      const paymentId = await db.transaction(async (tx) => {
        // The customer's row first, then its bills: the order every payment takes its locks in.
        const openingDues = await repo.lockOpeningDues(tx, customerId);
        const open = await repo.lockOpenBillsOfCustomer(tx, customerId);
        const byId = new Map(open.map((bill) => [bill.id, bill]));
        const dues = open.map((bill) => ({
          id: bill.id,
          purchasedAt: bill.purchasedAt.toISOString(),
          duesPaise: maxPaymentPaise(bill),
        }));
        let allocations: PaymentAllocation[];
        let openingPaise = 0;
        if ((input.allocation ?? 'oldest_first') === 'oldest_first') {
          const owed = dues.reduce((sum, bill) => sum + bill.duesPaise, openingDues);
          const message =
            owed === 0 ? PAYMENT_MESSAGES.noOpenBills : PAYMENT_MESSAGES.moreThanDues(owed);
          const shared = allocateOpeningThenOldest(openingDues, dues, input.amountPaise);
          if (owed === 0 || shared.leftPaise > 0) {
            throw refusal('PAYMENT_EXCEEDS_DUES', message, { amountPaise: message });
          }
          allocations = shared.allocations;
          openingPaise = shared.openingPaise;
        } else {
          openingPaise = input.openingPaise ?? 0;
          if (openingPaise > openingDues) {
            const message = PAYMENT_MESSAGES.openingDuesExceeded(openingDues);
            throw refusal('PAYMENT_EXCEEDS_DUES', message, { openingPaise: message });
          }
          allocations = [];
          for (const chosen of input.bills ?? []) {
            const bill = byId.get(chosen.billId);
            const number = billNumberOf(chosen.billId);
            if (!bill) {
              const message = PAYMENT_MESSAGES.billNotOpen(number);
              throw refusal('BILL_NOT_OPEN', message, { bills: message });
            }
            if (chosen.amountPaise > maxPaymentPaise(bill)) {
              const message = PAYMENT_MESSAGES.billDuesExceeded(number, maxPaymentPaise(bill));
              throw refusal('PAYMENT_EXCEEDS_DUES', message, { bills: message });
            }
            allocations.push({ billId: bill.id, amountPaise: chosen.amountPaise });
          }
          // The receipt lists them oldest first, as a FIFO payment's.
          allocations.sort(
            (a, b) =>
              byId.get(a.billId)!.purchasedAt.getTime() -
                byId.get(b.billId)!.purchasedAt.getTime() || a.billId - b.billId,
          );
        }
        const recorded = await recordPayment(tx, business, actor, {
          customerId,
          method: modeDetailsOf(input),
          allocations,
          openingPaise,
          receivedBefore: new Map(open.map((bill) => [bill.id, bill.receivedPaise])),
        });
        return recorded.id;
      });
      return (await loadPayment(db, paymentId))!;
    },

    /**
     * `GET /api/payments/{id}`: one payment with its receipt, mode, state and the bills it paid.
     * @throws AppError NOT_FOUND 'Payment not found'.
     */
    async getPayment(paymentId: number): Promise<Payment> {
      const payment = await loadPayment(db, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.paymentNotFound);
      return payment;
    },

    /**
     * `POST /api/payments/{id}/bounce` (admin, docs/back-office-bills.md "Payments"): marks a
     * cheque bounced with the reason, in one transaction under the payment's and its bills'
     * locks: each bill it paid gets a `reversal` row of minus its part (dated now), so its
     * received falls and its dues rise by exactly that part, and a closed bill opens again; the
     * payment keeps its receipt number with status 'bounced'; what it paid of the opening balance
     * is owed again (under the customer's lock); audit row (entity payment, action bounce) with
     * each bill's received and status before and after.
     * @throws AppError NOT_FOUND 'Payment not found'; BUSINESS_RULE PAYMENT_NOT_CHEQUE 'Only a
     *   cheque can be marked bounced' / PAYMENT_BOUNCED 'This cheque is already marked bounced' /
     *   BILL_CANCELLED when a bill it paid is cancelled (its money was refunded).
     */
    async bouncePayment(actor: Actor, paymentId: number, reason: string): Promise<Payment> {
      await db.transaction(async (tx) => {
        const found = await repo.findPayment(tx, paymentId, true);
        if (!found) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.paymentNotFound);
        const { payment } = found;
        if (payment.mode !== 'cheque') {
          throw refusal('PAYMENT_NOT_CHEQUE', PAYMENT_MESSAGES.notACheque);
        }
        if (payment.status === 'bounced') {
          throw refusal('PAYMENT_BOUNCED', PAYMENT_MESSAGES.alreadyBounced);
        }
        // The customer's row before the bills, as Take payment locks them.
        const openingDues = await repo.lockOpeningDues(tx, payment.customerId);
        const parts = await repo.findPaymentAllocations(tx, paymentId);
        const locked = await repo.lockBills(
          tx,
          parts.map((part) => part.billId),
        );
        if (locked.some((bill) => bill.status === 'cancelled')) {
          throw refusal('BILL_CANCELLED', PAYMENT_MESSAGES.bouncedOnCancelledBill);
        }
        const bouncedAt = new Date();
        for (const part of parts) {
          await repo.insertBillPayment(tx, {
            billId: part.billId,
            paymentId,
            kind: 'reversal',
            amountPaise: -part.amountPaise,
            receivedBy: actor.id,
            paidAt: bouncedAt,
          });
          await repo.reopenBill(tx, part.billId);
        }
        // What the cheque paid of the opening balance is owed again.
        if (payment.openingPaise > 0) {
          await repo.addOpeningReceived(tx, payment.customerId, -payment.openingPaise);
        }
        await repo.markPaymentBounced(tx, paymentId, { reason, actorId: actor.id });
        const received = (bill: repo.BillRecord) => ({
          billId: bill.id,
          receivedPaise: bill.receivedPaise,
          status: bill.status,
        });
        const partOf = new Map(parts.map((part) => [part.billId, part.amountPaise]));
        await recordAudit(tx, {
          actor,
          entity: 'payment',
          entityId: paymentId,
          action: 'bounce',
          before: {
            receiptNumber: payment.receiptNumber,
            status: 'received',
            amountPaise: payment.amountPaise,
            chequeNumber: payment.chequeNumber,
            ...(payment.openingPaise > 0
              ? { openingPaise: payment.openingPaise, openingDuesPaise: openingDues }
              : {}),
            bills: locked.map(received),
          },
          after: {
            receiptNumber: payment.receiptNumber,
            status: 'bounced',
            bounceReason: reason,
            amountPaise: payment.amountPaise,
            chequeNumber: payment.chequeNumber,
            ...(payment.openingPaise > 0
              ? {
                  openingPaise: payment.openingPaise,
                  openingDuesPaise: openingDues + payment.openingPaise,
                }
              : {}),
            bills: locked.map((bill) => ({
              ...received(bill),
              receivedPaise: bill.receivedPaise - (partOf.get(bill.id) ?? 0),
              status: bill.status === 'closed' ? 'open' : bill.status,
            })),
          },
        });
      });
      return (await loadPayment(db, paymentId))!;
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
      return changeBill(billId, (tx) => cancelWithin(tx, actor, billId, reason));
    },

    /** The cancel of `cancel` inside a caller's transaction (an approved cancel request). */
    cancelWithin,

    /**
     * `GET /api/customers/{id}/payments`: every payment's part on each of the customer's bills
     * and on the opening balance, oldest first, with its receipt, mode and state, and the sum of
     * those not bounced (the all-payments history).
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async customerPayments(customerId: number): Promise<CustomerPayments> {
      await requireCustomer(customerId);
      const [billParts, openingParts] = await Promise.all([
        repo.findCustomerPayments(db, customerId),
        repo.findCustomerOpeningPayments(db, customerId),
      ]);
      // A payment's opening part comes before its bill parts: the money paid the opening first.
      const rows = [
        ...openingParts.map((row) => ({ ...row, id: null, billId: null, opening: 0 })),
        ...billParts.map((row) => ({ ...row, opening: 1 })),
      ].sort(
        (a, b) =>
          a.paidAt.getTime() - b.paidAt.getTime() ||
          a.paymentId - b.paymentId ||
          a.opening - b.opening ||
          (a.id ?? 0) - (b.id ?? 0),
      );
      return {
        items: rows.map(({ opening: _opening, ...row }) => ({
          ...row,
          mode: row.mode as PaymentMode,
          status: row.status as ReceiptStatus,
          billNumber: row.billId === null ? null : billNumberOf(row.billId),
          paidAt: row.paidAt.toISOString(),
        })),
        totalPaise: rows
          .filter((row) => row.status !== 'bounced')
          .reduce((total, row) => total + row.amountPaise, 0),
      };
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
