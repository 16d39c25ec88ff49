import { LEDGER_MODE_LABELS, type CustomerStatement, type LedgerRow } from '../schemas/ledger.js';

/*
 * What the customer statement's screens, CSV and PDF share (docs/back-office-ledger.md
 * "Statement"). The PDF itself is ./statement-pdf.ts (pdfkit, on the server: decision 33).
 */

/** What a ledger row says besides its type: the mode with its UTR or cheque, or the reason. */
export function ledgerRowDetails(row: Pick<LedgerRow, 'mode' | 'detail'>): string {
  const mode = row.mode ? (LEDGER_MODE_LABELS[row.mode] ?? row.mode) : '';
  if (mode && row.detail && !row.detail.startsWith('Cheque')) return `${mode} ${row.detail}`;
  return row.detail ?? mode;
}

/** The statement's file name: `Statement {shop} {from} to {to}.pdf`, unsafe characters replaced. */
export function customerStatementFileName(statement: CustomerStatement): string {
  const shop = statement.customer.shopName.replace(/[^A-Za-z0-9 ._-]+/g, '_').trim();
  return `Statement ${shop} ${statement.from} to ${statement.to}.pdf`;
}
