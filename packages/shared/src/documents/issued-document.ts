import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { IssuedTaxDocument, TaxDocumentSnapshot } from '../schemas/tax-documents.js';
import {
  amountCell,
  gridLayout,
  money,
  pageFrame,
  signatureAndThanks,
  th,
  totalsTable,
} from './layout.js';

/**
 * One printed form for every issued document (docs/gst.md "Printed documents"): the tax invoice
 * (Rule 46 of the CGST Rules, 2017), the bill of supply (Rule 49), the credit note (Rule 53) and
 * the marketplace invoice. It reads only the frozen snapshot and the status/IRN fields, so a
 * reprint years later prints what was issued, whatever the live rows say now.
 */

/** Percent as printed: 2.5 -> '2.5 %'. */
export function percentText(value: number): string {
  return `${value} %`;
}

/** An Indian `YYYY-MM-DD` date as printed: '2026-11-27' -> '27-11-2026'. */
export function documentDateText(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return year && month && day ? `${day}-${month}-${year}` : date;
}

/** Whether the snapshot prints tax columns (a bill of supply never does, Rule 49). */
function hasTax(snapshot: TaxDocumentSnapshot): boolean {
  return snapshot.kind !== 'bill_of_supply';
}

/**
 * The tax rows of the totals, grouped by rate: 'CGST @ 2.5 %' + 'SGST @ 2.5 %' per rate within
 * the state, 'IGST @ 5 %' across states. Amounts come from the summary rows (paise).
 */
export function taxRowsByRate(
  snapshot: TaxDocumentSnapshot,
): Array<{ label: string; paise: number }> {
  const byRate = new Map<number, { cgst: number; sgst: number; igst: number }>();
  for (const row of snapshot.summary) {
    const sums = byRate.get(row.ratePercent) ?? { cgst: 0, sgst: 0, igst: 0 };
    sums.cgst += row.cgstPaise;
    sums.sgst += row.sgstPaise;
    sums.igst += row.igstPaise;
    byRate.set(row.ratePercent, sums);
  }
  const rows: Array<{ label: string; paise: number }> = [];
  for (const [rate, sums] of [...byRate.entries()].sort((a, b) => a[0] - b[0])) {
    if (rate === 0 && sums.cgst + sums.sgst + sums.igst === 0) continue;
    if (snapshot.placeOfSupply.interState) {
      rows.push({ label: `IGST @ ${percentText(rate)}`, paise: sums.igst });
    } else {
      rows.push({ label: `CGST @ ${percentText(rate / 2)}`, paise: sums.cgst });
      rows.push({ label: `SGST @ ${percentText(rate / 2)}`, paise: sums.sgst });
    }
  }
  return rows;
}

function supplierBlock(snapshot: TaxDocumentSnapshot): Content {
  const { supplier } = snapshot;
  return {
    stack: [
      { text: 'Supplier', style: 'blockLabel' },
      { text: supplier.name, style: 'sellerName' },
      supplier.address,
      `${supplier.city} - ${supplier.pincode}`,
      `Mobile: ${supplier.mobile}`,
      `GSTIN: ${supplier.gstin}`,
      `State: ${supplier.state}, Code: ${supplier.stateCode}`,
    ],
  };
}

function recipientBlock(snapshot: TaxDocumentSnapshot): Content {
  const { recipient } = snapshot;
  return {
    stack: [
      { text: 'Recipient', style: 'blockLabel' },
      { text: recipient.name, bold: true },
      ...(recipient.shopName ? [recipient.shopName] : []),
      ...[recipient.address, `${recipient.city} - ${recipient.pincode}`].filter(
        (line) => line.trim() !== '' && line.trim() !== '-',
      ),
      `State: ${recipient.state}, Code: ${recipient.stateCode || '-'}`,
      `Mobile: ${recipient.mobile}`,
      `GSTIN: ${recipient.gstin ?? 'Unregistered'}`,
    ],
  };
}

function detailsTable(document: IssuedTaxDocument): Content {
  const { snapshot } = document;
  const label = snapshot.kind === 'credit_note' ? 'Credit note' : snapshot.title;
  const rows: TableCell[][] = [
    [`${label} No.`, { text: snapshot.number, bold: true }],
    [`${label} date`, documentDateText(snapshot.documentDate)],
    ['Place of supply', `${snapshot.placeOfSupply.state} (${snapshot.placeOfSupply.code || '-'})`],
    ['Reverse charge', 'No'],
  ];
  if (snapshot.original) {
    rows.push(['Original invoice No.', snapshot.original.number]);
    rows.push(['Original invoice date', documentDateText(snapshot.original.documentDate)]);
  }
  if (snapshot.reason) rows.push(['Reason', snapshot.reason]);
  if (snapshot.reference.billNumber) rows.push(['Bill No.', snapshot.reference.billNumber]);
  if (snapshot.reference.orderNumber) rows.push(['Order No.', snapshot.reference.orderNumber]);
  return { table: { widths: ['auto', '*'], body: rows }, layout: gridLayout };
}

function linesTable(snapshot: TaxDocumentSnapshot): Content {
  const taxed = hasTax(snapshot);
  const inter = snapshot.placeOfSupply.interState;
  const header: TableCell[] = [
    th('S.No'),
    th('Description'),
    th('HSN'),
    th('Qty', 'right'),
    th('Rate', 'right'),
    th('Discount', 'right'),
    th('Taxable value', 'right'),
    ...(taxed
      ? [
          th('GST %', 'right'),
          ...(inter ? [th('IGST', 'right')] : [th('CGST', 'right'), th('SGST', 'right')]),
        ]
      : []),
    th('Total', 'right'),
  ];
  const rows = snapshot.lines.map((line): TableCell[] => [
    String(line.lineNumber),
    {
      stack: [line.description, ...(line.details ? [{ text: line.details, style: 'small' }] : [])],
    },
    line.hsn,
    { text: `${line.quantity} ${line.uqc}`, alignment: 'right' },
    amountCell(line.unitPricePaise),
    amountCell(line.discountPaise),
    amountCell(line.taxableValuePaise),
    ...(taxed
      ? [
          { text: percentText(line.ratePercent), alignment: 'right' } as TableCell,
          ...(inter
            ? [amountCell(line.igstPaise)]
            : [amountCell(line.cgstPaise), amountCell(line.sgstPaise)]),
        ]
      : []),
    amountCell(line.totalPaise),
  ]);
  const pieces = snapshot.lines.reduce((sum, line) => sum + line.quantity, 0);
  const { totals } = snapshot;
  const totalRow: TableCell[] = [
    { text: 'Total', colSpan: 3, bold: true },
    '',
    '',
    { text: `${pieces} PCS`, alignment: 'right', bold: true },
    '',
    '',
    amountCell(totals.taxableValuePaise, true),
    ...(taxed
      ? [
          '' as TableCell,
          ...(inter
            ? [amountCell(totals.igstPaise, true)]
            : [amountCell(totals.cgstPaise, true), amountCell(totals.sgstPaise, true)]),
        ]
      : []),
    amountCell(totals.totalPaise, true),
  ];
  const widths: Array<string | number> = taxed
    ? inter
      ? [20, '*', 32, 36, 50, 40, 58, 30, 50, 58]
      : [20, '*', 32, 36, 48, 38, 54, 28, 44, 44, 54]
    : [20, '*', 36, 40, 60, 50, 66, 66];
  return {
    table: { headerRows: 1, dontBreakRows: true, widths, body: [header, ...rows, totalRow] },
    layout: gridLayout,
    fontSize: 8,
  };
}

/** The HSN x rate summary (tax documents only). */
function summaryTable(snapshot: TaxDocumentSnapshot): Content {
  const inter = snapshot.placeOfSupply.interState;
  const header: TableCell[] = [
    th('HSN'),
    th('Qty', 'right'),
    th('Taxable value', 'right'),
    th('Rate', 'right'),
    ...(inter ? [th('IGST', 'right')] : [th('CGST', 'right'), th('SGST', 'right')]),
    th('Total tax', 'right'),
  ];
  const rows = snapshot.summary.map((row): TableCell[] => [
    row.hsn,
    { text: `${row.quantity} PCS`, alignment: 'right' },
    amountCell(row.taxableValuePaise),
    { text: percentText(row.ratePercent), alignment: 'right' },
    ...(inter
      ? [amountCell(row.igstPaise)]
      : [amountCell(row.cgstPaise), amountCell(row.sgstPaise)]),
    amountCell(row.taxPaise),
  ]);
  return {
    stack: [
      { text: 'Tax summary by HSN', style: 'blockLabel', margin: [0, 8, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: inter ? [50, 50, '*', 40, '*', '*'] : [50, 50, '*', 40, '*', '*', '*'],
          body: [header, ...rows],
        },
        layout: gridLayout,
        fontSize: 8,
      },
    ],
  };
}

function irnBlock(document: IssuedTaxDocument): Content[] {
  if (!document.irn) return [];
  return [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: 'E-invoice', style: 'blockLabel' },
            { text: `IRN: ${document.irn}`, fontSize: 7.5 },
            `Ack No.: ${document.irnAckNumber ?? '-'}`,
            `Ack date: ${document.irnAckDate ? documentDateText(document.irnAckDate) : '-'}`,
          ],
        },
        ...(document.signedQrCode
          ? [{ width: 120, qr: document.signedQrCode, fit: 110 } as Content]
          : []),
      ],
      columnGap: 12,
      margin: [0, 0, 0, 10],
    },
  ];
}

function cancelledBanner(document: IssuedTaxDocument): Content[] {
  if (document.status !== 'cancelled') return [];
  return [
    {
      text: 'CANCELLED',
      fontSize: 28,
      bold: true,
      color: '#c92a2a',
      alignment: 'center',
      margin: [0, 0, 0, 2],
    },
    ...(document.cancelReason
      ? [
          {
            text: `Reason: ${document.cancelReason}`,
            alignment: 'center',
            color: '#c92a2a',
            margin: [0, 0, 0, 8],
          } as Content,
        ]
      : []),
  ];
}

/**
 * The pdfmake definition of an issued document (docs/gst.md "Printed documents"): title from
 * the snapshot ('Tax Invoice' / 'Bill of Supply' / 'Credit Note'), 'Original for recipient',
 * supplier and recipient blocks (GSTINs, state and code), number, date, place of supply
 * 'State (code)', reverse charge 'No', a credit note's original invoice and reason, the lines
 * (HSN, PCS, rate per piece, discount, taxable value and, on tax documents, rate %, CGST + SGST
 * or IGST), the HSN x rate summary (tax documents), totals by rate, the amount in words, the IRN,
 * acknowledgement and QR code when e-invoiced, a 'CANCELLED' banner with the reason when
 * cancelled, 'Prices include GST' for marketplace documents, and the signature.
 * `extra.before` goes between the title (and IRN) and the parties; `extra.after` after the
 * totals and amount in words (payments, dues, notes). Pure; amounts in the snapshot are paise.
 */
export function issuedDocumentDefinition(
  document: IssuedTaxDocument,
  extra: { before?: Content[]; after?: Content[] } = {},
): TDocumentDefinitions {
  const { snapshot } = document;
  const taxed = hasTax(snapshot);
  const { totals } = snapshot;
  const totalRows: Array<[string, string, boolean?]> = [
    ['Taxable value', money(totals.taxableValuePaise)],
    ...(taxed
      ? taxRowsByRate(snapshot).map((row): [string, string] => [row.label, money(row.paise)])
      : []),
    ...(taxed ? [['Total GST', money(totals.taxPaise)] as [string, string]] : []),
    [snapshot.kind === 'credit_note' ? 'Total credit' : 'Total', money(totals.totalPaise), true],
  ];

  const content: Content[] = [
    ...cancelledBanner(document),
    { text: snapshot.title, style: 'title' },
    { text: 'Original for recipient', style: 'subtitle' },
    ...irnBlock(document),
    ...(extra.before ?? []),
    {
      columns: [supplierBlock(snapshot), { width: 250, stack: [detailsTable(document)] }],
      columnGap: 16,
    },
    {
      columns: [recipientBlock(snapshot), { width: 250, text: '' }],
      columnGap: 16,
      margin: [0, 12, 0, 10],
    },
    linesTable(snapshot),
    ...(taxed && snapshot.summary.length > 0 ? [summaryTable(snapshot)] : []),
    totalsTable(totalRows),
    ...(snapshot.pricesIncludeTax
      ? [{ text: 'Prices include GST', style: 'small', margin: [0, 4, 0, 0] } as Content]
      : []),
    ...(taxed
      ? []
      : [{ text: 'Bill of Supply: no GST charged on this supply', style: 'small' } as Content]),
    {
      text: [{ text: 'Amount in words: ', bold: true }, snapshot.amountInWords],
      margin: [0, 6, 0, 10],
    },
    ...(extra.after ?? []),
    ...signatureAndThanks(snapshot.supplier.name),
  ];

  const status = document.status === 'cancelled' ? ' (CANCELLED)' : '';
  return pageFrame(
    `${snapshot.title} ${snapshot.number}${status}`,
    content,
    `${snapshot.title} ${snapshot.number} - ${snapshot.supplier.name} - GSTIN ${snapshot.supplier.gstin}`,
  );
}
