import { ORDER_STATUS_LABELS } from '@bazaar/shared';
import { MailNotSentError, type Mailer } from '../../platform/mail.js';
import type { MovedShipment } from './shipment-status.js';

/**
 * Emails the customer that a shipment moved (docs/shop-office.md "Mail"): subject 'Your order
 * {orderNumber} is {label}', text with the status and the link `{publicUrl}/MyOrders/{orderId}`.
 * Call it after the transaction commits, never inside. The message is in the outbox before any
 * network call; a mail server failure is left to the outbox retry and not thrown, so a shop
 * action that is done never answers an error.
 */
export async function notifyShipmentChange(
  mailer: Mailer,
  moved: MovedShipment,
  publicUrl: string,
): Promise<void> {
  const label = ORDER_STATUS_LABELS[moved.to];
  try {
    await mailer.send({
      to: moved.customerEmail,
      subject: `Your order ${moved.orderNumber} is ${label.toLowerCase()}`,
      text:
        `Namaste ${moved.customerName},\n\n` +
        `Your order ${moved.orderNumber} is now: ${label}.\n\n` +
        `See its details and status history here:\n${publicUrl}/MyOrders/${moved.orderId}\n`,
    });
  } catch (error) {
    if (!(error instanceof MailNotSentError)) throw error;
  }
}
