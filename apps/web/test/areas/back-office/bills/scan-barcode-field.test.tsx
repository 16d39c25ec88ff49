// @vitest-environment jsdom
import '../../../support/dom';
import type { StockRow } from '@bazaar/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddPurchaseModal } from '../../../../src/areas/back-office/bills/add-purchase-modal';
import { AppProviders } from '../../../../src/app/providers';
import { fakeApi, refusal, type SeenRequest } from '../../../support/fake-api';

/*
 * docs/back-office-bills.md "Scanner": a USB scanner types a label's SKU and presses Enter in
 * Add New Purchase's Scan barcode field; the item and size become a line, a second scan adds a
 * piece, and an unknown code is refused without losing anything typed.
 */

const shirtM: StockRow = {
  id: 42,
  item: 'Shirt-Box',
  category: 'Silver',
  type: "Men's",
  size: 'M',
  quantity: 20,
  pricePaise: 45_000,
  costPaise: 30_000,
  valuePaise: 600_000,
  lowStockAt: 5,
  low: false,
  sku: 'BZ-00042',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function renderModal() {
  const lookups: SeenRequest[] = [];
  const bills: SeenRequest[] = [];
  fakeApi({
    'GET /api/stock/sku/BZ-00042': (request) => {
      lookups.push(request);
      return { body: shirtM };
    },
    'GET /api/stock/sku/NOPE-1': (request) => {
      lookups.push(request);
      return {
        status: 404,
        body: refusal('NOT_FOUND', 'No stock item has the code NOPE-1', {
          reason: 'SKU_NOT_FOUND',
        }),
      };
    },
    'POST /api/customers/5/bills': (request) => {
      bills.push(request);
      return { status: 201, body: {} };
    },
    'GET /api/customers/5/credit-check': {
      body: {
        creditLimitPaise: null,
        duesPaise: 0,
        newBillPaise: 0,
        duesAfterPaise: 0,
        exceeds: false,
        message: null,
      },
    },
  });
  const onNetworkError = vi.fn();
  render(
    <AppProviders>
      <AddPurchaseModal customerId={5} opened onClose={vi.fn()} onNetworkError={onNetworkError} />
    </AppProviders>,
  );
  return { lookups, bills, onNetworkError };
}

const scanField = () => screen.getByLabelText<HTMLInputElement>('Scan barcode');

describe('Scan barcode in Add New Purchase', () => {
  it('adds the scanned item and size as a line, and one more piece on a second scan', async () => {
    const { lookups, bills } = renderModal();
    await screen.findByRole('group', { name: 'Item line 1' });
    await userEvent.type(scanField(), 'bz-00042{Enter}');

    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Quantity of item 1').value).toBe('1'),
    );
    expect(lookups.map((request) => request.url.pathname)).toEqual(['/api/stock/sku/BZ-00042']);
    expect(screen.getByLabelText<HTMLInputElement>('Item of item 1').value).toBe('Shirt-Box');
    expect(screen.getByLabelText<HTMLInputElement>('Size of item 1').value).toBe('M');
    // The field is empty again for the next scan.
    expect(scanField().value).toBe('');
    await screen.findByText("Added Shirt-Box Silver Men's M (BZ-00042)");

    await userEvent.type(scanField(), 'BZ-00042{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Quantity of item 1').value).toBe('2'),
    );
    // Still one line: the same item and size is counted, not repeated.
    expect(screen.queryByRole('group', { name: 'Item line 2' })).toBeNull();
    const preview = screen.getByRole('table', { name: 'Purchase preview' });
    expect(within(preview).getByText('₹900.00')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(bills).toHaveLength(1));
    expect(bills[0]!.body).toMatchObject({
      lines: [
        {
          item: 'Shirt-Box',
          category: 'Silver',
          type: "Men's",
          size: 'M',
          quantity: 2,
          ratePaise: 45_000,
        },
      ],
    });
  });

  it('shows the server’s message for an unknown code and keeps what was typed', async () => {
    const { onNetworkError } = renderModal();
    await screen.findByRole('group', { name: 'Item line 1' });
    await userEvent.type(scanField(), 'NOPE-1{Enter}');

    await screen.findByText('No stock item has the code NOPE-1');
    expect(scanField().value).toBe('NOPE-1');
    expect(screen.getByLabelText<HTMLInputElement>('Item of item 1').value).toBe('');
    expect(onNetworkError).not.toHaveBeenCalled();
  });
});
