import {
  BACK_OFFICE_PAGE_SIZE,
  BILLING_MESSAGES,
  BILL_CANCEL_REQUEST_MESSAGES,
  billNumberOf,
  type ApprovedBillCancelRequest,
  type BillCancelRequest,
  type BillCancelRequestList,
  type BillCancelRequestPage,
  type BillCancelRequestStatus,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { documentsOfBill } from '../tax-documents/index.js';
import * as repo from './bill-cancel-requests.repo.js';
import * as billsRepo from './bills.repo.js';
import type { BillsService } from './bills.service.js';

/*
 * Cancel requests (docs/back-office-bills.md "Cancel requests"): an employee's cancel of a bill
 * waits for the admin, who approves it (the bill is cancelled exactly as the admin's own cancel
 * does, in the same transaction) or rejects it with a reason.
 */

type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

function toRequest(row: repo.CancelRequestRow): BillCancelRequest {
  return {
    id: row.id,
    billId: row.billId,
    billNumber: billNumberOf(row.billId),
    customerId: row.customerId,
    customerName: row.customerName,
    shopName: row.shopName,
    totalPaise: Number(row.totalPaise),
    status: row.status as BillCancelRequestStatus,
    reason: row.reason,
    requestedBy: { id: row.requestedBy, name: row.requestedByName },
    requestedAt: row.requestedAt.toISOString(),
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
  };
}

/** What the audit trail keeps of a request (`requestedBy`/`decidedBy` show as names). */
function snapshot(request: repo.CancelRequestRecord): Record<string, unknown> {
  return {
    billId: request.billId,
    status: request.status,
    reason: request.reason,
    requestedBy: request.requestedBy,
    decidedBy: request.decidedBy,
    rejectReason: request.rejectReason,
  };
}

export function createBillCancelRequestsService(deps: { db: Db; bills: BillsService }) {
  const { db, bills } = deps;

  async function requestRow(id: number): Promise<BillCancelRequest> {
    const row = await repo.findRequestRow(db, id);
    if (!row) throw new AppError('NOT_FOUND', BILL_CANCEL_REQUEST_MESSAGES.notFound);
    return toRequest(row);
  }

  return {
    /**
     * `POST /api/bills/{id}/cancel-requests` (employee): a pending request with the reason; the
     * bill is not touched. Audit `bill_cancel_request` create, in the same transaction.
     * @throws AppError NOT_FOUND 'Bill not found'; CONFLICT when the bill has a pending request;
     *   BUSINESS_RULE BILL_CANCELLED, BILL_HAS_CREDIT_NOTES (what the approval would refuse).
     */
    async request(actor: Actor, billId: number, reason: string): Promise<BillCancelRequest> {
      const id = await db.transaction(async (tx) => {
        const bill = await billsRepo.findBill(tx, billId, true);
        if (!bill) throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
        if (bill.status === 'cancelled') {
          throw refusal('BILL_CANCELLED', BILLING_MESSAGES.billCancelled);
        }
        const documents = await documentsOfBill(tx, billId);
        if (documents.some((document) => document.snapshot.kind === 'credit_note')) {
          throw refusal('BILL_HAS_CREDIT_NOTES', BILLING_MESSAGES.billHasCreditNotes);
        }
        const created = await repo.insertPending(tx, {
          billId,
          reason,
          requestedBy: actor.id,
          requestedByName: actor.name,
        });
        if (!created) throw new AppError('CONFLICT', BILL_CANCEL_REQUEST_MESSAGES.pendingExists);
        await recordAudit(tx, {
          actor,
          entity: 'bill_cancel_request',
          entityId: created.id,
          action: 'create',
          after: snapshot(created),
        });
        return created.id;
      });
      return requestRow(id);
    },

    /**
     * `GET /api/bills/{id}/cancel-requests`: the bill's requests, newest first.
     * @throws AppError NOT_FOUND 'Bill not found'.
     */
    async listForBill(billId: number): Promise<BillCancelRequestList> {
      if (!(await billsRepo.findBill(db, billId))) {
        throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
      }
      const rows = await repo.listForBill(db, billId);
      return { items: rows.map(toRequest) };
    },

    /** `GET /api/bill-cancel-requests?status=&page=` (admin): 10 a page, newest first. */
    async list(query: {
      status: BillCancelRequestStatus;
      page: number;
    }): Promise<BillCancelRequestPage> {
      const { rows, total } = await repo.listByStatus(db, query.status, {
        limit: BACK_OFFICE_PAGE_SIZE,
        offset: (query.page - 1) * BACK_OFFICE_PAGE_SIZE,
      });
      return {
        items: rows.map(toRequest),
        page: query.page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.max(1, Math.ceil(total / BACK_OFFICE_PAGE_SIZE)),
      };
    },

    /**
     * `POST /api/bill-cancel-requests/{id}/approve` (admin): in one transaction, under the
     * request's lock, cancels the bill as the admin's cancel does (stock back, invoice
     * cancelled, money refunded, ledger rows, audit `bill` cancel, with the request's reason)
     * and marks the request approved (audit `bill_cancel_request` approve). A refused cancel
     * rolls everything back and the request stays pending.
     * @throws AppError NOT_FOUND; CONFLICT decided already; BUSINESS_RULE BILL_CANCELLED,
     *   BILL_HAS_CREDIT_NOTES.
     */
    async approve(actor: Actor, id: number): Promise<ApprovedBillCancelRequest> {
      const billId = await db.transaction(async (tx) => {
        const request = await repo.lockRequest(tx, id);
        if (!request) throw new AppError('NOT_FOUND', BILL_CANCEL_REQUEST_MESSAGES.notFound);
        if (request.status !== 'pending') {
          throw new AppError('CONFLICT', BILL_CANCEL_REQUEST_MESSAGES.decided);
        }
        await bills.cancelWithin(tx, actor, request.billId, request.reason);
        const decision = {
          status: 'approved' as const,
          decidedBy: actor.id,
          decidedByName: actor.name,
          rejectReason: null,
        };
        await repo.decide(tx, id, decision);
        await recordAudit(tx, {
          actor,
          entity: 'bill_cancel_request',
          entityId: id,
          action: 'approve',
          before: snapshot(request),
          after: snapshot({ ...request, ...decision }),
        });
        return request.billId;
      });
      return { request: await requestRow(id), bill: await bills.get(billId) };
    },

    /**
     * `POST /api/bill-cancel-requests/{id}/reject` (admin): the request is rejected with the
     * reason; the bill stays as it is. Audit `bill_cancel_request` reject.
     * @throws AppError NOT_FOUND; CONFLICT decided already.
     */
    async reject(actor: Actor, id: number, reason: string): Promise<BillCancelRequest> {
      await db.transaction(async (tx) => {
        const request = await repo.lockRequest(tx, id);
        if (!request) throw new AppError('NOT_FOUND', BILL_CANCEL_REQUEST_MESSAGES.notFound);
        if (request.status !== 'pending') {
          throw new AppError('CONFLICT', BILL_CANCEL_REQUEST_MESSAGES.decided);
        }
        const decision = {
          status: 'rejected' as const,
          decidedBy: actor.id,
          decidedByName: actor.name,
          rejectReason: reason,
        };
        await repo.decide(tx, id, decision);
        await recordAudit(tx, {
          actor,
          entity: 'bill_cancel_request',
          entityId: id,
          action: 'reject',
          before: snapshot(request),
          after: snapshot({ ...request, ...decision }),
        });
      });
      return requestRow(id);
    },
  };
}

export type BillCancelRequestsService = ReturnType<typeof createBillCancelRequestsService>;
