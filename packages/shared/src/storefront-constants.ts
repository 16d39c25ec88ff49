/**
 * The constants the storefront's first download uses (the shell, the home page, the browser's
 * cart), re-exported by constants.ts. A module of their own: a bundler places a module's used
 * exports wherever the module goes, so had they stayed in constants.ts, every staff area's list
 * and text used by any lazy chunk would have been part of that download (docs/performance.md).
 */

/** Home sliders (docs/catalog.md). */
export const SLIDER_CARDS_VISIBLE = 4;

/** The six items of the home page's service strip (docs/catalog.md). */
export const SERVICE_STRIP = [
  'Quality assurance',
  'Best price',
  'Customer trust',
  'Fast delivery',
  'Easy to use',
  'Services & support',
] as const;

/** How many products a home slider asks for unless told otherwise. */
export const SLIDER_LIST_LIMIT_DEFAULT = 12;

/** Error texts used by more than one screen (docs/platform.md "Errors"). */
export const MESSAGES = {
  technicalErrorTitle: 'Oh snap! You got an error!!',
  technicalError:
    'Due to technical issue , We cannot process your request now. Please try after some time.',
  otpNotSent: 'Due to technical issue, OTP Not Sent.',
} as const;

/**
 * The six kinds of account (docs/accounts.md). A
 * seller owns a shop; a support admin works for one shop, created by its seller.
 */
export const ROLES = [
  'customer',
  'seller',
  'support_admin',
  'admin',
  'employee',
  'delivery',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Where each role signs in, where it lands afterwards and where its profile is (web routes,
 * docs/accounts.md "Roles and areas"). The staff areas' menus link these profile paths.
 */
export const ROLE_AREAS: Record<
  Role,
  { label: string; loginPath: string; homePath: string; profilePath: string }
> = {
  customer: {
    label: 'Customer',
    loginPath: '/CustomerLogin',
    homePath: '/',
    profilePath: '/CustomerProfile',
  },
  seller: {
    label: 'Seller',
    loginPath: '/SellerLogin',
    homePath: '/Home',
    profilePath: '/Profile',
  },
  support_admin: {
    label: 'Support admin',
    loginPath: '/SupportAdminLogin',
    homePath: '/SupportAdminHome',
    profilePath: '/SupportAdminProfile',
  },
  admin: {
    label: 'Admin',
    loginPath: '/adminLogin',
    homePath: '/adminHome',
    profilePath: '/AdminProfile',
  },
  employee: {
    label: 'Employee',
    loginPath: '/employeeLogin',
    homePath: '/employeeHome',
    profilePath: '/employeeProfile',
  },
  delivery: {
    label: 'Delivery',
    loginPath: '/deliveryboy',
    homePath: '/deliveryBoyHome',
    profilePath: '/DeliveryProfile',
  },
};

/** Shopping (docs/shopping.md): limits per customer. */
export const CART_LINE_MAX_QUANTITY = 10;
export const CART_MAX_LINES = 50;

/**
 * The business's support contact (the storefront's footer and contact page, the staff areas'
 * Support button; docs/catalog.md). One constant: the web's footer, contact page and Support
 * dialogs, and `GET /api/support/contact`, all show this.
 */
export const SUPPORT_CONTACT = {
  phone: { display: '+91 612 222 0444', href: 'tel:+916122220444' },
  email: 'care@bazaartextiles.in',
  office: {
    lines: ['Bazaar Textiles', 'Ashok Rajpath', 'Patna, Bihar 800004'],
    oneLine: 'Bazaar Textiles, Ashok Rajpath, Patna, Bihar 800004',
  },
  hours: 'Monday to Saturday, 10 am to 7 pm',
} as const;
