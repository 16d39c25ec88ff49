import type { StaffRole } from '../../config/areas';
import { PAGES as backOfficeBills } from './back-office-bills';
import { PAGES as backOfficePeople } from './back-office-people';
import { PAGES as backOfficeReports } from './back-office-reports';
import { PAGES as delivery } from './delivery';
import { PAGES as securitySettings } from './security-settings';
import { PAGES as shopCatalog } from './shop-catalog';
import { PAGES as shopOrders } from './shop-orders';
import type { AreaPageEntry } from './types';

/**
 * Every built page of the staff areas, one file per feature so features never edit each
 * other's lists: back office customers, employees, requests and audit (`back-office-people`),
 * bills and stock (`back-office-bills`), dashboards and reports (`back-office-reports`), the
 * shop office's catalog (`shop-catalog`) and orders, support admins, customers and support
 * (`shop-orders`), the delivery staff area (`delivery`) and the admin's security settings
 * (`security-settings`).
 */
export const AREA_PAGES: readonly AreaPageEntry[] = [
  ...backOfficePeople,
  ...backOfficeBills,
  ...backOfficeReports,
  ...shopCatalog,
  ...shopOrders,
  ...delivery,
  ...securitySettings,
];

/** The built pages of one role's area. */
export function areaPagesOf(role: StaffRole): AreaPageEntry[] {
  return AREA_PAGES.filter((entry) => entry.roles.includes(role));
}
