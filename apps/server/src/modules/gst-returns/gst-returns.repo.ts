import { sql } from 'drizzle-orm';
import type { Gstr1Document, Gstr1Line, IssuedDocumentKind } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/*
 * Queries of GSTR-1 (SQL only; the return is built by `buildGstr1` of @bazaar/shared). They read
 * the issued documents of tax_documents and tax_document_lines, never bills or stock: a return
 * reports what was issued (docs/gst.md "GSTR-1"). Amounts are integer paise.
 */

const num = (value: unknown): number => Number(value ?? 0);

/** The supplier key of the wholesale business's documents (its own GSTR-1). */
export const BUSINESS_SUPPLIER_KEY = 'business';

/**
 * Every document of a supplier dated from `from` to `to` (`YYYY-MM-DD`, inclusive), cancelled
 * ones included, with a credit note's invoice (number, date, kind, total) whatever its date.
 */
export async function documentsOfPeriod(
  db: Db,
  supplierKey: string,
  from: string,
  to: string,
): Promise<Gstr1Document[]> {
  const rows = await rowsOf(
    db,
    sql`select d.id, d.kind, d.number, d.serial, d.document_date::text as document_date,
          d.status, d.recipient_name, d.recipient_gstin, d.place_of_supply_code, d.inter_state,
          d.taxable_value_paise, d.cgst_paise, d.sgst_paise, d.igst_paise, d.total_paise,
          o.number as original_number, o.document_date::text as original_date,
          o.kind as original_kind, o.total_paise as original_total_paise
        from tax_documents d
        left join tax_documents o on o.id = d.original_document_id
        where d.supplier_key = ${supplierKey}
          and d.document_date between ${from}::date and ${to}::date
        order by d.document_date, d.kind, d.serial`,
  );
  return rows.map((row) => ({
    id: num(row.id),
    kind: String(row.kind) as IssuedDocumentKind,
    number: String(row.number),
    serial: num(row.serial),
    documentDate: String(row.document_date),
    status: row.status === 'cancelled' ? 'cancelled' : 'issued',
    recipientName: String(row.recipient_name),
    recipientGstin: row.recipient_gstin === null ? null : String(row.recipient_gstin),
    placeOfSupplyCode: String(row.place_of_supply_code),
    interState: row.inter_state === true,
    taxableValuePaise: num(row.taxable_value_paise),
    cgstPaise: num(row.cgst_paise),
    sgstPaise: num(row.sgst_paise),
    igstPaise: num(row.igst_paise),
    totalPaise: num(row.total_paise),
    original:
      row.original_number === null || row.original_number === undefined
        ? null
        : {
            number: String(row.original_number),
            documentDate: String(row.original_date),
            kind: String(row.original_kind) as IssuedDocumentKind,
            totalPaise: num(row.original_total_paise),
          },
  }));
}

/**
 * The lines of a supplier's documents not cancelled and dated in the period, summed in SQL per
 * document x HSN x UQC x rate (what every GSTR-1 table is built from); `description` is the
 * first line's, for an HSN no class names.
 */
export async function lineSumsOfPeriod(
  db: Db,
  supplierKey: string,
  from: string,
  to: string,
): Promise<Gstr1Line[]> {
  const rows = await rowsOf(
    db,
    sql`select l.document_id, l.hsn, l.uqc, l.rate_percent, min(l.description) as description,
          sum(l.quantity) as quantity, sum(l.taxable_value_paise) as taxable,
          sum(l.cgst_paise) as cgst, sum(l.sgst_paise) as sgst, sum(l.igst_paise) as igst
        from tax_document_lines l
        join tax_documents d on d.id = l.document_id
        where d.supplier_key = ${supplierKey}
          and d.status = 'issued'
          and d.document_date between ${from}::date and ${to}::date
        group by l.document_id, l.hsn, l.uqc, l.rate_percent
        order by l.document_id, l.hsn, l.rate_percent`,
  );
  return rows.map((row) => ({
    documentId: num(row.document_id),
    hsn: String(row.hsn),
    description: String(row.description),
    uqc: String(row.uqc),
    quantity: num(row.quantity),
    ratePercent: num(row.rate_percent),
    taxableValuePaise: num(row.taxable),
    cgstPaise: num(row.cgst),
    sgstPaise: num(row.sgst),
    igstPaise: num(row.igst),
  }));
}
