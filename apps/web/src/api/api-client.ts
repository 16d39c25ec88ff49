import type { ErrorBody } from '@bazaar/shared';

/**
 * A failed API call. `status` is the HTTP status (0 when the network failed); `code` and
 * `fields` come from the server's error body `{ error: { code, message, fields? } }`
 * (DESIGN.md section 3).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
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

/** Builds `path?a=1&b=x,y` (one builder for the web app and the server: @bazaar/shared). */
export { withQuery } from '@bazaar/shared';

/**
 * Calls the API with JSON in and out. The response is trusted to match the contract in
 * `@bazaar/shared` (the server validates its own replies), so it is typed, not re-parsed.
 * @throws ApiError for a non-2xx answer or a network failure.
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers:
        init.body === undefined
          ? { accept: 'application/json' }
          : {
              accept: 'application/json',
              'content-type': 'application/json',
            },
      body: init.body === undefined ? null : JSON.stringify(init.body),
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
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
    }
    throw new ApiError(response.status, 'INTERNAL', response.statusText || 'Request failed');
  }
  return data as T;
}
