/** The admin's tax settings and the e-invoice section of issued documents (docs/gst.md). */
export { TaxSettingsPage } from './tax-settings-page';
export { EInvoicePanel } from './e-invoice-panel';
