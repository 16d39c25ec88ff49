import type { z } from 'zod';
import { withQuery, type QueryValue } from '../domain/page-urls.js';

/**
 * One API endpoint's contract, written once and read by both sides (docs/api.md "Contracts"):
 * the server registers its Fastify route from it (validation, serialisation, OpenAPI) and the
 * web app's typed client calls it. Schemas are the shared zod schemas; `errors` lists the error
 * statuses the endpoint may answer, each with the error body of docs/api.md.
 */
export interface EndpointDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form: `/api/customers/:customerId/bills`. */
  path: `/api/${string}`;
  /** One line for the OpenAPI page. */
  summary: string;
  /** OpenAPI tag (the area the endpoint belongs to). */
  tag: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is `multipart/form-data` (uploads), read by the handler rather than a schema. */
  multipart?: true;
  /** The success answers by status (200, 201, ...); a non-JSON answer (a PDF) has none. */
  responses: Partial<Record<SuccessStatus, z.ZodType>>;
  /** Error statuses this endpoint may answer, each with the shared error body. */
  errors: readonly ErrorStatus[];
}

export type SuccessStatus = 200 | 201 | 202 | 204;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * Declares an endpoint. The identity function keeps the literal types (path, schemas) that
 * the server's route helper and the web client infer their types from.
 */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

/** `{ customerId: string | number }` for `/api/customers/:customerId/bills`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** The success status an endpoint answers with (the first it declares). */
type SuccessOf<E extends Pick<EndpointDefinition, 'responses'>> =
  E['responses'][200] extends z.ZodType
    ? E['responses'][200]
    : E['responses'][201] extends z.ZodType
      ? E['responses'][201]
      : E['responses'][202] extends z.ZodType
        ? E['responses'][202]
        : undefined;

/** What a successful call answers, as the server's schema outputs it (JSON). */
export type EndpointResponse<E extends Pick<EndpointDefinition, 'responses'>> =
  SuccessOf<E> extends z.ZodType ? OutputOf<SuccessOf<E>> : undefined;

/** The parsed request a handler receives (after the server's validation). */
export interface EndpointRequestParts<E extends EndpointDefinition> {
  params: E['params'] extends z.ZodType ? OutputOf<E['params']> : Record<never, never>;
  query: E['query'] extends z.ZodType ? OutputOf<E['query']> : Record<never, never>;
  body: E['body'] extends z.ZodType ? OutputOf<E['body']> : undefined;
}

/** A query's keys as its schema names them; values as they go into a URL. */
type QueryOf<S extends z.ZodType> = { [K in keyof InputOf<S>]?: QueryValue };

/**
 * What a caller passes: path parameters named in the path, the query and the JSON body as the
 * schemas accept them (`multipart` endpoints take a FormData body). Query values are what a URL
 * carries (strings, numbers, lists joined with commas); the server's schema parses them.
 */
export type EndpointCall<E extends Pick<EndpointDefinition, 'path'> & Partial<EndpointDefinition>> =
  (keyof PathParams<E['path']> extends never
    ? { params?: undefined }
    : { params: PathParams<E['path']> }) &
    (E['query'] extends z.ZodType ? { query?: QueryOf<E['query']> } : { query?: undefined }) &
    (E['multipart'] extends true
      ? { body: FormData }
      : E['body'] extends z.ZodType
        ? { body: InputOf<E['body']> }
        : { body?: undefined });

/**
 * The path of a call with its parameters filled in and its query appended:
 * `pathOf('/api/bills/:billId', { billId: 7 })` is `/api/bills/7`. Parameters are URL-encoded;
 * undefined and empty query values are left out, arrays are joined with commas.
 * @throws Error when the path names a parameter that `params` lacks (a programming error).
 */
export function pathOf(
  path: string,
  params: Record<string, string | number> | undefined,
  query?: Record<string, QueryValue> | undefined,
): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  return query ? withQuery(filled, query) : filled;
}

/**
 * What the web app holds of an endpoint at run time: its method and path, typed with the whole
 * contract so a call's parameters, body and answer are checked, while the zod schemas stay out
 * of the browser's download. Generated from the contracts (apps/web/src/api/endpoints/).
 */
export interface EndpointRef<E extends EndpointDefinition> {
  method: E['method'];
  path: E['path'];
  /** Never set: carries the contract's type only. */
  readonly contract?: E;
}
