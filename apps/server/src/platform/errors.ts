import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationHookHandler,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { appendRouteHook } from './route-hooks.js';
import {
  ACCOUNT_MESSAGES,
  ERROR_REASONS,
  MESSAGES,
  TWO_FACTOR_MESSAGES,
  type ErrorBody,
  type ErrorCode,
  type ErrorReason,
} from '@bazaar/shared';

/** HTTP status of each error code: the one place codes meet statuses (docs/platform.md). */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * The inverse of STATUS_BY_CODE: the code of a status Fastify or a library set on an error. Where
 * several codes share a status, the first listed (the general one) wins.
 */
const CODE_BY_STATUS = Object.fromEntries(
  Object.entries(STATUS_BY_CODE)
    .reverse()
    .map(([code, status]) => [status, code as ErrorCode]),
) as Partial<Record<number, ErrorCode>>;

/** The generic text shown for failures we do not explain to users (docs/platform.md). */
export const GENERIC_ERROR_MESSAGE = MESSAGES.technicalError;

/** Fixed texts for client errors whose own message is not meant for callers. */
const CLIENT_ERROR_TEXT: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid',
  UNAUTHENTICATED: 'Please log in',
  FORBIDDEN: 'You may not do this',
  EMAIL_NOT_VERIFIED: ACCOUNT_MESSAGES.verifyEmailFirst,
  TWO_FACTOR_SETUP_REQUIRED: TWO_FACTOR_MESSAGES.setupRequired,
  NOT_FOUND: 'Not found',
  GONE: 'This is no longer available',
  CONFLICT: 'This conflicts with the current data',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted',
  BUSINESS_RULE: 'This is not allowed',
  RATE_LIMITED: 'Too many requests; please try again shortly',
  INTERNAL: MESSAGES.technicalError,
  SERVICE_UNAVAILABLE: MESSAGES.technicalError,
};

/**
 * An error a handler or service throws to answer with a known code. The error plugin turns it
 * into `{ error: { code, message, fields } }` with the code's status; handlers never build error
 * replies by hand (docs/platform.md "Errors").
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** The reason a screen can act on (`OUT_OF_STOCK`), when the refusal has one. */
    readonly reason?: ErrorReason,
  ) {
    super(message);
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/**
 * An AppError for a reason a screen acts on: its code, and so its HTTP status, is the one
 * ERROR_REASONS gives the reason (`refusal('OUT_OF_STOCK', 'Only 2 pieces ...')` is a 409).
 */
export function refusal(
  reason: ErrorReason,
  message: string,
  fields?: Record<string, string>,
): AppError {
  return new AppError(ERROR_REASONS[reason], message, fields, reason);
}

/** Builds the error body `{ error: { code, reason?, message, fields? } }` (docs/api.md). */
export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  reason?: ErrorReason,
): ErrorBody {
  const error: ErrorBody['error'] = { code, message };
  if (reason) error.reason = reason;
  if (fields && Object.keys(fields).length > 0) error.fields = fields;
  return { error };
}

/**
 * The 400 for field messages `{ field: message }`: the message names the field when there is
 * one, else says several values are wrong. Route schemas and hand-validated forms (multipart)
 * answer alike.
 */
export function validationError(fields: Record<string, string>): AppError {
  const names = Object.keys(fields);
  const message =
    names.length === 1 ? `${names[0]}: ${fields[names[0] as string]}` : 'Some values are not valid';
  return new AppError('VALIDATION_FAILED', message, fields);
}

/**
 * Parses `input` with a shared zod schema outside Fastify's validation (multipart form fields),
 * answering like a route schema does: 400 with the first message per field (a value holding
 * U+0000 is refused first, as registerNulCharacterGuard does for JSON requests).
 * @throws AppError VALIDATION_FAILED with `fields`.
 */
export function parseWithSchema<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nulField = nulCharacterPath(input);
  if (nulField !== undefined) throw validationError({ [nulField]: NUL_CHARACTER_MESSAGE });
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    fields[issue.path.join('.') || 'request'] ??= issue.message;
  }
  throw validationError(fields);
}

/** Message of a text value holding U+0000, which no PostgreSQL text column can store. */
export const NUL_CHARACTER_MESSAGE = 'Must not contain the NUL character';

/**
 * The path (`a.b.0`) of the first string holding U+0000 in a parsed value (keys included), or
 * undefined. Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function nulCharacterPath(value: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at || 'request';
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      // Raw bodies (a Buffer, e.g. the signed webhook) are bytes, not text fields.
      for (const [key, inner] of Object.entries(current)) {
        const here = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return here;
        stack.push([inner, here]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before validation, any request whose path parameters, query or JSON body hold a U+0000
 * character (a hook of each route that reads any of them; a route that reads none never sees them):
 * PostgreSQL cannot store it in text, so it would fail deep in a query as a 500 (bad input is a
 * 400: docs/platform.md "Errors"). Multipart fields are checked by parseWithSchema.
 * @throws AppError VALIDATION_FAILED naming the field.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  const guard: preValidationHookHandler = (request, _reply, done) => {
    const field =
      nulCharacterPath(request.params) ??
      nulCharacterPath(request.query) ??
      nulCharacterPath(request.body);
    done(field === undefined ? undefined : validationError({ [field]: NUL_CHARACTER_MESSAGE }));
  };
  app.addHook('onRoute', (route) => {
    // Only on routes that read input: path parameters, a query or body schema, or a method with a
    // body. A route that takes none (GET /api/support/contact) runs no preValidation hook at all.
    const schema = (route.schema ?? {}) as {
      params?: unknown;
      querystring?: unknown;
      body?: unknown;
    };
    const readsInput =
      /[:*]/.test(route.url) ||
      schema.params !== undefined ||
      schema.querystring !== undefined ||
      schema.body !== undefined ||
      [route.method].flat().some((method) => !BODILESS_METHODS.has(String(method)));
    if (readsInput) appendRouteHook(route, 'preValidation', guard);
  });
}

/** Methods whose requests carry no body (Fastify does not parse one). */
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a database error (or one it wraps) is a unique-constraint violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Turns schema issues into `{ field: message }`, the first message per field winning. */
function fieldsFromIssues(
  issues: readonly ValidationIssue[],
  context?: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter((segment) => segment.length > 0);
    // A query-string list ('size=M,XXXL') is one parameter to the caller: name it, not its index.
    const pathName = (context === 'body' ? segments : segments.slice(0, 1)).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[]) {
        const name = pathName ? `${pathName}.${key}` : key;
        fields[name] ??=
          `Unknown ${context === 'querystring' ? 'query parameter' : 'field'} '${key}'`;
      }
      continue;
    }
    const name = pathName || context || 'request';
    fields[name] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/**
 * Registers the error handler (app.ts adds the not-found handler): every error leaves as
 * the error body of docs/api.md; unexpected ones are logged with the request id and answer 500 with
 * the generic message (no internals leaked).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .send(errorBody(error.code, error.message, error.fields, error.reason));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const invalid = validationError(
          fieldsFromIssues(error.validation, error.validationContext),
        );
        return reply
          .status(400)
          .send(errorBody('VALIDATION_FAILED', invalid.message, invalid.fields));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
        // Fastify's own client errors (bad JSON, body too large) explain themselves; any other
        // thrown 4xx may carry internals, so it gets a fixed text.
        const message = error.code?.startsWith('FST_') ? error.message : CLIENT_ERROR_TEXT[code];
        return reply
          .status(STATUS_BY_CODE[code] === status ? status : 400)
          .send(errorBody(code, message));
      }
      request.log.error({ err: error }, 'request failed');
      const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL';
      return reply.status(status === 503 ? 503 : 500).send(errorBody(code, GENERIC_ERROR_MESSAGE));
    },
  );
}
