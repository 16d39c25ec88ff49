// @vitest-environment jsdom
import '../../../support/dom';
import type { WholesaleCustomer } from '@bazaar/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditCustomerModal } from '../../../../src/areas/back-office/people/edit-customer-modal';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/security.md "Changing a customer's email": a new email waits for the customer to confirm
 * it, so the Edit modal tells the staff member the login email has not changed yet.
 */

const customer: WholesaleCustomer = {
  id: 7,
  name: 'Suresh Prasad',
  email: 'old@example.in',
  mobile: '7000000007',
  altMobile: null,
  shopName: 'Prasad Cloth House',
  gstin: null,
  locality: 'Kadamkuan',
  landmark: 'Near Kali Mandir',
  city: 'Patna',
  pincode: '800003',
  state: 'Bihar',
  country: 'India',
  createdAt: '2026-01-10T10:00:00.000Z',
  duesPaise: 0,
  billCount: 0,
  openingBalancePaise: 0,
  creditLimitPaise: null,
};

describe('editing a customer’s email', () => {
  it('says the new address must confirm the change and the old one stays the login', async () => {
    // The server keeps the current email until the link mailed to the new one is opened.
    fakeApi({ 'PATCH /api/customers/7': { body: customer } });
    renderPage(<EditCustomerModal customer={customer} onClose={vi.fn()} onError={vi.fn()} />, {
      url: '/Customers',
    });
    const email = await screen.findByLabelText(/Email/);
    fireEvent.change(email, { target: { value: 'new@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'We have mailed new@example.in a link to confirm it; old@example.in stays the login email until then.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
