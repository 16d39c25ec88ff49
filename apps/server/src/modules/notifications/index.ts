/*
 * Notification mails (docs/notifications.md): the one layout and every order template. The
 * orders module decides when to send them and to whom.
 */
export {
  escapeHtml,
  renderMail,
  type NotificationContent,
  type RenderedMail,
} from './mail-layout.js';
export {
  orderCancelledMail,
  orderPlacedMail,
  paymentReceivedMail,
  shopNewOrderMail,
  shopReturnRequestedMail,
  shopShipmentCancelledMail,
  refundProcessedMail,
  shipmentMovedMail,
  type CustomerOrderMail,
  type ShipmentMovedMail,
  type MailOrderLine,
  type RefundProcessedMail,
  type ShopOrderMail,
} from './templates.js';
