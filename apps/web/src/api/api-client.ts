import {
  pathOf,
  type EndpointCall,
  type EndpointDefinition,
  type EndpointRef,
  type EndpointResponse,
  type ErrorBody,
  type ErrorReason,
} from '@bazaar/shared';

/**
 * A failed API call. `status` is the HTTP status (0 when the network failed); `code`, `reason`
 * and `fields` come from the server's error body `{ error: { code, reason?, message, fields? } }`
 * (docs/api.md).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** What a screen can act on (`OUT_OF_STOCK`), when the server named a reason. */
  readonly reason: ErrorReason | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason;
  }
}

/** True for an ApiError the server answered with the given reason. */
export function isRefusal(error: unknown, reason: ErrorReason): error is ApiError {
  return error instanceof ApiError && error.reason === reason;
}

/** True for an ApiError with the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const inner = (value as { error: unknown }).error;
  return (
    typeof inner === 'object' &&
    inner !== null &&
    typeof (inner as { code?: unknown }).code === 'string' &&
    typeof (inner as { message?: unknown }).message === 'string'
  );
}

/**
 * Sends one request with JSON (or FormData) in and JSON out, for `callApi`: screens and api files
 * call endpoints through `callApi` and the generated references, never a path of their own. The
 * response is trusted to match the contract in `@bazaar/shared` (the server serialises its own
 * replies with it), so it is typed, not re-parsed.
 * @throws ApiError for a non-2xx answer or a network failure.
 */
async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  let response: Response;
  const isForm = init.body instanceof FormData;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers:
        init.body === undefined || isForm
          ? { accept: 'application/json' }
          : {
              accept: 'application/json',
              'content-type': 'application/json',
            },
      body:
        init.body === undefined
          ? null
          : isForm
            ? (init.body as FormData)
            : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached');
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    if (isErrorBody(data)) {
      throw new ApiError(
        response.status,
        data.error.code,
        data.error.message,
        data.error.fields,
        data.error.reason,
      );
    }
    throw new ApiError(response.status, 'INTERNAL', response.statusText || 'Request failed');
  }
  return data as T;
}

/** A call's arguments: path parameters, query and body as its contract says, and a signal. */
export type CallArguments<E extends EndpointDefinition> = EndpointCall<E> & {
  signal?: AbortSignal | undefined;
};

/** A call's arguments once their types have been checked: what `pathOf` and `fetch` take. */
interface CheckedCall {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | readonly string[] | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/** The path of a call, its parameters filled in and its query appended. */
function urlOf(path: string, call: CheckedCall | undefined): string {
  return pathOf(path, call?.params, call?.query);
}

type OptionalWhenEmpty<E extends EndpointDefinition> =
  Record<never, never> extends EndpointCall<E>
    ? [call?: CallArguments<E>]
    : [call: CallArguments<E>];

/**
 * Calls an endpoint of the shared contracts through its generated reference
 * (`callApi(billsEndpoints.createBill, { params: { customerId }, body })`): fills the path,
 * appends the query, sends the JSON (or FormData) body and answers the contract's success body.
 * The answer is trusted to match the contract (the server serialises it with the same schema).
 * @throws ApiError for a non-2xx answer (with `reason` when the server gave one) or a network
 *   failure.
 */
export function callApi<E extends EndpointDefinition>(
  endpoint: EndpointRef<E>,
  ...[call]: OptionalWhenEmpty<E>
): Promise<EndpointResponse<E>> {
  const checked = call as CheckedCall | undefined;
  return apiFetch<EndpointResponse<E>>(urlOf(endpoint.path, checked), {
    method: endpoint.method,
    body: checked?.body,
    signal: checked?.signal,
  });
}

/** The URL of an endpoint that the browser opens itself (a PDF link, an image). */
export function endpointUrl<E extends EndpointDefinition>(
  endpoint: EndpointRef<E>,
  ...[call]: OptionalWhenEmpty<E>
): string {
  return urlOf(endpoint.path, call as CheckedCall | undefined);
}

/** A file an endpoint answered: its content and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Fetches an endpoint that answers a file (an export), so the screen can show that it is being
 * prepared and show the server's refusal instead of a broken download. The name comes from the
 * answer's `content-disposition` (`fallbackName` when it has none).
 * @throws ApiError for a non-2xx answer (the error body's message and fields) or a network
 *   failure.
 */
export async function fetchFile<E extends EndpointDefinition>(
  endpoint: EndpointRef<E>,
  fallbackName: string,
  ...[call]: OptionalWhenEmpty<E>
): Promise<DownloadedFile> {
  const checked = call as CheckedCall | undefined;
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint.path, checked), {
      method: endpoint.method,
      credentials: 'same-origin',
      signal: checked?.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached');
  }
  if (!response.ok) {
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = undefined;
    }
    if (isErrorBody(data)) {
      throw new ApiError(
        response.status,
        data.error.code,
        data.error.message,
        data.error.fields,
        data.error.reason,
      );
    }
    throw new ApiError(response.status, 'INTERNAL', response.statusText || 'Request failed');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

/** Hands a fetched file to the browser as a download. */
export function saveDownloadedFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
