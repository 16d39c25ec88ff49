import { shipmentMovedMail } from '../notifications/index.js';
import type { Mailer } from '../../platform/mail.js';
import type { MovedShipment } from './shipment-status.js';

/**
 * Mails the customer that a shipment moved (docs/notifications.md): subject 'Your order
 * {orderNumber} is {label}', the status, the delivery code once shipped, and the link
 * `{publicUrl}/MyOrders/{orderId}`; text and HTML parts from the one template. Call it after the
 * transaction commits, never inside. Nothing is sent when the customer turned order mails off. The message is in the outbox when this resolves and is
 * delivered in the background, so a shop action never waits for the mail server or answers an
 * error for the mail.
 */
export async function notifyShipmentChange(
  mailer: Mailer,
  moved: MovedShipment,
  publicUrl: string,
): Promise<void> {
  if (!moved.customerWantsMail) return;
  const mail = await shipmentMovedMail(
    {
      customerName: moved.customerName,
      orderId: moved.orderId,
      orderNumber: moved.orderNumber,
      to: moved.to,
      deliveryCode: moved.deliveryCode,
    },
    publicUrl,
  );
  await mailer.enqueue({
    to: moved.customerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    sensitive: mail.holdsSecret,
  });
}
