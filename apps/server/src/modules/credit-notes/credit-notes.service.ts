import {
  BILLING_MESSAGES,
  CREDIT_NOTE_MESSAGES,
  HSN_CLASSES,
  billNumberOf,
  creditNoteReasonText,
  creditableLinesOf,
  creditNoteLineValuePaise,
  financialYearRangeOf,
  indianDateOf,
  purchaseItemHsnClass,
  tooManyPiecesMessage,
  tooMuchCreditMessage,
  type CreditNoteDocument,
  type IssueCreditNoteInput,
  type IssuedTaxDocument,
  type TaxDocumentLine,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { loadBusinessConfig, type BusinessConfig } from '../../config.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, refusal, validationError } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { addCredit, findBill, findBillItems } from '../bills/index.js';
import { restoreStockOfBill } from '../stock/stock.service.js';
import {
  documentsOfBill,
  findTaxDocument,
  issueTaxDocument,
  type IssueLineInput,
} from '../tax-documents/index.js';

/** The acting user as credit notes record it. */
type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

/**
 * The last day a credit note may be issued for an invoice dated `invoiceDate` (section 34(2) of
 * the CGST Act): 30 November after the end of the invoice's financial year (the earlier annual
 * return date is not known here).
 */
export function creditNoteDeadlineOf(invoiceDate: string): string {
  const { to } = financialYearRangeOf(invoiceDate);
  return `${to.slice(0, 4)}-11-30`;
}

/**
 * The HSN_CLASSES key an invoice line was issued under, read back from its printed HSN (4 or 6
 * digits) and goods class; classes sharing both print and tax alike, so any of them will do.
 * Falls back to the purchase item's class when the HSN is no longer in the table.
 */
export function hsnClassOfLine(
  line: Pick<TaxDocumentLine, 'hsn' | 'goodsClass' | 'description'>,
): string {
  const found = HSN_CLASSES.find(
    (entry) =>
      entry.goodsClass === line.goodsClass && (entry.hsn === line.hsn || entry.hsn6 === line.hsn),
  );
  return found?.key ?? purchaseItemHsnClass(line.description.split(' ')[0] ?? '');
}

/** One credit note line planned from an input line. */
interface PlannedLine {
  invoiceLine: TaxDocumentLine;
  issue: IssueLineInput;
  /** Pieces back to stock (goods returned), else 0. */
  returnedPieces: number;
}

/**
 * Checks the input lines against the invoice and earlier credit notes and plans the credit
 * note's lines: goods returned at the invoice's price per piece (its discount shared pro rata),
 * price corrections as one piece of the amount; each at its invoice line's rate.
 * @throws AppError VALIDATION_FAILED with `fields` for an unknown line, more pieces than are left
 *   to return, or more taxable value than is left to credit.
 */
function planLines(
  input: IssueCreditNoteInput,
  invoice: IssuedTaxDocument,
  earlier: readonly IssuedTaxDocument[],
): PlannedLine[] {
  const left = new Map(creditableLinesOf(invoice, earlier).map((line) => [line.lineNumber, line]));
  const fields: Record<string, string> = {};
  const planned: PlannedLine[] = [];
  input.lines.forEach((line, index) => {
    const invoiceLine = invoice.snapshot.lines.find((l) => l.lineNumber === line.lineNumber);
    if (!invoiceLine) {
      fields[`lines.${index}.lineNumber`] = CREDIT_NOTE_MESSAGES.lineUnknown;
      return;
    }
    const { piecesLeft, taxableLeftPaise: valueLeft } = left.get(line.lineNumber) ?? {
      piecesLeft: 0,
      taxableLeftPaise: 0,
    };
    const common = {
      description: invoiceLine.description,
      details: invoiceLine.details,
      hsnClass: hsnClassOfLine(invoiceLine),
      stockItemId: invoiceLine.stockItemId,
      productId: invoiceLine.productId,
      originalLineNumber: invoiceLine.lineNumber,
      fixedRatePercent: invoiceLine.ratePercent,
    };
    if (input.reason === 'goods_returned') {
      if (line.quantity > piecesLeft) {
        fields[`lines.${index}.quantity`] = tooManyPiecesMessage(piecesLeft);
        return;
      }
      const value = creditNoteLineValuePaise('goods_returned', invoiceLine, line);
      const discountPaise = line.quantity * invoiceLine.unitPricePaise - value;
      if (value > valueLeft) {
        fields[`lines.${index}.quantity`] = tooMuchCreditMessage(valueLeft);
        return;
      }
      planned.push({
        invoiceLine,
        returnedPieces: line.quantity,
        issue: {
          ...common,
          quantity: line.quantity,
          unitPricePaise: invoiceLine.unitPricePaise,
          discountPaise,
        },
      });
    } else {
      const amountPaise = line.amountPaise ?? 0;
      if (amountPaise > valueLeft) {
        fields[`lines.${index}.amountPaise`] = tooMuchCreditMessage(valueLeft);
        return;
      }
      planned.push({
        invoiceLine,
        returnedPieces: 0,
        issue: { ...common, quantity: 1, unitPricePaise: amountPaise },
      });
    }
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return planned;
}

/**
 * Credit notes against wholesale invoices (docs/gst.md "Credit notes"; section 34 of the CGST
 * Act, Rule 53 of the CGST Rules). Amounts are integer paise, dates Indian `YYYY-MM-DD`.
 * `business` defaults to `loadBusinessConfig()` (the environment's seller and prefixes).
 */
export function createCreditNotesService(deps: { db: Db; business?: BusinessConfig }) {
  const { db } = deps;
  const business = deps.business ?? loadBusinessConfig();

  return {
    /**
     * `POST /api/bills/{billId}/credit-notes`: in one transaction under the bill's lock, issues
     * the next credit note of the business's series (prefix `business.prefixes.credit_note`)
     * dated today in India, with the invoice's supplier and recipient as issued (never the live
     * rows), each line at its invoice line's rate (0 on a bill of supply) and linked to the
     * invoice; puts returned pieces back to stock ('return' movements); lowers the bill's dues
     * by the credit note's total; writes an audit row. Answers the issued credit note.
     * @throws AppError NOT_FOUND 'Bill not found'; BILL_CANCELLED (422) on a cancelled bill;
     *   BUSINESS_RULE when the bill has no issued invoice or the section 34(2) time limit has
     *   passed; VALIDATION_FAILED with `fields` (see planLines). A refused credit note uses no
     *   number.
     */
    async issue(
      actor: Actor,
      billId: number,
      input: IssueCreditNoteInput,
    ): Promise<IssuedTaxDocument> {
      return db.transaction(async (tx: Tx) => {
        const bill = await findBill(tx, billId, true);
        if (!bill) throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
        if (bill.status === 'cancelled') {
          throw refusal('BILL_CANCELLED', BILLING_MESSAGES.billCancelled);
        }
        const documents = await documentsOfBill(tx, billId);
        const invoice = documents.find(
          (document) => document.snapshot.kind !== 'credit_note' && document.status === 'issued',
        );
        if (!invoice) throw new AppError('BUSINESS_RULE', CREDIT_NOTE_MESSAGES.noInvoice);
        const today = indianDateOf(new Date());
        if (today > creditNoteDeadlineOf(invoice.snapshot.documentDate)) {
          throw new AppError('BUSINESS_RULE', CREDIT_NOTE_MESSAGES.tooLate);
        }
        const earlier = documents.filter(
          (document) =>
            document.snapshot.kind === 'credit_note' &&
            document.status === 'issued' &&
            document.snapshot.original?.number === invoice.snapshot.number,
        );
        const planned = planLines(input, invoice, earlier);
        const creditNote = await issueTaxDocument(tx, {
          supplierKey: 'business',
          supplier: invoice.snapshot.supplier,
          recipient: invoice.snapshot.recipient,
          prefix: business.prefixes.credit_note,
          kind: 'credit_note',
          documentDate: today,
          pricesIncludeTax: invoice.snapshot.pricesIncludeTax,
          lines: planned.map((line) => line.issue),
          paymentTerms: 'Adjusted against the invoice',
          issuedBy: actor.id,
          billId,
          billNumber: billNumberOf(billId),
          original: {
            id: invoice.id,
            number: invoice.snapshot.number,
            documentDate: invoice.snapshot.documentDate,
          },
          reason: creditNoteReasonText(input.reason, input.note || null),
        });
        const returned = planned.filter((line) => line.returnedPieces > 0);
        if (returned.length > 0) {
          const items = await findBillItems(tx, billId);
          await restoreStockOfBill(
            tx,
            returned.flatMap(({ invoiceLine, returnedPieces }) => {
              // Invoice lines follow the bill's lines in entry order (docs/gst.md "Wholesale invoices").
              const item = items[invoiceLine.lineNumber - 1];
              return item
                ? [
                    {
                      item: item.item,
                      category: item.category,
                      type: item.type,
                      size: item.size,
                      stockItemId: item.stockItemId,
                      quantity: returnedPieces,
                    },
                  ]
                : [];
            }),
            billId,
            actor.id,
            'return',
          );
        }
        await addCredit(tx, billId, creditNote.snapshot.totals.totalPaise);
        await recordAudit(tx, {
          actor,
          entity: 'bill',
          entityId: billId,
          action: 'update',
          before: { creditedPaise: bill.creditedPaise },
          after: {
            creditedPaise: bill.creditedPaise + creditNote.snapshot.totals.totalPaise,
            creditNote: {
              id: creditNote.id,
              number: creditNote.snapshot.number,
              reason: creditNote.snapshot.reason,
              totalPaise: creditNote.snapshot.totals.totalPaise,
              lines: planned.map((line) => ({
                originalLineNumber: line.invoiceLine.lineNumber,
                quantity: line.issue.quantity,
                unitPricePaise: line.issue.unitPricePaise,
              })),
            },
          },
        });
        return creditNote;
      });
    },

    /**
     * `GET /api/credit-notes/{documentId}`: the issued credit note as frozen at issue.
     * @throws AppError NOT_FOUND when no document has that id or it is not a credit note.
     */
    async get(documentId: number): Promise<CreditNoteDocument> {
      const document = await findTaxDocument(db, documentId);
      if (!document || document.snapshot.kind !== 'credit_note') {
        throw new AppError('NOT_FOUND', CREDIT_NOTE_MESSAGES.notCreditNote);
      }
      return { document };
    },
  };
}

export type CreditNotesService = ReturnType<typeof createCreditNotesService>;
