// @vitest-environment jsdom
import '../../../support/dom';
import { REFUND_MESSAGES, type Refund, type ShopOrderDetail } from '@bazaar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShopOrderDrawer } from '../../../../src/areas/shop/orders/shop-order-drawer';
import { fakeApi, type FakeReply } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/refunds.md "Retrying a failed refund": the shop's order drawer offers Retry refund on a
 * Razorpay refund that failed, asks for a confirmation, and shows the refund pending again; the
 * server's refusal (409: not failed any more) is shown; no other refund offers it.
 */

const failed: Refund = {
  id: 5,
  attempt: 1,
  amountPaise: 199_800,
  method: 'razorpay',
  status: 'failed',
  reason: 'cancelled',
  reference: 'rfnd_Failed00000001',
  payTo: 'To the original payment method',
  createdAt: '2026-11-28T06:00:00.000Z',
  processedAt: null,
  failureReason: 'Razorpay reported the refund failed',
};

function detail(refund: Refund | null): ShopOrderDetail {
  return {
    shipmentId: 9,
    orderId: 7,
    orderNumber: 'BZ00000007',
    placedAt: '2026-11-20T04:00:00.000Z',
    updatedAt: '2026-11-28T06:00:00.000Z',
    customerName: 'Priya Kumari',
    mobile: '9876500002',
    itemCount: 1,
    itemNames: ['Kurta Pyjama Set'],
    subtotalPaise: 309_900,
    paymentMethod: 'razorpay',
    paymentStatus: 'paid',
    status: 'cancelled',
    customerEmail: 'customer@bazaar.test',
    address: {
      recipientName: 'Priya Kumari',
      mobile: '9876500002',
      locality: 'Boring Road',
      landmark: 'Near A. N. College',
      city: 'Patna',
      state: 'Bihar',
      pincode: '800001',
      country: 'India',
    },
    items: [],
    history: [{ status: 'returned', at: '2026-11-28T06:00:00.000Z', note: null }],
    deliveryStaff: null,
    assignedAt: null,
    deliveredAt: '2026-11-25T06:00:00.000Z',
    deliveryFailedReason: null,
    returnReason: 'Too tight',
    returnRejectReason: null,
    refund,
    actions: [],
  } as ShopOrderDetail;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDrawer() {
  renderPage(<ShopOrderDrawer shipmentId={9} title="BZ00000007" onClose={() => {}} />, {
    url: '/SupportAdminOrderHistory',
  });
}

describe('retrying a failed Razorpay refund', () => {
  it('asks first, then shows the refund pending again', async () => {
    let retried = false;
    const pendingAgain: Refund = {
      ...failed,
      attempt: 2,
      status: 'pending',
      reference: null,
      failureReason: null,
    };
    const seen = fakeApi({
      'GET /api/shop/orders/9': () => ({ body: detail(retried ? pendingAgain : failed) }),
      'POST /api/shop/orders/9/refund/retry': (): FakeReply => {
        retried = true;
        return { body: detail(pendingAgain) };
      },
    });
    renderDrawer();
    const refund = await screen.findByRole('region', { name: 'Refund' });
    expect(within(refund).getByText('Refund failed')).toBeTruthy();
    await userEvent.click(within(refund).getByRole('button', { name: 'Retry refund' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retry this refund?' });
    expect(confirm.textContent).toContain('₹1,998');
    // Nothing is sent before the confirmation.
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, retry' }));

    await within(refund).findByText('Refund pending');
    expect(within(refund).getByText(/asked for again/)).toBeTruthy();
    expect(within(refund).queryByRole('button', { name: 'Retry refund' })).toBeNull();
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('shows the refusal when the refund is no longer failed', async () => {
    fakeApi({
      'GET /api/shop/orders/9': { body: detail(failed) },
      'POST /api/shop/orders/9/refund/retry': {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            reason: 'REFUND_NOT_FAILED',
            message: REFUND_MESSAGES.notFailedPending,
          },
        },
      },
    });
    renderDrawer();
    const refund = await screen.findByRole('region', { name: 'Refund' });
    await userEvent.click(within(refund).getByRole('button', { name: 'Retry refund' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retry this refund?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, retry' }));
    await waitFor(() =>
      expect(within(refund).getByRole('alert').textContent).toContain(
        REFUND_MESSAGES.notFailedPending,
      ),
    );
  });

  it('offers no retry on a pending Razorpay refund or a cash refund', async () => {
    fakeApi({
      'GET /api/shop/orders/9': {
        body: detail({ ...failed, status: 'pending', failureReason: null }),
      },
    });
    renderDrawer();
    const refund = await screen.findByRole('region', { name: 'Refund' });
    expect(within(refund).queryByRole('button', { name: 'Retry refund' })).toBeNull();
  });
});
