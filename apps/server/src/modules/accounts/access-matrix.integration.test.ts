import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode, Role } from '@bazaar/shared';
import { registerAccessControl, type AccessRule, type AuthUser } from '../../platform/access.js';
import { registerErrorHandling } from '../../platform/errors.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { insertShop } from '../../test-support/fixtures.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../../test-support/test-app.js';

/*
 * Issue 3: "an authorisation test that walks every route in the OpenAPI document with no session
 * and with each role, and asserts who is let in (the test must fail if a new route forgets its
 * guard)". docs/accounts.md, "Authorisation", describes the model.
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

  // Catalog (marketplace.md section 2)
  'GET /api/products': 'public',
  'GET /api/products/best-selling': 'public',
  'GET /api/products/new-arrivals': 'public',
  'GET /api/products/{productId}': 'public',

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
  'POST /api/auth/resend-verification': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/pincodes/{pincode}': 'public',

  // Own account
  'GET /api/account/profile': 'signed-in',
  'PATCH /api/account/profile': 'signed-in',
  'POST /api/account/verify-password': 'signed-in',
  'POST /api/account/change-password': 'signed-in',
  // Signed-in browsers (issue 5 item 1; modules/sessions)
  'GET /api/account/sessions': 'signed-in',
  'POST /api/account/sessions/{sessionId}/end': 'signed-in',
  'POST /api/account/sessions/end-others': 'signed-in',
  'POST /api/admin/users/{userId}/sessions/end': ['admin'],
  'POST /api/admin/sessions/end-all': ['admin'],

  // Seller without a shop adds it (so it is deliberately not shop-scoped)
  'POST /api/seller/shop-details': ['seller'],

  // Shopping: cart, wishlist, delivery addresses (issue 6 items 1-3; docs/api.md)
  'GET /api/cart': ['customer'],
  'POST /api/cart/items': ['customer'],
  'PATCH /api/cart/items/{productId}': ['customer'],
  'DELETE /api/cart/items/{productId}': ['customer'],
  'POST /api/cart/merge': ['customer'],
  'GET /api/wishlist': ['customer'],
  'PUT /api/wishlist/items/{productId}': ['customer'],
  'DELETE /api/wishlist/items/{productId}': ['customer'],
  'POST /api/wishlist/items/{productId}/move-to-cart': ['customer'],
  'GET /api/addresses': ['customer'],
  'POST /api/addresses': ['customer'],
  'PATCH /api/addresses/{addressId}': ['customer'],
  'DELETE /api/addresses/{addressId}': ['customer'],
  'POST /api/addresses/{addressId}/default': ['customer'],

  // Orders: place (cash on delivery), My Orders, cancel, return (issue 6 items 4-6; docs/orders.md)
  'POST /api/orders': ['customer'],
  'GET /api/orders': ['customer'],
  'GET /api/orders/{orderId}': ['customer'],
  'POST /api/orders/{orderId}/cancel': ['customer'],
  'POST /api/orders/{orderId}/shipments/{shipmentId}/return': ['customer'],

  // Online payment with Razorpay (issue 6 item 4; docs/orders.md "Razorpay"). The webhook is
  // public: Razorpay signs it (X-Razorpay-Signature), it has no session.
  'GET /api/payments/config': 'public',
  'POST /api/orders/razorpay': ['customer'],
  'POST /api/orders/razorpay/confirm': ['customer'],
  'POST /api/webhooks/razorpay': 'public',

  // Document data for the PDFs (issue 8; docs/documents.md)
  'GET /api/documents/bills/{billId}/invoice': ['admin', 'employee'],
  'GET /api/documents/bills/{billId}/payments': ['admin', 'employee'],
  'GET /api/documents/customers/{customerId}/summary': ['admin', 'employee'],
  'GET /api/documents/customers/{customerId}/payments': ['admin', 'employee'],
  'GET /api/documents/orders/{orderId}/shipments/{shipmentId}/invoice': ['customer'],

  // Wholesale bills and product stock (issue 7 items 2, 4, 7; docs/back-office-bills.md)
  'GET /api/customers/{customerId}/bills': ['admin', 'employee'],
  'POST /api/customers/{customerId}/bills': ['admin', 'employee'],
  'GET /api/customers/{customerId}/payments': ['admin', 'employee'],
  'GET /api/bills/{billId}': ['admin', 'employee'],
  'POST /api/bills/{billId}/payments': ['admin', 'employee'],
  'POST /api/bills/{billId}/close': ['admin', 'employee'],
  'DELETE /api/bills/{billId}': ['admin'],
  'GET /api/stock': ['admin', 'employee'],
  'POST /api/stock': ['admin'],
  'POST /api/stock/{stockItemId}/adjust': ['admin'],
  'GET /api/stock/{stockItemId}/movements': ['admin', 'employee'],
  // Back office people: customers, customer requests, employees, audit trail (issue 7 items 1,
  // 5, 7, 8; docs/back-office-people.md)
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
  'GET /api/audit': ['admin'],
  // Admin dashboard and total transactions (issue 7 items 3 and 6; docs/back-office-reports.md)
  'GET /api/reports/dashboard': ['admin'],
  'GET /api/reports/transactions': ['admin'],
  // Shop office orders, support admins, customers; support (issue 4 items 2, 5-7, 9;
  // docs/shop-office.md)
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
  'GET /api/shop/delivery-staff': ['seller', 'support_admin'],
  'GET /api/shop/customers': ['seller'],
  'POST /api/shop/support-admins': ['seller'],
  'GET /api/shop/support-admins': ['seller'],
  'POST /api/shop/support-admins/{userId}/disable': ['seller'],
  'GET /api/support/contact': 'public',
  'GET /api/support/messages': ['admin'],
  'POST /api/support/messages/{id}/read': ['admin'],
  // Shop catalog (issue 4 items 3-4; docs/shop-catalog.md): lists, products, images, placement
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
  'GET /api/shop/slider': ['seller', 'support_admin'],
  // Delivery staff area (issue 4 item 8; docs/delivery.md): only the shipments handed to me
  'GET /api/delivery/summary': ['delivery'],
  'GET /api/delivery/shipments': ['delivery'],
  'GET /api/delivery/shipments/{shipmentId}': ['delivery'],
  'POST /api/delivery/shipments/{shipmentId}/pick-up': ['delivery'],
  'POST /api/delivery/shipments/{shipmentId}/out-for-delivery': ['delivery'],
  'POST /api/delivery/shipments/{shipmentId}/deliver': ['delivery'],
  'POST /api/delivery/shipments/{shipmentId}/fail': ['delivery'],
  'GET /api/delivery/cash': ['delivery'],
};

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
  'GET /api/shop/delivery-staff',
  'GET /api/shop/customers',
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
]);

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

const SHOP_DETAILS_MISSING = 'You need to submit shop details to continue...';

type CallerName =
  | 'no session'
  | 'customer'
  | 'seller'
  | 'seller2'
  | 'support admin'
  | 'admin'
  | 'employee'
  | 'delivery'
  | 'newseller';

interface Caller {
  name: CallerName;
  /** The demo account (none for 'no session'). */
  email?: string;
}

/** Every caller of the matrix: no session, then one demo account of each kind. */
const CALLERS: readonly Caller[] = [
  { name: 'no session' },
  { name: 'customer', email: 'customer@bazaar.test' },
  { name: 'seller', email: 'seller@bazaar.test' },
  { name: 'seller2', email: 'seller2@bazaar.test' },
  { name: 'support admin', email: 'support@bazaar.test' },
  { name: 'admin', email: 'admin@bazaar.test' },
  { name: 'employee', email: 'employee@bazaar.test' },
  { name: 'delivery', email: 'delivery@bazaar.test' },
  { name: 'newseller', email: 'newseller@bazaar.test' },
];

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
      if (rule.shopScoped !== SHOP_SCOPED.has(key)) {
        mismatches.push(
          `${key}: declared shopScoped ${rule.shopScoped}, expected ${SHOP_SCOPED.has(key)}`,
        );
      }
    }
    for (const key of SHOP_SCOPED) {
      if (!(key in EXPECTED_ACCESS)) mismatches.push(`${key}: in SHOP_SCOPED only`);
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
      headers: { cookie: cookies.get('seller')! },
    });
    expect(kept.statusCode).toBe(200);
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
