// @vitest-environment jsdom
import '../../../support/dom';
import { PEOPLE_MESSAGES, type DeliveryStaff, type DeliveryStaffPage } from '@bazaar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeliveryStaffPage as Page } from '../../../../src/areas/back-office/people/delivery-staff-page';
import { fakeApi, refusal } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/back-office-people.md: the admin's list (search, empty state), Add
 * delivery staff with the generated password shown once, and Disable behind a confirmation.
 */

function staff(overrides: Partial<DeliveryStaff> = {}): DeliveryStaff {
  return {
    id: 'u-1',
    name: 'Sonu Paswan',
    email: 'sonu@example.in',
    mobile: '9123456780',
    disabledAt: null,
    createdAt: '2024-03-05T06:30:00.000Z',
    ...overrides,
  };
}

function page(items: DeliveryStaff[], total = items.length): DeliveryStaffPage {
  return { items, page: 1, pageSize: 10, total, totalPages: Math.ceil(total / 10) };
}

describe('DeliveryStaffPage', () => {
  it('lists the delivery staff with their mobile, email and date, and searches by what is typed', async () => {
    const seen = fakeApi({
      'GET /api/delivery-staff': (request) => ({
        body: request.url.searchParams.get('search')
          ? page([])
          : page([
              staff(),
              staff({ id: 'u-2', name: 'Ravi Das', disabledAt: '2024-04-01T00:00:00Z' }),
            ]),
      }),
    });
    renderPage(<Page />, { url: '/deliveryStaff' });
    const row = (await screen.findByText('Sonu Paswan')).closest('tr')!;
    expect(within(row).getByText('9123456780')).toBeTruthy();
    expect(within(row).getByText('sonu@example.in')).toBeTruthy();
    expect(within(row).getByText('Mar 5, 2024')).toBeTruthy();
    expect(screen.getByText('Total delivery staff: 2')).toBeTruthy();
    // A disabled account shows Disabled, not a Disable button.
    const disabledRow = screen.getByText('Ravi Das').closest('tr')!;
    expect(within(disabledRow).getByText('Disabled')).toBeTruthy();
    expect(within(disabledRow).queryByRole('button')).toBeNull();

    await userEvent.type(screen.getByLabelText('Search delivery staff by name or mobile'), 'zzz');
    // The search is debounced (300 ms) before it is sent.
    expect(
      await screen.findByText(
        'No delivery staff member matches this search',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(seen.at(-1)!.url.searchParams.get('search')).toBe('zzz');
  });

  it('shows the empty state when there is nobody yet', async () => {
    fakeApi({ 'GET /api/delivery-staff': { body: page([]) } });
    renderPage(<Page />, { url: '/deliveryStaff' });
    expect(await screen.findByText('No delivery staff yet')).toBeTruthy();
  });

  it('creates a delivery staff member and shows the generated password once', async () => {
    const seen = fakeApi({
      'GET /api/delivery-staff': { body: page([]) },
      'POST /api/delivery-staff': (request) => ({
        status: 201,
        body: {
          deliveryStaff: staff({ ...(request.body as object), id: 'u-9' }),
          generatedPassword: 'Ab3$kmnp',
        },
      }),
    });
    renderPage(<Page />, { url: '/deliveryStaff' });
    await screen.findByText('No delivery staff yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add delivery staff' }));
    const form = await screen.findByRole('form', { name: 'Add delivery staff' });

    // The shared rules run before anything is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText(PEOPLE_MESSAGES.mobileInvalid)).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(within(form).getByLabelText(/^Name/), 'Chhotu Manjhi');
    await userEvent.type(within(form).getByLabelText(/^Email/), 'chhotu@example.in');
    await userEvent.type(within(form).getByLabelText(/^Mobile/), '9988776655');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(PEOPLE_MESSAGES.deliveryStaffCreated)).toBeTruthy();
    expect(screen.getByTestId('generated-password').textContent).toBe('Ab3$kmnp');
    expect(screen.getByText(PEOPLE_MESSAGES.passwordShownOnce)).toBeTruthy();
    const post = seen.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Chhotu Manjhi',
      email: 'chhotu@example.in',
      mobile: '9988776655',
    });

    // Closed, the password is gone for good; adding again starts from an empty form.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('generated-password')).toBeNull());
    expect(screen.queryByText('Ab3$kmnp')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add delivery staff' }));
    const again = await screen.findByRole('form', { name: 'Add delivery staff' });
    expect((within(again).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's message beside a taken email", async () => {
    fakeApi({
      'GET /api/delivery-staff': { body: page([]) },
      'POST /api/delivery-staff': {
        status: 409,
        body: refusal('CONFLICT', 'This email address is already being used', {
          fields: { email: 'This email address is already being used' },
        }),
      },
    });
    renderPage(<Page />, { url: '/deliveryStaff' });
    await screen.findByText('No delivery staff yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add delivery staff' }));
    const form = await screen.findByRole('form', { name: 'Add delivery staff' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Chhotu Manjhi');
    await userEvent.type(within(form).getByLabelText(/^Email/), 'seller@bazaar.test');
    await userEvent.type(within(form).getByLabelText(/^Mobile/), '9988776655');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('This email address is already being used')).toBeTruthy();
    expect(screen.queryByTestId('generated-password')).toBeNull();
  });

  it('disables only after the confirmation, and Cancel sends nothing', async () => {
    let disabled = false;
    const seen = fakeApi({
      'GET /api/delivery-staff': () => ({
        body: page([staff(disabled ? { disabledAt: '2024-03-06T00:00:00Z' } : {})]),
      }),
      'POST /api/delivery-staff/u-1/disable': () => {
        disabled = true;
        return { body: staff({ disabledAt: '2024-03-06T00:00:00Z' }) };
      },
    });
    renderPage(<Page />, { url: '/deliveryStaff' });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Sonu Paswan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable delivery staff member' });
    expect(within(dialog).getByText(/signed out at once/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.some((request) => request.url.pathname.endsWith('/disable'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Disable Sonu Paswan' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable delivery staff member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disabled')).toBeTruthy();
    expect(
      seen.filter((request) => request.url.pathname === '/api/delivery-staff/u-1/disable'),
    ).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Disable Sonu Paswan' })).toBeNull();
  });
});
