/// <reference types="node" />
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * Renders a document definition to PDF bytes in Node, with the Roboto files pdfmake ships (they
 * have the rupee sign). For the server's shared links (`/api/shared/{token}.pdf`, docs/documents.md
 * "Sharing"), the document tests and `bench/documents.ts`: the browser has its own renderer
 * (apps/web/src/components/documents/render.ts); the shared index never imports this file, the
 * server does as `@bazaar/shared/node-render`.
 */

const require = createRequire(import.meta.url);

type PdfMakeNode = typeof PdfMake;

let pdfmake: PdfMakeNode | undefined;

function printer(): PdfMakeNode {
  if (pdfmake) return pdfmake;
  const instance = require('pdfmake') as PdfMakeNode;
  const fonts = require('pdfmake/fonts/Roboto.js') as Parameters<PdfMakeNode['setFonts']>[0];
  const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
  instance.setFonts(fonts);
  // Documents never load images or files: refuse every URL and any file but the fonts.
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  pdfmake = instance;
  return instance;
}

/** The PDF of `definition` as bytes. @throws what pdfmake throws for a bad definition. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return printer().createPdf(definition).getBuffer();
}
