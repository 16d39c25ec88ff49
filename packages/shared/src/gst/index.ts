/** GST: the rate schedule, HSN classes, place of supply, the tax engine and document series (docs/gst.md). */
export * from './rates.js';
export * from './hsn-classes.js';
export * from './states.js';
export * from './engine.js';
export * from './documents.js';
export * from './gstr1.js';
export * from './gstr1-report.js';
export * from './e-invoice.js';
