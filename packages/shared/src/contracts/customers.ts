import { defineEndpoint } from './endpoint.js';
import {
  ApprovedRequestSchema,
  CreatedCustomerSchema,
  CustomerIdParamsSchema,
  CustomerInputSchema,
  NewCustomerInputSchema,
  CustomerPageSchema,
  CustomerRequestListQuerySchema,
  CustomerRequestPageSchema,
  CustomerRequestSchema,
  CustomerSummarySchema,
  CustomerUpdateSchema,
  MyRequestsQuerySchema,
  PeopleListQuerySchema,
  RejectRequestSchema,
  RequestIdParamsSchema,
  WholesaleCustomerSchema,
} from '../schemas/back-office-people.js';

/**
 * Wholesale customers and customer requests (docs/back-office-people.md). Admins create
 * customers and decide requests; employees list and edit customers and send requests. Money is
 * paise. Every endpoint may answer 401 (no session) and 403 (another role).
 */

/**
 * Admin, CustomerInput: 201 `{ customer, generatedPassword }` (shown once, also mailed); 400
 * field messages ('Please re-enter your mobile number', GSTIN, pincode); 409 email or mobile
 * taken.
 */
export const createCustomer = defineEndpoint({
  method: 'POST',
  path: '/api/customers',
  tag: 'back office people',
  summary: 'Create a wholesale customer with a generated password',
  body: NewCustomerInputSchema,
  responses: { 201: CreatedCustomerSchema },
  errors: [400, 401, 403, 409],
});

/**
 * Admin, employee, `?search=&page=`: 10 a page, newest first; each word of `search` must occur in
 * name, mobile, shop name, locality, landmark or city (case-insensitive).
 */
export const listCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/customers',
  tag: 'back office people',
  summary: 'Customer list with search over name, mobile, shop, locality, landmark, city',
  query: PeopleListQuerySchema,
  responses: { 200: CustomerPageSchema },
  errors: [400, 401, 403],
});

/** Admin, employee: `{ totalCustomers, totalCreditPaise }` for the home tiles. */
export const getCustomerSummary = defineEndpoint({
  method: 'GET',
  path: '/api/customers/summary',
  tag: 'back office people',
  summary: 'Total customers and total credit (dues of open bills, paise)',
  responses: { 200: CustomerSummarySchema },
  errors: [401, 403],
});

/** Admin, employee: one customer (the transaction screen's header); 404 otherwise. */
export const getCustomer = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:customerId',
  tag: 'back office people',
  summary: 'One wholesale customer (transaction screen header)',
  params: CustomerIdParamsSchema,
  responses: { 200: WholesaleCustomerSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Admin, employee, CustomerUpdate: the Edit modal; the account's name, email and mobile follow.
 * 200 customer; 404; 409 email or mobile taken.
 */
export const updateCustomer = defineEndpoint({
  method: 'PATCH',
  path: '/api/customers/:customerId',
  tag: 'back office people',
  summary: 'Edit a customer (name, email, mobile, alt mobile, shop name)',
  params: CustomerIdParamsSchema,
  body: CustomerUpdateSchema,
  responses: { 200: WholesaleCustomerSchema },
  errors: [400, 401, 403, 404, 409],
});

/** Employee, CustomerInput: 201 the pending request; 409 email or mobile taken. */
export const createCustomerRequest = defineEndpoint({
  method: 'POST',
  path: '/api/customer-requests',
  tag: 'back office people',
  summary: 'Ask an admin to create a customer',
  body: CustomerInputSchema,
  responses: { 201: CustomerRequestSchema },
  errors: [400, 401, 403, 409],
});

/** Admin, `?status=pending&page=`: newest first, 10 a page. */
export const listCustomerRequests = defineEndpoint({
  method: 'GET',
  path: '/api/customer-requests',
  tag: 'back office people',
  summary: 'Customer requests by status (pending by default)',
  query: CustomerRequestListQuerySchema,
  responses: { 200: CustomerRequestPageSchema },
  errors: [400, 401, 403],
});

/** Employee, `?page=`: the employee's own requests and their status. */
export const listMyCustomerRequests = defineEndpoint({
  method: 'GET',
  path: '/api/customer-requests/mine',
  tag: 'back office people',
  summary: "The signed-in employee's customer requests and their status",
  query: MyRequestsQuerySchema,
  responses: { 200: CustomerRequestPageSchema },
  errors: [400, 401, 403],
});

/**
 * Admin: creates the customer; 200 `{ request, customer, generatedPassword }`; 404; 409
 * REQUEST_ALREADY_DECIDED, or email/mobile taken.
 */
export const approveCustomerRequest = defineEndpoint({
  method: 'POST',
  path: '/api/customer-requests/:requestId/approve',
  tag: 'back office people',
  summary: 'Approve a request: creates the customer with a generated password',
  params: RequestIdParamsSchema,
  responses: { 200: ApprovedRequestSchema },
  errors: [400, 401, 403, 404, 409],
});

/** Admin, `{ reason }`: 200 the rejected request; 404; 409 REQUEST_ALREADY_DECIDED. */
export const rejectCustomerRequest = defineEndpoint({
  method: 'POST',
  path: '/api/customer-requests/:requestId/reject',
  tag: 'back office people',
  summary: 'Reject a request with a reason',
  params: RequestIdParamsSchema,
  body: RejectRequestSchema,
  responses: { 200: CustomerRequestSchema },
  errors: [400, 401, 403, 404, 409],
});
