// @vitest-environment jsdom
import '../../../support/dom';
import {
  addDays,
  BACK_OFFICE_MESSAGES,
  BILL_DATE_MESSAGES,
  financialYearRangeOf,
  formatRupees,
  indianDateOf,
  PAYMENT_MESSAGES,
} from '@bazaar/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddPurchaseModal } from '../../../../src/areas/back-office/bills/add-purchase-modal';
import { AppProviders } from '../../../../src/app/providers';
import { fakeApi, refusal, type FakeReply, type SeenRequest } from '../../../support/fake-api';

function renderModal(
  createBill: FakeReply,
  customerState?: string,
  creditCheck: FakeReply = {
    body: {
      creditLimitPaise: null,
      duesPaise: 0,
      newBillPaise: 0,
      duesAfterPaise: 0,
      exceeds: false,
      message: null,
    },
  },
) {
  // The bills posted (the credit-limit check's GETs are answered but not counted).
  const seen: SeenRequest[] = [];
  fakeApi({
    'POST /api/customers/5/bills': (request) => {
      seen.push(request);
      return createBill;
    },
    'GET /api/customers/5/credit-check': creditCheck,
  });
  const onClose = vi.fn();
  const onNetworkError = vi.fn();
  render(
    <AppProviders>
      <AddPurchaseModal
        customerId={5}
        customerState={customerState}
        opened
        onClose={onClose}
        onNetworkError={onNetworkError}
      />
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
async function fillLine(
  n: number,
  size: string,
  quantity: string,
  rate: string,
  item = 'Shirt-Box',
) {
  await choose(`Item of item ${n}`, item);
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

    await userEvent.click(screen.getByRole('button', { name: 'Apply GST' }));
    // ₹1,500 + ₹501 at 5 %: CGST 2.5 % = ₹37.50 + ₹12.525 -> ₹12.53 (each line rounded).
    expect(shown('CGST 2.5 %')).toBe(formatRupees(5_003));
    expect(shown('GST')).toBe(formatRupees(10_006));
    expect(shown('Total')).toBe(formatRupees(210_106));
    expect(shown('Dues')).toBe(formatRupees(210_106));
    expect(submitButton().disabled).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.queryByRole('group', { name: 'Item line 2' })).toBeNull();
    expect(shown('Amount')).toBe(formatRupees(150_000));
  });

  it('previews each line at its rate: a ₹3,000 piece at 18 %, a ₹500 piece at 5 %', async () => {
    renderModal({ status: 201, body: {} });
    await screen.findByRole('group', { name: 'Item line 1' });
    await fillLine(1, 'M', '2', '3000');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await fillLine(2, 'L', '4', '500');
    expect(screen.getByTestId('document-kind').textContent).toBe('Bill of Supply — no GST');
    expect(shown('CGST 9 %')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Apply GST' }));
    const preview = screen.getByRole('table', { name: 'Purchase preview' });
    expect(within(preview).getByText('GST %')).toBeTruthy();
    expect(preview.querySelector('[data-line-rate="1"]')?.textContent).toBe('18 %');
    expect(preview.querySelector('[data-line-rate="2"]')?.textContent).toBe('5 %');
    // ₹6,000 at 18 % (9 % + 9 %) and ₹2,000 at 5 % (2.5 % + 2.5 %).
    expect(shown('CGST 9 %')).toBe(formatRupees(54_000));
    expect(shown('SGST 9 %')).toBe(formatRupees(54_000));
    expect(shown('CGST 2.5 %')).toBe(formatRupees(5_000));
    expect(shown('SGST 2.5 %')).toBe(formatRupees(5_000));
    expect(shown('GST')).toBe(formatRupees(118_000));
    expect(shown('Total')).toBe(formatRupees(918_000));
    expect(screen.getByTestId('document-kind').textContent).toContain('Tax Invoice');

    await userEvent.click(screen.getByRole('button', { name: 'Remove GST' }));
    expect(screen.getByTestId('document-kind').textContent).toBe('Bill of Supply — no GST');
    expect(shown('CGST 9 %')).toBeNull();
    expect(shown('Total')).toBe(formatRupees(800_000));
  });

  it("previews IGST for a customer in another state (the customer's state is the place of supply)", async () => {
    renderModal({ status: 201, body: {} }, 'Uttar Pradesh');
    await screen.findByRole('group', { name: 'Item line 1' });
    await fillLine(1, 'M', '2', '3000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply GST' }));
    expect(shown('IGST 18 %')).toBe(formatRupees(108_000));
    expect(shown('CGST 9 %')).toBeNull();
    expect(screen.getByTestId('document-kind').textContent).toContain('IGST');
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
        mode: 'cash',
      },
    ]);
  });

  it('takes the amount received by UPI only with its UTR, and sends it upper-cased', async () => {
    const { seen, onClose } = renderModal({ status: 201, body: { customerId: 5 } });
    await screen.findByRole('group', { name: 'Item line 1' });
    await fillLine(1, 'M', '3', '500');
    await userEvent.type(screen.getByLabelText('Amount received (₹)'), '1000');
    await userEvent.click(screen.getByRole('combobox', { name: 'Mode' }));
    await userEvent.click(await screen.findByRole('option', { name: 'UPI', hidden: true }));
    await userEvent.click(submitButton());
    expect(await screen.findByText(PAYMENT_MESSAGES.referenceRequired)).toBeTruthy();
    expect(seen).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('UTR / reference'), 'axis41234567');
    await userEvent.click(submitButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen[0]?.body).toMatchObject({
      receivedPaise: 100_000,
      mode: 'upi',
      reference: 'AXIS41234567',
    });
  });

  it('dates the bill today unless an earlier day of the year is chosen, never a future one', async () => {
    const { seen, onClose } = renderModal({ status: 201, body: { customerId: 5 } });
    await screen.findByRole('group', { name: 'Item line 1' });
    await fillLine(1, 'M', '3', '500');
    const today = indianDateOf(new Date());
    const date = screen.getByLabelText('Bill date');
    expect((date as HTMLInputElement).value).toBe(today);
    fireEvent.change(date, { target: { value: addDays(today, 1) } });
    expect(await screen.findByText(BILL_DATE_MESSAGES.future)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    const start = financialYearRangeOf(today).from;
    fireEvent.change(date, { target: { value: addDays(start, -1) } });
    expect(await screen.findByText(BILL_DATE_MESSAGES.beforeYear(start))).toBeTruthy();
    fireEvent.change(date, { target: { value: start } });
    await userEvent.click(submitButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen[0]?.body).toMatchObject(start === today ? {} : { billDate: start });
  });

  it('warns, without blocking, when the dues and the new bill pass the credit limit', async () => {
    const message =
      'Credit limit ₹15,000.00 exceeded: dues ₹13,000.00 + this bill ₹1,500.00 = ₹14,500.00';
    renderModal({ status: 201, body: { customerId: 5 } }, undefined, {
      body: {
        creditLimitPaise: 1_500_000,
        duesPaise: 1_300_000,
        newBillPaise: 150_000,
        duesAfterPaise: 1_450_000,
        exceeds: true,
        message,
      },
    });
    await screen.findByRole('group', { name: 'Item line 1' });
    await fillLine(1, 'M', '3', '500');
    const warning = await screen.findByText(message, {}, { timeout: 3000 });
    expect(warning.closest('[role="alert"]')?.textContent).toContain('Above the credit limit');
    expect(submitButton().disabled).toBe(false);
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
