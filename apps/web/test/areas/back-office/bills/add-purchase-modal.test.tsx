// @vitest-environment jsdom
import '../../../support/dom';
import { BACK_OFFICE_MESSAGES, formatRupees } from '@bazaar/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddPurchaseModal } from '../../../../src/areas/back-office/bills/add-purchase-modal';
import { AppProviders } from '../../../../src/app/providers';
import { fakeApi, refusal, type FakeReply } from '../../../support/fake-api';

function renderModal(createBill: FakeReply) {
  const seen = fakeApi({ 'POST /api/customers/5/bills': createBill });
  const onClose = vi.fn();
  const onNetworkError = vi.fn();
  render(
    <AppProviders>
      <AddPurchaseModal customerId={5} opened onClose={onClose} onNetworkError={onNetworkError} />
    </AppProviders>,
  );
  return { seen, onClose, onNetworkError };
}

/** Picks an option of one of the line's selects ('Item of item 1' -> 'Shirt-Box'). */
async function choose(label: string, option: string) {
  const input = screen.getByLabelText(label);
  await userEvent.click(input);
  // The open list is the one the input controls (the other selects' lists stay in the document).
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`the list of ${label} did not open`);
    return found;
  });
  await userEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}

/** Fills item line `n` completely: Shirt-Box, Silver, Men's, size, quantity and rate (rupees). */
async function fillLine(n: number, size: string, quantity: string, rate: string) {
  await choose(`Item of item ${n}`, 'Shirt-Box');
  await choose(`Category of item ${n}`, 'Silver');
  await choose(`Type of item ${n}`, "Men's");
  await choose(`Size of item ${n}`, size);
  await userEvent.type(screen.getByLabelText(`Quantity of item ${n}`), quantity);
  await userEvent.type(screen.getByLabelText(`Rate of item ${n}`), rate);
}

/** The amount shown beside a label of the totals ('Total' -> '₹1,575.00'). */
const shown = (label: string) =>
  document.querySelector(`[data-money="${label}"]`)?.textContent ?? null;

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

describe('Add New Purchase', () => {
  it('adds item lines and previews their totals with and without GST', async () => {
    renderModal({ status: 201, body: {} });
    await screen.findByRole('group', { name: 'Item line 1' });
    expect(submitButton().disabled).toBe(true);

    await fillLine(1, 'M', '3', '500');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByRole('group', { name: 'Item line 2' })).toBeTruthy();
    await fillLine(2, 'L', '2', '250.5');

    expect(shown('Amount')).toBe(formatRupees(200_100));
    expect(shown('GST')).toBe(formatRupees(0));
    expect(shown('Total')).toBe(formatRupees(200_100));
    const preview = screen.getByRole('table', { name: 'Purchase preview' });
    expect(within(preview).getAllByRole('row')).toHaveLength(3); // the header and two lines

    await userEvent.click(screen.getByRole('button', { name: 'Apply 5% GST' }));
    expect(shown('GST')).toBe(formatRupees(10_005));
    expect(shown('Total')).toBe(formatRupees(210_105));
    expect(shown('Dues')).toBe(formatRupees(210_105));
    expect(submitButton().disabled).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.queryByRole('group', { name: 'Item line 2' })).toBeNull();
    expect(shown('Amount')).toBe(formatRupees(150_000));
  });

  it('sends the complete lines in paise with the GST choice and the amount received', async () => {
    const { seen, onClose } = renderModal({ status: 201, body: { customerId: 5 } });
    await screen.findByRole('group', { name: 'Item line 1' });
    await fillLine(1, 'M', '3', '500');
    await userEvent.type(screen.getByLabelText('Amount received (₹)'), '1000');
    expect(shown('Dues')).toBe(formatRupees(50_000));

    await userEvent.click(submitButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.map((each) => each.body)).toEqual([
      {
        lines: [
          {
            item: 'Shirt-Box',
            category: 'Silver',
            type: "Men's",
            size: 'M',
            quantity: 3,
            ratePaise: 50_000,
          },
        ],
        gstApplied: false,
        receivedPaise: 100_000,
      },
    ]);
  });

  it('shows Purchase not done with the server’s reason when the stock is short', async () => {
    const { onClose, onNetworkError } = renderModal({
      status: 409,
      body: refusal('CONFLICT', 'Only 2 pieces of Shirt-Box Silver M are in stock', {
        reason: 'OUT_OF_STOCK',
      }),
    });
    await screen.findByRole('group', { name: 'Item line 1' });
    await fillLine(1, 'M', '3', '500');

    await userEvent.click(submitButton());

    const notDone = await screen.findByText(BACK_OFFICE_MESSAGES.purchaseNotDone);
    expect(notDone.closest('[role="alert"]')?.textContent).toContain(
      'Only 2 pieces of Shirt-Box Silver M are in stock',
    );
    // The form stays open with what was typed, so the employee can lower the quantity.
    expect(onClose).not.toHaveBeenCalled();
    expect(onNetworkError).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Quantity of item 1').value).toBe('3');
  });
});
