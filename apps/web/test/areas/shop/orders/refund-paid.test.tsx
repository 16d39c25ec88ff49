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
 * docs/refunds.md "Cash-on-delivery refunds": the shop's order drawer shows the refund with the
 * whole account, and a pending cash refund is marked paid with the transfer's UTR after a
 * confirmation; the server's refusals are shown and the drawer shows the refund as it is now.
 */

const pending: Refund = {
  id: 4,
  attempt: 1,
  amountPaise: 309_900,
  method: 'bank_transfer',
  status: 'pending',
  reason: 'returned',
  reference: null,
  payTo: 'Priya Kumari, A/c 123456789012, IFSC SBIN0001234',
  createdAt: '2026-11-28T06:00:00.000Z',
  processedAt: null,
  failureReason: null,
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
    paymentMethod: 'cod',
    paymentStatus: 'paid',
    status: 'returned',
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

async function markPaid(utr: string) {
  const refund = await screen.findByRole('region', { name: 'Refund' });
  await userEvent.type(within(refund).getByRole('textbox', { name: /Transfer reference/ }), utr);
  await userEvent.click(within(refund).getByRole('button', { name: 'Mark refund paid' }));
  return refund;
}

function renderDrawer() {
  renderPage(<ShopOrderDrawer shipmentId={9} title="BZ00000007" onClose={() => {}} />, {
    url: '/SupportAdminOrderHistory',
  });
}

describe('marking a cash-on-delivery refund paid', () => {
  it('shows the whole account and refuses a malformed UTR before asking the server', async () => {
    const seen = fakeApi({ 'GET /api/shop/orders/9': { body: detail(pending) } });
    renderDrawer();
    const refund = await markPaid('12-34');
    expect(
      within(refund).getByText('To Priya Kumari, A/c 123456789012, IFSC SBIN0001234'),
    ).toBeTruthy();
    expect(await within(refund).findByText(REFUND_MESSAGES.reference)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Refund paid?' })).toBeNull();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends the UTR after the confirmation and shows the refund as paid', async () => {
    let paid = false;
    const processed = {
      ...pending,
      status: 'processed' as const,
      reference: 'SBIN42611281234',
      processedAt: '2026-11-28T08:00:00.000Z',
    };
    const seen = fakeApi({
      'GET /api/shop/orders/9': () => ({ body: detail(paid ? processed : pending) }),
      'POST /api/shop/orders/9/refund/paid': (): FakeReply => {
        paid = true;
        return { body: detail(processed) };
      },
    });
    renderDrawer();
    const refund = await markPaid('sbin42611281234');
    const confirm = await screen.findByRole('dialog', { name: 'Refund paid?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, it is paid' }));

    await within(refund).findByText('Refunded');
    expect(within(refund).getByText('SBIN42611281234')).toBeTruthy();
    expect(within(refund).queryByRole('button', { name: 'Mark refund paid' })).toBeNull();
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      reference: 'SBIN42611281234',
    });
  });

  it('shows the server refusal when someone already recorded it', async () => {
    fakeApi({
      'GET /api/shop/orders/9': { body: detail(pending) },
      'POST /api/shop/orders/9/refund/paid': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: REFUND_MESSAGES.alreadyProcessed } },
      },
    });
    renderDrawer();
    const refund = await markPaid('SBIN42611281234');
    const confirm = await screen.findByRole('dialog', { name: 'Refund paid?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, it is paid' }));
    await waitFor(() =>
      expect(within(refund).getByRole('alert').textContent).toContain(
        REFUND_MESSAGES.alreadyProcessed,
      ),
    );
  });

  it('offers no form for a Razorpay refund, which settles by itself', async () => {
    fakeApi({
      'GET /api/shop/orders/9': {
        body: detail({ ...pending, method: 'razorpay', payTo: null }),
      },
    });
    renderDrawer();
    const refund = await screen.findByRole('region', { name: 'Refund' });
    expect(within(refund).getByText('To the original payment method')).toBeTruthy();
    expect(within(refund).queryByRole('button', { name: 'Mark refund paid' })).toBeNull();
  });
});
