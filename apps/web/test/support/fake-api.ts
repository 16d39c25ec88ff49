import { vi } from 'vitest';

/** A request the page made: method, path with query, and the JSON body it sent. */
export interface SeenRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** An answer: a JSON body with a status (200 when left out). */
export interface FakeReply {
  status?: number;
  body?: unknown;
}

type Handler = FakeReply | ((request: SeenRequest) => FakeReply | Promise<FakeReply>);

/**
 * Replaces `fetch` with a fake server for one test: `routes` maps `'GET /api/cart'` (method and
 * path, the query left out) to an answer or a function of the request. A request nobody answers
 * gets a 404 error body, so a forgotten route shows up as an error on the page, not a hang.
 * @returns every request made so far, oldest first.
 */
export function fakeApi(routes: Record<string, Handler>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const request: SeenRequest = { method, url, body: text ? JSON.parse(text) : undefined };
      seen.push(request);
      const handler = routes[`${method} ${url.pathname}`];
      const reply: FakeReply = !handler
        ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such route' } } }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return seen;
}

/** The error body the server answers a refusal with (docs/api.md). */
export function refusal(
  code: string,
  message: string,
  extra: { reason?: string; fields?: Record<string, string> } = {},
) {
  return { error: { code, message, ...extra } };
}
