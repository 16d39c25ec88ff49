import type { FastifyPluginAsync } from 'fastify';
import { customersApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { CustomersService } from './customers.service.js';

const adminOnly = { access: ['admin'] as const };
const employeeOnly = { access: ['employee'] as const };
const backOffice = { access: ['admin', 'employee'] as const };

/**
 * Wholesale customers and customer requests (docs/back-office-people.md): admins create
 * customers and decide requests; employees list and edit customers and send requests. Each
 * route's contract is in `@bazaar/shared`'s `customersApi`.
 */
export const customersRoutes =
  (customers: CustomersService): FastifyPluginAsync =>
  async (app) => {
    route(app, customersApi.createCustomer, { config: adminOnly }, (request) =>
      customers.createCustomer(requireUser(request), request.body),
    );
    route(app, customersApi.listCustomers, { config: backOffice }, (request) =>
      customers.listCustomers(request.query),
    );
    route(app, customersApi.getCustomerSummary, { config: backOffice }, () => customers.summary());
    route(app, customersApi.getCustomer, { config: backOffice }, (request) =>
      customers.getCustomer(request.params.customerId),
    );
    route(
      app,
      customersApi.updateCustomer,
      { config: { ...backOffice, permission: 'editCustomers' } },
      (request) =>
        customers.updateCustomer(requireUser(request), request.params.customerId, request.body),
    );
    route(
      app,
      customersApi.createCustomerRequest,
      { config: { ...employeeOnly, permission: 'createCustomerRequests' } },
      (request) => customers.createRequest(requireUser(request), request.body),
    );
    route(app, customersApi.listCustomerRequests, { config: adminOnly }, (request) =>
      customers.listRequests(request.query),
    );
    route(app, customersApi.listMyCustomerRequests, { config: employeeOnly }, (request) =>
      customers.listMyRequests(requireUser(request), request.query.page),
    );
    route(app, customersApi.approveCustomerRequest, { config: adminOnly }, (request) =>
      customers.approveRequest(requireUser(request), request.params.requestId),
    );
    route(app, customersApi.rejectCustomerRequest, { config: adminOnly }, (request) =>
      customers.rejectRequest(requireUser(request), request.params.requestId, request.body.reason),
    );
  };
