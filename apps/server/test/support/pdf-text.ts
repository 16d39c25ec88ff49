import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * The text of a document as a person would read it: the definition rendered to PDF by pdfmake
 * with its Roboto fonts (as the browser does, docs/documents.md), then read back by poppler's
 * `pdftotext` (Debian's poppler-utils), whitespace collapsed. For API tests that check what a
 * document built from an endpoint's data says.
 */

const require = createRequire(import.meta.url);
const run = promisify(execFile);

let printer: typeof PdfMake | undefined;

function pdfmake(): typeof PdfMake {
  if (printer) return printer;
  const instance = require('pdfmake') as typeof PdfMake;
  instance.setFonts(require('pdfmake/fonts/Roboto.js') as Parameters<typeof instance.setFonts>[0]);
  const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  printer = instance;
  return instance;
}

/** Renders `definition` and answers its text (pdftotext, reading order), spaces collapsed. */
export async function pdfTextOf(definition: TDocumentDefinitions): Promise<string> {
  return pdfBytesTextOf(await pdfmake().createPdf(definition).getBuffer());
}

/** The text of PDF bytes (a PDF the server sent), read by pdftotext, spaces collapsed. */
export async function pdfBytesTextOf(bytes: Uint8Array): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'bazaar-pdf-'));
  try {
    const file = path.join(folder, 'document.pdf');
    await fs.writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
