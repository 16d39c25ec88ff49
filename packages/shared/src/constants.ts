/**
 * Business constants from the specification (docs/catalog.md). One place for each
 * list so the forms, the server's validation and the demo data all agree.
 */
import { CART_LINE_MAX_QUANTITY } from './storefront-constants.js';

// The constants the storefront's first download needs live in a module of their own, so the
// rest of this file (staff areas' lists and texts) is never part of that download
// (docs/performance.md).
export * from './storefront-constants.js';

/** Product categories (docs/catalog.md). */
export const PRODUCT_CATEGORIES = ['Men', 'Women', 'Kids(Boy)', 'Kids(Girls)'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Product styles (docs/catalog.md). */
export const PRODUCT_STYLES = ['Printed', 'Plain', 'Ripped', 'Formal'] as const;
export type ProductStyle = (typeof PRODUCT_STYLES)[number];

/** Product materials (docs/catalog.md). */
export const PRODUCT_MATERIALS = ['Cotton', 'Silk', 'Nylon', 'Denim'] as const;
export type ProductMaterial = (typeof PRODUCT_MATERIALS)[number];

/** Garment sizes with chest (inches) and length (cm) (docs/catalog.md). */
export const SIZES = [
  { label: 'XS', chestInches: 34, lengthCm: 85 },
  { label: 'S', chestInches: 36, lengthCm: 90 },
  { label: 'M', chestInches: 38, lengthCm: 95 },
  { label: 'L', chestInches: 40, lengthCm: 100 },
  { label: 'XL', chestInches: 42, lengthCm: 105 },
  { label: 'XXL', chestInches: 44, lengthCm: 110 },
  { label: '3XL', chestInches: 46, lengthCm: 115 },
  { label: '4XL', chestInches: 48, lengthCm: 120 },
] as const;
export const SIZE_LABELS = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'] as const;
export type SizeLabel = (typeof SIZE_LABELS)[number];

/** Where a product appears on the storefront's home page (docs/catalog.md). */
export const PLACEMENTS = ['normal', 'best_selling', 'new_arrivals'] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const PLACEMENT_LABELS: Record<Placement, string> = {
  normal: 'Normal',
  best_selling: 'Best selling',
  new_arrivals: 'New arrivals',
};

/** Shop categories a seller can register under (docs/catalog.md). */
export const SHOP_CATEGORIES = ['Cloth', 'Sport', 'Paint'] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

/** Genders offered at registration (docs/catalog.md). */
export const GENDERS = ['Male', 'Female', 'Transgender'] as const;

/** The marketplace serves one state and one country (docs/catalog.md). */
export const STATE = 'Bihar';
export const COUNTRY = 'India';

/** Product listing grid (docs/catalog.md). */
export const PRICE_SLIDER_DEFAULT_MIN_RUPEES = 0;
export const PRICE_SLIDER_DEFAULT_MAX_RUPEES = 10_000;
export const PRICE_SLIDER_MIN_GAP_RUPEES = 10;
export const DESCRIPTION_PREVIEW_CHARS = 15;

/** Home sliders (docs/catalog.md). */
export const SLIDER_AUTOPLAY_MS = 2000;

/** Cancellation window for lifestyle (clothing) goods, in days (docs/catalog.md). */
export const CANCELLATION_DAYS_LIFESTYLE = 7;

/** Sort orders of the product grid; 'offer' is the biggest percent off the MRP first. */
export const CATALOG_SORTS = ['newest', 'price_asc', 'price_desc', 'rating', 'offer'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Catalog paging limits. */
export const CATALOG_PAGE_SIZE_DEFAULT = 20;
export const CATALOG_PAGE_SIZE_MAX = 100;
export const CATALOG_SEARCH_MAX_CHARS = 100;
/** The grid's 'Discount' choices: at least this percent off the MRP (docs/catalog.md). */
export const MIN_DISCOUNT_CHOICES = [10, 20, 30, 40, 50] as const;
/** The largest `minDiscount` the grid's API takes (percent). */
export const MIN_DISCOUNT_MAX = 90;
export const SLIDER_LIST_LIMIT_MAX = 40;

/** Job titles of employees (docs/back-office-people.md). */
export const EMPLOYEE_JOB_TITLES = ['Karigar', 'Sales Man', 'Agent', 'Helper'] as const;
export type EmployeeJobTitle = (typeof EMPLOYEE_JOB_TITLES)[number];

/**
 * The employee actions an admin may allow or refuse per job title, in the table's column order.
 * Every other employee route (reading customers, bills, stock; printing) stays open to every
 * employee; the admin is never limited.
 */
export const EMPLOYEE_PERMISSIONS = [
  'createCustomerRequests',
  'editCustomers',
  'addPurchases',
  'takePayments',
  'closeBills',
  'requestBillCancels',
  'seeReports',
] as const;
export type EmployeePermission = (typeof EMPLOYEE_PERMISSIONS)[number];

/** Largest image upload (shop and product images), in bytes (5 MB, docs/platform.md). */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Captcha: 7 characters without look-alikes, single use, 5 minutes (docs/platform.md). */
export const CAPTCHA_LENGTH = 7;
export const CAPTCHA_TTL_SECONDS = 300;

/** Email one-time codes (6 digits, docs/platform.md). */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;

/** Sign-in lock-out: this many failures within the window lock the identifier for a while. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCK_SECONDS = 15 * 60;

/** Shopping (docs/shopping.md): limits per customer. */
export const WISHLIST_MAX_ITEMS = 100;
export const DELIVERY_ADDRESSES_MAX = 10;

/**
 * Statuses of an order and of each of its shipments (docs/orders.md "Model"),
 * in the order a shipment moves through them; `cancelled` and the return statuses branch off.
 * `payment_pending` is a Razorpay order created but not paid yet ("Awaiting payment" in My Orders
 * and in the shop's list).
 * Shop office (docs/shop-office.md): placed -> confirmed (accepted) -> packed ->
 * assigned (handed to a delivery staff member) -> shipped (picked up) -> out_for_delivery ->
 * delivered (customer's 4-digit code) or delivery_failed (reason; the shop may assign again or
 * cancel); return_requested -> return_approved -> returned (goods received, stock back) or
 * return_requested -> return_rejected.
 */
export const ORDER_STATUSES = [
  'payment_pending',
  'placed',
  'confirmed',
  'packed',
  'assigned',
  'shipped',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'cancelled',
  'return_requested',
  'return_approved',
  'return_rejected',
  'returned',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Labels of the statuses, as the status timeline shows them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  payment_pending: 'Awaiting payment',
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  assigned: 'Handed to delivery',
  shipped: 'Picked up',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  delivery_failed: 'Delivery failed',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  returned: 'Returned',
  refunded: 'Refunded',
};

/** Shipment statuses in which the customer may still cancel (everything before `shipped`). */
export const ORDER_CANCELLABLE_STATUSES = [
  'payment_pending',
  'placed',
  'confirmed',
  'packed',
] as const satisfies readonly OrderStatus[];

/** How an order is paid (docs/orders.md): cash on delivery always, Razorpay when configured. */
export const PAYMENT_METHODS = ['cod', 'razorpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where the money of an order stands. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Orders (docs/orders.md). */
export const ORDER_DELIVERY_DAYS = 5;
/**
 * The product page's delivery check (docs/catalog.md "Delivery check"): the fewest days a Bihar
 * delivery takes; the most is the promise an order is placed with (ORDER_DELIVERY_DAYS).
 */
export const DELIVERY_ESTIMATE_MIN_DAYS = 3;
export const ORDERS_PAGE_SIZE = 10;
export const RETURN_REASON_MIN_CHARS = 5;
export const RETURN_REASON_MAX_CHARS = 500;
/**
 * Unpaid Razorpay orders older than this are released (stock back, cancelled): the default of
 * ONLINE_PAYMENT_HOLD_MINUTES, long enough for Razorpay's checkout (docs/security.md).
 */
export const UNPAID_ORDER_RELEASE_MINUTES = 15;
/** The most online orders one customer may have waiting for payment at once. */
export const PENDING_PAYMENT_ORDERS_MAX = 2;
/**
 * The most units of one product one customer's orders waiting for payment may hold together:
 * the cart's per-line maximum, so one unpaid customer can never hold more than one cart line.
 */
export const PENDING_PAYMENT_UNITS_PER_PRODUCT_MAX = CART_LINE_MAX_QUANTITY;
/** Best selling counts delivered quantities over this many days (docs/orders.md). */
export const BEST_SELLING_WINDOW_DAYS = 90;

/*
 * Wholesale back office (docs/back-office-bills.md). Money is integer paise.
 */

/** What a bill line can sell (docs/back-office-bills.md). */
export const PURCHASE_ITEMS = [
  'Shirt-Box',
  'Shirt-Loose',
  'Shorts-Packing',
  'Shorts-Loose',
  'Shorts-Sports',
  'Trouser-Packing',
  'Trouser-Loose',
  'Trouser-Sports',
  'T-Shirt-Collar',
  'T-Shirt-Round-Neck',
  'T-Shirt-Round-Neck-Sports',
] as const;
export type PurchaseItem = (typeof PURCHASE_ITEMS)[number];
/** Quality grades of a bill line (docs/back-office-bills.md). */
export const PURCHASE_CATEGORIES = ['Silver', 'Golden', 'Diamond'] as const;
export type PurchaseCategory = (typeof PURCHASE_CATEGORIES)[number];
/** Who a bill line is for (docs/back-office-bills.md). */
export const PURCHASE_TYPES = ["Men's", 'Kids(Boy)'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
/** Sizes of a bill line (docs/back-office-bills.md): single sizes and size sets. */
export const PURCHASE_SIZES = [
  'S',
  'M',
  'L',
  'S,M,L',
  'XL',
  'XXL',
  '32',
  '34',
  '36',
  '32,34,36',
  'Free size',
] as const;
export type PurchaseSize = (typeof PURCHASE_SIZES)[number];
/**
 * The three groups of the total-transactions pie (docs/back-office-reports.md): item prefix ->
 * group.
 */
export const SALES_PIE_GROUPS = ['Shirt', 'Shorts', 'Trouser'] as const;

/** Bill statuses (docs/back-office-bills.md). */
export const BILL_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
/** Kinds of stock-ledger rows (docs/back-office-bills.md). */
export const STOCK_MOVEMENT_KINDS = [
  'opening',
  'add',
  'minus',
  'sale',
  'return',
  'restore',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** Page size of the back office's tables (docs/back-office-bills.md). */
export const BACK_OFFICE_PAGE_SIZE = 10;
/** Generated passwords (docs/back-office-people.md): length 8. */
export const GENERATED_PASSWORD_LENGTH = 8;
/** Toasts close after this many ms (docs/back-office-bills.md). */
export const TOAST_AUTO_CLOSE_MS = 3000;
/** Charts (docs/back-office-reports.md): the last 12 months; height 270, 320 under 400 px. */
export const CHART_MONTHS = 12;
export const CHART_HEIGHT = 270;
export const CHART_HEIGHT_NARROW = 320;
export const CHART_NARROW_BELOW_PX = 400;

/** The total-transactions date filter (docs/back-office-reports.md): label, number, unit. */
export const TRANSACTION_INTERVALS = [
  { label: 'Last one week', value: '7 DAY', count: 7, unit: 'DAY' },
  { label: 'Last 15 days', value: '15 DAY', count: 15, unit: 'DAY' },
  { label: 'Last one month', value: '1 MONTH', count: 1, unit: 'MONTH' },
  { label: 'Last three month', value: '3 MONTH', count: 3, unit: 'MONTH' },
  { label: 'Last six month', value: '6 MONTH', count: 6, unit: 'MONTH' },
  { label: 'Last nine month', value: '9 MONTH', count: 9, unit: 'MONTH' },
  { label: 'Last one year', value: '1 YEAR', count: 1, unit: 'YEAR' },
  { label: 'Last two year', value: '2 YEAR', count: 2, unit: 'YEAR' },
  { label: 'Last three year', value: '3 YEAR', count: 3, unit: 'YEAR' },
] as const;
export type TransactionInterval = (typeof TRANSACTION_INTERVALS)[number]['value'];

/** Back-office texts, word for word, spelling fixed (docs/platform.md "Texts"). */
export const BACK_OFFICE_MESSAGES = {
  customerCreated: 'Customer created successfully',
  customerCreatedTitle: 'Confirmed',
  employeeCreated: 'Employee created successfully',
  purchased: 'Purchased successfully',
  purchaseNotDone: 'Purchase not done',
  paymentTooLarge: 'Receive amount less than or equal to amount',
  closeBillAllowed: 'If you want to close this bill, Then press yes button.',
  /** {total} and {received} are en-IN rupee amounts. */
  closeBillRefused: (total: string, received: string) =>
    `You can't close this bill because bill amount ${total} greater than received amount ${received}.`,
  stockDataNotFound: 'Data Not Found',
  listDataNotAvailable: 'Data not available',
} as const;

/*
 * Shop office (docs/shop-office.md): the seller's and support admin's catalog, orders and delivery.
 */

/** Product images per product and their limit (docs/shop-catalog.md). */
export const PRODUCT_IMAGES_MAX = 6;
/** Delivery code the customer tells the delivery staff member (docs/delivery.md). */
export const DELIVERY_CODE_LENGTH = 4;
/** Support admin job titles a seller can give (docs/shop-office.md). */
export const SUPPORT_ADMIN_TITLES = ['Order manager', 'Stock manager', 'Support'] as const;
