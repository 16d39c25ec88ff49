import { asc, desc, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPLOYEE_JOB_TITLES,
  INVOICEABLE_SHIPMENT_STATUSES,
  permissionRefusal,
  indianDateOf,
  type BillDetail,
  type EmployeePermission,
  type ErrorCode,
  type OrderStatus,
  type Role,
} from '@bazaar/shared';
import {
  addresses,
  bills,
  cartItems,
  colours,
  companies,
  contactMessages,
  backgroundJobs,
  customerRequests,
  employeeProfiles,
  orderItems,
  orders,
  productImages,
  productNames,
  productReviews,
  products,
  refunds,
  sessions,
  shipments,
  users,
  wholesaleCustomers,
  wishlistItems,
} from '../../../src/db/schema/index.js';
import {
  registerAccessControl,
  type AccessRule,
  type AuthUser,
} from '../../../src/platform/access.js';
import { issueMissingShipmentDocuments } from '../../../src/modules/orders/index.js';
import { registerErrorHandling } from '../../../src/platform/errors.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { backgroundJobsDone } from '../../support/background-jobs.js';
import { changedTables, fingerprintTables, publicTables } from '../../support/db-fingerprint.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../../support/test-app.js';
import { insertStockRow, insertWholesaleCustomer } from '../bills/bills-test-support.js';
import { customerInput, employeeInput, multipart } from '../customers/people-test-support.js';
import { createStaff } from '../fulfilment/shop-office-test-support.js';
import { createCustomer } from '../orders/orders-test-support.js';

/*
 * An authorisation test that walks every route in the OpenAPI document with no session and with
 * each role, and asserts who is let in: it fails when a new route forgets its guard.
 * docs/accounts.md, "Authorisation", describes the model.
 *
 * How a forgotten guard is caught:
 * - a route that declares no `config.access` stops start-up (last describe block);
 * - a route in the OpenAPI document but not in EXPECTED_ACCESS fails "every operation ... has an
 *   entry" — whoever adds a route writes down here who may call it;
 * - a route whose declaration differs from EXPECTED_ACCESS (or SHOP_SCOPED) fails "every entry
 *   matches ...", and a guarded route hidden from the OpenAPI document fails the same test;
 * - the matrix then calls every listed route as every caller and checks the answers.
 */

/**
 * Who may call each route of the OpenAPI document, keyed 'METHOD /api/path/{param}'. This is the
 * table reviewers read: add every new route here, with the access it should have.
 */
const EXPECTED_ACCESS: Record<string, 'public' | 'signed-in' | readonly Role[]> = {
  // Platform
  'GET /api/health': 'public',

  // Catalog (docs/catalog.md)
  'GET /api/products': 'public',
  'GET /api/products/best-selling': 'public',
  'GET /api/products/new-arrivals': 'public',
  'GET /api/products/{productId}': 'public',
  'GET /api/products/filter-options': 'public',
  'GET /api/shops/{shopId}': 'public',
  'GET /api/pincodes/{pincode}/delivery': 'public',

  // Contact US
  'POST /api/contact-messages': 'public',

  // Sign-in, registration, email verification and password reset (docs/accounts.md)
  'POST /api/captchas': 'public',
  'GET /api/auth/session': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/email-availability': 'public',
  'POST /api/auth/registration-otp': 'public',
  'POST /api/auth/register/customer': 'public',
  'POST /api/auth/register/seller': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email-change': 'public',
  'POST /api/auth/resend-verification': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/pincodes/{pincode}': 'public',

  // Own account
  'GET /api/account/profile': 'signed-in',
  'GET /api/account/email-change': 'signed-in',
  'PATCH /api/account/profile': 'signed-in',
  'POST /api/account/verify-password': 'signed-in',
  'POST /api/account/change-password': 'signed-in',
  // Two-factor sign-in for staff (docs/accounts.md)
  'GET /api/account/two-factor': ['admin', 'seller', 'support_admin'],
  'POST /api/account/two-factor/setup': ['admin', 'seller', 'support_admin'],
  'POST /api/account/two-factor/confirm': ['admin', 'seller', 'support_admin'],
  'POST /api/account/two-factor/disable': ['admin', 'seller', 'support_admin'],
  'POST /api/account/two-factor/recovery-codes': ['admin', 'seller', 'support_admin'],
  'POST /api/auth/login/two-factor': 'public',
  'GET /api/admin/security-settings': ['admin'],
  'PUT /api/admin/security-settings': ['admin'],
  // Signed-in browsers (modules/sessions; docs/accounts.md "Sessions")
  'GET /api/account/sessions': 'signed-in',
  'POST /api/account/sessions/{sessionId}/end': 'signed-in',
  'POST /api/account/sessions/end-others': 'signed-in',
  'POST /api/admin/users/{userId}/sessions/end': ['admin'],
  'POST /api/admin/sessions/end-all': ['admin'],
  'GET /api/admin/accounts': ['admin'],
  'POST /api/admin/users/{userId}/two-factor/reset': ['admin'],

  // Seller without a shop adds it (so it is deliberately not shop-scoped)
  'POST /api/seller/shop-details': ['seller'],

  // Shopping: cart, wishlist, delivery addresses (docs/shopping.md)
  'GET /api/cart': ['customer'],
  'POST /api/cart/items': ['customer'],
  'PATCH /api/cart/items/{productId}': ['customer'],
  'DELETE /api/cart/items/{productId}': ['customer'],
  'POST /api/cart/merge': ['customer'],
  // A visitor's browser cart, priced from public product data (docs/shopping.md "Guest cart").
  'POST /api/cart/preview': 'public',
  'GET /api/wishlist': ['customer'],
  'PUT /api/wishlist/items/{productId}': ['customer'],
  'DELETE /api/wishlist/items/{productId}': ['customer'],
  'POST /api/wishlist/items/{productId}/move-to-cart': ['customer'],
  'GET /api/addresses': ['customer'],
  'POST /api/addresses': ['customer'],
  'PATCH /api/addresses/{addressId}': ['customer'],
  'DELETE /api/addresses/{addressId}': ['customer'],
  'POST /api/addresses/{addressId}/default': ['customer'],

  // Orders: place (cash on delivery), My Orders, cancel, return (docs/orders.md)
  'POST /api/orders': ['customer'],
  'GET /api/orders': ['customer'],
  'GET /api/orders/{orderId}': ['customer'],
  'POST /api/orders/{orderId}/cancel': ['customer'],
  'POST /api/orders/{orderId}/shipments/{shipmentId}/return': ['customer'],
  'POST /api/orders/{orderId}/shipments/{shipmentId}/cancel': ['customer'],
  'POST /api/orders/{orderId}/cancel-payment': ['customer'],

  // Online payment with Razorpay (docs/orders.md "Razorpay"). The webhook is
  // public: Razorpay signs it (X-Razorpay-Signature), it has no session.
  'GET /api/payments/config': 'public',
  'POST /api/orders/razorpay': ['customer'],
  'POST /api/orders/razorpay/confirm': ['customer'],
  'POST /api/orders/{orderId}/razorpay': ['customer'],
  'POST /api/webhooks/razorpay': 'public',

  // Document data for the PDFs (docs/documents.md)
  'GET /api/documents/bills/{billId}/invoice': ['admin', 'employee'],
  'GET /api/documents/bills/{billId}/payments': ['admin', 'employee'],
  'GET /api/documents/customers/{customerId}/summary': ['admin', 'employee'],
  'GET /api/documents/customers/{customerId}/payments': ['admin', 'employee'],
  'GET /api/documents/payments/{paymentId}/receipt': ['admin', 'employee'],
  'GET /api/documents/orders/{orderId}/shipments/{shipmentId}/invoice': ['customer'],

  // Wholesale bills and product stock (docs/back-office-bills.md)
  'GET /api/customers/{customerId}/bills': ['admin', 'employee'],
  'POST /api/customers/{customerId}/bills': ['admin', 'employee'],
  'GET /api/customers/{customerId}/payments': ['admin', 'employee'],
  'POST /api/customers/{customerId}/payments': ['admin', 'employee'],
  'GET /api/payments/{paymentId}': ['admin', 'employee'],
  'POST /api/payments/{paymentId}/bounce': ['admin'],
  'GET /api/bills/{billId}': ['admin', 'employee'],
  'POST /api/bills/{billId}/payments': ['admin', 'employee'],
  'POST /api/bills/{billId}/close': ['admin', 'employee'],
  'POST /api/bills/{billId}/cancel': ['admin'],
  // An employee's cancel waits for the admin (docs/back-office-bills.md "Cancel requests")
  'POST /api/bills/{billId}/cancel-requests': ['employee'],
  'GET /api/bills/{billId}/cancel-requests': ['admin', 'employee'],
  'GET /api/bill-cancel-requests': ['admin'],
  'POST /api/bill-cancel-requests/{requestId}/approve': ['admin'],
  'POST /api/bill-cancel-requests/{requestId}/reject': ['admin'],
  'GET /api/stock': ['admin', 'employee'],
  'POST /api/stock': ['admin'],
  'POST /api/stock/{stockItemId}/adjust': ['admin'],
  'PATCH /api/stock/{stockItemId}': ['admin'],
  'GET /api/stock/sku/{sku}': ['admin', 'employee'],
  'GET /api/stock/{stockItemId}/movements': ['admin', 'employee'],
  // Back office people: customers, customer requests, employees, audit trail
  // (docs/back-office-people.md)
  'POST /api/customers': ['admin'],
  'GET /api/customers': ['admin', 'employee'],
  'GET /api/customers/summary': ['admin', 'employee'],
  'GET /api/customers/{customerId}': ['admin', 'employee'],
  'PATCH /api/customers/{customerId}': ['admin', 'employee'],
  'POST /api/customer-requests': ['employee'],
  'GET /api/customer-requests': ['admin'],
  'GET /api/customer-requests/mine': ['employee'],
  'POST /api/customer-requests/{requestId}/approve': ['admin'],
  'POST /api/customer-requests/{requestId}/reject': ['admin'],
  'POST /api/employees': ['admin'],
  'GET /api/employees': ['admin'],
  'POST /api/employees/{employeeId}/disable': ['admin'],
  'GET /api/employees/{employeeId}/id-proof': ['admin'],
  // What each employee job title may do (docs/back-office-people.md "Roles and permissions")
  'GET /api/employee-permissions': ['admin'],
  'PUT /api/employee-permissions': ['admin'],
  'POST /api/delivery-staff': ['admin'],
  'GET /api/delivery-staff': ['admin'],
  'POST /api/delivery-staff/{deliveryStaffId}/disable': ['admin'],
  // The business's shop fields on the admin profile and the admin's shop list
  'GET /api/business-profile': ['admin'],
  'PATCH /api/business-profile': ['admin'],
  'GET /api/shops': ['admin'],
  'GET /api/audit': ['admin'],
  // Admin dashboard and total transactions (docs/back-office-reports.md)
  'GET /api/reports/dashboard': ['admin'],
  'GET /api/reports/transactions': ['admin'],
  // Shop office orders, support admins, customers; support (docs/shop-office.md)
  'GET /api/shop/summary': ['seller', 'support_admin'],
  'GET /api/shop/orders': ['seller', 'support_admin'],
  'GET /api/shop/orders/{shipmentId}': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/accept': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/pack': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/assign': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/cancel': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/return/approve': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/return/reject': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/return/receive': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/refund/paid': ['seller', 'support_admin'],
  'POST /api/shop/orders/{shipmentId}/refund/retry': ['seller', 'support_admin'],
  'GET /api/shop/delivery-staff': ['seller', 'support_admin'],
  'GET /api/shop/customers': ['seller'],
  'POST /api/shop/support-admins': ['seller'],
  'GET /api/shop/support-admins': ['seller'],
  'POST /api/shop/support-admins/{userId}/disable': ['seller'],
  'GET /api/support/contact': 'public',
  'GET /api/support/messages': ['admin'],
  'POST /api/support/messages/{id}/read': ['admin'],
  // Shop catalog (docs/shop-catalog.md): lists, products, images, placement
  'GET /api/shop/colours': ['seller', 'support_admin'],
  'POST /api/shop/colours': ['seller', 'support_admin'],
  'DELETE /api/shop/colours/{id}': ['seller', 'support_admin'],
  'GET /api/shop/companies': ['seller', 'support_admin'],
  'POST /api/shop/companies': ['seller', 'support_admin'],
  'DELETE /api/shop/companies/{id}': ['seller', 'support_admin'],
  'GET /api/shop/product-names': ['seller', 'support_admin'],
  'POST /api/shop/product-names': ['seller', 'support_admin'],
  'DELETE /api/shop/product-names/{id}': ['seller', 'support_admin'],
  'POST /api/shop/products': ['seller', 'support_admin'],
  'GET /api/shop/products': ['seller', 'support_admin'],
  'GET /api/shop/products/filters': ['seller', 'support_admin'],
  'GET /api/shop/products/{id}': ['seller', 'support_admin'],
  'PATCH /api/shop/products/{id}': ['seller', 'support_admin'],
  'DELETE /api/shop/products/{id}': ['seller', 'support_admin'],
  'GET /api/shop/products/{id}/images': ['seller', 'support_admin'],
  'POST /api/shop/products/{id}/images': ['seller', 'support_admin'],
  'DELETE /api/shop/products/{id}/images/{imageId}': ['seller', 'support_admin'],
  'PUT /api/shop/products/{id}/placement': ['seller', 'support_admin'],
  'POST /api/shop/designs': ['seller', 'support_admin'],
  'GET /api/shop/designs/{designId}': ['seller', 'support_admin'],
  'PUT /api/shop/designs/{designId}': ['seller', 'support_admin'],
  'POST /api/shop/designs/{designId}/images': ['seller', 'support_admin'],
  'GET /api/shop/low-stock-threshold': ['seller', 'support_admin'],
  'PUT /api/shop/low-stock-threshold': ['seller', 'support_admin'],
  'GET /api/shop/slider': ['seller', 'support_admin'],
  // Ratings and reviews (docs/reviews.md): the product page's list is public; the buyer writes,
  // any customer marks helpful, the shop office replies, the admin hides.
  'GET /api/products/{productId}/reviews': 'public',
  'GET /api/orders/{orderId}/reviews': ['customer'],
  'POST /api/order-items/{orderItemId}/review': ['customer'],
  'POST /api/reviews/{reviewId}/helpful': ['customer'],
  'GET /api/shop/reviews': ['seller', 'support_admin'],
  'POST /api/shop/reviews/{reviewId}/reply': ['seller', 'support_admin'],
  'GET /api/admin/reviews': ['admin'],
  'POST /api/admin/reviews/{reviewId}/hide': ['admin'],
  'POST /api/admin/reviews/{reviewId}/unhide': ['admin'],
  // Delivery staff area (docs/delivery.md): only the shipments handed to me
  'GET /api/delivery/summary': ['delivery'],
  'GET /api/delivery/shipments': ['delivery'],
  'GET /api/delivery/shipments/{shipmentId}': ['delivery'],
  'POST /api/delivery/shipments/{shipmentId}/pick-up': ['delivery'],
  'POST /api/delivery/shipments/{shipmentId}/out-for-delivery': ['delivery'],
  'POST /api/delivery/shipments/{shipmentId}/deliver': ['delivery'],
  'POST /api/delivery/shipments/{shipmentId}/fail': ['delivery'],
  'GET /api/delivery/cash': ['delivery'],
  // GST documents of the wholesale business (docs/gst.md): credit notes, GSTR-1, e-invoices and
  // the turnover setting. Only admins change what was issued or report it; employees may read
  // an issued credit note and download an e-invoice JSON.
  'POST /api/bills/{billId}/credit-notes': ['admin'],
  'GET /api/credit-notes/{documentId}': ['admin', 'employee'],
  'GET /api/gst-returns/gstr1/summary': ['admin'],
  'GET /api/gst-returns/gstr1/json': ['admin'],
  'GET /api/gst-returns/gstr1/csv': ['admin'],
  'GET /api/settings/tax': ['admin'],
  'PUT /api/settings/tax': ['admin'],
  'GET /api/tax-documents/{documentId}/e-invoice': ['admin', 'employee'],
  'PUT /api/tax-documents/{documentId}/irn': ['admin'],
  // Seller settlements (docs/settlements.md): the seller's own statement; money totals are not
  // the support admins'. The admin sees every shop's balance and marks payouts.
  'GET /api/shop/settlements/statement': ['seller'],
  'GET /api/shop/settlements/statement.csv': ['seller'],
  'GET /api/settlements/shops': ['admin'],
  'GET /api/settlements/shops/{shopId}/statement': ['admin'],
  'POST /api/settlements/shops/{shopId}/payouts': ['admin'],
  'GET /api/settlements/gstr8.csv': ['admin'],
  'GET /api/settlements/rates': ['admin'],
  'POST /api/settlements/rates': ['admin'],
  // Accountant's exports (docs/back-office-reports.md "Exports"): whoever sees the reports.
  'GET /api/exports/bills': ['admin'],
  'GET /api/exports/payments': ['admin'],
  'GET /api/exports/customers': ['admin'],
  'GET /api/exports/stock': ['admin'],
  'GET /api/exports/tally': ['admin'],
  // Customer ledger (docs/back-office-ledger.md): the back office, as the bills; the ageing of
  // every customer's dues is the admin home's.
  'GET /api/customers/{customerId}/ledger': ['admin', 'employee'],
  'GET /api/customers/{customerId}/statement': ['admin', 'employee'],
  'GET /api/customers/{customerId}/statement/pdf': ['admin', 'employee'],
  'GET /api/customers/{customerId}/statement/csv': ['admin', 'employee'],
  'GET /api/customers/{customerId}/credit-check': ['admin', 'employee'],
  'GET /api/ledger/ageing': ['admin'],

  // "My bills" (docs/back-office-ledger.md "The customer's own view"): the signed-in wholesale
  // customer's own bills, ledger and statements.
  'GET /api/my/wholesale': ['customer'],
  'GET /api/my/wholesale/bills': ['customer'],
  'GET /api/my/wholesale/bills/{billId}': ['customer'],
  'GET /api/my/wholesale/bills/{billId}/invoice': ['customer'],
  'GET /api/my/wholesale/ledger': ['customer'],
  'GET /api/my/wholesale/statement': ['customer'],
  'GET /api/my/wholesale/statement/pdf': ['customer'],
  'GET /api/my/wholesale/statement/csv': ['customer'],
  'GET /api/my/wholesale/payments/{paymentId}/receipt': ['customer'],
  'GET /api/my/wholesale/credit-notes/{documentId}': ['customer'],
  // Sharing (docs/documents.md "Sharing"): the back office mints and mails links; the PDF behind
  // a link is public, its signed token being the permission (a made-up one is refused: 404/403).
  'POST /api/share/links': ['admin', 'employee'],
  'POST /api/share/mail': ['admin', 'employee'],
  'GET /api/shared/{file}': 'public',
  'PUT /api/settlements/shops/{shopId}/pan': ['admin'],
  // Refunds Razorpay refused (docs/refunds.md "Retrying a failed refund"): the admin's list.
  'GET /api/refunds/failed': ['admin'],
  'POST /api/refunds/{refundId}/retry': ['admin'],
};

/**
 * A well-formed query of the routes that refuse a request without one, so the matrix (and the
 * GET check) reaches their handler, not only their validation. The current month.
 */
const QUERIES: Record<string, () => string> = {
  'GET /api/gst-returns/gstr1/summary': () => `period=${thisMonth()}`,
  'GET /api/gst-returns/gstr1/json': () => `period=${thisMonth()}`,
  'GET /api/gst-returns/gstr1/csv': () => `period=${thisMonth()}&section=b2b`,
  'GET /api/shop/settlements/statement': () => `month=${thisMonth()}`,
  'GET /api/shop/settlements/statement.csv': () => `month=${thisMonth()}`,
  'GET /api/settlements/shops/{shopId}/statement': () => `month=${thisMonth()}`,
  'GET /api/settlements/gstr8.csv': () => `month=${thisMonth()}`,
  'GET /api/exports/bills': () => `format=csv&from=${thisMonth()}-01&to=${thisMonth()}-01`,
  'GET /api/exports/payments': () => `format=xlsx&from=${thisMonth()}-01&to=${thisMonth()}-01`,
  'GET /api/exports/customers': () => 'format=csv',
  'GET /api/exports/stock': () => 'format=xlsx',
  'GET /api/exports/tally': () => `month=${thisMonth()}`,
  'GET /api/customers/{customerId}/statement': () =>
    `from=${indianDateOf(new Date())}&to=${indianDateOf(new Date())}`,
  'GET /api/customers/{customerId}/statement/csv': () =>
    `from=${indianDateOf(new Date())}&to=${indianDateOf(new Date())}`,
  'GET /api/customers/{customerId}/statement/pdf': () =>
    `from=${indianDateOf(new Date())}&to=${indianDateOf(new Date())}`,
  'GET /api/customers/{customerId}/credit-check': () => 'amountPaise=100',
};

/** The Indian calendar month of today, `YYYY-MM`. */
function thisMonth(): string {
  return indianDateOf(new Date()).slice(0, 7);
}

/**
 * Routes of EXPECTED_ACCESS that also require the caller's shop (`config.shopScoped`): a seller
 * without a shop gets 403 'You need to submit shop details to continue...'.
 */
const SHOP_SCOPED: ReadonlySet<string> = new Set<string>([
  // Shop office orders and support admins (docs/shop-office.md)
  'GET /api/shop/summary',
  'GET /api/shop/orders',
  'GET /api/shop/orders/{shipmentId}',
  'POST /api/shop/orders/{shipmentId}/accept',
  'POST /api/shop/orders/{shipmentId}/pack',
  'POST /api/shop/orders/{shipmentId}/assign',
  'POST /api/shop/orders/{shipmentId}/cancel',
  'POST /api/shop/orders/{shipmentId}/return/approve',
  'POST /api/shop/orders/{shipmentId}/return/reject',
  'POST /api/shop/orders/{shipmentId}/return/receive',
  'POST /api/shop/orders/{shipmentId}/refund/paid',
  'POST /api/shop/orders/{shipmentId}/refund/retry',
  'GET /api/shop/delivery-staff',
  'GET /api/shop/customers',
  'GET /api/shop/settlements/statement',
  'GET /api/shop/settlements/statement.csv',
  'POST /api/shop/support-admins',
  'GET /api/shop/support-admins',
  'POST /api/shop/support-admins/{userId}/disable',
  // Shop catalog (docs/shop-catalog.md)
  'GET /api/shop/colours',
  'POST /api/shop/colours',
  'DELETE /api/shop/colours/{id}',
  'GET /api/shop/companies',
  'POST /api/shop/companies',
  'DELETE /api/shop/companies/{id}',
  'GET /api/shop/product-names',
  'POST /api/shop/product-names',
  'DELETE /api/shop/product-names/{id}',
  'POST /api/shop/products',
  'GET /api/shop/products',
  'GET /api/shop/products/filters',
  'GET /api/shop/products/{id}',
  'PATCH /api/shop/products/{id}',
  'DELETE /api/shop/products/{id}',
  'GET /api/shop/products/{id}/images',
  'POST /api/shop/products/{id}/images',
  'DELETE /api/shop/products/{id}/images/{imageId}',
  'PUT /api/shop/products/{id}/placement',
  'GET /api/shop/slider',
  'POST /api/shop/designs',
  'GET /api/shop/designs/{designId}',
  'PUT /api/shop/designs/{designId}',
  'POST /api/shop/designs/{designId}/images',
  'GET /api/shop/low-stock-threshold',
  'PUT /api/shop/low-stock-threshold',
  // Reviews of the shop's products (docs/reviews.md)
  'GET /api/shop/reviews',
  'POST /api/shop/reviews/{reviewId}/reply',
]);

/**
 * Routes of EXPECTED_ACCESS an employee may call only when their job title has the permission
 * (`config.permission`, docs/back-office-people.md "Roles and permissions"): an employee whose
 * title lacks it gets 403 'Your role (Karigar) may not ...'; the admin is never limited.
 */
const PERMISSIONS: Readonly<Record<string, EmployeePermission>> = {
  'POST /api/customers/{customerId}/bills': 'addPurchases',
  'POST /api/customers/{customerId}/payments': 'takePayments',
  'POST /api/bills/{billId}/payments': 'takePayments',
  'POST /api/bills/{billId}/close': 'closeBills',
  'POST /api/bills/{billId}/cancel-requests': 'requestBillCancels',
  'PATCH /api/customers/{customerId}': 'editCustomers',
  'POST /api/customer-requests': 'createCustomerRequests',
  'GET /api/customers/{customerId}/ledger': 'seeReports',
  'GET /api/customers/{customerId}/statement': 'seeReports',
  'GET /api/customers/{customerId}/statement/csv': 'seeReports',
  'GET /api/customers/{customerId}/statement/pdf': 'seeReports',
};

/**
 * Operations that end the caller's session. The matrix calls them with a session signed in for
 * that call alone, so the callers' shared sessions survive for the other routes.
 */
const SESSION_ENDING: ReadonlySet<string> = new Set(['POST /api/auth/logout']);

/**
 * Admitted callers whose answer is 401 or 403 for a business reason, not the guard (each with
 * why). The matrix expects exactly this answer instead of "neither 401 nor 403".
 */
const BUSINESS_REFUSALS: Record<
  string,
  Partial<Record<CallerName, { status: 401 | 403; code: ErrorCode }>>
> = {
  // None so far. `POST /api/auth/login` answers 401 for a wrong password, but the matrix sends
  // an empty body, which is refused by validation first (400).
};

/**
 * Own and other records (docs/accounts.md "Authorisation"): every route whose path names a record
 * (an id of a product, order, shipment, address, bill...) says here how to make a fresh record of a
 * party and what its callers get. The matrix calls each such route as each admitted caller twice:
 * on a record of the caller's own party (the customer, the caller's shop, the delivery person, the
 * wholesale business), which must work (2xx, or the answer `own` declares), and on the same kind of
 * record of the other party (customer Y, the other shop, the other delivery person), which must
 * answer 404 and change no table. 'not a record' marks path parameters that name public data. A
 * route with a path parameter that is missing here fails "every route with a path parameter has a
 * RECORDS entry".
 */
const RECORDS: Record<string, RecordRule | 'not a record'> = {
  // The admin reads and pays any shop (a fresh shop, owed nothing: a payout is refused 422)
  'GET /api/settlements/shops/{shopId}/statement': {
    make: async () => ({ shopId: await insertShop(ctx.database.db) }),
  },
  'POST /api/settlements/shops/{shopId}/payouts': {
    make: async () => ({ shopId: await insertShop(ctx.database.db) }),
    body: () => ({
      amountPaise: 100,
      utr: `UTR${String(Date.now()).padStart(13, '0')}`,
      paidOn: indianDateOf(new Date()),
    }),
    own: 422,
  },
  // The admin records the PAN of any shop (a fresh one, without GSTIN) and retries any failed
  // refund (one of shop A here)
  'PUT /api/settlements/shops/{shopId}/pan': {
    make: async () => ({ shopId: await insertShop(ctx.database.db) }),
    body: () => ({ pan: 'ABCPK1234Q' }),
  },
  'POST /api/refunds/{refundId}/retry': {
    make: async () => ({ refundId: await failedRazorpayRefund(world.shopA) }),
    after: dropRefundStartJobs,
  },
  // My own sessions vs another account's; the admin ends any account's (a fresh one here)
  'POST /api/account/sessions/{sessionId}/end': {
    make: session,
    body: () => ({ password: DEMO_PASSWORD }),
  },
  'POST /api/admin/users/{userId}/sessions/end': {
    make: async () => ({ userId: await insertUser('customer', null) }),
  },
  // A fresh seller without two-step sign-in: the reset finds the account and says it is off.
  'POST /api/admin/users/{userId}/two-factor/reset': {
    make: async () => ({ userId: await insertUser('seller', null) }),
    own: 409,
  },

  // Record ids in the body: checking out to another customer's saved address
  'POST /api/orders': {
    make: address,
    prepare: async (caller) => {
      await cartLine(caller);
    },
    body: (ids) => ({ addressId: ids.addressId, paymentMethod: 'cod' }),
    own: 201,
  },
  // ('POST /api/orders/razorpay' takes an addressId too, but this app has no Razorpay keys: 503.)

  // Public catalog and reference data: everyone's.
  'GET /api/products/{productId}': 'not a record',
  'GET /api/pincodes/{pincode}': 'not a record',
  'GET /api/pincodes/{pincode}/delivery': 'not a record',
  // A shop's public page: every shop's, like its products.
  'GET /api/shops/{shopId}': 'not a record',
  // A shared document's link: the signed token is the permission, whoever holds it (a made-up
  // one is refused 403 for everyone alike), not a record of the caller's.
  'GET /api/shared/{file}': 'not a record',

  // The customer's own cart, wishlist and addresses (customer X vs customer Y)
  'PATCH /api/cart/items/{productId}': { make: cartLine, body: () => ({ quantity: 2 }) },
  'DELETE /api/cart/items/{productId}': { make: cartLine, other: 'idempotent' },
  // Adding a listed product to my wishlist: the product is public, not someone's record.
  'PUT /api/wishlist/items/{productId}': 'not a record',
  'DELETE /api/wishlist/items/{productId}': { make: wishlistLine, other: 'idempotent' },
  'POST /api/wishlist/items/{productId}/move-to-cart': { make: wishlistLine },
  'PATCH /api/addresses/{addressId}': {
    make: address,
    body: () => ({ landmark: 'Near Gandhi Maidan' }),
  },
  'DELETE /api/addresses/{addressId}': { make: address },
  'POST /api/addresses/{addressId}/default': { make: address },
  // The customer's orders
  'GET /api/orders/{orderId}': { make: (party) => customerOrder(party, 'placed') },
  'POST /api/orders/{orderId}/cancel': {
    make: (party) => customerOrder(party, 'placed'),
    body: () => ({ reason: 'Ordered the wrong size' }),
  },
  'POST /api/orders/{orderId}/cancel-payment': { make: awaitingPaymentOrder },
  // Pay now: this app has no Razorpay keys, so the own order answers 503 (after the lookup).
  'POST /api/orders/{orderId}/razorpay': { make: awaitingPaymentOrder, own: 503 },
  'POST /api/orders/{orderId}/shipments/{shipmentId}/return': {
    make: (party) => customerOrder(party, 'delivered'),
    body: () => ({ reason: 'The size does not fit me' }),
  },
  'POST /api/orders/{orderId}/shipments/{shipmentId}/cancel': {
    make: (party) => customerOrder(party, 'placed'),
    body: () => ({ reason: 'Ordered the wrong size' }),
  },
  // Reviews (docs/reviews.md): a review on the product page is public (marking it helpful names
  // no record of the caller's); my order's items and reviewing my delivered item are mine; the
  // shop replies to reviews of its own products; the admin moderates every review.
  'GET /api/products/{productId}/reviews': 'not a record',
  'POST /api/reviews/{reviewId}/helpful': 'not a record',
  'GET /api/orders/{orderId}/reviews': {
    make: async (party) => ({ orderId: Number((await customerOrder(party, 'delivered')).orderId) }),
  },
  'POST /api/order-items/{orderItemId}/review': {
    make: deliveredItem,
    multipart: () => reviewForm(),
    own: 201,
  },
  'POST /api/shop/reviews/{reviewId}/reply': {
    make: (party) => shopReview(party.shopId!),
    body: () => ({ text: 'Thank you for shopping with us' }),
  },
  'POST /api/admin/reviews/{reviewId}/hide': {
    make: () => shopReview(world.shopA),
    body: () => ({ reason: 'Contains a phone number' }),
  },
  'POST /api/admin/reviews/{reviewId}/unhide': {
    make: () => shopReview(world.shopA, true),
    body: () => ({ reason: 'Number removed on appeal' }),
  },
  'GET /api/documents/orders/{orderId}/shipments/{shipmentId}/invoice': {
    make: (party) => customerOrder(party, 'delivered'),
  },
  // The wholesale customer's own bills (customer X's wholesale record vs customer Y's)
  'GET /api/my/wholesale/bills/{billId}': { make: wholesaleBillOf },
  'GET /api/my/wholesale/bills/{billId}/invoice': { make: wholesaleBillOf },
  'GET /api/my/wholesale/payments/{paymentId}/receipt': { make: wholesalePaymentOf },
  'GET /api/my/wholesale/credit-notes/{documentId}': { make: wholesaleCreditNoteOf },

  // The wholesale back office is one business: admin and employees work on every record, so
  // these have no other party; the matrix checks the own call only.
  'GET /api/documents/bills/{billId}/invoice': { make: bill },
  'GET /api/documents/bills/{billId}/payments': { make: bill },
  'GET /api/documents/customers/{customerId}/summary': { make: wholesaleCustomer },
  'GET /api/documents/customers/{customerId}/payments': { make: wholesaleCustomer },
  'GET /api/customers/{customerId}/bills': { make: wholesaleCustomer },
  'GET /api/customers/{customerId}/ledger': { make: wholesaleCustomer },
  'GET /api/customers/{customerId}/statement': { make: wholesaleCustomer },
  'GET /api/customers/{customerId}/statement/csv': { make: wholesaleCustomer },
  'GET /api/customers/{customerId}/statement/pdf': { make: wholesaleCustomer },
  'GET /api/customers/{customerId}/credit-check': { make: wholesaleCustomer },
  'POST /api/customers/{customerId}/bills': {
    make: wholesaleCustomer,
    body: () => billBody(),
    own: 201,
  },
  'GET /api/customers/{customerId}/payments': { make: wholesaleCustomer },
  'POST /api/customers/{customerId}/payments': {
    make: customerWithOpenBill,
    body: () => ({ amountPaise: 100 }),
    own: 201,
  },
  'GET /api/payments/{paymentId}': { make: chequePayment },
  'POST /api/payments/{paymentId}/bounce': {
    make: chequePayment,
    body: () => ({ reason: 'Insufficient funds' }),
  },
  'GET /api/documents/payments/{paymentId}/receipt': { make: chequePayment },
  'GET /api/customers/{customerId}': { make: wholesaleCustomer },
  'PATCH /api/customers/{customerId}': {
    make: wholesaleCustomer,
    // Required fields only; the customer's own values are not known here, so a fresh set.
    body: () => {
      const input = customerInput();
      return {
        name: input.name,
        email: input.email,
        mobile: input.mobile,
        shopName: input.shopName,
      };
    },
  },
  'GET /api/bills/{billId}': { make: bill },
  'POST /api/bills/{billId}/payments': { make: bill, body: () => ({ amountPaise: 100 }) },
  'POST /api/bills/{billId}/close': { make: () => makeBill(true) },
  'POST /api/bills/{billId}/cancel': {
    make: bill,
    body: () => ({ reason: 'Entered twice by mistake' }),
  },
  'POST /api/bills/{billId}/cancel-requests': {
    make: bill,
    body: () => ({ reason: 'Entered twice by mistake' }),
    own: 201,
  },
  'GET /api/bills/{billId}/cancel-requests': { make: bill },
  'POST /api/bill-cancel-requests/{requestId}/approve': { make: billCancelRequest },
  'POST /api/bill-cancel-requests/{requestId}/reject': {
    make: billCancelRequest,
    body: () => ({ reason: 'The customer took the goods' }),
  },
  'POST /api/stock/{stockItemId}/adjust': {
    make: stockRow,
    body: () => ({ kind: 'add', quantity: 1 }),
  },
  'GET /api/stock/{stockItemId}/movements': { make: stockRow },
  'PATCH /api/stock/{stockItemId}': { make: stockRow, body: () => ({ costPaise: 100 }) },
  'GET /api/stock/sku/{sku}': {
    make: async () => ({ sku: `BZ-${String(world.stockItemId).padStart(5, '0')}` }),
  },
  // GST documents of the back office (one business, like the bills): a credit note of one
  // returned piece against a fresh bill's invoice; the tax invoice of a fresh bill to a
  // registered (GSTIN) customer for the e-invoice and its IRN.
  'POST /api/bills/{billId}/credit-notes': {
    make: bill,
    body: () => ({ reason: 'goods_returned', lines: [{ lineNumber: 1, quantity: 1 }] }),
    own: 201,
  },
  'GET /api/credit-notes/{documentId}': { make: creditNote },
  'GET /api/tax-documents/{documentId}/e-invoice': { make: b2bInvoice },
  'PUT /api/tax-documents/{documentId}/irn': { make: b2bInvoice, body: () => irnBody() },
  'POST /api/customer-requests/{requestId}/approve': { make: customerRequest },
  'POST /api/customer-requests/{requestId}/reject': {
    make: customerRequest,
    body: () => ({ reason: 'The same shop is already a customer' }),
  },
  'POST /api/employees/{employeeId}/disable': { make: employee },
  'GET /api/employees/{employeeId}/id-proof': { make: employee },
  'POST /api/delivery-staff/{deliveryStaffId}/disable': {
    make: async () => ({ deliveryStaffId: await insertUser('delivery', null) }),
  },
  'POST /api/support/messages/{id}/read': { make: contactMessage },

  // Shop office: shop A's records vs shop B's (seller A, support admin A; seller B the reverse)
  'GET /api/shop/orders/{shipmentId}': { make: (party) => shopShipment(party, 'placed') },
  'POST /api/shop/orders/{shipmentId}/accept': { make: (party) => shopShipment(party, 'placed') },
  'POST /api/shop/orders/{shipmentId}/pack': { make: (party) => shopShipment(party, 'confirmed') },
  'POST /api/shop/orders/{shipmentId}/assign': {
    make: (party) => shopShipment(party, 'packed'),
    body: () => ({ deliveryStaffId: world.deliveryIds[0] }),
  },
  'POST /api/shop/orders/{shipmentId}/cancel': {
    make: (party) => shopShipment(party, 'placed'),
    body: () => ({ reason: 'The colour is out of stock' }),
  },
  'POST /api/shop/orders/{shipmentId}/return/approve': {
    make: (party) => shopShipment(party, 'return_requested'),
  },
  'POST /api/shop/orders/{shipmentId}/return/reject': {
    make: (party) => shopShipment(party, 'return_requested'),
    body: () => ({ reason: 'The tag has been removed' }),
  },
  'POST /api/shop/orders/{shipmentId}/return/receive': {
    make: (party) => shopShipment(party, 'return_approved'),
  },
  'POST /api/shop/orders/{shipmentId}/refund/paid': {
    make: shopCashRefund,
    body: () => ({ reference: 'SBIN526123456789' }),
  },
  'POST /api/shop/orders/{shipmentId}/refund/retry': {
    make: async (party) => {
      const { shipmentId } = await placedOrder(world.buyer, party.shopId!, 'cancelled');
      await failedRazorpayRefund(party.shopId!, Number(shipmentId));
      return { shipmentId };
    },
    after: dropRefundStartJobs,
  },
  'POST /api/shop/support-admins/{userId}/disable': { make: supportAdmin },
  'DELETE /api/shop/colours/{id}': { make: (party) => catalogListEntry(party, colours) },
  'DELETE /api/shop/companies/{id}': { make: (party) => catalogListEntry(party, companies) },
  'DELETE /api/shop/product-names/{id}': { make: (party) => catalogListEntry(party, productNames) },
  'GET /api/shop/products/{id}': { make: shopProduct },
  'PATCH /api/shop/products/{id}': {
    make: shopProduct,
    body: () => ({ description: 'Soft cotton kurta, regular fit. Machine wash cold.' }),
  },
  'DELETE /api/shop/products/{id}': { make: shopProduct },
  'GET /api/shop/products/{id}/images': { make: shopProduct },
  'POST /api/shop/products/{id}/images': { make: shopProduct, multipart: imageUpload, own: 201 },
  'DELETE /api/shop/products/{id}/images/{imageId}': { make: shopProductImage },
  'PUT /api/shop/products/{id}/placement': {
    make: shopProduct,
    body: () => ({ placement: 'best_selling' }),
  },
  'GET /api/shop/designs/{designId}': { make: shopDesign },
  'PUT /api/shop/designs/{designId}': {
    make: shopDesign,
    body: () => ({
      company: 'Raymond',
      name: 'Matrix Design',
      category: 'Men',
      style: 'Plain',
      material: 'Cotton',
      description: '',
      variants: [
        {
          size: 'L',
          colour: 'White',
          sku: `MATRIX-${next()}`,
          mrpPaise: 100_000,
          pricePaise: 90_000,
          quantity: 1,
        },
      ],
    }),
  },
  'POST /api/shop/designs/{designId}/images': {
    make: shopDesign,
    multipart: imageUpload,
    own: 201,
  },

  // Delivery: the shipments handed to me vs those handed to another delivery person
  'GET /api/delivery/shipments/{shipmentId}': { make: (party) => handedOver(party, 'assigned') },
  'POST /api/delivery/shipments/{shipmentId}/pick-up': {
    make: (party) => handedOver(party, 'assigned'),
  },
  'POST /api/delivery/shipments/{shipmentId}/out-for-delivery': {
    make: (party) => handedOver(party, 'shipped'),
  },
  'POST /api/delivery/shipments/{shipmentId}/deliver': {
    make: (party) => handedOver(party, 'out_for_delivery'),
    body: () => ({ code: DELIVERY_CODE }),
  },
  'POST /api/delivery/shipments/{shipmentId}/fail': {
    make: (party) => handedOver(party, 'out_for_delivery'),
    body: () => ({ reason: 'Nobody at home, phone switched off' }),
  },
};

const SHOP_DETAILS_MISSING = 'You need to submit shop details to continue...';

type CallerName =
  | 'no session'
  | 'customer'
  | 'seller A'
  | 'seller B'
  | 'support admin A'
  | 'admin'
  | 'employee'
  | 'delivery'
  | 'seller without a shop';

interface Caller {
  name: CallerName;
  /** The demo account (none for 'no session'). */
  email?: string;
}

/**
 * Every caller of the matrix: no session, then one demo account of each kind.
 * Seller A and support admin A work for the first demo shop (shop A), seller B for the second.
 */
const CALLERS: readonly Caller[] = [
  { name: 'no session' },
  { name: 'customer', email: 'customer@bazaar.test' },
  { name: 'seller A', email: 'seller@bazaar.test' },
  { name: 'seller B', email: 'seller2@bazaar.test' },
  { name: 'support admin A', email: 'support@bazaar.test' },
  { name: 'admin', email: 'admin@bazaar.test' },
  { name: 'employee', email: 'employee@bazaar.test' },
  { name: 'delivery', email: 'delivery@bazaar.test' },
  { name: 'seller without a shop', email: 'newseller@bazaar.test' },
];

/** The callers with records of their own (a party); the others have none to try. */
const PARTY_CALLERS: ReadonlySet<CallerName> = new Set<CallerName>([
  'customer',
  'seller A',
  'seller B',
  'support admin A',
  'admin',
  'employee',
  'delivery',
]);

/** The role and shop of a caller, from the demo accounts. */
function accountOf(caller: Caller): { role: Role; hasShop: boolean } | null {
  if (!caller.email) return null;
  const account = DEMO_ACCOUNTS.find((demo) => demo.email === caller.email);
  if (!account) throw new Error(`No demo account ${caller.email}`);
  return { role: account.role, hasShop: account.shop !== undefined };
}

type Expected =
  { admitted: true } | { admitted: false; status: 401 | 403; code: ErrorCode; message?: string };

/** What the guard should answer `caller` on `operation`, from the hand-written tables. */
function expectedFor(operation: string, caller: Caller): Expected {
  const access = EXPECTED_ACCESS[operation]!;
  if (access === 'public') return { admitted: true };
  const account = accountOf(caller);
  if (!account) return { admitted: false, status: 401, code: 'UNAUTHENTICATED' };
  if (access !== 'signed-in' && !access.includes(account.role)) {
    return { admitted: false, status: 403, code: 'FORBIDDEN' };
  }
  if (SHOP_SCOPED.has(operation) && !account.hasShop) {
    return { admitted: false, status: 403, code: 'FORBIDDEN', message: SHOP_DETAILS_MISSING };
  }
  return { admitted: true };
}

function describeExpected(operation: string, caller: Caller): string {
  const expected = expectedFor(operation, caller);
  if (expected.admitted) return `${caller.name} is let in`;
  return `${caller.name} gets ${expected.status}${expected.message ? ' (shop details)' : ''}`;
}

// ---------------------------------------------------------------------------------------------

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: { type?: string; pattern?: string; format?: string };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

let ctx: TestContext;
/** Operation key -> its OpenAPI path parameters. */
let operations: Map<string, OpenApiParameter[]>;
/** The session cookie (`name=value`) of each signed-in caller. */
const cookies = new Map<CallerName, string>();
/**
 * The fingerprint of `names` once every background job has run: the order mails are composed
 * after their answers (docs/platform.md "Background jobs"), so an earlier call's mail must not
 * show as a change of the call under test.
 */
async function settledFingerprint(names: readonly string[]) {
  await backgroundJobsDone(ctx.database.db);
  return fingerprintTables(ctx.database.db, names);
}

/** Every table of the database, for the fingerprints. */
let tables: string[];

async function signIn(email: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((demo) => demo.email === email)!;
  const captcha = await ctx.app.inject({ method: 'POST', url: '/api/captchas' });
  expect(captcha.statusCode).toBe(201);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: {
      area: account.role,
      identifier: email,
      password: DEMO_PASSWORD,
      captchaId: captcha.json<{ captchaId: string }>().captchaId,
      captchaCode: TEST_CAPTCHA_CODE,
    },
  });
  expect(response.statusCode, `sign-in of ${email}: ${response.body}`).toBe(200);
  const setCookie = [response.headers['set-cookie'] ?? []].flat();
  const session = setCookie
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('bazaar.session_token='));
  if (!session) throw new Error(`No session cookie for ${email}: ${setCookie.join(' | ')}`);
  return session;
}

/** Operation key of an OpenAPI path and method, e.g. 'GET /api/products/{productId}'. */
function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** A well-formed but harmless value of a path parameter (ids that match no record). */
function dummyParam(parameter: OpenApiParameter | undefined, name: string): string {
  const schema = parameter?.schema ?? {};
  if (/pincode/i.test(name) || schema.pattern === '^\\d{6}$') return '800001';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.type === 'integer' || schema.type === 'number' || /id$/i.test(name)) return '999999';
  return 'x1';
}

/** The request of the matrix for one operation: dummy path values, `{}` for bodies. */
function requestFor(operation: string, cookie: string | undefined): InjectOptions {
  const [method, path] = operation.split(' ') as [string, string];
  const parameters = operations.get(operation) ?? [];
  const url = path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    encodeURIComponent(
      dummyParam(
        parameters.find((parameter) => parameter.in === 'path' && parameter.name === name),
        name,
      ),
    ),
  );
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const query = QUERIES[operation];
  if (query)
    return { method: method as InjectOptions['method'], url: `${url}?${query()}`, headers };
  if (METHODS_WITH_BODY.has(method)) {
    return {
      method: method as InjectOptions['method'],
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    };
  }
  return { method: method as InjectOptions['method'], url, headers };
}

/** Fastify's `/api/products/:productId` in OpenAPI syntax. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function normalised(access: 'public' | 'signed-in' | readonly Role[]): string | Role[] {
  return typeof access === 'string' ? access : [...access].sort();
}

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShop(ctx.database.db);
  await insertShop(ctx.database.db);
  expect((await seedDemoAccounts(ctx.database.db)).created).toBe(DEMO_ACCOUNTS.length);
  for (const caller of CALLERS) {
    if (caller.email) cookies.set(caller.name, await signIn(caller.email));
  }
  tables = await publicTables(ctx.database.db);
  await setUpParties();
  const document = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(document.statusCode).toBe(200);
  const openApi = document.json<OpenApiDocument>();
  operations = new Map();
  for (const [path, item] of Object.entries(openApi.paths)) {
    const shared = (item as { parameters?: OpenApiParameter[] }).parameters ?? [];
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      operations.set(operationKey(method, path), [...shared, ...(operation.parameters ?? [])]);
    }
  }
});

afterAll(async () => {
  await ctx?.close();
});

// ---------------------------------------------------------------------------------------------
// Own and other records: parties, record makers and the calls

/** Whose records a caller works on: a customer, a shop, a delivery person or the back office. */
interface Party {
  userId: string;
  /** The shop of a seller or support admin, else null. */
  shopId: number | null;
  /** A session of this party's account (customers place their orders with it). */
  cookie: string;
}

/** Path parameter values naming one record, e.g. `{ orderId: 12, shipmentId: 30 }`. */
type PathIds = Record<string, string | number>;

interface RecordRule {
  /** Makes a fresh record of `party` (the caller's, or the other party's) and names it. */
  make: (party: Party) => Promise<PathIds>;
  /** The JSON body of both calls; none on GET and DELETE, `{}` on others without one. */
  body?: (ids: PathIds) => unknown;
  /** Readies the caller before each call (e.g. a cart line to check out). */
  prepare?: (caller: Party) => Promise<void>;
  /** A multipart body instead (uploads). */
  multipart?: () => Pick<InjectOptions, 'payload' | 'headers'>;
  /** The answer on an own record when it is not 200 or 204 (e.g. 201 for a created payment). */
  own?: number;
  /** Tidies up after the call on the own record (e.g. a job that cannot run in this app). */
  after?: () => Promise<void>;
  /**
   * On the other party's record: 404 (default), or 'idempotent' for a removal from the caller's
   * own list, which answers 2xx but must not touch the other party's row.
   */
  other?: 404 | 'idempotent';
}

const DELIVERY_CODE = '4821';

/** Records the makers share: the shops, the buyer of shop shipments, the delivery people. */
const world = {
  shopA: 0,
  shopB: 0,
  /** Demo delivery person (the 'delivery' caller), then a second one. */
  deliveryIds: [] as string[],
  /** A customer who places the orders shop and delivery records come from. */
  buyer: undefined as unknown as Party,
  stockItemId: 0,
  png: Buffer.alloc(0),
};

/** The caller's own party and the other party, by caller; absent callers have no records. */
const parties = new Map<CallerName, { own: Party; other: Party | null }>();

let counter = 0;
function next(): number {
  counter += 1;
  return counter;
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return row!.id;
}

/** Inserts a verified account with no password (it never signs in); answers its id. */
async function insertUser(role: Role, shopId: number | null): Promise<string> {
  const n = next();
  const id = crypto.randomUUID();
  await ctx.database.db.insert(users).values({
    id,
    name: `Matrix ${role} ${n}`,
    email: `matrix-${role.replace('_', '-')}-${n}-${Date.now()}@example.in`,
    emailVerified: true,
    role,
    mobile: `6${String(n).padStart(9, '0')}`,
    gender: 'Male',
    shopId,
  });
  return id;
}

async function shopProduct(party: Party): Promise<{ id: number }> {
  const id = await insertProduct(ctx.database.db, {
    shopId: party.shopId!,
    name: `Matrix Kurta ${next()}`,
    imageCount: 2,
    stockQuantity: 50,
  });
  return { id };
}

/** A design of the party's shop, its company, name and colour in the shop's lists. */
async function shopDesign(party: Party): Promise<PathIds> {
  const db = ctx.database.db;
  await db
    .insert(companies)
    .values({ shopId: party.shopId!, name: 'Raymond' })
    .onConflictDoNothing();
  await db
    .insert(productNames)
    .values({ shopId: party.shopId!, name: 'Matrix Design' })
    .onConflictDoNothing();
  await db.insert(colours).values({ shopId: party.shopId!, name: 'White' }).onConflictDoNothing();
  const id = await insertProduct(db, {
    shopId: party.shopId!,
    name: 'Matrix Design',
    imageCount: 1,
    stockQuantity: 5,
  });
  const [row] = await db
    .select({ designId: products.designId })
    .from(products)
    .where(eq(products.id, id));
  return { designId: row!.designId };
}

async function shopProductImage(party: Party): Promise<PathIds> {
  const { id } = await shopProduct(party);
  const [image] = await ctx.database.db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.productId, Number(id)))
    .orderBy(desc(productImages.position))
    .limit(1);
  return { id, imageId: image!.id };
}

async function catalogListEntry(
  party: Party,
  table: typeof colours | typeof companies | typeof productNames,
): Promise<PathIds> {
  const [row] = await ctx.database.db
    .insert(table)
    .values({ shopId: party.shopId!, name: `Matrix ${next()}` })
    .returning({ id: table.id });
  return { id: row!.id };
}

async function supportAdmin(party: Party): Promise<PathIds> {
  return { userId: await insertUser('support_admin', party.shopId) };
}

/** A listed product of shop A in the party's cart. */
async function cartLine(party: Party): Promise<PathIds> {
  const { id } = await shopProduct({ ...party, shopId: world.shopA });
  await ctx.database.db
    .insert(cartItems)
    .values({ userId: party.userId, productId: Number(id), quantity: 1 });
  return { productId: id };
}

async function wishlistLine(party: Party): Promise<PathIds> {
  const { id } = await shopProduct({ ...party, shopId: world.shopA });
  await ctx.database.db
    .insert(wishlistItems)
    .values({ userId: party.userId, productId: Number(id) });
  return { productId: id };
}

async function address(party: Party): Promise<PathIds> {
  const [row] = await ctx.database.db
    .insert(addresses)
    .values({
      userId: party.userId,
      locality: 'Kankarbagh',
      city: 'Patna',
      pincode: '800020',
      isDefault: false,
    })
    .returning({ id: addresses.id });
  return { addressId: row!.id };
}

/**
 * Places a cash-on-delivery order of the party (through the API, with its session) for a fresh
 * product of `shopId`, then puts the shipment in `status` (and `extra` columns) directly.
 */
async function placedOrder(
  party: Party,
  shopId: number,
  status: OrderStatus,
  extra: Partial<typeof shipments.$inferInsert> = {},
): Promise<{ orderId: number; shipmentId: number }> {
  const db = ctx.database.db;
  await db.delete(cartItems).where(eq(cartItems.userId, party.userId));
  const { id: productId } = await shopProduct({ ...party, shopId });
  await db
    .insert(cartItems)
    .values({ userId: party.userId, productId: Number(productId), quantity: 1 });
  const [home] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, party.userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
    .limit(1);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: party.cookie },
    payload: { addressId: home!.id, paymentMethod: 'cod' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const orderId = response.json<{ id: number }>().id;
  const [shipment] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  const now = new Date();
  await db
    .update(shipments)
    .set({
      status,
      ...(status === 'delivered' ? { deliveredAt: now } : {}),
      ...(status.startsWith('return_')
        ? { deliveredAt: now, returnRequestedAt: now, returnReason: 'The size does not fit me' }
        : {}),
      ...extra,
    })
    .where(eq(shipments.id, shipment!.id));
  // A shipment delivered (or returned since) has its tax invoice, issued at delivery: put in
  // place here as the start-up backfill does for a status set directly (docs/gst.md
  // "Marketplace"), so reading the invoice writes nothing.
  if ((INVOICEABLE_SHIPMENT_STATUSES as readonly string[]).includes(status)) {
    await issueMissingShipmentDocuments(db);
  }
  return { orderId, shipmentId: shipment!.id };
}

async function customerOrder(party: Party, status: OrderStatus): Promise<PathIds> {
  return placedOrder(party, world.shopA, status);
}

/** An online order of the party still waiting for payment (docs/orders.md "Razorpay"). */
async function awaitingPaymentOrder(party: Party): Promise<PathIds> {
  const ids = await customerOrder(party, 'payment_pending');
  await ctx.database.db
    .update(orders)
    .set({ status: 'payment_pending', paymentMethod: 'razorpay', paymentStatus: 'pending' })
    .where(eq(orders.id, Number(ids.orderId)));
  return ids;
}

/** The order item of a delivered order of the party (a customer), to review. */
async function deliveredItem(party: Party): Promise<PathIds> {
  const { orderId } = await customerOrder(party, 'delivered');
  const [item] = await ctx.database.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, Number(orderId)));
  return { orderItemId: item!.id };
}

/** A review form of four stars (multipart, no photo). */
function reviewForm(): Pick<InjectOptions, 'payload' | 'headers'> {
  return multipart({ rating: '4', text: 'Soft cotton and the size fits well.' });
}

/** A review by the shared buyer of a delivered item of `shopId`, hidden when asked. */
async function shopReview(shopId: number, hidden = false): Promise<PathIds> {
  const { orderId } = await placedOrder(world.buyer, shopId, 'delivered');
  const [item] = await ctx.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const [review] = await ctx.database.db
    .insert(productReviews)
    .values({
      productId: item!.productId,
      orderItemId: item!.id,
      userId: world.buyer.userId,
      shopId,
      reviewerName: 'Buyer B.',
      productName: item!.name,
      size: item!.size,
      colour: item!.colour,
      rating: 3,
      body: 'Decent for the price, nothing special.',
      ...(hidden ? { hiddenAt: new Date(), hiddenReason: 'Contains a phone number' } : {}),
    })
    .returning({ id: productReviews.id });
  return { reviewId: review!.id };
}

async function shopShipment(party: Party, status: OrderStatus): Promise<PathIds> {
  const { shipmentId } = await placedOrder(world.buyer, party.shopId!, status);
  return { shipmentId };
}

/** A returned cash-on-delivery shipment of the party's shop whose refund waits for its UTR. */
async function shopCashRefund(party: Party): Promise<PathIds> {
  const { shipmentId } = await placedOrder(world.buyer, party.shopId!, 'returned');
  const [shipment] = await ctx.database.db
    .select({ orderId: shipments.orderId, subtotalPaise: shipments.subtotalPaise })
    .from(shipments)
    .where(eq(shipments.id, Number(shipmentId)));
  await ctx.database.db.insert(refunds).values({
    orderId: shipment!.orderId,
    shipmentId: Number(shipmentId),
    amountPaise: shipment!.subtotalPaise,
    method: 'upi',
    reason: 'returned',
    payee: { method: 'upi', upiId: 'buyer@okaxis' },
  });
  return { shipmentId };
}

/**
 * Drops the `refund_start` jobs a retry recorded: this app has no Razorpay keys, so they would
 * wait for ever and no fingerprint after them would settle.
 */
async function dropRefundStartJobs(): Promise<void> {
  await ctx.database.db.delete(backgroundJobs).where(eq(backgroundJobs.kind, 'refund_start'));
}

/**
 * A Razorpay refund that failed, of `shipmentId` (else of a fresh cancelled shipment of
 * `shopId`); answers the refund's id.
 */
async function failedRazorpayRefund(shopId: number, shipmentId?: number): Promise<string> {
  const id = shipmentId ?? Number((await placedOrder(world.buyer, shopId, 'cancelled')).shipmentId);
  const [shipment] = await ctx.database.db
    .select({ orderId: shipments.orderId, subtotalPaise: shipments.subtotalPaise })
    .from(shipments)
    .where(eq(shipments.id, id));
  const [refund] = await ctx.database.db
    .insert(refunds)
    .values({
      orderId: shipment!.orderId,
      shipmentId: id,
      amountPaise: shipment!.subtotalPaise,
      method: 'razorpay',
      reason: 'cancelled',
      status: 'failed',
      razorpayPaymentId: 'pay_AccessMatrix01',
      failureReason: 'Razorpay reported the refund failed',
    })
    .returning({ id: refunds.id });
  return String(refund!.id);
}

/** A shipment of shop A handed to the party (a delivery person) in `status`. */
async function handedOver(
  party: Party,
  status: OrderStatus,
  extra: Partial<typeof shipments.$inferInsert> = {},
): Promise<PathIds> {
  const { shipmentId } = await placedOrder(world.buyer, world.shopA, status, {
    deliveryStaffId: party.userId,
    assignedAt: new Date(),
    deliveryCode: DELIVERY_CODE,
    ...extra,
  });
  return { shipmentId };
}

async function wholesaleCustomer(): Promise<PathIds> {
  return { customerId: await insertWholesaleCustomer(ctx.database.db) };
}

function billBody(paid = false) {
  const lines = [
    {
      item: 'Shirt-Box',
      category: 'Silver',
      type: "Men's",
      size: 'M',
      quantity: 1,
      ratePaise: 50_000,
    },
  ];
  return paid ? { lines, receivedPaise: 50_000 } : { lines };
}

/** A bill of a fresh wholesale customer (all received when `paid`), made through the API. */
async function makeBill(paid: boolean): Promise<PathIds> {
  const { customerId } = await wholesaleCustomer();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    headers: { cookie: cookies.get('admin')! },
    payload: billBody(paid),
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.database.db
    .select({ id: bills.id })
    .from(bills)
    .orderBy(desc(bills.id))
    .limit(1);
  return { billId: row!.id };
}

/**
 * A bill of the party's own wholesale record (decision 10: the customer account's
 * `wholesale_customers` row, made on first use), saved through the API by the admin.
 */
async function wholesaleBillOf(party: Party): Promise<PathIds> {
  const db = ctx.database.db;
  const [existing] = await db
    .select({ id: wholesaleCustomers.id })
    .from(wholesaleCustomers)
    .where(eq(wholesaleCustomers.userId, party.userId));
  let customerId = existing?.id;
  if (customerId === undefined) {
    const [user] = await db.select().from(users).where(eq(users.id, party.userId));
    const [row] = await db
      .insert(wholesaleCustomers)
      .values({
        userId: party.userId,
        name: user!.name,
        email: user!.email,
        mobile: user!.mobile ?? `8${String(next()).padStart(9, '0')}`,
        shopName: `Matrix Cloth Store ${next()}`,
        locality: 'Khemnichak',
        city: 'Patna',
        pincode: '800020',
      })
      .returning({ id: wholesaleCustomers.id });
    customerId = row!.id;
  }
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    headers: { cookie: cookies.get('admin')! },
    payload: billBody(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { billId: response.json<BillDetail>().id };
}

/** An open bill with nothing received. */
function bill(): Promise<PathIds> {
  return makeBill(false);
}

/** The customer of a fresh open bill with nothing received. */
async function customerWithOpenBill(): Promise<PathIds> {
  const { billId } = await makeBill(false);
  const [row] = await ctx.database.db
    .select({ customerId: bills.customerId })
    .from(bills)
    .where(eq(bills.id, Number(billId)));
  return { customerId: row!.customerId };
}

/** A cheque payment on a fresh bill (docs/back-office-bills.md "Payments"), made through the API. */
/** A payment (₹1, cash) on a bill of the party's own wholesale record, made by the admin. */
async function wholesalePaymentOf(party: Party): Promise<PathIds> {
  const { billId } = await wholesaleBillOf(party);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/bills/${billId}/payments`,
    headers: { cookie: cookies.get('admin')! },
    payload: { amountPaise: 100 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { paymentId: response.json<BillDetail>().payments.at(-1)!.paymentId };
}

/** A credit note (one piece returned) against a bill of the party's own wholesale record. */
async function wholesaleCreditNoteOf(party: Party): Promise<PathIds> {
  const { billId } = await wholesaleBillOf(party);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/bills/${billId}/credit-notes`,
    headers: { cookie: cookies.get('admin')! },
    payload: { reason: 'goods_returned', lines: [{ lineNumber: 1, quantity: 1 }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { documentId: response.json<{ id: number }>().id };
}

async function chequePayment(): Promise<PathIds> {
  const { billId } = await makeBill(false);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/bills/${billId}/payments`,
    headers: { cookie: cookies.get('admin')! },
    payload: {
      amountPaise: 100,
      mode: 'cheque',
      chequeNumber: '123456',
      chequeBank: 'State Bank of India',
      chequeDate: indianDateOf(new Date()),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const payment = response.json<BillDetail>().payments.at(-1)!;
  return { paymentId: payment.paymentId };
}

/**
 * The tax invoice (GST applied) of a fresh bill to a registered customer in Bihar, issued when the
 * bill is saved: its document id, from GET /api/bills/{billId} -> invoice.id.
 */
async function b2bInvoice(): Promise<PathIds> {
  const customerId = await insertWholesaleCustomer(ctx.database.db, 'Gupta Textiles', {
    gstin: '10ABCDE1234F1Z5',
  });
  const admin = cookies.get('admin')!;
  const saved = await ctx.app.inject({
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    headers: { cookie: admin },
    payload: { ...billBody(), gstApplied: true },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const billId = saved.json<{ id: number }>().id;
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/bills/${billId}`,
    headers: { cookie: admin },
  });
  expect(detail.statusCode, detail.body).toBe(200);
  const invoice = detail.json<{ invoice: { id: number; snapshot: { kind: string } } | null }>()
    .invoice;
  expect(invoice?.snapshot.kind, detail.body).toBe('tax_invoice');
  return { documentId: invoice!.id };
}

/** A credit note (one piece returned) against a fresh bill's invoice, issued by the admin. */
async function creditNote(): Promise<PathIds> {
  const { billId } = await bill();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/bills/${billId}/credit-notes`,
    headers: { cookie: cookies.get('admin')! },
    payload: { reason: 'goods_returned', lines: [{ lineNumber: 1, quantity: 1 }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { documentId: response.json<{ id: number }>().id };
}

/** What the IRP answers for an e-invoice (a fresh IRN each call). */
function irnBody() {
  return {
    irn: crypto.randomUUID().replace(/-/g, '').repeat(2),
    ackNumber: String(112_010_000_000_000 + next()),
    ackDate: '2026-11-27T14:05:00',
    signedQrCode: 'eyJhbGciOiJSUzI1NiJ9.signed-qr-code.of-the-irp',
  };
}

/** Another session of the party's account (a second browser), inserted as better-auth would. */
async function session(party: Party): Promise<PathIds> {
  const id = crypto.randomUUID();
  await ctx.database.db.insert(sessions).values({
    id,
    token: crypto.randomUUID(),
    userId: party.userId,
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  });
  return { sessionId: id };
}

async function stockRow(): Promise<PathIds> {
  return { stockItemId: world.stockItemId };
}

/** A pending cancel request of a fresh bill, asked by the demo employee. */
async function billCancelRequest(): Promise<PathIds> {
  const { billId } = await bill();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/bills/${billId}/cancel-requests`,
    headers: { cookie: cookies.get('employee')! },
    payload: { reason: 'Entered twice by mistake' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { requestId: response.json<{ id: number }>().id };
}

async function customerRequest(): Promise<PathIds> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/customer-requests',
    headers: { cookie: cookies.get('employee')! },
    payload: customerInput(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.database.db
    .select({ id: customerRequests.id })
    .from(customerRequests)
    .orderBy(desc(customerRequests.id))
    .limit(1);
  return { requestId: row!.id };
}

async function employee(): Promise<PathIds> {
  const form = multipart(employeeInput(), {
    name: 'aadhaar.png',
    type: 'image/png',
    bytes: world.png,
  });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/employees',
    ...form,
    headers: { ...form.headers, cookie: cookies.get('admin')! },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.database.db
    .select({ id: employeeProfiles.userId })
    .from(employeeProfiles)
    .orderBy(desc(employeeProfiles.createdAt))
    .limit(1);
  return { employeeId: row!.id };
}

async function contactMessage(): Promise<PathIds> {
  const [row] = await ctx.database.db
    .insert(contactMessages)
    .values({
      name: 'Ravi Ranjan',
      email: 'ravi@example.in',
      phone: '9123456780',
      subject: 'Late parcel',
      message: 'My parcel is late by two days.',
    })
    .returning({ id: contactMessages.id });
  return { id: row!.id };
}

/** A multipart body with one PNG under `images`. */
function imageUpload(): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----matrix${next()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="kurta.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    world.png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The request of `operation` on the record `ids`, as `cookie`, with the rule's body. */
function recordRequest(
  operation: string,
  rule: RecordRule,
  ids: PathIds,
  cookie: string,
): InjectOptions {
  const [method, path] = operation.split(' ') as [string, string];
  const url = path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = ids[name];
    if (value === undefined) throw new Error(`${operation}: the maker named no ${name}`);
    return encodeURIComponent(String(value));
  });
  // Routes that refuse a request without their query (a month) get it here too.
  const query = QUERIES[operation];
  const request: InjectOptions = {
    method: method as InjectOptions['method'],
    url: query ? `${url}?${query()}` : url,
    headers: { cookie },
  };
  if (rule.multipart) {
    const form = rule.multipart();
    return { ...request, payload: form.payload, headers: { ...form.headers, cookie } };
  }
  if (rule.body || METHODS_WITH_BODY.has(method)) {
    return { ...request, payload: (rule.body?.(ids) ?? {}) as InjectOptions['payload'] };
  }
  return request;
}

/** Sets up the parties and shared records of the own/other calls (once, after the callers). */
async function setUpParties(): Promise<void> {
  const db = ctx.database.db;
  const sellerA = await db.select().from(users).where(eq(users.email, 'seller@bazaar.test'));
  const sellerB = await db.select().from(users).where(eq(users.email, 'seller2@bazaar.test'));
  const supportA = await db.select().from(users).where(eq(users.email, 'support@bazaar.test'));
  world.shopA = sellerA[0]!.shopId!;
  world.shopB = sellerB[0]!.shopId!;
  expect(world.shopA).not.toBe(world.shopB);
  expect(supportA[0]!.shopId).toBe(world.shopA);
  world.png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();

  const party = async (name: CallerName, email: string, shopId: number | null): Promise<Party> => ({
    userId: await userIdOf(email),
    shopId,
    cookie: cookies.get(name)!,
  });
  const customerX = await party('customer', 'customer@bazaar.test', null);
  const y = await createCustomer(ctx.app, db);
  const customerY: Party = { userId: y.id, shopId: null, cookie: y.cookie };
  const buyer = await createCustomer(ctx.app, db);
  world.buyer = { userId: buyer.id, shopId: null, cookie: buyer.cookie };
  const shopAParty = await party('seller A', 'seller@bazaar.test', world.shopA);
  const shopBParty = await party('seller B', 'seller2@bazaar.test', world.shopB);
  const delivery1 = await party('delivery', 'delivery@bazaar.test', null);
  const delivery2 = await createStaff(ctx.app, db, 'delivery');
  world.deliveryIds = [delivery1.userId, delivery2.id];

  parties.set('customer', { own: customerX, other: customerY });
  parties.set('seller A', { own: shopAParty, other: shopBParty });
  parties.set('support admin A', {
    own: await party('support admin A', 'support@bazaar.test', world.shopA),
    other: shopBParty,
  });
  parties.set('seller B', { own: shopBParty, other: shopAParty });
  parties.set('delivery', {
    own: delivery1,
    other: { userId: delivery2.id, shopId: null, cookie: delivery2.cookie },
  });
  parties.set('admin', { own: await party('admin', 'admin@bazaar.test', null), other: null });
  parties.set('employee', {
    own: await party('employee', 'employee@bazaar.test', null),
    other: null,
  });
  world.stockItemId = await insertStockRow(db, {
    item: 'Shirt-Box',
    category: 'Silver',
    type: "Men's",
    quantity: 10_000,
  });
}

describe('access table', () => {
  it('has an entry for every operation of the OpenAPI document', () => {
    const missing = [...operations.keys()].filter((key) => !(key in EXPECTED_ACCESS));
    expect(
      missing,
      `Add these routes to EXPECTED_ACCESS in access-matrix.integration.test.ts with who may call them: ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it("matches every route's own declaration, and no guarded route is hidden from OpenAPI", () => {
    const rules = new Map<string, AccessRule>();
    for (const rule of ctx.app.accessRules) {
      rules.set(operationKey(rule.method, openApiPath(rule.url)), rule);
    }
    const mismatches: string[] = [];
    for (const [key, access] of Object.entries(EXPECTED_ACCESS)) {
      const rule = rules.get(key);
      if (!rule) {
        mismatches.push(`${key}: in EXPECTED_ACCESS but no such route is registered`);
        continue;
      }
      if (JSON.stringify(normalised(rule.access)) !== JSON.stringify(normalised(access))) {
        mismatches.push(
          `${key}: declared ${JSON.stringify(rule.access)}, expected ${JSON.stringify(access)}`,
        );
      }
      if (rule.permission !== (PERMISSIONS[key] ?? null)) {
        mismatches.push(
          `${key}: declared permission ${rule.permission}, expected ${PERMISSIONS[key] ?? null}`,
        );
      }
      if (rule.shopScoped !== SHOP_SCOPED.has(key)) {
        mismatches.push(
          `${key}: declared shopScoped ${rule.shopScoped}, expected ${SHOP_SCOPED.has(key)}`,
        );
      }
    }
    for (const key of SHOP_SCOPED) {
      if (!(key in EXPECTED_ACCESS)) mismatches.push(`${key}: in SHOP_SCOPED only`);
    }
    for (const key of Object.keys(PERMISSIONS)) {
      if (!(key in EXPECTED_ACCESS)) mismatches.push(`${key}: in PERMISSIONS only`);
    }
    // A route left out of the OpenAPI document would escape the matrix; only public ones (the
    // document itself) may be hidden.
    for (const [key, rule] of rules) {
      if (rule.access !== 'public' && !operations.has(key)) {
        mismatches.push(`${key}: declared ${JSON.stringify(rule.access)} but hidden from OpenAPI`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(rules.get('GET /api/openapi.json')?.access).toBe('public');
  });
});

describe.each(Object.keys(EXPECTED_ACCESS))('%s', (operation) => {
  it.each(CALLERS.map((caller) => [describeExpected(operation, caller), caller] as const))(
    '%s',
    async (_title, caller) => {
      const cookie = !caller.email
        ? undefined
        : SESSION_ENDING.has(operation)
          ? await signIn(caller.email)
          : cookies.get(caller.name);
      const response = await ctx.app.inject(requestFor(operation, cookie));
      const business = BUSINESS_REFUSALS[operation]?.[caller.name];
      const expected = expectedFor(operation, caller);
      const answer = `${response.statusCode} ${response.body}`;
      if (expected.admitted && business) {
        expect(response.statusCode, answer).toBe(business.status);
        expect(response.json<{ error: { code: string } }>().error.code).toBe(business.code);
      } else if (expected.admitted) {
        // Let in: the dummy input may be refused (400, 404, 415...), but not by the guard.
        expect([401, 403], answer).not.toContain(response.statusCode);
        expect(response.statusCode, answer).toBeLessThan(500);
      } else {
        expect(response.statusCode, answer).toBe(expected.status);
        expect(response.json()).toEqual({
          error: { code: expected.code, message: expected.message ?? expect.any(String) },
        });
      }
    },
  );
});

describe('after the matrix', () => {
  it('guards the HEAD twin Fastify adds to every guarded GET route', async () => {
    const guarded = Object.entries(EXPECTED_ACCESS).filter(
      ([key, access]) => key.startsWith('GET ') && access !== 'public',
    );
    expect(guarded.length).toBeGreaterThan(0);
    for (const [key] of guarded) {
      const { url } = requestFor(key, undefined) as { url: string };
      const response = await ctx.app.inject({ method: 'HEAD', url });
      expect(response.statusCode, `HEAD ${url}`).toBe(401);
    }
  });

  it('keeps every caller signed in (no request ended a shared session)', async () => {
    for (const caller of CALLERS) {
      if (!caller.email) continue;
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: cookies.get(caller.name)! },
      });
      expect(response.json<{ user: { email: string } | null }>().user?.email, caller.name).toBe(
        caller.email,
      );
    }
  });

  it('refuses an empty change-password body by validation, keeping the session', async () => {
    const cookie = cookies.get('customer')!;
    const response = await ctx.app.inject(requestFor('POST /api/account/change-password', cookie));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('ends only the session it is called with on logout', async () => {
    const extra = await signIn('seller@bazaar.test');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: extra },
    });
    expect(logout.statusCode).toBe(204);
    const ended = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie: extra },
    });
    expect(ended.statusCode).toBe(401);
    const kept = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie: cookies.get('seller A')! },
    });
    expect(kept.statusCode).toBe(200);
  });
});

describe('own and other records', () => {
  it('has a RECORDS entry for every route with a path parameter, and no stale one', () => {
    const withParameters = [...operations].filter(([, parameters]) =>
      parameters.some((parameter) => parameter.in === 'path'),
    );
    const missing = withParameters.map(([key]) => key).filter((key) => !(key in RECORDS));
    expect(
      missing,
      `Add these routes to RECORDS in access-matrix.integration.test.ts (how to make an own record, what the other party gets): ${missing.join(', ')}`,
    ).toEqual([]);
    const stale = Object.keys(RECORDS).filter((key) => !operations.has(key));
    expect(stale).toEqual([]);
  });

  const recordOperations = Object.entries(RECORDS)
    .filter(([, rule]) => rule !== 'not a record')
    .map(([key]) => key);

  describe.each(recordOperations)('%s', (operation) => {
    const callers = CALLERS.filter(
      (caller) => PARTY_CALLERS.has(caller.name) && expectedFor(operation, caller).admitted,
    );
    it.each(callers.map((caller) => [caller.name, caller] as const))(
      "%s: own record works, the other party's is not found and stays unchanged",
      async (_name, caller) => {
        const rule = RECORDS[operation] as RecordRule;
        const { own, other } = parties.get(caller.name)!;
        if (other) {
          const ids = await rule.make(other);
          await rule.prepare?.(own);
          const before = await settledFingerprint(tables);
          const response = await ctx.app.inject(recordRequest(operation, rule, ids, own.cookie));
          const answer = `${caller.name} on the other party's ${JSON.stringify(ids)}: ${response.statusCode} ${response.body}`;
          if (rule.other === 'idempotent') {
            expect(response.statusCode, answer).toBeLessThan(300);
          } else {
            expect(response.statusCode, answer).toBe(404);
            expect(response.json<{ error: { code: string } }>().error.code, answer).toBe(
              'NOT_FOUND',
            );
          }
          const after = await settledFingerprint(tables);
          expect(changedTables(before, after), answer).toEqual([]);
        }
        const ids = await rule.make(own);
        await rule.prepare?.(own);
        const response = await ctx.app.inject(recordRequest(operation, rule, ids, own.cookie));
        const answer = `${caller.name} on its own ${JSON.stringify(ids)}: ${response.statusCode} ${response.body}`;
        await rule.after?.();
        if (rule.own) expect(response.statusCode, answer).toBe(rule.own);
        else expect([200, 204], answer).toContain(response.statusCode);
      },
    );
  });
});

/**
 * Lists of one party's records (own/other for lists): each maker creates a
 * record of the party and answers a text the list shows for it (a product name, an order
 * number...). As each admitted caller, the list must show the caller's own record and never the
 * other party's. A list not named here is either not scoped to a party (public catalog, the
 * back office's single business) or shows no record of one.
 */
const LISTS: Record<string, (party: Party) => Promise<string>> = {
  'GET /api/cart': async (party) => productName((await cartLine(party)).productId),
  'GET /api/wishlist': async (party) => productName((await wishlistLine(party)).productId),
  'GET /api/addresses': async (party) => {
    const landmark = `Matrix Lane ${next()}`;
    await ctx.database.db.insert(addresses).values({
      userId: party.userId,
      locality: 'Kankarbagh',
      landmark,
      city: 'Patna',
      pincode: '800020',
    });
    return landmark;
  },
  'GET /api/orders': async (party) =>
    orderNumberOf((await customerOrder(party, 'placed')).shipmentId),
  'GET /api/shop/products': async (party) => productName((await shopProduct(party)).id),
  'GET /api/shop/colours': async (party) =>
    listEntryName(colours, await catalogListEntry(party, colours)),
  'GET /api/shop/companies': async (party) =>
    listEntryName(companies, await catalogListEntry(party, companies)),
  'GET /api/shop/product-names': async (party) =>
    listEntryName(productNames, await catalogListEntry(party, productNames)),
  'GET /api/shop/orders': async (party) =>
    orderNumberOf((await shopShipment(party, 'placed')).shipmentId),
  'GET /api/shop/support-admins': async (party) => {
    const { userId } = await supportAdmin(party);
    const [row] = await ctx.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, String(userId)));
    return row!.name;
  },
  'GET /api/shop/customers': async (party) => {
    const customer = await createCustomer(ctx.app, ctx.database.db);
    await placedOrder(
      { userId: customer.id, shopId: null, cookie: customer.cookie },
      party.shopId!,
      'placed',
    );
    const [row] = await ctx.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, customer.id));
    return row!.name;
  },
  'GET /api/delivery/shipments': async (party) =>
    orderNumberOf((await handedOver(party, 'assigned')).shipmentId),
};

async function productName(id: string | number | undefined): Promise<string> {
  const [row] = await ctx.database.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, Number(id)));
  return row!.name;
}

async function listEntryName(
  table: typeof colours | typeof companies | typeof productNames,
  ids: PathIds,
): Promise<string> {
  const [row] = await ctx.database.db
    .select({ name: table.name })
    .from(table)
    .where(eq(table.id, Number(ids.id)));
  return row!.name;
}

async function orderNumberOf(shipmentId: string | number | undefined): Promise<string> {
  const [row] = await ctx.database.db
    .select({ orderNumber: orders.orderNumber })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, Number(shipmentId)));
  return row!.orderNumber;
}

describe("lists show my records, never the other party's", () => {
  it('names only existing list routes', () => {
    expect(Object.keys(LISTS).filter((key) => !operations.has(key))).toEqual([]);
  });

  describe.each(Object.keys(LISTS))('%s', (operation) => {
    const callers = CALLERS.filter(
      (caller) => PARTY_CALLERS.has(caller.name) && expectedFor(operation, caller).admitted,
    );
    it.each(callers.map((caller) => [caller.name] as const))('%s', async (name) => {
      const { own, other } = parties.get(name)!;
      const mine = await LISTS[operation]!(own);
      const theirs = other ? await LISTS[operation]!(other) : null;
      const [, path] = operation.split(' ') as [string, string];
      const response = await ctx.app.inject({
        method: 'GET',
        url: path,
        headers: { cookie: own.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body, `${name} sees its own ${mine}`).toContain(JSON.stringify(mine));
      if (theirs) {
        expect(response.body, `${name} sees the other party's ${theirs}`).not.toContain(
          JSON.stringify(theirs),
        );
      }
    });
  });
});

/**
 * Figures of one party's records (counts, cash): a record of the other party leaves the
 * caller's answer as it was, one of the caller's own changes it.
 */
const AGGREGATES: Record<string, (party: Party) => Promise<unknown>> = {
  'GET /api/shop/summary': (party) => shopShipment(party, 'placed'),
  'GET /api/delivery/summary': (party) => handedOver(party, 'assigned'),
  'GET /api/delivery/cash': (party) =>
    handedOver(party, 'delivered', { cashCollectedPaise: 99_900, deliveredAt: new Date() }),
};

describe("figures count my records, never the other party's", () => {
  describe.each(Object.keys(AGGREGATES))('%s', (operation) => {
    const callers = CALLERS.filter(
      (caller) => PARTY_CALLERS.has(caller.name) && expectedFor(operation, caller).admitted,
    );
    it.each(callers.map((caller) => [caller.name] as const))('%s', async (name) => {
      const { own, other } = parties.get(name)!;
      const [, path] = operation.split(' ') as [string, string];
      const read = async () => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: path,
          headers: { cookie: own.cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.body;
      };
      const start = await read();
      await AGGREGATES[operation]!(other!);
      expect(await read(), `${name} after the other party's record`).toBe(start);
      await AGGREGATES[operation]!(own);
      expect(await read(), `${name} after its own record`).not.toBe(start);
    });
  });
});

describe('own and other records in one path', () => {
  /** Calls as the caller and expects 404 with no table changed. */
  async function expectNotFoundUnchanged(caller: CallerName, request: InjectOptions) {
    const before = await settledFingerprint(tables);
    const response = await ctx.app.inject({
      ...request,
      headers: { cookie: cookies.get(caller)! },
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(changedTables(before, await settledFingerprint(tables))).toEqual([]);
  }

  it("refuses my order with another customer's shipment (return, invoice)", async () => {
    const { own, other } = parties.get('customer')!;
    const mine = await customerOrder(own, 'delivered');
    const theirs = await customerOrder(other!, 'delivered');
    await expectNotFoundUnchanged('customer', {
      method: 'POST',
      url: `/api/orders/${mine.orderId}/shipments/${theirs.shipmentId}/return`,
      payload: { reason: 'The size does not fit me' },
    });
    await expectNotFoundUnchanged('customer', {
      method: 'GET',
      url: `/api/documents/orders/${mine.orderId}/shipments/${theirs.shipmentId}/invoice`,
    });
  });

  it('refuses ids of the wrong kind of account (another role under an employee or support-admin id)', async () => {
    const sellerA = parties.get('seller A')!.own.userId;
    const sellerB = parties.get('seller B')!.own.userId;
    const customerX = parties.get('customer')!.own.userId;
    for (const id of [sellerB, customerX, parties.get('admin')!.own.userId]) {
      await expectNotFoundUnchanged('admin', {
        method: 'POST',
        url: `/api/employees/${id}/disable`,
      });
      await expectNotFoundUnchanged('admin', {
        method: 'GET',
        url: `/api/employees/${id}/id-proof`,
      });
    }
    for (const id of [sellerA, sellerB, customerX, parties.get('employee')!.own.userId]) {
      await expectNotFoundUnchanged('seller A', {
        method: 'POST',
        url: `/api/shop/support-admins/${id}/disable`,
      });
    }
  });

  it('hands a shipment only to a delivery person', async () => {
    const { shipmentId } = await shopShipment(parties.get('seller A')!.own, 'packed');
    for (const id of [parties.get('customer')!.own.userId, parties.get('seller B')!.own.userId]) {
      const before = await settledFingerprint(tables);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/shop/orders/${shipmentId}/assign`,
        headers: { cookie: cookies.get('seller A')! },
        payload: { deliveryStaffId: id },
      });
      expect([400, 404, 422], response.body).toContain(response.statusCode);
      expect(changedTables(before, await settledFingerprint(tables))).toEqual([]);
    }
  });

  it("shows a shop and its delivery person only the shop's part of an order of two shops", async () => {
    const db = ctx.database.db;
    const buyer = world.buyer;
    await db.delete(cartItems).where(eq(cartItems.userId, buyer.userId));
    const { id: productA } = await shopProduct({ ...buyer, shopId: world.shopA });
    const { id: productB } = await shopProduct({ ...buyer, shopId: world.shopB });
    await db.insert(cartItems).values([
      { userId: buyer.userId, productId: productA, quantity: 1 },
      { userId: buyer.userId, productId: productB, quantity: 1 },
    ]);
    const [home] = await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, buyer.userId))
      .limit(1);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: buyer.cookie },
      payload: { addressId: home!.id, paymentMethod: 'cod' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: number }>().id;
    const parts = await db
      .select({ id: shipments.id, shopId: shipments.shopId })
      .from(shipments)
      .where(eq(shipments.orderId, orderId));
    const partA = parts.find((part) => part.shopId === world.shopA)!.id;
    const partB = parts.find((part) => part.shopId === world.shopB)!.id;
    await db
      .update(shipments)
      .set({
        status: 'assigned',
        deliveryStaffId: world.deliveryIds[0],
        deliveryCode: DELIVERY_CODE,
      })
      .where(eq(shipments.id, partA));
    const nameA = JSON.stringify(await productName(productA));
    const nameB = JSON.stringify(await productName(productB));
    // [caller, url, the product it must show (null: a list, maybe without names), the hidden one]
    for (const [caller, url, shown, hidden] of [
      ['seller A', `/api/shop/orders/${partA}`, nameA, nameB],
      ['seller B', `/api/shop/orders/${partB}`, nameB, nameA],
      ['delivery', `/api/delivery/shipments/${partA}`, nameA, nameB],
      ['seller A', '/api/shop/orders', null, nameB],
      ['delivery', '/api/delivery/shipments', null, nameB],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { cookie: cookies.get(caller)! },
      });
      expect(response.statusCode, response.body).toBe(200);
      if (shown) expect(response.body, `${caller} ${url}`).toContain(shown);
      expect(response.body, `${caller} ${url}`).not.toContain(hidden);
    }
  });

  it("lists an employee's own customer requests, never another employee's", async () => {
    const otherEmployee = await createStaff(ctx.app, ctx.database.db, 'employee');
    const names: string[] = [];
    for (const cookie of [cookies.get('employee')!, otherEmployee.cookie]) {
      const input = customerInput();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/customer-requests',
        headers: { cookie },
        payload: input,
      });
      expect(response.statusCode, response.body).toBe(201);
      names.push(JSON.stringify(input.shopName));
    }
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer-requests/mine',
      headers: { cookie: cookies.get('employee')! },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).toContain(names[0]);
    expect(mine.body).not.toContain(names[1]);
  });

  it("refuses my product with shop B's image", async () => {
    const { own, other } = parties.get('seller A')!;
    const { id } = await shopProduct(own);
    const theirs = await shopProductImage(other!);
    await expectNotFoundUnchanged('seller A', {
      method: 'DELETE',
      url: `/api/shop/products/${id}/images/${theirs.imageId}`,
    });
  });
});

/**
 * Tables a GET may write without changing what the app knows, each with why; the GET check
 * leaves them out and compares `reportFigures()` instead.
 * - report_deltas, report_days, report_customer_days, report_customer_months: rollups derived
 *   from the bills (migration 0006). Triggers queue each bill change in report_deltas, and the
 *   first report read after it folds the queue into the per-day and per-customer rollups
 *   (reports.repo `foldDeltas`), so a read moves rows between these tables while the figures
 *   (rollups plus queued deltas) stay the same.
 * - report_state: the rollups' version, raised by each fold that moved rows; only the reports'
 *   in-memory cache reads it, as its key.
 */
const FOLDED_ON_READ: ReadonlySet<string> = new Set([
  'report_state',
  'report_deltas',
  'report_days',
  'report_customer_days',
  'report_customer_months',
]);

const REPORT_MEASURES = [
  'bills',
  'amount_paise',
  'gst_paise',
  'received_paise',
  'quantity',
  'shirt_paise',
  'shorts_paise',
  'trouser_paise',
  'payments_paise',
];

/**
 * The report figures per day and per customer and day, counting queued deltas as folded: equal
 * before and after a fold, different after any bill change.
 */
async function reportFigures(): Promise<string> {
  const measures = REPORT_MEASURES.join(', ');
  const sums = REPORT_MEASURES.map((measure) => `sum(${measure})::text`).join(" || ',' || ");
  const nonZero = REPORT_MEASURES.map((measure) => `sum(${measure}) <> 0`).join(' or ');
  const result = (await ctx.database.db.execute(
    sql.raw(`select md5(coalesce(string_agg(line, '|' order by line), '')) as figures from (
      select 'd' || day::text || ':' || ${sums} as line from (
        select day, ${measures} from report_days
        union all select day, ${measures} from report_deltas) d group by day having ${nonZero}
      union all
      select 'c' || customer_id::text || '/' || day::text || ':' || ${sums} from (
        select customer_id, day, ${measures} from report_customer_days
        union all select customer_id, day, ${measures} from report_deltas
        where customer_id is not null) c group by customer_id, day having ${nonZero}) lines`),
  )) as unknown as { rows: { figures: string }[] };
  return result.rows[0]!.figures;
}

describe('no GET changes state (ASVS 5.0 3.5.3)', () => {
  const getOperations = Object.keys(EXPECTED_ACCESS).filter((key) => key.startsWith('GET '));

  it('covers every GET operation of the OpenAPI document', () => {
    const documented = [...operations.keys()].filter((key) => key.startsWith('GET '));
    expect(documented.filter((key) => !getOperations.includes(key))).toEqual([]);
  });

  it('runs no state-changing route on GET, HEAD or a method-override header', async () => {
    const writes = Object.keys(EXPECTED_ACCESS).filter(
      (key) => !key.startsWith('GET ') && operations.has(key),
    );
    const readable = new Set(getOperations.map((key) => key.slice('GET '.length)));
    const cookie = cookies.get('admin')!;
    let before = await settledFingerprint(tables);
    for (const operation of writes) {
      const [method, path] = operation.split(' ') as [string, string];
      const { url } = requestFor(operation, cookie) as { url: string };
      for (const request of [
        { method: 'GET', url, headers: { cookie } },
        { method: 'HEAD', url, headers: { cookie } },
        {
          method: 'GET',
          url: `${url}?_method=${method}`,
          headers: { cookie, 'x-http-method-override': method, 'x-method-override': method },
        },
      ] as const) {
        const response = await ctx.app.inject(request);
        // Not found, or a GET route answered (/api/orders/razorpay is GET /api/orders/{orderId})
        if (!readable.has(path)) {
          expect(response.statusCode, `${request.method} ${url}`).toBeGreaterThanOrEqual(400);
        }
      }
      // One fingerprint per route (its three requests), each the next route's "before"
      const after = await settledFingerprint(tables);
      expect(changedTables(before, after), operation).toEqual([]);
      before = after;
    }
  });

  it.each(getOperations)('%s changes no table, for any caller', async (operation) => {
    if (!operations.has(operation)) return; // stale row: reported by "access table"
    const rule = RECORDS[operation];
    // Every caller's requests, with the own records made first, so one fingerprint taken after
    // each request is the next one's "before".
    const requests: { caller: CallerName; request: InjectOptions }[] = [];
    for (const caller of CALLERS) {
      const cookie = caller.email ? cookies.get(caller.name) : undefined;
      requests.push({ caller: caller.name, request: requestFor(operation, cookie) });
      const party = parties.get(caller.name);
      if (rule && rule !== 'not a record' && party && expectedFor(operation, caller).admitted) {
        const ids = await rule.make(party.own);
        requests.push({
          caller: caller.name,
          request: recordRequest(operation, rule, ids, party.own.cookie),
        });
      }
    }
    const checked = tables.filter((table) => !FOLDED_ON_READ.has(table));
    let before = await settledFingerprint(checked);
    let figuresBefore = await reportFigures();
    for (const { caller, request } of requests) {
      const response = await ctx.app.inject(request);
      const after = await settledFingerprint(checked);
      const figuresAfter = await reportFigures();
      const where = `${caller} GET ${request.url}: ${response.statusCode}`;
      expect(response.statusCode, `${where} ${response.body}`).toBeLessThan(500);
      expect(changedTables(before, after), where).toEqual([]);
      expect(figuresAfter, where).toBe(figuresBefore);
      before = after;
      figuresBefore = figuresAfter;
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('employee permissions per job title', () => {
  /** A Karigar whose job title may do nothing, signed in for these tests alone. */
  let karigar: { cookie: string };

  beforeAll(async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/employee-permissions',
      headers: { cookie: cookies.get('admin')! },
      payload: { titles: [{ jobTitle: 'Karigar', permissions: [] }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const staff = await createStaff(ctx.app, ctx.database.db, 'employee');
    await ctx.database.db.update(users).set({ jobTitle: 'Karigar' }).where(eq(users.id, staff.id));
    karigar = staff;
  });

  afterAll(async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/employee-permissions',
      headers: { cookie: cookies.get('admin')! },
      payload: {
        titles: EMPLOYEE_JOB_TITLES.map((jobTitle) => ({
          jobTitle,
          permissions: [...new Set(Object.values(PERMISSIONS))],
        })),
      },
    });
  });

  it('guards only routes employees may call', () => {
    for (const key of Object.keys(PERMISSIONS)) {
      const access = EXPECTED_ACCESS[key];
      expect(Array.isArray(access) && access.includes('employee'), key).toBe(true);
    }
  });

  it.each(Object.entries(PERMISSIONS))(
    '%s refuses an employee whose job title lacks %s, naming it, and changes nothing',
    async (operation, permission) => {
      const before = await settledFingerprint(tables);
      const response = await ctx.app.inject(requestFor(operation, karigar.cookie));
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'FORBIDDEN', message: permissionRefusal('Karigar', permission) },
      });
      expect(changedTables(before, await settledFingerprint(tables))).toEqual([]);
    },
  );

  it.each(
    Object.keys(PERMISSIONS).filter((key) => {
      const access = EXPECTED_ACCESS[key];
      return Array.isArray(access) && access.includes('admin');
    }),
  )('%s still lets the admin in', async (operation) => {
    const response = await ctx.app.inject(requestFor(operation, cookies.get('admin')));
    expect([401, 403], response.body).not.toContain(response.statusCode);
  });
});

// ---------------------------------------------------------------------------------------------

describe('access control on a bare instance', () => {
  const seller = (shopId: number | null): AuthUser => ({
    id: 'user-1',
    name: 'Kavita Textiles',
    email: 'kavita@example.in',
    role: 'seller',
    mobile: null,
    shopId,
    sessionId: 'session-1',
  });

  async function bareApp(user: AuthUser | null): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerAccessControl(app, async () => user);
    return app;
  }

  it('stops start-up when an /api/ route declares no config.access', async () => {
    const app = await bareApp(null);
    try {
      await expect(
        (async () => {
          app.get('/api/x', async () => ({ ok: true }));
          await app.ready();
        })(),
      ).rejects.toThrow('Route GET /api/x must declare config.access');
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('stops start-up when a permission is declared on a route employees may not call', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerAccessControl(app, async () => null, {
      employeeGrants: async () => ({ jobTitle: null, permissions: new Set() }),
    });
    try {
      await expect(
        (async () => {
          app.post(
            '/api/x',
            { config: { access: ['admin'], permission: 'takePayments' } },
            async () => ({ ok: true }),
          );
          await app.ready();
        })(),
      ).rejects.toThrow('declares a permission but employees may not call it');
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('answers 403 naming the job title when the employee lacks the permission; the admin passes', async () => {
    for (const [role, status] of [
      ['employee', 403],
      ['admin', 200],
    ] as const) {
      const app = Fastify({ logger: false });
      registerErrorHandling(app);
      registerAccessControl(app, async () => ({ ...seller(null), role }), {
        employeeGrants: async () => ({ jobTitle: 'Helper', permissions: new Set(['closeBills']) }),
      });
      app.post(
        '/api/pay',
        { config: { access: ['admin', 'employee'], permission: 'takePayments' } },
        async () => ({ ok: true }),
      );
      await app.ready();
      const response = await app.inject({ method: 'POST', url: '/api/pay' });
      expect(response.statusCode).toBe(status);
      if (status === 403) {
        expect(response.json().error.message).toBe('Your role (Helper) may not take payments');
      }
      await app.close();
    }
  });

  it('answers 403 with the shop-details message on a shop-scoped route for a seller without a shop', async () => {
    for (const [shopId, status] of [
      [null, 403],
      [7, 200],
    ] as const) {
      const app = await bareApp(seller(shopId));
      app.get(
        '/api/shop-thing',
        { config: { access: ['seller', 'support_admin'], shopScoped: true } },
        async () => ({ ok: true }),
      );
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/api/shop-thing' });
      expect(response.statusCode).toBe(status);
      if (status === 403) {
        expect(response.json()).toEqual({
          error: { code: 'FORBIDDEN', message: SHOP_DETAILS_MISSING },
        });
      }
      await app.close();
    }
  });
});
