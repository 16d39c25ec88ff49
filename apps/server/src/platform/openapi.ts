import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document's tags: one per area of the API, in the order the docs page lists them. */
export const OPENAPI_TAGS = [
  { name: 'catalog', description: 'Products, search and sliders' },
  { name: 'contact', description: 'Contact US messages' },
  { name: 'accounts', description: 'Sign-in, registration, profiles and passwords' },
  { name: 'shopping', description: 'Cart, wishlist and delivery addresses (customers)' },
  {
    name: 'reviews',
    description: 'Ratings and reviews: product figures, buyers, shop replies, hiding',
  },
  { name: 'orders', description: 'Placing orders, My Orders, cancel and return (customers)' },
  {
    name: 'shop office',
    description: 'Seller and support admin: orders, support admins, customers',
  },
  {
    name: 'shop-catalog',
    description: "Seller: the shop's colours, companies, product names, products and sliders",
  },
  { name: 'delivery', description: 'Delivery staff: handed-over shipments, deliver, fail' },
  { name: 'support', description: 'Support contact details and the admin inbox' },
  { name: 'refunds', description: 'Admin: online refunds Razorpay refused, and their retry' },
  {
    name: 'payments',
    description: 'Online payment with Razorpay: config, checkout, confirmation, webhook',
  },
  {
    name: 'back office people',
    description: 'Admin and employees: wholesale customers, requests, employees, audit trail',
  },
  {
    name: 'back-office',
    description: 'Admin and employees: wholesale bills, payments and product stock',
  },
  {
    name: 'documents',
    description: 'Data of the PDF documents: tax invoices, summaries, payment histories',
  },
  {
    name: 'tax documents',
    description:
      'Issued tax invoices and credit notes: e-invoice JSON, IRN entry, the turnover setting',
  },
  { name: 'gst returns', description: 'Admin: GSTR-1 summary, portal JSON and CSV per section' },
  { name: 'reports', description: 'Admin dashboard and total-transactions report' },
  {
    name: 'sharing',
    description: 'Back office: invoice and statement links for WhatsApp and mail; the public PDF',
  },
  {
    name: 'customer ledger',
    description: 'Back office: customer ledger (khata), statements, ageing of dues, credit limit',
  },
  {
    name: 'my wholesale account',
    description: "Customer: the signed-in wholesale customer's bills, payments, ledger, statements",
  },
  {
    name: 'settlements',
    description: "What each shop is owed: the seller's statement, payouts, rates and GSTR-8",
  },
  { name: 'platform', description: 'Health and documentation' },
];

/**
 * Registers the API's description: the OpenAPI 3.1 document built from every route's zod
 * schemas, served at `GET /api/openapi.json` (public), and the docs page at `/api/docs`.
 * Register it before the module routes, so it sees them all.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bazaar API',
        description:
          'Clothing marketplace and wholesale back office. Money is integer paise; errors are ' +
          '`{ error: { code, message, fields } }`.',
        version: '0.1.0',
      },
      tags: OPENAPI_TAGS,
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
