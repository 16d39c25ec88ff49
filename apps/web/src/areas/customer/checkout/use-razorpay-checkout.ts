import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type BuyNow, type DeliveryAddress, type RazorpayCheckout } from '@bazaar/shared';
import { useState } from 'react';
import { useSession } from '../../../api/accounts/session';
import { isApiError } from '../../../api/api-client';
import { confirmRazorpayPayment } from '../../../api/orders/confirm-razorpay-payment';
import { createRazorpayOrder } from '../../../api/orders/create-razorpay-order';
import { replaceOrder } from '../../../api/orders/order-keys';
import { loadRazorpay, RAZORPAY_LOAD_FAILED } from '../../../api/payments/load-razorpay';
import type { PlaceProblem } from './place-problem';

/** The order created for an online payment that was not completed (dismissed or refused). */
export interface PendingPayment {
  orderNumber: string;
  razorpay: RazorpayCheckout['razorpay'];
}

/**
 * Paying online at checkout (docs/orders.md): loads Razorpay's script,
 * creates the order waiting for payment (once: trying again re-opens the same order), opens
 * Razorpay's window prefilled with the delivery address, and confirms the payment with the
 * server.
 * @param onPaid called with the placed order's id once the server has confirmed the payment.
 * @param onStopped called with what the customer should read when the attempt ends without a
 *   payment: the script did not load, the window was closed, or the confirmation failed.
 * @returns `pending`: the order waiting for payment after an attempt (null before the first);
 *   `payOnline(address, buyNow?)`: starts an attempt (of the one buy-now product when given); rejects with the ApiError when the order cannot
 *   be created (stock, empty cart, Razorpay unavailable).
 */
export function useRazorpayCheckout({
  onPaid,
  onStopped,
}: {
  onPaid: (orderId: number) => void;
  onStopped: (problem: PlaceProblem) => void;
}) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [pending, setPending] = useState<PendingPayment | null>(null);

  const payOnline = async (address: DeliveryAddress, buyNow?: BuyNow) => {
    // The script first: a customer who is offline must not leave stock reserved for 30 minutes.
    if (!(await loadRazorpay()) || !window.Razorpay) {
      onStopped({ message: RAZORPAY_LOAD_FAILED });
      return;
    }
    // The server takes the lines out of the cart when it creates the order waiting for payment
    // (docs/orders.md "Placing"), so trying again re-opens that order rather than asking for a
    // new one from a cart that is now empty.
    let attempt = pending;
    if (!attempt) {
      const created = await createRazorpayOrder({
        addressId: address.id,
        ...(buyNow && { buyNow }),
      });
      attempt = { orderNumber: created.order.orderNumber, razorpay: created.razorpay };
      setPending(attempt);
    }
    const { orderNumber, razorpay } = attempt;
    const checkout = new window.Razorpay({
      key: razorpay.keyId,
      order_id: razorpay.orderId,
      amount: razorpay.amountPaise,
      currency: razorpay.currency,
      name: 'Bazaar',
      description: `Order ${orderNumber}`,
      prefill: {
        name: address.recipientName,
        email: user?.email ?? '',
        contact: address.mobile,
      },
      theme: { color: '#9c36b5' },
      handler: (payment) => {
        confirmRazorpayPayment(payment).then(
          (paid) => {
            replaceOrder(queryClient, paid);
            onPaid(paid.id);
          },
          (error: unknown) =>
            onStopped({
              message: `${isApiError(error) ? `${error.message}.` : MESSAGES.technicalError} If money left your account, the order is confirmed as soon as Razorpay tells us, and you will see it in My Orders.`,
            }),
        );
      },
      modal: {
        ondismiss: () =>
          onStopped({
            message: `Payment was not completed, so order ${orderNumber} is not placed. Its items are held for you for a few minutes: press Pay to try again, or pay or cancel it from My Orders.`,
            color: 'yellow',
          }),
      },
    });
    checkout.open();
  };

  return { pending, payOnline };
}
