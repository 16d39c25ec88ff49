/**
 * File names of the downloaded documents (docs/documents.md).
 */

/**
 * Replaces characters unsafe in file names on Windows, macOS and Linux (/ \ : * ? " < > |,
 * control characters) and runs of spaces with '-' / ' ', trims dots and spaces at the ends, and
 * keeps at most 80 characters; an empty result becomes 'document'.
 */
export function safeFileNamePart(text: string): string {
  const cleaned = text
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned === '' ? 'document' : cleaned;
}

/** Joins parts with '_' after cleaning each, and adds '.pdf'. */
export function pdfFileName(...parts: string[]): string {
  return `${parts.map(safeFileNamePart).join('_')}.pdf`;
}

/** A bill invoice's file: `{shop name}_{customer name}.pdf` (docs/documents.md). */
export function billInvoiceFileName(shopName: string, customerName: string): string {
  return pdfFileName(shopName, customerName);
}
