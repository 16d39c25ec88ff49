/*
 * What other modules use of issued tax documents (docs/architecture.md "Boundaries"): bills,
 * orders and credit notes issue and cancel documents only through these.
 */
export {
  ANNUAL_TURNOVER_SETTING,
  annualTurnoverPaise,
  cancelTaxDocument,
  documentsOfBill,
  documentsOfShipment,
  findTaxDocument,
  issueTaxDocument,
  takeSeriesSerial,
  takeSeriesSerials,
  toIssuedTaxDocument,
  type IssueDocumentInput,
  type IssueLineInput,
} from './tax-documents.service.js';
