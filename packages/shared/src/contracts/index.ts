/**
 * Every API endpoint's contract, one module per server module (docs/api.md "Contracts"). The
 * server registers routes from these; the web app calls them through its generated endpoint
 * references (apps/web/src/api/endpoints/), which carry only method and path at run time.
 */
export * from './endpoint.js';
export * as billsApi from './bills.js';
export * as accountsApi from './accounts.js';
export * as twoFactorApi from './two-factor.js';
export * as emailChangeApi from './email-change.js';
export * as sessionsApi from './sessions.js';
export * as supportAdminsApi from './support-admins.js';
export * as employeesApi from './employees.js';
export * as deliveryStaffApi from './delivery-staff.js';
export * as businessApi from './business.js';
export * as customersApi from './customers.js';
export * as auditApi from './audit.js';
export * as contactApi from './contact.js';
export * as supportApi from './support.js';
export * as healthApi from './health.js';
export * as reportsApi from './reports.js';
export * as stockApi from './stock.js';
export * as catalogApi from './catalog.js';
export * as shopCatalogApi from './shop-catalog.js';
export * as cartApi from './cart.js';
export * as wishlistApi from './wishlist.js';
export * as addressesApi from './addresses.js';
export * as ordersApi from './orders.js';
export * as paymentsApi from './payments.js';
export * as fulfilmentApi from './fulfilment.js';
export * as deliveryApi from './delivery.js';
export * as documentsApi from './documents.js';
export * as creditNotesApi from './credit-notes.js';
export * as gstReturnsApi from './gst-returns.js';
export * as taxDocumentsApi from './tax-documents.js';
export * as settlementsApi from './settlements.js';
export * as exportsApi from './exports.js';
export * as reviewsApi from './reviews.js';
export * as ledgerApi from './ledger.js';
export * as refundsApi from './refunds.js';
export * as myWholesaleApi from './my-wholesale.js';
export * as shareApi from './share.js';
export * as employeePermissionsApi from './employee-permissions.js';
export * as billCancelRequestsApi from './bill-cancel-requests.js';
