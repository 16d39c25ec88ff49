import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EmployeeInputSchema,
  ERROR_CODES,
  ERROR_REASONS,
  ProductInputSchema,
  ReviewInputSchema,
  SellerRegistrationSchema,
  ShopDetailsSubmissionSchema,
  type ErrorReason,
  type Role,
} from '@bazaar/shared';
import { addresses, users } from '../src/db/schema/index.js';
import type { AccessRule } from '../src/platform/access.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../src/seed/demo-accounts.js';
import { insertStockRow, insertWholesaleCustomer } from './modules/bills/bills-test-support.js';
import { signIn } from './support/accounts.js';
import { fingerprintTables, publicTables } from './support/db-fingerprint.js';
import { insertProduct, insertShop } from './support/fixtures.js';
import { createTestApp } from './support/test-app.js';

/*
 * Bad input on every route (docs/platform.md "Errors"): every operation of the OpenAPI document is
 * sent malformed, oversized, wrong-typed and boundary values derived from its own schema
 * (fast-check), as a caller its access admits. For every answer: never a 5xx, the error body of
 * docs/api.md whenever the status is 4xx, a refusal (>= 400) whenever the input breaks the
 * documented schema, and no row or stored file written by the batch of the route.
 *
 * Reproduce a failure with the seed printed by fast-check:
 *   BAD_INPUT_SEED=<seed> npx vitest run apps/server/src/bad-input.integration.test.ts -t '<route>'
 * BAD_INPUT_RUNS sets the random cases per route (default 25) on top of the deterministic ones.
 */

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_261_123);
const RANDOM_RUNS = Number(process.env.BAD_INPUT_RUNS ?? 25);

/**
 * Tables left out of the "nothing written" fingerprint, each with why:
 * - captchas: `POST /api/captchas` takes no input, so a body it is sent (text/plain noise) is
 *   ignored and a captcha is issued, as designed.
 * - login_failures: routes that re-check the password (ending a session, ...) count a wrong one
 *   towards the lock-out whatever else is wrong in the request (ASVS V6.3 throttling), and the
 *   well-formed part of these requests carries a wrong password.
 * Every other table is compared, sessions included (less a session's sliding expiry,
 * FINGERPRINT_IGNORED_COLUMNS).
 */
const UNFINGERPRINTED_TABLES = new Set(['captchas', 'login_failures']);

/**
 * The multipart routes (OpenAPI shows no JSON body for them) with the shared schema of their
 * text fields and the name of their file field. A route answering 415 to JSON but missing here
 * fails "every multipart route is listed".
 */
const MULTIPART: Record<string, { fields: z.ZodType | null; file: string }> = {
  'POST /api/shop/products': { fields: ProductInputSchema, file: 'images' },
  'POST /api/shop/products/{id}/images': { fields: null, file: 'images' },
  'POST /api/shop/designs/{designId}/images': { fields: null, file: 'images' },
  'POST /api/auth/register/seller': { fields: SellerRegistrationSchema, file: 'shopImage' },
  'POST /api/seller/shop-details': { fields: ShopDetailsSubmissionSchema, file: 'shopImage' },
  'POST /api/employees': { fields: EmployeeInputSchema, file: 'idProof' },
  'POST /api/order-items/{orderItemId}/review': { fields: ReviewInputSchema, file: 'photo' },
};

/**
 * Routes that answer 503 SERVICE_UNAVAILABLE (in the error format) to a well-formed request when
 * no Razorpay keys are configured, as the test app has none: online payment is "not available".
 */
const UNAVAILABLE_WITHOUT_GATEWAY = new Set([
  'POST /api/orders/razorpay',
  'POST /api/orders/razorpay/confirm',
  'POST /api/orders/{orderId}/razorpay',
]);

/** Bodies that are not JSON at all, sent as application/json. */
const MALFORMED_JSON = [
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '\u0000',
  '{"a":"\ud800"',
  '{"a" 1}',
  '',
];

// ---------------------------------------------------------------------------------------------
// JSON Schema (as the OpenAPI document shows it) -> valid samples and definitely-invalid values

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** The alternatives of a schema (anyOf/oneOf), or the schema itself. */
function alternatives(schema: JsonSchema): JsonSchema[] {
  const options = schema.anyOf ?? schema.oneOf;
  return options ? options.flatMap(alternatives) : [schema];
}

/** Every pattern a string must match (its own and those of allOf). */
function patternsOf(schema: JsonSchema): RegExp[] {
  const own = schema.pattern ? [new RegExp(schema.pattern)] : [];
  return [...own, ...(schema.allOf ?? []).flatMap(patternsOf)];
}

/** The JSON types a schema admits; undefined when it admits anything. */
function typesOf(schema: JsonSchema): Set<JsonType> | undefined {
  const found = new Set<JsonType>();
  for (const option of alternatives(schema)) {
    if (option.enum || option.const !== undefined) {
      for (const value of option.enum ?? [option.const]) found.add(jsonTypeOf(value));
      continue;
    }
    if (option.type === undefined) {
      if (option.properties) found.add('object');
      else return undefined;
    }
    for (const type of [option.type ?? []].flat()) {
      found.add(type as JsonType);
      if (type === 'integer') found.add('number');
    }
  }
  return found;
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** True when `value` is of a type the schema does not admit at all. */
function wrongType(schema: JsonSchema, value: unknown): boolean {
  const types = typesOf(schema);
  if (!types) return false;
  const type = jsonTypeOf(value);
  if (type === 'integer') return !types.has('integer') && !types.has('number');
  return !types.has(type);
}

/** The string alternative of a schema, when it has exactly one kind of string. */
function stringOption(schema: JsonSchema): JsonSchema | undefined {
  const strings = alternatives(schema).filter(
    (option) => option.type === 'string' || typeof option.enum?.[0] === 'string',
  );
  return strings.length === 1 ? strings[0] : undefined;
}

/**
 * True when a string is refused by every alternative of the schema, also after trimming (the
 * shared schemas trim before checking).
 */
function stringRefused(schema: JsonSchema, text: string): boolean {
  const types = typesOf(schema);
  if (!types) return false;
  return alternatives(schema).every((option) => {
    const kinds = [option.type ?? []].flat();
    if (option.enum) return !option.enum.includes(text) && !option.enum.includes(text.trim());
    if (option.const !== undefined) return option.const !== text && option.const !== text.trim();
    if (!kinds.includes('string')) return true;
    return [text, text.trim()].every((candidate) => {
      if (option.maxLength !== undefined && [...candidate].length > option.maxLength) return true;
      if (option.minLength !== undefined && candidate.length < option.minLength) return true;
      return patternsOf(option).some((pattern) => !pattern.test(candidate));
    });
  });
}

/** A number refused by every alternative (out of range, or fractional for integers). */
function numberRefused(schema: JsonSchema, value: number): boolean {
  const types = typesOf(schema);
  if (!types) return false;
  return alternatives(schema).every((option) => {
    const kinds = [option.type ?? []].flat();
    if (option.enum) return !option.enum.includes(value);
    if (!kinds.includes('number') && !kinds.includes('integer')) return true;
    if (kinds.includes('integer') && !kinds.includes('number') && !Number.isInteger(value)) {
      return true;
    }
    if (option.minimum !== undefined && value < option.minimum) return true;
    if (option.maximum !== undefined && value > option.maximum) return true;
    if (option.exclusiveMinimum !== undefined && value <= option.exclusiveMinimum) return true;
    if (option.exclusiveMaximum !== undefined && value >= option.exclusiveMaximum) return true;
    return false;
  });
}

const SAMPLE_STRINGS = [
  'asha.kumari@example.in',
  '9876543210',
  '800001',
  '2026-01-15',
  '1990-01-26',
  '1',
  '2024',
  '234567890124',
  'Asha Kumari',
  'Bazaar@123',
  'ABCDEFG',
  'Boring Road',
  // An IRN (64 hexadecimal characters) and an acknowledgement date and time of the IRP
  '0123456789abcdef'.repeat(4),
  '2026-11-27T14:05:00',
];

/** A best-effort valid value of a schema (required properties only). */
function validSample(schema: JsonSchema): unknown {
  const option = alternatives(schema)[0] ?? schema;
  if (option.const !== undefined) return option.const;
  if (option.enum) return option.enum[0];
  const type = [option.type ?? (option.properties ? 'object' : 'string')].flat()[0];
  switch (type) {
    case 'object': {
      const sample: Record<string, unknown> = {};
      for (const name of option.required ?? []) {
        const property = option.properties?.[name];
        if (property) sample[name] = validSample(property);
      }
      return sample;
    }
    case 'array':
      return Array.from({ length: Math.max(1, option.minItems ?? 1) }, () =>
        validSample(option.items ?? {}),
      );
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, option.minimum ?? 1), option.maximum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (option.format === 'email') return 'asha.kumari@example.in';
      const fits = (text: string) =>
        text.length >= (option.minLength ?? 0) &&
        text.length <= (option.maxLength ?? Infinity) &&
        patternsOf(option).every((pattern) => pattern.test(text));
      return SAMPLE_STRINGS.find(fits) ?? 'a'.repeat(Math.max(1, option.minLength ?? 1));
    }
  }
}

/** A leaf of a request part: its path of property names/indexes and its schema. */
interface Leaf {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** Every property (at any depth) of an object schema, arrays reached through their first item. */
function leavesOf(schema: JsonSchema, prefix: (string | number)[] = [], depth = 0): Leaf[] {
  const leaves: Leaf[] = [];
  const option = alternatives(schema)[0] ?? schema;
  if (depth > 4) return leaves;
  for (const [name, property] of Object.entries(option.properties ?? {})) {
    const here = [...prefix, name];
    leaves.push({
      path: here,
      schema: property,
      required: option.required?.includes(name) ?? false,
    });
    const inner = alternatives(property)[0] ?? property;
    if (inner.properties) leaves.push(...leavesOf(inner, here, depth + 1));
    if (inner.type === 'array' && inner.items) {
      leaves.push(...leavesOf(inner.items, [...here, 0], depth + 1));
    }
  }
  return leaves;
}

function deepNested(levels: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

const HUGE = 'x'.repeat(100 * 1024);

/** Values of every JSON type, and boundary numbers; each is kept where the schema refuses it. */
const WRONG_TYPE_VALUES: unknown[] = [
  42,
  -1,
  1.5,
  'text',
  '',
  true,
  null,
  [],
  ['a', 1],
  {},
  { a: 1 },
  deepNested(200),
];
const BOUNDARY_NUMBERS = [
  -1,
  0,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  -100_000_000_000,
];
/**
 * Integer boundaries sent to every whole-number field (ids and paise amounts), kept or not: ids are
 * `serial` keys (1..2147483647), so 0, -1, 2^31, 2^53, 1.5 and "1e3" must be refused with a 400 on
 * the field, and an amount past 2^31 paise must never reach a 32-bit column (no 5xx).
 */
const INTEGER_BOUNDARIES: unknown[] = [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1.5, '1e3'];
const SERIAL_ID_MAX = 2 ** 31 - 1;

/** Whether a body leaf is a row id (`productId`, `addressId`, ...): its range is the serial's. */
function isIdLeaf(leaf: Leaf): boolean {
  const name = leaf.path.at(-1);
  const types = typesOf(leaf.schema);
  return typeof name === 'string' && /(^id|Id)$/.test(name) && Boolean(types?.has('number'));
}

/** Whether `value` is outside the serial id range (or not a whole number at all). */
function idRefused(value: unknown): boolean {
  return (
    typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > SERIAL_ID_MAX
  );
}

const HOSTILE_STRINGS = [
  'abc',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e308',
  '0x1F',
  '99999999999999999999999',
  '../',
  '../../etc/passwd',
  '%00',
  '\u0000',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '١٢٣',
  '\ud800',
  ' ',
];

/** A named value that breaks `schema` for sure (by the document's rules). */
interface Breakage {
  label: string;
  value: unknown;
}

/** Deterministic breakages of a JSON field: wrong types, lengths, bounds, patterns, enums. */
function jsonBreakages(schema: JsonSchema): Breakage[] {
  const found: Breakage[] = [];
  for (const value of WRONG_TYPE_VALUES) {
    if (wrongType(schema, value)) found.push({ label: `type ${jsonTypeOf(value)}`, value });
  }
  found.push(...stringBreakages(schema));
  for (const value of BOUNDARY_NUMBERS) {
    if (!wrongType(schema, value) && numberRefused(schema, value)) {
      found.push({ label: `number ${value}`, value });
    }
  }
  return found;
}

/** Breakages that are strings (the only kind a query, path or form field can carry). */
function stringBreakages(schema: JsonSchema): Breakage[] {
  const found: Breakage[] = [];
  const text = stringOption(schema);
  const candidates: Breakage[] = HOSTILE_STRINGS.map((value) => ({
    label: `string ${JSON.stringify(value).slice(0, 30)}`,
    value,
  }));
  if (text?.maxLength !== undefined) {
    candidates.push({
      label: `maxLength+1 (${text.maxLength + 1})`,
      value: 'x'.repeat(text.maxLength + 1),
    });
  }
  candidates.push({ label: 'string of 100 KB', value: HUGE });
  if (text?.enum)
    candidates.push({ label: 'unknown enum value', value: `${String(text.enum[0])}X` });
  for (const candidate of candidates) {
    if (stringRefused(schema, candidate.value as string)) found.push(candidate);
  }
  return found;
}

/** fast-check: a string this schema refuses (random text around hostile fragments). */
function refusedString(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  if (!typesOf(schema)) return undefined;
  const probe = fc
    .tuple(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.string({ maxLength: 5 }),
    )
    .map(([before, fragment, after]) => `${before}${fragment}${after}`);
  const maxLength = stringOption(schema)?.maxLength;
  const longer =
    maxLength === undefined
      ? fc.constant(HUGE)
      : fc.integer({ min: 1, max: 200 }).map((extra) => 'y'.repeat(maxLength + extra));
  const arbitrary = fc.oneof(probe, longer).filter((value) => stringRefused(schema, value));
  return stringRefused(schema, HUGE) || HOSTILE_STRINGS.some((s) => stringRefused(schema, s))
    ? arbitrary
    : undefined;
}

/** fast-check: a JSON value this schema refuses. */
function refusedJson(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  if (!typesOf(schema)) return undefined;
  const options: fc.Arbitrary<unknown>[] = [];
  const wrong = fc
    .oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }),
      fc.string({ maxLength: 10 }),
    )
    .filter((value) => wrongType(schema, value));
  options.push(wrong);
  const numbers = fc
    .oneof(
      fc.constantFrom(...BOUNDARY_NUMBERS),
      fc.integer({ min: -(2 ** 31), max: -1 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    )
    .filter((value) => !wrongType(schema, value) && numberRefused(schema, value));
  if (BOUNDARY_NUMBERS.some((value) => !wrongType(schema, value) && numberRefused(schema, value))) {
    options.push(numbers);
  }
  const strings = refusedString(schema);
  if (strings) options.push(strings);
  return fc.oneof(...options);
}

function setAt(target: unknown, at: (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of at.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) {
      node[key] = typeof at[at.indexOf(key) + 1] === 'number' ? [] : {};
    }
    node = node[key] as Record<string | number, unknown>;
  }
  const last = at[at.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The app, its callers, and the routes of its OpenAPI document

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type CallerName =
  | 'none'
  | 'customer'
  | 'seller'
  | 'newseller'
  | 'support admin'
  | 'admin'
  | 'employee'
  | 'delivery';

const CALLER_EMAILS: Record<Exclude<CallerName, 'none'>, string> = {
  customer: 'customer@bazaar.test',
  seller: 'seller@bazaar.test',
  newseller: 'newseller@bazaar.test',
  'support admin': 'support@bazaar.test',
  admin: 'admin@bazaar.test',
  employee: 'employee@bazaar.test',
  delivery: 'delivery@bazaar.test',
};

const ctx = await createTestApp();
const db = ctx.database.db;
const shopA = await insertShop(db);
await insertShop(db);
await seedDemoAccounts(db);
const cookies = new Map<CallerName, string>();
for (const [name, email] of Object.entries(CALLER_EMAILS)) {
  const account = DEMO_ACCOUNTS.find((demo) => demo.email === email)!;
  cookies.set(name as CallerName, await signIn(ctx.app, account.role, email, DEMO_PASSWORD));
}

/** Real records the well-formed part of a request points at, so refusals are not just 404s. */
const productId = await insertProduct(db, { shopId: shopA, name: 'Cotton Kurta', imageCount: 2 });
const [customerUser] = await db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.email, CALLER_EMAILS.customer));
const [customerAddress] = await db
  .select({ id: addresses.id })
  .from(addresses)
  .where(eq(addresses.userId, customerUser!.id));
/**
 * A wholesale bill with GST to a registered customer: its id, and the id of the tax invoice
 * issued when it was saved (credit notes, e-invoice and IRN routes name it).
 */
await insertStockRow(db, { item: 'Shirt-Box', category: 'Silver', type: "Men's", quantity: 100 });
const wholesaleCustomerId = await insertWholesaleCustomer(db, 'Gupta Textiles', {
  gstin: '10ABCDE1234F1Z5',
});
const savedBill = await ctx.app.inject({
  method: 'POST',
  url: `/api/customers/${wholesaleCustomerId}/bills`,
  headers: { cookie: cookies.get('admin')! },
  payload: {
    lines: [
      {
        item: 'Shirt-Box',
        category: 'Silver',
        type: "Men's",
        size: 'M',
        quantity: 2,
        ratePaise: 50_000,
      },
    ],
    gstApplied: true,
  },
});
if (savedBill.statusCode !== 201) throw new Error(`Bill not saved: ${savedBill.body}`);
const billDetail = savedBill.json<{ id: number; invoice: { id: number } | null }>();
if (!billDetail.invoice) throw new Error(`Bill saved without an invoice: ${savedBill.body}`);
// The bill queued report deltas that the first report read folds into the rollups (moving rows,
// same figures: docs/back-office-reports.md). Fold them now, so the report routes' batches start
// from folded rollups and any row they write is theirs.
const folded = await ctx.app.inject({
  method: 'GET',
  url: '/api/reports/dashboard',
  headers: { cookie: cookies.get('admin')! },
});
if (folded.statusCode !== 200) throw new Error(`Dashboard not read: ${folded.body}`);
const REAL_PATH_VALUES: Record<string, string> = {
  productId: String(productId),
  id: String(productId),
  addressId: String(customerAddress!.id),
  billId: String(billDetail.id),
  documentId: String(billDetail.invoice.id),
};

/**
 * A well-formed query that every case of the route starts from (a case's own value of a
 * parameter replaces it), so a breakage of one parameter is what the route refuses, not a missing
 * required one.
 */
const BASE_QUERY: Record<string, [string, string][]> = {
  'GET /api/gst-returns/gstr1/summary': [['period', '2026-10']],
  'GET /api/gst-returns/gstr1/json': [['period', '2026-10']],
  'GET /api/gst-returns/gstr1/csv': [
    ['period', '2026-10'],
    ['section', 'b2b'],
  ],
};

const openApi = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], OpenApiOperation>>>;
}>();
const rules = new Map<string, AccessRule>(
  ctx.app.accessRules.map((rule) => [
    `${rule.method} ${rule.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
    rule,
  ]),
);

interface Operation {
  key: string;
  method: string;
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  body: JsonSchema | undefined;
  callers: CallerName[];
}

const ROLE_CALLERS: Record<Role, CallerName[]> = {
  customer: ['customer'],
  seller: ['seller', 'newseller'],
  support_admin: ['support admin'],
  admin: ['admin'],
  employee: ['employee'],
  delivery: ['delivery'],
};

/** The callers a route's access admits (shop-scoped routes: only those with a shop). */
function callersOf(rule: AccessRule | undefined): CallerName[] {
  if (!rule || rule.access === 'public') return ['none'];
  if (rule.access === 'signed-in') return ['customer', 'seller', 'admin', 'delivery'];
  const callers = rule.access.flatMap((role) => ROLE_CALLERS[role]);
  return rule.shopScoped ? callers.filter((caller) => caller !== 'newseller') : callers;
}

const operations: Operation[] = [];
for (const [apiPath, item] of Object.entries(openApi.paths)) {
  for (const method of HTTP_METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const key = `${method.toUpperCase()} ${apiPath}`;
    const parameters = operation.parameters ?? [];
    operations.push({
      key,
      method: method.toUpperCase(),
      path: apiPath,
      pathParams: parameters.filter((parameter) => parameter.in === 'path'),
      queryParams: parameters.filter((parameter) => parameter.in === 'query'),
      body: operation.requestBody?.content['application/json']?.schema,
      callers: callersOf(rules.get(key)),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Cases

/** One malformed request; `mustFail` when it breaks the documented schema for sure. */
interface BadCase {
  label: string;
  mustFail: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function baseParams(operation: Operation): Record<string, string> {
  return Object.fromEntries(
    operation.pathParams.map((parameter) => {
      const real = REAL_PATH_VALUES[parameter.name];
      const sample = validSample(parameter.schema ?? {});
      return [parameter.name, real ?? (/^\d+$/.test(String(sample)) ? '999999' : 'no-such-id')];
    }),
  );
}

function urlOf(
  operation: Operation,
  params: Record<string, string>,
  query: [string, string][] = [],
  rawParams = new Set<string>(),
): string {
  const pathname = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    rawParams.has(name) ? params[name]! : encodeURIComponent(params[name]!),
  );
  const named = new Set(query.map(([name]) => name));
  const base = (BASE_QUERY[operation.key] ?? []).filter(([name]) => !named.has(name));
  const search = new URLSearchParams([...base, ...query]).toString();
  return search ? `${pathname}?${search}` : pathname;
}

const PNG_1PX = await sharp({
  create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 40 } },
})
  .png()
  .toBuffer();

function multipartBody(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; bytes: Buffer }[],
  boundary = `----bazaarbad${Math.random().toString(16).slice(2)}`,
): { payload: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The JSON Schema of a multipart route's text fields (from the shared zod schema). */
function formSchemaOf(key: string): JsonSchema | undefined {
  const spec = MULTIPART[key];
  return spec?.fields
    ? (z.toJSONSchema(spec.fields, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : undefined;
}

/** Form fields as strings (what a browser sends). */
function formFields(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([name, field]) => [
      name,
      typeof field === 'string' ? field : JSON.stringify(field),
    ]),
  );
}

/** Every deterministic case of an operation (each breakage of each input, once). */
function deterministicCases(operation: Operation): BadCase[] {
  const cases: BadCase[] = [];
  const params = baseParams(operation);
  const json = { 'content-type': 'application/json' };
  const base = operation.body ? validSample(operation.body) : undefined;
  const baseBody = base === undefined ? undefined : JSON.stringify(base);
  const baseUrl = urlOf(operation, params);
  const request = (label: string, mustFail: boolean, extra: Partial<BadCase>): BadCase => ({
    label,
    mustFail,
    method: operation.method,
    url: baseUrl,
    headers: baseBody === undefined ? {} : json,
    ...(baseBody === undefined ? {} : { payload: baseBody }),
    ...extra,
  });

  // Path parameters: letters, negative, huge, traversal, NUL, numbers past int4/int8.
  const pathValues = [
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '2147483648',
    '9223372036854775808',
    '99999999999999999999999999',
    '../',
    '..%2F..%2Fetc',
    '%00',
    '\u0000',
    'x'.repeat(300),
    '١٢',
  ];
  for (const parameter of operation.pathParams) {
    for (const value of pathValues) {
      cases.push(
        request(`path ${parameter.name}=${JSON.stringify(value).slice(0, 24)}`, true, {
          url: urlOf(operation, { ...params, [parameter.name]: value }),
        }),
      );
    }
    for (const raw of ['%00', '%zz', '..', '%2e%2e', '%E0%A4%A']) {
      cases.push(
        request(`raw path ${parameter.name}=${raw}`, true, {
          url: urlOf(
            operation,
            { ...params, [parameter.name]: raw },
            [],
            new Set([parameter.name]),
          ),
        }),
      );
    }
  }

  // Query parameters: each documented breakage, repeated keys (array for a scalar).
  for (const parameter of operation.queryParams) {
    const schema = parameter.schema ?? {};
    for (const breakage of stringBreakages(schema)) {
      cases.push(
        request(`query ${parameter.name}: ${breakage.label}`, true, {
          url: urlOf(operation, params, [[parameter.name, breakage.value as string]]),
        }),
      );
    }
    cases.push(
      request(`query ${parameter.name}: NUL character`, true, {
        url: urlOf(operation, params, [[parameter.name, `${String(validSample(schema))}\u0000`]]),
      }),
    );
    if (!typesOf(schema)?.has('array')) {
      const sample = String(validSample(schema));
      cases.push(
        request(`query ${parameter.name} repeated`, false, {
          url: urlOf(operation, params, [
            [parameter.name, sample],
            [parameter.name, sample],
          ]),
        }),
      );
    }
    for (const value of ['-1', '0', '2147483648', '9007199254740993', '1e308', 'NaN']) {
      cases.push(
        request(`query ${parameter.name}=${value} (boundary)`, stringRefused(schema, value), {
          url: urlOf(operation, params, [[parameter.name, value]]),
        }),
      );
    }
  }
  if (operation.method === 'GET') {
    // Unknown and prototype-pollution keys: a GET may ignore them (it writes nothing anyway).
    cases.push(
      request('unknown and prototype-pollution query keys', false, {
        url: urlOf(operation, params, [
          ['__proto__[polluted]', '1'],
          ['constructor[prototype][polluted]', '1'],
          ['unknownParam', HUGE.slice(0, 2000)],
        ]),
      }),
    );
  }

  const hasBody = operation.method !== 'GET';
  if (operation.body) {
    const bodySchema = operation.body;
    // The whole body of the wrong kind.
    for (const value of [null, [], 42, 'text', true, [base], deepNested(5000)]) {
      if (!wrongType(bodySchema, value)) continue;
      cases.push(request(`body is ${jsonTypeOf(value)}`, true, { payload: JSON.stringify(value) }));
    }
    // Each field broken, the others valid.
    for (const leaf of leavesOf(bodySchema)) {
      const where = leaf.path.join('.');
      for (const breakage of jsonBreakages(leaf.schema)) {
        cases.push(
          request(`body ${where}: ${breakage.label}`, true, {
            payload: JSON.stringify(setAt(base, leaf.path, breakage.value)),
          }),
        );
      }
      if (stringOption(leaf.schema) && !stringOption(leaf.schema)?.enum) {
        // PostgreSQL text cannot hold U+0000: refused before validation, whatever the field.
        const withNul = `${String(validSample(leaf.schema))}\u0000`;
        cases.push(
          request(`body ${where}: NUL character`, true, {
            payload: JSON.stringify(setAt(base, leaf.path, withNul)),
          }),
        );
      }
      if (typesOf(leaf.schema)?.has('number')) {
        // Integer boundaries: an id out of its serial range is a 400; nothing is ever a 5xx.
        for (const value of INTEGER_BOUNDARIES) {
          const refused =
            wrongType(leaf.schema, value) ||
            (typeof value === 'number' && numberRefused(leaf.schema, value)) ||
            (isIdLeaf(leaf) && idRefused(value));
          // A kept value of another field could be a valid write: only ids (no such row) probe.
          if (!refused && !isIdLeaf(leaf)) continue;
          cases.push(
            request(`body ${where}: integer boundary ${JSON.stringify(value)}`, refused, {
              payload: JSON.stringify(setAt(base, leaf.path, value)),
            }),
          );
        }
      }
      if (leaf.required) {
        cases.push(
          request(`body ${where} missing`, true, {
            payload: JSON.stringify(setAt(base, leaf.path, undefined, true)),
          }),
        );
      }
    }
    const options = alternatives(bodySchema)[0];
    if (options?.additionalProperties === false) {
      cases.push(
        request('body with an unknown field', true, {
          payload: JSON.stringify({ ...(base as object), unknownField: 1 }),
        }),
      );
    }
    if (!(options?.required ?? []).length) {
      // Nothing required: an empty body may be valid, so it is only a probe.
      cases.push(request('empty object body', false, { payload: '{}' }));
    }
  }
  if (hasBody) {
    // Prototype pollution: refused by Fastify's JSON parser (onProtoPoisoning: 'error').
    const bodyText = baseBody && baseBody.startsWith('{') ? baseBody.slice(1, -1) : '';
    const sep = bodyText ? ',' : '';
    cases.push(
      request('__proto__ key in the body', true, {
        headers: json,
        payload: `{"__proto__":{"polluted":true}${sep}${bodyText}}`,
      }),
      request('constructor.prototype key in the body', true, {
        headers: json,
        payload: `{"constructor":{"prototype":{"polluted":true}}${sep}${bodyText}}`,
      }),
    );
    // 400,000 nested arrays (800 KB, under the body limit): JSON.parse copes, so must every
    // check after it (no recursion that overflows the stack).
    const depth = 400_000;
    cases.push(
      request('400,000 nested arrays', Boolean(operation.body), {
        headers: json,
        payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      }),
      request('400,000 nested objects in a field', Boolean(operation.body), {
        headers: json,
        payload: `{"a":${'{"a":'.repeat(depth / 4)}1${'}'.repeat(depth / 4)}}`,
      }),
    );
    for (const text of MALFORMED_JSON) {
      cases.push(
        request(`malformed JSON ${JSON.stringify(text)}`, true, { headers: json, payload: text }),
      );
    }
    cases.push(
      request('XML body', true, {
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      request('form-urlencoded body', true, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1&__proto__[x]=1',
      }),
      request('an unsupported +json media type', true, {
        headers: { 'content-type': 'application/vnd.evil+json' },
        payload: baseBody ?? '{}',
      }),
      request('a content-type that does not parse', true, {
        headers: { 'content-type': '/;;=' },
        payload: baseBody ?? '{}',
      }),
      request('JSON body over 1 MB', true, {
        headers: json,
        payload: JSON.stringify({ padding: 'p'.repeat(1_100_000) }),
      }),
      request('body as text/plain', Boolean(operation.body) || operation.key in MULTIPART, {
        headers: { 'content-type': 'text/plain' },
        payload: baseBody ?? 'hello',
      }),
    );
  } else {
    cases.push(
      request('GET with a malformed JSON body', false, { headers: json, payload: '{"a":' }),
    );
  }

  // Multipart routes: JSON instead, broken framing, each text field broken, an unexpected file.
  const multipart = MULTIPART[operation.key];
  if (multipart) {
    const formSchema = formSchemaOf(operation.key);
    const fields = formSchema ? formFields(validSample(formSchema)) : {};
    const file = { field: multipart.file, name: 'ok.png', type: 'image/png', bytes: PNG_1PX };
    const send = (label: string, form: { payload: Buffer; contentType: string }) =>
      request(label, true, {
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      });
    cases.push(request('JSON sent to a multipart route', true, { headers: json, payload: '{}' }));
    cases.push(
      request('multipart without a boundary', true, {
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      }),
      request('multipart cut short', true, {
        headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
        payload: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue',
      }),
      request('multipart with a boundary that never comes', true, {
        headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
        payload: 'x'.repeat(10_000),
      }),
      send(
        'a file under another field name',
        multipartBody(fields, [{ ...file, field: 'unexpected' }]),
      ),
      send(
        '51 text fields',
        multipartBody(
          Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`f${index}`, 'v'])),
          [file],
        ),
      ),
      send('a text field of 100 KB', multipartBody({ ...fields, name: HUGE }, [file])),
      send('an empty form', multipartBody({}, [])),
    );
    if (formSchema) {
      for (const leaf of leavesOf(formSchema)) {
        const name = String(leaf.path[0]);
        for (const breakage of stringBreakages(leaf.schema)) {
          cases.push(
            send(
              `form ${name}: ${breakage.label}`,
              multipartBody({ ...fields, [name]: breakage.value as string }, [file]),
            ),
          );
        }
        if (!stringOption(leaf.schema)?.enum) {
          cases.push(
            send(
              `form ${name}: NUL character`,
              multipartBody({ ...fields, [name]: `${fields[name] ?? 'x'}\u0000` }, [file]),
            ),
          );
        }
        if (leaf.required) {
          const { [name]: _dropped, ...rest } = fields;
          cases.push(send(`form ${name} missing`, multipartBody(rest, [file])));
        }
      }
    }
  }
  return cases;
}

/** Random cases: a fast-check value that breaks one input, plus noise that breaks nothing. */
function randomCase(operation: Operation): fc.Arbitrary<BadCase> | undefined {
  const params = baseParams(operation);
  const choices: fc.Arbitrary<BadCase>[] = [];
  const base = operation.body ? validSample(operation.body) : undefined;
  const json = { 'content-type': 'application/json' };
  for (const parameter of operation.pathParams) {
    choices.push(
      fc
        .oneof(
          fc.string({ minLength: 1, maxLength: 40 }),
          fc.integer({ min: -(2 ** 31), max: 0 }).map(String),
          fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
          fc.double().map(String),
        )
        .filter((value) => !/^\d{1,9}$/.test(value) || Number(value) === 0)
        .filter((value) => value !== params[parameter.name])
        .map((value) => ({
          label: `path ${parameter.name}=${JSON.stringify(value)}`,
          mustFail: true,
          method: operation.method,
          url: urlOf(operation, { ...params, [parameter.name]: value }),
          headers: base === undefined ? {} : json,
          ...(base === undefined ? {} : { payload: JSON.stringify(base) }),
        })),
    );
  }
  for (const parameter of operation.queryParams) {
    const refused = refusedString(parameter.schema ?? {});
    if (!refused) continue;
    choices.push(
      refused.map((value) => ({
        label: `query ${parameter.name}=${JSON.stringify(value).slice(0, 60)}`,
        mustFail: true,
        method: operation.method,
        url: urlOf(operation, params, [[parameter.name, value]]),
        headers: base === undefined ? {} : json,
        ...(base === undefined ? {} : { payload: JSON.stringify(base) }),
      })),
    );
  }
  if (operation.body) {
    const leaves = leavesOf(operation.body)
      .map((leaf) => ({ leaf, refused: refusedJson(leaf.schema) }))
      .filter((entry): entry is { leaf: Leaf; refused: fc.Arbitrary<unknown> } =>
        Boolean(entry.refused),
      );
    if (leaves.length > 0) {
      const noise = fc.option(
        fc.constantFrom<[string, unknown]>(
          ['padding', HUGE],
          ['nested', deepNested(300)],
          ['paise', -100],
          ['big', 2 ** 53 + 1],
        ),
        { nil: undefined },
      );
      choices.push(
        fc
          .tuple(
            fc
              .constantFrom(...leaves)
              .chain(({ leaf, refused }) => refused.map((value) => ({ leaf, value }))),
            noise,
          )
          .map(([{ leaf, value }, extra]) => {
            let body = setAt(base, leaf.path, value);
            if (extra && typeof body === 'object' && body && !Array.isArray(body)) {
              const [name, noiseValue] = extra;
              // Noise goes into another field only where the schema ignores unknown keys.
              if (alternatives(operation.body!)[0]?.additionalProperties !== false) {
                body = { ...(body as object), [name]: noiseValue };
              }
            }
            return {
              label: `body ${leaf.path.join('.')}=${JSON.stringify(value)?.slice(0, 60)}`,
              mustFail: true,
              method: operation.method,
              url: urlOf(operation, params),
              headers: json,
              payload: JSON.stringify(body),
            };
          }),
      );
    }
  }
  return choices.length > 0 ? fc.oneof(...choices) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Oracles: the error format, and the fingerprint of every table and stored file

const errorBodySchema = z
  .object({
    error: z
      .object({
        code: z.enum(ERROR_CODES),
        reason: z.enum(Object.keys(ERROR_REASONS) as [ErrorReason, ...ErrorReason[]]).optional(),
        message: z.string().min(1),
        fields: z.record(z.string(), z.string()).optional(),
      })
      .strict()
      // A reason always comes with the code ERROR_REASONS gives it.
      .refine((error) => !error.reason || ERROR_REASONS[error.reason] === error.code),
  })
  .strict();

function checkAnswer(
  operationKey: string,
  testCase: BadCase,
  caller: CallerName,
  response: LightMyRequestResponse,
) {
  const where = `${testCase.method} ${testCase.url.slice(0, 200)} [${testCase.label}] as ${caller}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (!(response.statusCode === 503 && UNAVAILABLE_WITHOUT_GATEWAY.has(operationKey))) {
    expect(response.statusCode, where).toBeLessThan(500);
  }
  if (testCase.mustFail) expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], where).toMatch(/^application\/json/);
    let body: unknown;
    expect(() => (body = JSON.parse(response.body)), where).not.toThrow();
    const parsed = errorBodySchema.safeParse(body);
    expect(parsed.success, `${where} ${parsed.error?.message ?? ''}`).toBe(true);
  }
  expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
}

/** The row-change fingerprint (support/db-fingerprint.ts) of every table but UNFINGERPRINTED_TABLES. */
async function tableFingerprint(): Promise<Record<string, string>> {
  const tables = (await publicTables(ctx.database.db)).filter(
    (name) => !UNFINGERPRINTED_TABLES.has(name),
  );
  return fingerprintTables(ctx.database.db, tables);
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

async function fingerprint() {
  return {
    tables: await tableFingerprint(),
    uploads: filesUnder(ctx.storage.root),
    private: filesUnder(ctx.privateStorage.root),
  };
}

async function send(testCase: BadCase, caller: CallerName): Promise<LightMyRequestResponse> {
  const cookie = cookies.get(caller);
  const options: InjectOptions = {
    method: testCase.method as InjectOptions['method'],
    url: testCase.url,
    headers: { ...testCase.headers, ...(cookie ? { cookie } : {}) },
    ...(testCase.payload === undefined ? {} : { payload: testCase.payload }),
  };
  return ctx.app.inject(options);
}

afterAll(async () => {
  await ctx.close();
});

/** Totals for the closing log line (routes, cases, seconds). */
const totals = { routes: 0, cases: 0, started: Date.now() };

describe('bad input on every route of the OpenAPI document', () => {
  it('covers every operation, each with a caller its access admits', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const operation of operations) {
      expect(rules.has(operation.key), operation.key).toBe(true);
      expect(operation.callers.length, operation.key).toBeGreaterThan(0);
    }
  });

  it('lists every multipart route (415 to JSON) in MULTIPART', async () => {
    const multipartLike: string[] = [];
    for (const operation of operations) {
      if (operation.method === 'GET' || operation.body) continue;
      const response = await send(
        {
          label: 'probe',
          mustFail: false,
          method: operation.method,
          url: urlOf(operation, baseParams(operation)),
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        },
        operation.callers[0]!,
      );
      if (response.statusCode === 415) multipartLike.push(operation.key);
    }
    expect(multipartLike.sort()).toEqual(Object.keys(MULTIPART).sort());
  });

  describe.each(operations.map((operation) => [operation.key, operation] as const))(
    '%s',
    (_key, operation) => {
      it('refuses every malformed request in the error format and writes nothing', async () => {
        const cases = deterministicCases(operation);
        const random = randomCase(operation);
        const before = await fingerprint();
        let runs = 0;
        const accepted: string[] = [];
        // Deterministic cases run first (fast-check's examples), rotating over the callers.
        const caseArbitrary = random ?? fc.constantFrom(...cases);
        const examples: [BadCase, CallerName][] = cases.map((testCase, index) => [
          testCase,
          operation.callers[index % operation.callers.length]!,
        ]);
        await fc.assert(
          fc.asyncProperty(caseArbitrary, fc.constantFrom(...operation.callers), async (c, who) => {
            const response = await send(c, who);
            runs += 1;
            if (response.statusCode < 400) accepted.push(`${c.label} -> ${response.statusCode}`);
            checkAnswer(operation.key, c, who, response);
          }),
          { seed: SEED, numRuns: cases.length + (random ? RANDOM_RUNS : 0), examples },
        );
        const after = await fingerprint();
        const changed = Object.keys(before.tables).filter(
          (table) => before.tables[table] !== after.tables[table],
        );
        expect(changed, `${operation.key} wrote; accepted: ${accepted.join('; ')}`).toEqual([]);
        expect(after, `${operation.key} wrote something`).toEqual(before);
        totals.routes += 1;
        totals.cases += runs;
      }, 120_000);
    },
  );

  it('reports its figures', () => {
    const seconds = ((Date.now() - totals.started) / 1000).toFixed(1);
    console.info(
      `bad input: ${totals.routes} routes, ${totals.cases} cases (${(totals.cases / Math.max(1, totals.routes)).toFixed(1)} a route), ${seconds} s, seed ${SEED}`,
    );
    expect(totals.routes).toBe(operations.length);
  });
});
