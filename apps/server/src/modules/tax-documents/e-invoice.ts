import { and, eq, isNull } from 'drizzle-orm';
import type { IrnInputSchema } from '@bazaar/shared';
import {
  eInvoiceFileNameOf,
  eInvoiceJsonOf,
  eInvoiceRefusalOf,
  type EInvoiceJson,
  type IssuedTaxDocument,
} from '@bazaar/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { taxDocuments } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { findTaxDocument, toIssuedTaxDocument } from './tax-documents.service.js';
import * as repo from './tax-documents.repo.js';

/**
 * E-invoices (docs/gst.md "E-invoice"): the INV-01 JSON of an issued B2B document for the IRP,
 * and the IRN, acknowledgement and signed QR code the IRP answers, stored on the document. These
 * four columns and the cancellation are the only ones that change after issue.
 */

export type IrnFields = z.output<typeof IrnInputSchema>;

async function requireDocument(db: Db | Tx, documentId: number): Promise<IssuedTaxDocument> {
  const document = await findTaxDocument(db, documentId);
  if (!document) throw new AppError('NOT_FOUND', 'Tax document not found');
  return document;
}

function assertEInvoiceable(document: IssuedTaxDocument): void {
  const refusal = eInvoiceRefusalOf(document);
  if (refusal) throw new AppError('BUSINESS_RULE', refusal);
}

/**
 * The e-invoice JSON of document `documentId` and its download name
 * (`EINV_BZ-26-27-00123.json`).
 * @throws AppError 404 no such document; 422 BUSINESS_RULE bill of supply, no recipient GSTIN
 *   (B2C) or cancelled.
 */
export async function eInvoiceDownloadOf(
  db: Db,
  documentId: number,
): Promise<{ fileName: string; json: EInvoiceJson }> {
  const document = await requireDocument(db, documentId);
  assertEInvoiceable(document);
  return { fileName: eInvoiceFileNameOf(document.snapshot.number), json: eInvoiceJsonOf(document) };
}

/** Writes the IRN fields on a document that has none yet; answers false when it already had. */
async function storeIrn(tx: Tx, documentId: number, irn: IrnFields): Promise<boolean> {
  const rows = await tx
    .update(taxDocuments)
    .set({
      irn: irn.irn,
      irnAckNumber: irn.ackNumber,
      irnAckDate: new Date(irn.ackDate),
      signedQrCode: irn.signedQrCode,
    })
    .where(and(eq(taxDocuments.id, documentId), isNull(taxDocuments.irn)))
    .returning({ id: taxDocuments.id });
  return rows.length === 1;
}

/**
 * Records the IRP's answer for document `documentId` (docs/gst.md "E-invoice"): IRN,
 * acknowledgement number and date, signed QR code, with an audit row, in one transaction.
 * Answers the document as it is now.
 * @throws AppError 404 no such document; 409 CONFLICT cancelled, or an IRN recorded already;
 *   422 BUSINESS_RULE not an e-invoiceable document (bill of supply, B2C).
 */
export async function recordIrn(
  db: Db,
  actor: AuthUser,
  documentId: number,
  irn: IrnFields,
): Promise<IssuedTaxDocument> {
  return db.transaction(async (tx) => {
    const row = await repo.findDocument(tx, documentId, true);
    if (!row) throw new AppError('NOT_FOUND', 'Tax document not found');
    const document = toIssuedTaxDocument(row);
    if (document.status === 'cancelled') {
      throw new AppError(
        'CONFLICT',
        `${document.snapshot.number} is cancelled: no IRN can be recorded`,
      );
    }
    if (document.irn) {
      throw new AppError(
        'CONFLICT',
        `${document.snapshot.number} has an IRN already (${document.irn})`,
      );
    }
    assertEInvoiceable(document);
    if (!(await storeIrn(tx, documentId, irn))) {
      throw new AppError('CONFLICT', `${document.snapshot.number} has an IRN already`);
    }
    await recordAudit(tx, {
      actor,
      entity: 'tax_document',
      entityId: documentId,
      action: 'update',
      before: { number: document.snapshot.number, irn: null },
      after: {
        number: document.snapshot.number,
        irn: irn.irn,
        irnAckNumber: irn.ackNumber,
        irnAckDate: irn.ackDate,
      },
    });
    return requireDocument(tx, documentId);
  });
}
