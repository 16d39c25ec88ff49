import { lazyAreaPage, type AreaPageEntry } from './types';

/**
 * The admin's security settings (issue 5 item 2; docs/accounts.md "Two-step sign-in"): whether
 * every staff account must use two-step sign-in.
 */
export const PAGES: AreaPageEntry[] = [
  {
    path: '/securitySettings',
    roles: ['admin'],
    Page: lazyAreaPage(
      () => import('../../areas/account/security/security-settings-page'),
      'SecuritySettingsPage',
    ),
  },
];
