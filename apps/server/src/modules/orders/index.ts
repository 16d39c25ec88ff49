/*
 * What the shop office (modules/fulfilment) and delivery use of the orders module
 * (docs/architecture.md "Boundaries"): the one way a shipment's status changes, the customer's
 * mail after a move, the stock given back by a cancel or a received return, the refund such a
 * move opens (and the shop's record of a cash refund it paid), and a shipment's tax invoice
 * (documents).
 */
export {
  SHIPMENT_TRANSITIONS,
  canMoveShipment,
  mayMoveShipment,
  moveShipment,
  refusedMoveMessage,
  type MoveShipmentInput,
  type MovedShipment,
} from './shipment-status.js';
export { notifyShipmentChange } from './shipment-mail.js';
export { restoreShipmentStock } from './order-stock.js';
export { markRefundPaid, openShipmentRefund, retryFailedRefund, toRefund } from './refunds.js';
export { issueMissingShipmentDocuments, shipmentInvoice } from './shipment-documents.js';
export { recordMissingSettlements } from './shipment-settlements.js';
export { findItemForReview, itemsOfCustomerOrder, type ItemForReview } from './reviewable-items.js';
