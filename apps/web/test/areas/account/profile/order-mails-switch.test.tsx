// @vitest-environment jsdom
import '../../../support/dom';
import type { Profile } from '@bazaar/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../../../../src/areas/account/profile/profile-page';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/notifications.md: the customer turns order mails off (or on) in the profile; the choice is
 * saved with the rest of the profile.
 */

const customer: Profile = {
  id: 'u2',
  role: 'customer',
  name: 'Suresh Prasad',
  email: 'customer@bazaar.test',
  mobile: '9876500002',
  gender: 'Male',
  dateOfBirth: null,
  aadhaarNumber: null,
  jobTitle: null,
  address: {
    id: 1,
    locality: 'Kadamkuan',
    landmark: 'Near Kali Mandir',
    city: 'Patna',
    state: 'Bihar',
    pincode: '800003',
    country: 'India',
    isDefault: true,
  },
  shop: null,
  orderMails: true,
  createdAt: '2026-01-10T10:00:00.000Z',
};

describe('the order mails switch of the customer profile', () => {
  it('shows the saved choice and sends the new one with Save profile', async () => {
    const seen = fakeApi({
      'GET /api/auth/session': {
        body: {
          user: {
            id: 'u2',
            name: 'Suresh Prasad',
            email: 'customer@bazaar.test',
            role: 'customer',
            mobile: '9876500002',
            shopId: null,
            shopName: null,
            homePath: '/',
            twoFactorSetupRequired: false,
          },
        },
      },
      'GET /api/account/profile': { body: customer },
      'GET /api/account/email-change': { body: { pending: null } },
      'GET /api/pincodes/800003': {
        body: {
          pincode: '800003',
          city: 'Patna',
          state: 'Bihar',
          inServiceArea: true,
          postOffices: ['Kadamkuan'],
        },
      },
      'PATCH /api/account/profile': (request) => ({
        body: { ...customer, ...(request.body as Partial<Profile>) },
      }),
    });
    renderPage(<ProfilePage />, { url: '/CustomerProfile' });

    const toggle = await screen.findByRole('switch', { name: /^Email me about my orders/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(seen.some((request) => request.method === 'PATCH')).toBe(true));
    const saved = seen.find((request) => request.method === 'PATCH')!;
    expect(saved.body).toMatchObject({ orderMails: false });
  });
});
