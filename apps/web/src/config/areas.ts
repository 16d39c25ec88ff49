import type { Role } from '@bazaar/shared';

/** The roles with an area of their own (the customer's pages live in the storefront). */
export type StaffRole = Exclude<Role, 'customer'>;

/** What a menu link opens: the area's home, the profile, or a page still to be built. */
export type AreaPageKind = 'home' | 'profile' | 'pending';

export interface AreaLink {
  label: string;
  path: string;
  page: AreaPageKind;
  /** The page's own title when the menu label alone is unclear ("Create" under Customer). */
  title?: string;
}

export interface AreaGroup {
  label: string;
  links: AreaLink[];
}

export type AreaMenuEntry = AreaLink | AreaGroup | { label: string; logout: true };

export interface AreaDefinition {
  role: StaffRole;
  /** Shown in the shell's header: "Admin", "Seller centre". */
  title: string;
  /** Which later work brings the pending pages. */
  pendingWork: 'shop office' | 'back office';
  menu: AreaMenuEntry[];
}

const link = (label: string, path: string, page: AreaPageKind = 'pending', title?: string) =>
  title ? { label, path, page, title } : { label, path, page };

/**
 * The sidebar of every staff area, in the spec's order and with the spec's labels
 * (back-office.md section 2 for admin, employee, support admin and delivery; marketplace.md
 * section 2 for the seller).
 */
export const AREAS: Record<StaffRole, AreaDefinition> = {
  admin: {
    role: 'admin',
    title: 'Admin',
    pendingWork: 'back office',
    menu: [
      link('Home', '/adminHome', 'home'),
      {
        label: 'Customer',
        links: [
          link('Create', '/createCustomer', 'pending', 'Create customer'),
          link('View', '/TotalCustomer', 'pending', 'Total customers'),
        ],
      },
      link('Requests', '/customerRequests', 'pending', 'Customer requests'),
      link('Transaction', '/totalTransaction', 'pending', 'Total transaction'),
      link('Stock', '/ProductStock', 'pending', 'Product stock'),
      {
        label: 'Employees',
        links: [
          link('Create', '/createEmployess', 'pending', 'Create employee'),
          link('View', '/viewEmployees', 'pending', 'Total employees'),
        ],
      },
      link('Audit trail', '/auditTrail', 'pending', 'Audit trail'),
      link('Support inbox', '/supportInbox', 'pending', 'Support inbox'),
      link('Security settings', '/securitySettings', 'pending', 'Security settings'),
      link('Profile', '/AdminProfile', 'profile'),
      { label: 'Logout', logout: true },
    ],
  },
  employee: {
    role: 'employee',
    title: 'Employee',
    pendingWork: 'back office',
    menu: [
      link('Home', '/employeeHome', 'home'),
      link('Total Customer', '/employeeTotalCustomer'),
      link('Profile', '/employeeProfile', 'profile'),
      { label: 'Logout', logout: true },
    ],
  },
  support_admin: {
    role: 'support_admin',
    title: 'Support admin',
    pendingWork: 'shop office',
    menu: [
      link('Home', '/SupportAdminHome', 'home'),
      link('Profile', '/SupportAdminProfile', 'profile'),
      {
        label: 'Orders',
        links: [
          link('New Orders', '/SupportAdminNewOrder'),
          link('Return Orders', '/SupportAdminReturnOrderInfo'),
          link('Orders History', '/SupportAdminOrderHistory'),
        ],
      },
      {
        label: 'Stock',
        links: [
          link('New Product', '/SupportAdminAddNewProduct'),
          link('Add Color', '/SupportAdminAddColor'),
          link('Add Product', '/SupportAdminAddProduct'),
          link('All Product', '/ShowSupportAdminAllProduct'),
        ],
      },
      {
        label: 'Product Slider',
        links: [
          link('Add Info', '/SupportAdminAddToProductSlider', 'pending', 'Add product slider info'),
          link('View info', '/SupportAdminShowSliderData', 'pending', 'Product slider info'),
        ],
      },
      { label: 'Log Out', logout: true },
    ],
  },
  seller: {
    role: 'seller',
    title: 'Seller',
    pendingWork: 'shop office',
    menu: [
      link('Home', '/Home', 'home'),
      link('Profile', '/Profile', 'profile'),
      {
        label: 'Orders',
        links: [
          link('New Order', '/NewOrder'),
          link('Order Status', '/OrderStatus'),
          link('Order History', '/OrderHistory'),
        ],
      },
      {
        label: 'Stock',
        links: [
          link('New Product', '/addNewProduct'),
          link('Add Color', '/addColors'),
          link('Add Product', '/addProduct'),
          link('All Product', '/ShowAllProduct'),
        ],
      },
      link('Product Slider', '/add_to_product_slider'),
      link('Create Admin', '/SupportAdminRegistration', 'pending', 'Create support admin'),
      link('Total Customer', '/AllCustomerInfo'),
      link('Support', '/support'),
      { label: 'Log out', logout: true },
    ],
  },
  delivery: {
    role: 'delivery',
    title: 'Delivery',
    pendingWork: 'back office',
    menu: [
      link('Home', '/deliveryBoyHome', 'home'),
      link('Profile', '/DeliveryProfile', 'profile'),
      link('New Delivery', '/Deliveryordermoredetails'),
      link('Delivery History', '/DeliveryHistoryOrderDetails'),
      { label: 'Logout', logout: true },
    ],
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

/** The profile path of a role (`/CustomerProfile` for customers). */
export function profilePath(role: Role): string {
  if (role === 'customer') return '/CustomerProfile';
  return areaLinks(AREAS[role]).find((entry) => entry.page === 'profile')?.path ?? '/';
}
