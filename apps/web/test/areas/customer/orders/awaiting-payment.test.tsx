// @vitest-environment jsdom
import '../../../support/dom';
import type { OrderPage, OrderSummary, ShopOrderPage, ShopOrderRow } from '@bazaar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RazorpayOptions } from '../../../../src/api/payments/load-razorpay';
import { MyOrdersPage } from '../../../../src/areas/customer/orders/my-orders-page';
import { ShopOrdersPage } from '../../../../src/areas/shop/orders/shop-orders-page';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/security.md "Unpaid online orders holding stock": My Orders shows an online order waiting
 * for payment as "Awaiting payment" with Pay now (the same Razorpay order) and Cancel; the
 * shop's order list shows it as "Awaiting payment" without actions of its own.
 */

const customer = {
  id: 'u1',
  name: 'Asha Devi',
  email: 'asha@example.com',
  role: 'customer',
  mobile: '9876543210',
  shopId: null,
  shopName: null,
  homePath: '/',
  twoFactorSetupRequired: false,
};

function summary(id: number, status: OrderSummary['status']): OrderSummary {
  return {
    id,
    orderNumber: `BZ${String(id).padStart(8, '0')}`,
    status,
    paymentMethod: 'razorpay',
    paymentStatus:
      status === 'cancelled' ? 'failed' : status === 'payment_pending' ? 'pending' : 'paid',
    itemCount: 1,
    totalPaise: 129_950,
    deliveryDate: '2026-12-03',
    placedAt: '2026-11-28T04:00:00.000Z',
    shipmentCount: 1,
    items: [{ productId: 3, name: 'Silk Kurta', imageUrl: null, quantity: 1 }],
  };
}

function page(items: OrderSummary[]): OrderPage {
  return { items, page: 1, pageSize: 10, total: items.length, totalPages: 1 };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Razorpay;
});

describe('My Orders with an order waiting for payment', () => {
  it('shows it as awaiting payment and cancels it, the list reloaded', async () => {
    let cancelled = false;
    const seen = fakeApi({
      'GET /api/auth/session': { body: { user: customer } },
      'GET /api/orders': () => ({
        body: page([summary(5, cancelled ? 'cancelled' : 'payment_pending'), summary(4, 'placed')]),
      }),
      'POST /api/orders/5/cancel-payment': () => {
        cancelled = true;
        return { body: { id: 5, orderNumber: 'BZ00000005', status: 'cancelled' } };
      },
    });
    renderPage(<MyOrdersPage />, { url: '/MyOrders' });

    const row = await screen.findByRole('region', { name: 'BZ00000005' });
    expect(within(row).getByText('Awaiting payment').textContent).toBe('Awaiting payment');
    expect(
      within(row).getByRole<HTMLButtonElement>('button', { name: 'Pay now for order BZ00000005' })
        .disabled,
    ).toBe(false);
    // The paid order is an ordinary row without those buttons.
    expect(screen.queryByRole('button', { name: /order BZ00000004/ })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Cancel order BZ00000005' }));
    await waitFor(() =>
      expect(seen.some((request) => request.url.pathname === '/api/orders/5/cancel-payment')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'BZ00000005' })).toBeNull());
  });

  it('reopens Razorpay checkout for the same Razorpay order on Pay now', async () => {
    const opened: RazorpayOptions[] = [];
    window.Razorpay = class {
      constructor(options: RazorpayOptions) {
        opened.push(options);
      }
      open() {}
      on() {}
    };
    fakeApi({
      'GET /api/auth/session': { body: { user: customer } },
      'GET /api/orders': { body: page([summary(5, 'payment_pending')]) },
      'POST /api/orders/5/razorpay': {
        body: {
          order: {
            id: 5,
            orderNumber: 'BZ00000005',
            status: 'payment_pending',
            address: { recipientName: 'Asha Devi', mobile: '9123456780' },
          },
          razorpay: {
            keyId: 'rzp_test',
            orderId: 'order_same',
            amountPaise: 129_950,
            currency: 'INR',
          },
        },
      },
    });
    renderPage(<MyOrdersPage />, { url: '/MyOrders' });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Pay now for order BZ00000005' }),
    );
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({
      key: 'rzp_test',
      order_id: 'order_same',
      amount: 129_950,
      prefill: { email: 'asha@example.com', contact: '9123456780' },
    });
  });
});

describe("the shop's new orders", () => {
  it('lists an order waiting for payment as awaiting payment', async () => {
    const row: ShopOrderRow = {
      shipmentId: 9,
      orderId: 5,
      orderNumber: 'BZ00000005',
      placedAt: '2026-11-28T04:00:00.000Z',
      updatedAt: '2026-11-28T04:00:00.000Z',
      customerName: 'Asha Devi',
      mobile: '9123456780',
      itemCount: 1,
      itemNames: ['Silk Kurta'],
      subtotalPaise: 129_950,
      paymentMethod: 'razorpay',
      paymentStatus: 'pending',
      status: 'payment_pending',
    };
    const orders: ShopOrderPage = { items: [row], page: 1, pageSize: 10, total: 1, totalPages: 1 };
    fakeApi({ 'GET /api/shop/orders': { body: orders } });
    renderPage(<ShopOrdersPage view="new" />, { url: '/NewOrder' });

    expect(await screen.findAllByText('Awaiting payment')).not.toHaveLength(0);
    expect(screen.getAllByText('Online payment pending')).not.toHaveLength(0);
  });
});
