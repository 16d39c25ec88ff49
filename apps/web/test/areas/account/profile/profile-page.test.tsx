// @vitest-environment jsdom
import '../../../support/dom';
import type { Profile } from '@bazaar/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../../../../src/areas/account/profile/profile-page';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * A support admin's job title ("Role") is the seller's to set (docs/security.md): the support
 * admin's profile shows it without an Edit button; their own fields stay editable.
 */

const supportAdmin: Profile = {
  id: 'u5',
  role: 'support_admin',
  name: 'Manoj Yadav',
  email: 'support@bazaar.test',
  mobile: '9876500005',
  gender: 'Male',
  dateOfBirth: '1994-08-15',
  aadhaarNumber: '234567890124',
  jobTitle: 'Order manager',
  address: null,
  shop: null,
  orderMails: true,
  createdAt: '2026-01-10T10:00:00.000Z',
};

describe('the support admin profile page', () => {
  it('shows the job title read-only and the own fields editable', async () => {
    fakeApi({
      'GET /api/auth/session': {
        body: {
          user: {
            id: 'u5',
            name: 'Manoj Yadav',
            email: 'support@bazaar.test',
            role: 'support_admin',
            mobile: '9876500005',
            shopId: 1,
            shopName: 'Bihar Textiles',
            homePath: '/SupportAdminHome',
            twoFactorSetupRequired: false,
          },
        },
      },
      'GET /api/account/profile': { body: supportAdmin },
    });
    renderPage(<ProfilePage />, { url: '/SupportAdminProfile' });
    expect(await screen.findByText('Order manager')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Name' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Role' })).toBeNull();
  });
});
