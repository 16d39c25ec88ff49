import type { IssueCreditNoteInput, IssuedTaxDocument } from '@bazaar/shared';
import { callApi } from '../api-client';
import * as creditNotesEndpoints from '../endpoints/credit-notes';

/**
 * Issues a credit note against a bill's invoice (`creditNotesApi.issueCreditNote`,
 * `POST /api/bills/{billId}/credit-notes`, admin only; docs/gst.md "Credit notes").
 * @returns the issued credit note.
 * @throws ApiError 400 with `fields` (`lines.{index}.quantity`, `lines.{index}.amountPaise`,
 *   `note`) for bad input or more than is left to credit, 403 for an employee, 404 for an
 *   unknown bill, 422 for a cancelled bill or one without an invoice.
 */
export function issueCreditNote(
  billId: number,
  body: IssueCreditNoteInput,
): Promise<IssuedTaxDocument> {
  return callApi(creditNotesEndpoints.issueCreditNote, { params: { billId }, body });
}
