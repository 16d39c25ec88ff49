import {
  BILLING_MESSAGES,
  CREDIT_NOTE_MESSAGES,
  MY_WHOLESALE_MESSAGES,
  PAYMENT_MESSAGES,
  type CreditNoteDocument,
  type PaymentReceiptData,
  type BillDetail,
  type BillInvoiceData,
  type BillListQuery,
  type BillPage,
  type CustomerStatement,
  type LedgerPage,
  type MyWholesaleSummary,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { BillsService } from '../bills/bills.service.js';
import type { CreditNotesService } from '../credit-notes/credit-notes.service.js';
import type { DocumentsService } from '../documents/documents.service.js';
import type { LedgerFile, LedgerService } from '../ledger/ledger.service.js';
import * as repo from './my-wholesale.repo.js';

/** The empty state of an account that is not a wholesale customer. */
const EMPTY_SUMMARY: MyWholesaleSummary = {
  customer: null,
  billCount: 0,
  billedPaise: 0,
  paidPaise: 0,
  creditNotesPaise: 0,
  duesPaise: 0,
  openingBalancePaise: 0,
  openingDuesPaise: 0,
  balancePaise: 0,
};

/**
 * "My bills" (docs/back-office-ledger.md "The customer's own view"): the signed-in customer
 * account's own wholesale record, resolved from its user id on every request, never from an id
 * in the path. A thin layer over the bills, documents and ledger modules, so the customer sees
 * exactly what the admin sees for it, drawn by the same code. Money is paise; reads only.
 */
export function createMyWholesaleService(deps: {
  db: Db;
  bills: BillsService;
  documents: DocumentsService;
  ledger: LedgerService;
  creditNotes: Pick<CreditNotesService, 'get'>;
}) {
  const { db, bills, documents, ledger, creditNotes } = deps;

  /** The account's customer id. @throws AppError NOT_FOUND when it has no wholesale record. */
  async function requireCustomerId(userId: string): Promise<number> {
    const customer = await repo.customerOfUser(db, userId);
    if (!customer) throw new AppError('NOT_FOUND', MY_WHOLESALE_MESSAGES.noWholesaleAccount);
    return customer.id;
  }

  /**
   * The account's bill, or 404 'Bill not found' when it is unknown or another customer's (the
   * rule for other parties' records, docs/accounts.md).
   */
  async function requireOwnBill(userId: string, billId: number): Promise<BillDetail> {
    const customerId = await requireCustomerId(userId);
    const bill = await bills.get(billId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (!bill || bill.customerId !== customerId) {
      throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
    }
    return bill;
  }

  return {
    /**
     * `GET /api/my/wholesale`: billed (total of the bills not cancelled), paid, credit notes,
     * dues, opening balance and the ledger balance (paise); the empty state (`customer` null,
     * zeros) for an account without a wholesale record.
     */
    async summary(userId: string): Promise<MyWholesaleSummary> {
      const customer = await repo.customerOfUser(db, userId);
      if (!customer) return EMPTY_SUMMARY;
      const [page, balancePaise] = await Promise.all([
        bills.list(customer.id, { status: 'all', search: '', page: 1 }),
        ledger.balance(customer.id),
      ]);
      const { totals } = page;
      return {
        customer: { id: customer.id, name: customer.name, shopName: customer.shopName },
        billCount: totals.billCount,
        billedPaise: totals.totalPaise,
        paidPaise: totals.receivedPaise,
        creditNotesPaise: totals.totalPaise - totals.receivedPaise - totals.duesPaise,
        duesPaise: totals.duesPaise,
        openingBalancePaise: customer.openingBalancePaise,
        openingDuesPaise: customer.openingBalancePaise - customer.openingReceivedPaise,
        balancePaise,
      };
    },

    /**
     * `GET /api/my/wholesale/bills`: the bills module's page of the account's bills.
     * @throws AppError NOT_FOUND without a wholesale record.
     */
    async bills(userId: string, query: BillListQuery): Promise<BillPage> {
      return bills.list(await requireCustomerId(userId), query);
    },

    /**
     * `GET /api/my/wholesale/bills/{billId}`: the bill with its lines and payments.
     * @throws AppError NOT_FOUND 'Bill not found' (unknown or another customer's).
     */
    bill: requireOwnBill,

    /**
     * `GET /api/my/wholesale/bills/{billId}/invoice`: the documents module's invoice data.
     * @throws AppError NOT_FOUND 'Bill not found'; 'The invoice of this bill is not issued yet'.
     */
    async invoice(userId: string, billId: number): Promise<BillInvoiceData> {
      await requireOwnBill(userId, billId);
      return documents.billInvoice(billId);
    },

    /**
     * `GET /api/my/wholesale/payments/{paymentId}/receipt`: the documents module's receipt data
     * of one of the account's payments (the back office's receipt PDF).
     * @throws AppError NOT_FOUND 'Payment not found' (unknown or another customer's).
     */
    async paymentReceipt(userId: string, paymentId: number): Promise<PaymentReceiptData> {
      const customerId = await requireCustomerId(userId);
      const notFound = new AppError('NOT_FOUND', PAYMENT_MESSAGES.paymentNotFound);
      const payment = await bills.getPayment(paymentId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      });
      if (!payment || payment.customerId !== customerId) throw notFound;
      return documents.paymentReceipt(paymentId);
    },

    /**
     * `GET /api/my/wholesale/credit-notes/{documentId}`: a credit note issued against one of the
     * account's bills, as frozen at issue (the back office's credit note PDF).
     * @throws AppError NOT_FOUND 'Credit note not found' (unknown or another customer's).
     */
    async creditNote(userId: string, documentId: number): Promise<CreditNoteDocument> {
      const customerId = await requireCustomerId(userId);
      if ((await repo.creditNoteCustomerId(db, documentId)) !== customerId) {
        throw new AppError('NOT_FOUND', CREDIT_NOTE_MESSAGES.notCreditNote);
      }
      return creditNotes.get(documentId);
    },

    /** `GET /api/my/wholesale/ledger?before=`: the ledger module's page. @throws as `ledger.page`. */
    async ledger(userId: string, before: number | undefined): Promise<LedgerPage> {
      return ledger.page(await requireCustomerId(userId), before);
    },

    /** `GET /api/my/wholesale/statement?from=&to=`. @throws NOT_FOUND without a record. */
    async statement(
      userId: string,
      range: { from: string; to: string },
    ): Promise<CustomerStatement> {
      return ledger.statement(await requireCustomerId(userId), range);
    },

    /**
     * `GET /api/my/wholesale/statement/pdf?from=&to=`: the ledger module's statement PDF.
     * @throws NOT_FOUND without a record.
     */
    async statementPdf(userId: string, range: { from: string; to: string }): Promise<LedgerFile> {
      return ledger.statementPdfFile(await requireCustomerId(userId), range);
    },

    /** `GET /api/my/wholesale/statement/csv?from=&to=`. @throws NOT_FOUND without a record. */
    async statementCsv(userId: string, range: { from: string; to: string }): Promise<LedgerFile> {
      return ledger.statementCsvFile(await requireCustomerId(userId), range);
    },
  };
}
export type MyWholesaleService = ReturnType<typeof createMyWholesaleService>;
