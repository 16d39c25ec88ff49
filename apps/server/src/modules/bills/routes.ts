import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddPaymentInputSchema,
  BillCustomerParamsSchema,
  BillDeletedSchema,
  BillDetailSchema,
  BillIdParamsSchema,
  BillListQuerySchema,
  BillPageSchema,
  CreateBillInputSchema,
  CustomerPaymentsSchema,
  ErrorBodySchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { BillsService } from './bills.service.js';

const staff = { access: ['admin', 'employee'] as const };
const adminOnly = { access: ['admin'] as const };
const guarded = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/**
 * Wholesale bill routes (issue 7 item 2; docs/back-office-bills.md "Routes"): admins and
 * employees; only admins delete (issue 7 item 7). Amounts are paise.
 */
export const billsRoutes =
  (bills: BillsService): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * `GET /api/customers/{customerId}/bills?status=open|closed|all&search=&page=`: BillPage
     * (10 a page, newest first, totals over all the customer's bills); 404 'Customer not found'.
     */
    app.get(
      '/api/customers/:customerId/bills',
      {
        config: staff,
        schema: {
          tags: ['back-office'],
          summary: "A customer's bills with their totals",
          params: BillCustomerParamsSchema,
          querystring: BillListQuerySchema,
          response: { 200: BillPageSchema, ...guarded },
        },
      },
      async (request) => bills.list(request.params.customerId, request.query),
    );

    /**
     * `POST /api/customers/{customerId}/bills` `{ lines, gstApplied, receivedPaise }`: 201
     * BillDetail; 400 field errors; 404; 409 'Only N pieces of {item} {category} {type} in stock'.
     */
    app.post(
      '/api/customers/:customerId/bills',
      {
        config: staff,
        schema: {
          tags: ['back-office'],
          summary: 'Save a purchase: bill, lines, stock sale and first payment',
          params: BillCustomerParamsSchema,
          body: CreateBillInputSchema,
          response: {
            201: BillDetailSchema,
            ...guarded,
            409: ErrorBodySchema,
            422: ErrorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await bills.create(requireUser(request), request.params.customerId, request.body)),
    );

    /** `GET /api/customers/{customerId}/payments`: CustomerPayments, oldest first; 404. */
    app.get(
      '/api/customers/:customerId/payments',
      {
        config: staff,
        schema: {
          tags: ['back-office'],
          summary: "Every payment of a customer's bills",
          params: BillCustomerParamsSchema,
          response: { 200: CustomerPaymentsSchema, ...guarded },
        },
      },
      async (request) => bills.customerPayments(request.params.customerId),
    );

    /** `GET /api/bills/{billId}`: BillDetail with lines and payments; 404 'Bill not found'. */
    app.get(
      '/api/bills/:billId',
      {
        config: staff,
        schema: {
          tags: ['back-office'],
          summary: 'A bill with its lines and payments',
          params: BillIdParamsSchema,
          response: { 200: BillDetailSchema, ...guarded },
        },
      },
      async (request) => bills.get(request.params.billId),
    );

    /**
     * `POST /api/bills/{billId}/payments` `{ amountPaise }`: BillDetail; 422 'Receive amount
     * less than or equal to amount' above the dues, 'This bill is closed'.
     */
    app.post(
      '/api/bills/:billId/payments',
      {
        config: staff,
        schema: {
          tags: ['back-office'],
          summary: 'Record a part payment (up to the dues)',
          params: BillIdParamsSchema,
          body: AddPaymentInputSchema,
          response: { 200: BillDetailSchema, ...guarded, 422: ErrorBodySchema },
        },
      },
      async (request) =>
        bills.addPayment(requireUser(request), request.params.billId, request.body.amountPaise),
    );

    /**
     * `POST /api/bills/{billId}/close`: BillDetail (closed); 422 "You can't close this bill
     * because bill amount {total} greater than received amount {received}."
     */
    app.post(
      '/api/bills/:billId/close',
      {
        config: staff,
        schema: {
          tags: ['back-office'],
          summary: 'Close a bill that is paid in full',
          params: BillIdParamsSchema,
          response: { 200: BillDetailSchema, ...guarded, 422: ErrorBodySchema },
        },
      },
      async (request) => bills.close(requireUser(request), request.params.billId),
    );

    /**
     * `DELETE /api/bills/{billId}` (admin): `{ id, message: 'Purchase removed successfully' }`;
     * stock restored and payments removed in one transaction; 404.
     */
    app.delete(
      '/api/bills/:billId',
      {
        config: adminOnly,
        schema: {
          tags: ['back-office'],
          summary: 'Delete a purchase, putting its pieces back in stock',
          params: BillIdParamsSchema,
          response: { 200: BillDeletedSchema, ...guarded },
        },
      },
      async (request) => bills.remove(requireUser(request), request.params.billId),
    );
  };
