/*
 * What the shop office (modules/fulfilment) and delivery use of the orders module
 * (docs/architecture.md "Boundaries"): the one way a shipment's status changes, the customer's
 * mail after a move, and the stock given back by a cancel or a received return.
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
