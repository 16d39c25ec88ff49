import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@bazaar/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../api/accounts/session';
import { isApiError } from '../../../api/api-client';
import { confirmRazorpayPayment } from '../../../api/orders/confirm-razorpay-payment';
import { orderKeys, replaceOrder } from '../../../api/orders/order-keys';
import { resumeRazorpayCheckout } from '../../../api/orders/resume-razorpay-checkout';
import { loadRazorpay, RAZORPAY_LOAD_FAILED } from '../../../api/payments/load-razorpay';
import { notify } from '../../../components/notify';
import { orderDetailPath } from '../../../config/site';

/**
 * "Pay now" of an order waiting for payment in My Orders (docs/security.md "Unpaid online
 * orders"): loads Razorpay's script, asks the server for the order's Razorpay order (the same
 * one as at checkout), opens Razorpay's window and confirms the payment with the server, then
 * opens the paid order. Problems are shown as toasts; a refusal (released meanwhile) also
 * reloads the list, so the row shows where the order stands.
 * @returns `payNow(orderId)` and `payingId`: the order whose checkout is being opened, or null.
 */
export function usePayPendingOrder() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [payingId, setPayingId] = useState<number | null>(null);

  const showProblem = (error: unknown) => {
    void notify({
      color: 'red',
      message: isApiError(error) ? error.message : MESSAGES.technicalError,
    });
    void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'list'] });
  };

  const payNow = async (orderId: number) => {
    setPayingId(orderId);
    try {
      if (!(await loadRazorpay()) || !window.Razorpay) {
        void notify({ color: 'red', message: RAZORPAY_LOAD_FAILED });
        return;
      }
      const { order, razorpay } = await resumeRazorpayCheckout(orderId);
      const checkout = new window.Razorpay({
        key: razorpay.keyId,
        order_id: razorpay.orderId,
        amount: razorpay.amountPaise,
        currency: razorpay.currency,
        name: 'Bazaar',
        description: `Order ${order.orderNumber}`,
        prefill: {
          name: order.address.recipientName,
          email: user?.email ?? '',
          contact: order.address.mobile,
        },
        theme: { color: '#9c36b5' },
        handler: (payment) => {
          confirmRazorpayPayment(payment).then((paid) => {
            replaceOrder(queryClient, paid);
            void navigate(orderDetailPath(paid.id));
          }, showProblem);
        },
        modal: {
          ondismiss: () =>
            void notify({
              color: 'yellow',
              message: `Payment was not completed. Order ${order.orderNumber} keeps waiting for payment for a short while: press Pay now to try again, or Cancel to release it.`,
            }),
        },
      });
      checkout.open();
    } catch (error) {
      showProblem(error);
    } finally {
      setPayingId(null);
    }
  };

  return { payNow, payingId };
}
