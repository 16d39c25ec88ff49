import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApprovedRequestSchema,
  CreatedCustomerSchema,
  CustomerIdParamsSchema,
  CustomerInputSchema,
  CustomerPageSchema,
  CustomerRequestListQuerySchema,
  CustomerRequestPageSchema,
  CustomerRequestSchema,
  CustomerSummarySchema,
  CustomerUpdateSchema,
  ErrorBodySchema,
  MyRequestsQuerySchema,
  PeopleListQuerySchema,
  RejectRequestSchema,
  RequestIdParamsSchema,
  WholesaleCustomerSchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { CustomersService } from './customers.service.js';

const adminOnly = { access: ['admin'] as const };
const employeeOnly = { access: ['employee'] as const };
const backOffice = { access: ['admin', 'employee'] as const };
const guarded = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['back office people'];

/**
 * Wholesale customers and customer requests (issue 7 items 1 and 7; docs/back-office-people.md).
 * Admins create customers and decide requests; employees list and edit customers and send
 * requests. Money is paise.
 */
export const customersRoutes =
  (customers: CustomersService): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * `POST /api/customers` (admin) CustomerInput: 201 `{ customer, generatedPassword }` (shown
     * once, also mailed); 400 field messages ('Please re-enter your mobile number', GSTIN,
     * pincode); 409 email or mobile taken.
     */
    app.post(
      '/api/customers',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Create a wholesale customer with a generated password',
          body: CustomerInputSchema,
          response: { 201: CreatedCustomerSchema, ...guarded, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const created = await customers.createCustomer(requireUser(request), request.body);
        return reply.status(201).send(created);
      },
    );

    /** `GET /api/customers?search=&page=` (admin, employee): 10 a page, newest first. */
    app.get(
      '/api/customers',
      {
        config: backOffice,
        schema: {
          tags,
          summary: 'Customer list with search over name, mobile, shop, locality, landmark, city',
          querystring: PeopleListQuerySchema,
          response: { 200: CustomerPageSchema, ...guarded },
        },
      },
      async (request) => customers.listCustomers(request.query),
    );

    /** `GET /api/customers/summary` (admin, employee): `{ totalCustomers, totalCreditPaise }`. */
    app.get(
      '/api/customers/summary',
      {
        config: backOffice,
        schema: {
          tags,
          summary: 'Total customers and total credit (dues of open bills, paise)',
          response: { 200: CustomerSummarySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      async () => customers.summary(),
    );

    /** `GET /api/customers/{customerId}` (admin, employee): the customer; 404 otherwise. */
    app.get(
      '/api/customers/:customerId',
      {
        config: backOffice,
        schema: {
          tags,
          summary: 'One wholesale customer (transaction screen header)',
          params: CustomerIdParamsSchema,
          response: { 200: WholesaleCustomerSchema, ...guarded, 404: ErrorBodySchema },
        },
      },
      async (request) => customers.getCustomer(request.params.customerId),
    );

    /**
     * `PATCH /api/customers/{customerId}` (admin, employee) CustomerUpdate: the Edit modal; the
     * account's name, email and mobile follow. 200 customer; 404; 409 taken.
     */
    app.patch(
      '/api/customers/:customerId',
      {
        config: backOffice,
        schema: {
          tags,
          summary: 'Edit a customer (name, email, mobile, alt mobile, shop name)',
          params: CustomerIdParamsSchema,
          body: CustomerUpdateSchema,
          response: {
            200: WholesaleCustomerSchema,
            ...guarded,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      async (request) =>
        customers.updateCustomer(requireUser(request), request.params.customerId, request.body),
    );

    /** `POST /api/customer-requests` (employee) CustomerInput: 201 the pending request; 409 taken. */
    app.post(
      '/api/customer-requests',
      {
        config: employeeOnly,
        schema: {
          tags,
          summary: 'Ask an admin to create a customer',
          body: CustomerInputSchema,
          response: { 201: CustomerRequestSchema, ...guarded, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const created = await customers.createRequest(requireUser(request), request.body);
        return reply.status(201).send(created);
      },
    );

    /** `GET /api/customer-requests?status=pending&page=` (admin): newest first, 10 a page. */
    app.get(
      '/api/customer-requests',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Customer requests by status (pending by default)',
          querystring: CustomerRequestListQuerySchema,
          response: { 200: CustomerRequestPageSchema, ...guarded },
        },
      },
      async (request) => customers.listRequests(request.query),
    );

    /** `GET /api/customer-requests/mine?page=` (employee): the employee's own requests. */
    app.get(
      '/api/customer-requests/mine',
      {
        config: employeeOnly,
        schema: {
          tags,
          summary: "The signed-in employee's customer requests and their status",
          querystring: MyRequestsQuerySchema,
          response: { 200: CustomerRequestPageSchema, ...guarded },
        },
      },
      async (request) => customers.listMyRequests(requireUser(request), request.query.page),
    );

    /**
     * `POST /api/customer-requests/{requestId}/approve` (admin): creates the customer; 200
     * `{ request, customer, generatedPassword }`; 404; 409 decided already or email/mobile taken.
     */
    app.post(
      '/api/customer-requests/:requestId/approve',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Approve a request: creates the customer with a generated password',
          params: RequestIdParamsSchema,
          response: {
            200: ApprovedRequestSchema,
            ...guarded,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      async (request) => customers.approveRequest(requireUser(request), request.params.requestId),
    );

    /** `POST /api/customer-requests/{requestId}/reject` (admin) `{ reason }`: 200 request; 404; 409. */
    app.post(
      '/api/customer-requests/:requestId/reject',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Reject a request with a reason',
          params: RequestIdParamsSchema,
          body: RejectRequestSchema,
          response: {
            200: CustomerRequestSchema,
            ...guarded,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      async (request) =>
        customers.rejectRequest(
          requireUser(request),
          request.params.requestId,
          request.body.reason,
        ),
    );
  };
