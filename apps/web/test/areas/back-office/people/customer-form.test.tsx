// @vitest-environment jsdom
import '../../../support/dom';
import { SAMPLE_CUSTOMER_GSTIN, isValidGstin, type CustomerInput } from '@bazaar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CustomerForm } from '../../../../src/areas/back-office/people/customer-form';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/gst.md "Place of supply": the Create Customer / Create Request form takes any Indian
 * state (Bihar by default) and refuses a GSTIN of another state with the server's message.
 */

async function fillCustomer(gstin: string) {
  await userEvent.type(screen.getByLabelText(/^Name/), 'Ramesh Gupta');
  await userEvent.type(screen.getByLabelText(/^Shop name/), 'Gupta Textiles');
  await userEvent.type(screen.getByLabelText(/^Mobile/), '9123456780');
  await userEvent.type(screen.getByLabelText(/^Email/), 'gupta@example.in');
  await userEvent.type(screen.getByLabelText(/^GST No/), gstin);
  await userEvent.type(screen.getByLabelText(/^Locality/), 'Aminabad');
  await userEvent.type(screen.getByLabelText(/^City/), 'Lucknow');
}

describe('CustomerForm', () => {
  it('starts in Bihar with a valid Bihar GSTIN as its placeholder', () => {
    fakeApi({});
    renderPage(
      <CustomerForm
        title="Create customer"
        submitLabel="Create"
        save={vi.fn()}
        onError={vi.fn()}
      />,
      {
        url: '/createCustomer',
      },
    );
    expect((screen.getByLabelText(/^State/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      'Bihar (10)',
    );
    const placeholder = screen.getByLabelText(/^GST No/).getAttribute('placeholder') ?? '';
    expect(placeholder).toContain(SAMPLE_CUSTOMER_GSTIN);
    expect(isValidGstin(SAMPLE_CUSTOMER_GSTIN) && SAMPLE_CUSTOMER_GSTIN.startsWith('10')).toBe(
      true,
    );
  });

  it('refuses a 09 GSTIN on a Bihar address, and saves it once the state is Uttar Pradesh', async () => {
    fakeApi({ 'GET /api/pincodes/226001': { status: 404, body: {} } });
    const save = vi.fn<(input: CustomerInput) => Promise<unknown>>().mockResolvedValue({});
    renderPage(
      <CustomerForm title="Create customer" submitLabel="Create" save={save} onError={vi.fn()} />,
      {
        url: '/createCustomer',
      },
    );
    await fillCustomer('09AABCU9603R1ZL');
    await userEvent.type(screen.getByLabelText(/^Pincode/), '226001');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText(
        'GSTIN 09AABCU9603R1ZL is registered in Uttar Pradesh; the address is in Bihar',
      ),
    ).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    const state = screen.getByLabelText(/^State/, { selector: 'input' });
    await userEvent.click(state);
    const list = await waitFor(() => {
      const found = document.getElementById(state.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('the state list did not open');
      return found;
    });
    await userEvent.click(
      within(list).getByRole('option', { name: 'Uttar Pradesh (09)', hidden: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({
      state: 'Uttar Pradesh',
      gstin: '09AABCU9603R1ZL',
      pincode: '226001',
      country: 'India',
    });
  });
});
