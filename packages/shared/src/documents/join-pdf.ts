/// <reference types="node" />
import { PDFDocument } from 'pdf-lib';

/**
 * The pages of `parts` (PDF bytes), in order, as one PDF: the first part's document with the
 * others' pages copied after its own, its title and producer kept (pdf-lib would otherwise
 * stamp its own). For a long statement drawn in parts on several cores (decision 35).
 * @throws what pdf-lib throws for bytes that are not a PDF.
 */
export async function joinPdfs(parts: readonly Uint8Array[]): Promise<Buffer> {
  const [first, ...rest] = parts;
  if (!first) throw new Error('joinPdfs needs at least one PDF');
  const joined = await PDFDocument.load(first, { updateMetadata: false });
  for (const bytes of rest) {
    const part = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const page of await joined.copyPages(part, part.getPageIndices())) joined.addPage(page);
  }
  return Buffer.from(await joined.save());
}
