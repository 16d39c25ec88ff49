// @vitest-environment jsdom
import '../../../support/dom';
import type { Profile } from '@bazaar/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../../../../src/areas/account/profile/profile-page';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/security.md "Changing a customer's email": when staff changed the customer's email, the
 * customer's profile says so until the new address is verified.
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

function serve(pending: { email: string; expiresAt: string } | null) {
  fakeApi({
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
    'GET /api/account/email-change': { body: { pending } },
  });
}

describe('the customer profile with an email change made by staff', () => {
  it('shows the change as pending verification', async () => {
    serve({ email: 'new@example.in', expiresAt: '2026-11-29T10:00:00.000Z' });
    renderPage(<ProfilePage />, { url: '/CustomerProfile' });
    expect(
      await screen.findByText('Email change to new@example.in pending verification'),
    ).toBeTruthy();
  });

  it('shows nothing when no change is pending', async () => {
    serve(null);
    renderPage(<ProfilePage />, { url: '/CustomerProfile' });
    expect(await screen.findByText('Suresh Prasad')).toBeTruthy();
    expect(screen.queryByText(/pending verification/)).toBeNull();
  });
});
