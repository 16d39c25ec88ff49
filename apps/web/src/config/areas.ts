import { ROLE_AREAS, type EmployeePermission, type Role } from '@bazaar/shared';

/** The roles with an area of their own (the customer's pages live in the storefront). */
export type StaffRole = Exclude<Role, 'customer'>;

/**
 * The pages of the staff areas, by component name. app/area-pages.ts maps each name to its lazy
 * chunk; this file stays plain data, so the browser tests under e2e/ read it without loading a
 * page. The storefront's guard reads profile paths from ROLE_AREAS instead, so this file stays out
 * of the storefront's first download.
 */
export type AreaPageName =
  | 'ProfilePage'
  | 'AdminHomePage'
  | 'CreateCustomerPage'
  | 'AdminCustomerListPage'
  | 'CustomerRequestsPage'
  | 'CancelRequestsPage'
  | 'EmployeePermissionsPage'
  | 'TotalTransactionPage'
  | 'GstReturnsPage'
  | 'SettlementsPage'
  | 'AdminTransactionIndex'
  | 'AdminTransactionPage'
  | 'ProductStockPage'
  | 'CreateEmployeePage'
  | 'EmployeeListPage'
  | 'DeliveryStaffPage'
  | 'ShopListPage'
  | 'AuditTrailPage'
  | 'AdminReviewsPage'
  | 'ShopReviewsPage'
  | 'SupportInboxPage'
  | 'SecuritySettingsPage'
  | 'TaxSettingsPage'
  | 'EmployeeHomePage'
  | 'EmployeeCustomerListPage'
  | 'EmployeeTransactionIndex'
  | 'EmployeeTransactionPage'
  | 'CreateRequestPage'
  | 'ShopHomePage'
  | 'NewOrdersPage'
  | 'ReturnOrdersPage'
  | 'OrderHistoryPage'
  | 'NewProductPage'
  | 'AddColourPage'
  | 'AddProductPage'
  | 'AllStockPage'
  | 'ProductSliderPage'
  | 'SliderAddInfoPage'
  | 'SliderViewInfoPage'
  | 'SupportAdminsPage'
  | 'ShopCustomersPage'
  | 'SellerSupportPage'
  | 'SellerStatementPage'
  | 'DeliveryHomePage'
  | 'NewDeliveriesPage'
  | 'DeliveryHistoryPage';

/** A route of a staff area: the spec's path (matched case-insensitively) and the page it shows. */
export interface AreaPage {
  path: string;
  page: AreaPageName;
  /**
   * An employee's job title must have this permission to see the page in the menu and open it
   * (docs/back-office-people.md "Roles and permissions"); the admin is never limited.
   */
  permission?: EmployeePermission;
}

/** A page the area's menu links to, under the menu's label. */
export interface AreaLink extends AreaPage {
  label: string;
}

export interface AreaGroup {
  label: string;
  links: AreaLink[];
}

export type AreaMenuEntry = AreaLink | AreaGroup | { label: string; logout: true };

/**
 * One staff area: its guard (only `role` may open its pages: app/area-routes.tsx wraps them in
 * RequireRole), the shell's title, the menu, and the pages the menu does not list.
 */
export interface AreaDefinition {
  role: StaffRole;
  /** Shown in the shell's header: "Admin", "Seller". */
  title: string;
  menu: AreaMenuEntry[];
  /** Pages opened from other pages rather than the menu (one customer's bills, a form). */
  otherPages: AreaPage[];
}

const link = (
  label: string,
  path: string,
  page: AreaPageName,
  permission?: EmployeePermission,
): AreaLink => ({ label, path, page, ...(permission ? { permission } : {}) });

const LOGOUT = (label: string) => ({ label, logout: true }) as const;

/**
 * The one route table of the staff areas, read by the router (app/area-routes.tsx), the
 * sidebar (app/layout/area-layout.tsx) and the browser tests: every page's path, its menu label
 * and the role that may open it. The menus are in the spec's order and with the spec's labels
 * (docs/accounts.md "Roles and areas").
 */
export const AREAS: Record<StaffRole, AreaDefinition> = {
  admin: {
    role: 'admin',
    title: 'Admin',
    menu: [
      link('Home', '/adminHome', 'AdminHomePage'),
      {
        label: 'Customer',
        links: [
          link('Create', '/createCustomer', 'CreateCustomerPage'),
          link('View', '/TotalCustomer', 'AdminCustomerListPage'),
        ],
      },
      link('Requests', '/customerRequests', 'CustomerRequestsPage'),
      link('Cancel requests', '/cancelRequests', 'CancelRequestsPage'),
      link('Transaction', '/totalTransaction', 'TotalTransactionPage'),
      link('GST returns', '/GstReturns', 'GstReturnsPage'),
      link('Settlements', '/Settlements', 'SettlementsPage'),
      link('Stock', '/ProductStock', 'ProductStockPage'),
      {
        label: 'Employees',
        links: [
          link('Create', '/createEmployess', 'CreateEmployeePage'),
          link('View', '/viewEmployees', 'EmployeeListPage'),
          link('Permissions', '/employeePermissions', 'EmployeePermissionsPage'),
        ],
      },
      link('Delivery staff', '/deliveryStaff', 'DeliveryStaffPage'),
      link('Shops', '/shopList', 'ShopListPage'),
      link('Audit trail', '/auditTrail', 'AuditTrailPage'),
      link('Reviews', '/reviews', 'AdminReviewsPage'),
      link('Support inbox', '/supportInbox', 'SupportInboxPage'),
      link('Security settings', '/securitySettings', 'SecuritySettingsPage'),
      link('Tax settings', '/taxSettings', 'TaxSettingsPage'),
      link('Profile', ROLE_AREAS.admin.profilePath, 'ProfilePage'),
      LOGOUT('Logout'),
    ],
    otherPages: [
      // One customer's bills; the bare path opens the customer list to pick one.
      { path: '/TransactionDetails/:customerId', page: 'AdminTransactionPage' },
      { path: '/TransactionDetails', page: 'AdminTransactionIndex' },
    ],
  },
  employee: {
    role: 'employee',
    title: 'Employee',
    menu: [
      link('Home', '/employeeHome', 'EmployeeHomePage'),
      link('Total Customer', '/employeeTotalCustomer', 'EmployeeCustomerListPage'),
      link('Create Request', '/createRequest', 'CreateRequestPage', 'createCustomerRequests'),
      link('Profile', ROLE_AREAS.employee.profilePath, 'ProfilePage'),
      LOGOUT('Logout'),
    ],
    otherPages: [
      { path: '/employeeTransaction/:customerId', page: 'EmployeeTransactionPage' },
      { path: '/employeeTransaction', page: 'EmployeeTransactionIndex' },
    ],
  },
  support_admin: {
    role: 'support_admin',
    title: 'Support admin',
    menu: [
      link('Home', '/SupportAdminHome', 'ShopHomePage'),
      link('Profile', ROLE_AREAS.support_admin.profilePath, 'ProfilePage'),
      {
        label: 'Orders',
        links: [
          link('New Orders', '/SupportAdminNewOrder', 'NewOrdersPage'),
          link('Return Orders', '/SupportAdminReturnOrderInfo', 'ReturnOrdersPage'),
          link('Orders History', '/SupportAdminOrderHistory', 'OrderHistoryPage'),
        ],
      },
      {
        label: 'Stock',
        links: [
          link('New Product', '/SupportAdminAddNewProduct', 'NewProductPage'),
          link('Add Color', '/SupportAdminAddColor', 'AddColourPage'),
          link('Add Product', '/SupportAdminAddProduct', 'AddProductPage'),
          link('All Product', '/ShowSupportAdminAllProduct', 'AllStockPage'),
        ],
      },
      {
        label: 'Product Slider',
        links: [
          link('Add Info', '/SupportAdminAddToProductSlider', 'SliderAddInfoPage'),
          link('View info', '/SupportAdminShowSliderData', 'SliderViewInfoPage'),
        ],
      },
      link('Reviews', '/SupportAdminReviews', 'ShopReviewsPage'),
      LOGOUT('Log Out'),
    ],
    otherPages: [],
  },
  seller: {
    role: 'seller',
    title: 'Seller',
    menu: [
      link('Home', '/Home', 'ShopHomePage'),
      link('Profile', ROLE_AREAS.seller.profilePath, 'ProfilePage'),
      {
        label: 'Orders',
        links: [
          link('New Order', '/NewOrder', 'NewOrdersPage'),
          link('Order Status', '/OrderStatus', 'ReturnOrdersPage'),
          link('Order History', '/OrderHistory', 'OrderHistoryPage'),
        ],
      },
      {
        label: 'Stock',
        links: [
          link('New Product', '/addNewProduct', 'NewProductPage'),
          link('Add Color', '/addColors', 'AddColourPage'),
          link('Add Product', '/addProduct', 'AddProductPage'),
          link('All Product', '/ShowAllProduct', 'AllStockPage'),
        ],
      },
      // One page with the Add Info and View info tabs (the support admin has two menu entries).
      link('Product Slider', '/add_to_product_slider', 'ProductSliderPage'),
      link('Create Admin', '/SupportAdminRegistration', 'SupportAdminsPage'),
      link('Total Customer', '/AllCustomerInfo', 'ShopCustomersPage'),
      link('Statement', '/Statement', 'SellerStatementPage'),
      link('Reviews', '/ShopReviews', 'ShopReviewsPage'),
      link('Support', '/support', 'SellerSupportPage'),
      LOGOUT('Log out'),
    ],
    otherPages: [],
  },
  delivery: {
    role: 'delivery',
    title: 'Delivery',
    menu: [
      link('Home', '/deliveryBoyHome', 'DeliveryHomePage'),
      link('Profile', ROLE_AREAS.delivery.profilePath, 'ProfilePage'),
      link('New Delivery', '/Deliveryordermoredetails', 'NewDeliveriesPage'),
      link('Delivery History', '/DeliveryHistoryOrderDetails', 'DeliveryHistoryPage'),
      LOGOUT('Logout'),
    ],
    otherPages: [],
  },
};

/** True for a menu entry with sub-links. */
export function isAreaGroup(entry: AreaMenuEntry): entry is AreaGroup {
  return 'links' in entry;
}

/** True for the Logout entry. */
export function isLogoutEntry(entry: AreaMenuEntry): entry is { label: string; logout: true } {
  return 'logout' in entry;
}

/** Every link of an area's menu, groups flattened. */
export function areaLinks(area: AreaDefinition): AreaLink[] {
  return area.menu.flatMap((entry) =>
    isAreaGroup(entry) ? entry.links : isLogoutEntry(entry) ? [] : [entry],
  );
}

/** Every route of an area: its menu links, then the pages outside the menu. */
export function areaPages(area: AreaDefinition): AreaPage[] {
  return [...areaLinks(area), ...area.otherPages];
}
