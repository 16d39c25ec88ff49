// @vitest-environment jsdom
import '../../../support/dom';
import { REFUND_MESSAGES, type Order, type Refund, type Shipment } from '@bazaar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderDetailPage } from '../../../../src/areas/customer/orders/order-detail-page';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/refunds.md "What people see" and "Cash-on-delivery refunds": My Orders' order shows each
 * shipment's refund; a cash-on-delivery return asks where the refund goes, checked with the
 * shared RefundPayeeSchema; one shipment of several may be cancelled alone.
 */

const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();

function shipment(id: number, overrides: Partial<Shipment> = {}): Shipment {
  return {
    id,
    shop: { id, name: id === 1 ? 'Maa Durga Vastralaya' : 'Sharma Cloth House' },
    status: 'delivered',
    items: [
      {
        productId: id * 10,
        name: `Cotton Kurta ${id}`,
        company: 'Fabindia',
        sku: `FAB-${id}-BLUE-M`,
        size: 'M',
        colour: 'Blue',
        imageUrl: null,
        pricePaise: 89_900,
        mrpPaise: 99_900,
        quantity: 1,
        lineTotalPaise: 89_900,
      },
    ],
    subtotalPaise: 89_900,
    history: [
      { status: 'placed', at: '2026-11-20T04:00:00.000Z', note: null },
      { status: 'delivered', at: yesterday, note: null },
    ],
    deliveredAt: yesterday,
    returnReason: null,
    returnable: true,
    cancellable: false,
    refund: null,
    ...overrides,
  };
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 7,
    orderNumber: 'BZ00000007',
    status: 'delivered',
    paymentMethod: 'cod',
    paymentStatus: 'pending',
    address: {
      recipientName: 'Asha Devi',
      mobile: '9876543210',
      locality: 'Boring Road',
      landmark: 'Near A. N. College',
      city: 'Patna',
      state: 'Bihar',
      pincode: '800001',
      country: 'India',
    },
    totals: {
      itemCount: 1,
      mrpPaise: 99_900,
      discountPaise: 10_000,
      totalPaise: 89_900,
      gstIncludedPaise: 4_281,
      deliveryPaise: 0,
    },
    deliveryDate: '2026-11-25',
    placedAt: '2026-11-20T04:00:00.000Z',
    cancellable: false,
    shipments: [shipment(1)],
    ...overrides,
  } as Order;
}

const processedRefund: Refund = {
  id: 3,
  attempt: 1,
  amountPaise: 89_900,
  method: 'upi',
  status: 'processed',
  reason: 'returned',
  reference: 'UTR123456789012',
  payTo: 'UPI asha@okaxis',
  createdAt: '2026-11-26T06:00:00.000Z',
  processedAt: '2026-11-27T06:00:00.000Z',
  failureReason: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderOrder() {
  renderPage(<OrderDetailPage />, { url: '/MyOrders/7', path: '/MyOrders/:orderId' });
}

async function openReturn() {
  const card = await screen.findByRole('region', { name: 'Sold by Maa Durga Vastralaya' });
  await userEvent.click(within(card).getByRole('button', { name: 'Request return' }));
  return screen.findByRole('dialog', { name: 'Return the items sold by Maa Durga Vastralaya' });
}

describe('the return request of a cash-on-delivery order', () => {
  it('refuses to send without a valid UPI id and shows the schema message under the field', async () => {
    const seen = fakeApi({ 'GET /api/orders/7': { body: order() } });
    renderOrder();
    const dialog = await openReturn();
    expect(within(dialog).getByText('Where should we send your refund?')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/Why are you returning them/), 'Too small');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /UPI id/ }), 'asha.okaxis');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));

    expect(await within(dialog).findByText(REFUND_MESSAGES.upiId)).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('asks for the bank account fields and checks each one', async () => {
    const seen = fakeApi({ 'GET /api/orders/7': { body: order() } });
    renderOrder();
    const dialog = await openReturn();
    await userEvent.type(within(dialog).getByLabelText(/Why are you returning them/), 'Too small');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bank account' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Account number/ }), '12ab');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /IFSC/ }), 'SBIN123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));

    expect(await within(dialog).findByText(REFUND_MESSAGES.accountNumber)).toBeTruthy();
    expect(within(dialog).getByText(REFUND_MESSAGES.ifsc)).toBeTruthy();
    expect(within(dialog).getByText(REFUND_MESSAGES.accountName)).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends the UPI id as refundTo with the reason', async () => {
    const seen = fakeApi({
      'GET /api/orders/7': { body: order() },
      'POST /api/orders/7/shipments/1/return': {
        body: order({
          shipments: [shipment(1, { status: 'return_requested', returnable: false })],
        }),
      },
    });
    renderOrder();
    const dialog = await openReturn();
    await userEvent.type(within(dialog).getByLabelText(/Why are you returning them/), 'Too small');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /UPI id/ }), 'asha@okaxis');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));

    await waitFor(() => {
      const sent = seen.find((request) => request.method === 'POST');
      expect(sent?.body).toEqual({
        reason: 'Too small',
        refundTo: { method: 'upi', upiId: 'asha@okaxis' },
      });
    });
  });
});

describe('the return request of an order paid online', () => {
  it('says the refund goes back to the payment method and sends no account', async () => {
    const seen = fakeApi({
      'GET /api/orders/7': { body: order({ paymentMethod: 'razorpay', paymentStatus: 'paid' }) },
      'POST /api/orders/7/shipments/1/return': { body: order({ paymentMethod: 'razorpay' }) },
    });
    renderOrder();
    const dialog = await openReturn();
    expect(
      within(dialog).getByText('Your refund goes back to the original payment method.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/Why are you returning them/), 'Too small');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
        reason: 'Too small',
      }),
    );
  });
});

describe('the refund block of a shipment', () => {
  it('shows the amount, where it went, Refunded, the UTR and the dates', async () => {
    fakeApi({
      'GET /api/orders/7': {
        body: order({
          status: 'returned',
          shipments: [
            shipment(1, { status: 'returned', returnable: false, refund: processedRefund }),
          ],
        }),
      },
    });
    renderOrder();
    const block = await screen.findByRole('region', { name: 'Refund' });
    expect(within(block).getByText('Refund: ₹899.00')).toBeTruthy();
    expect(within(block).getByText('To UPI asha@okaxis')).toBeTruthy();
    expect(within(block).getByText('Refunded')).toBeTruthy();
    expect(within(block).getByText('UTR123456789012')).toBeTruthy();
    expect(within(block).getByText('Nov 27, 2026')).toBeTruthy();
  });

  it('shows a pending refund to the original payment method', async () => {
    fakeApi({
      'GET /api/orders/7': {
        body: order({
          paymentMethod: 'razorpay',
          paymentStatus: 'refunded',
          status: 'cancelled',
          shipments: [
            shipment(1, {
              status: 'cancelled',
              returnable: false,
              refund: {
                ...processedRefund,
                method: 'razorpay',
                status: 'pending',
                reason: 'cancelled',
                reference: null,
                payTo: null,
                processedAt: null,
              },
            }),
          ],
        }),
      },
    });
    renderOrder();
    const block = await screen.findByRole('region', { name: 'Refund' });
    expect(within(block).getByText('Refund pending')).toBeTruthy();
    expect(within(block).getByText('To the original payment method')).toBeTruthy();
    expect(within(block).queryByText('Reference')).toBeNull();
  });
});

describe('cancelling one shipment', () => {
  it('offers it only beside another live shipment and sends the reason', async () => {
    const placed = { status: 'placed' as const, returnable: false, deliveredAt: null };
    const seen = fakeApi({
      'GET /api/orders/7': {
        body: order({
          status: 'placed',
          cancellable: true,
          shipments: [
            shipment(1, { ...placed, cancellable: true }),
            shipment(2, { ...placed, cancellable: true }),
          ],
        }),
      },
      'POST /api/orders/7/shipments/2/cancel': {
        status: 422,
        body: {
          error: {
            code: 'ORDER_NOT_CANCELLABLE',
            message: 'This order can no longer be cancelled',
          },
        },
      },
    });
    renderOrder();
    const card = await screen.findByRole('region', { name: 'Sold by Sharma Cloth House' });
    expect(screen.getAllByRole('button', { name: 'Cancel this shipment' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel this shipment' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel the items sold by Sharma Cloth House?',
    });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Ordered twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel these items' }));

    expect(await within(dialog).findByText('This order can no longer be cancelled')).toBeTruthy();
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      reason: 'Ordered twice',
    });
  });

  it('leaves the last live shipment to the whole-order Cancel', async () => {
    fakeApi({
      'GET /api/orders/7': {
        body: order({
          status: 'placed',
          cancellable: true,
          shipments: [
            shipment(1, { status: 'placed', returnable: false, cancellable: true }),
            shipment(2, { status: 'cancelled', returnable: false }),
          ],
        }),
      },
    });
    renderOrder();
    await screen.findByRole('region', { name: 'Sold by Maa Durga Vastralaya' });
    expect(screen.queryByRole('button', { name: 'Cancel this shipment' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
  });
});
