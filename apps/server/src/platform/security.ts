import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { errorBody } from './errors.js';

/**
 * Browser-facing security of every response (docs/security.md): security
 * headers with a strict Content-Security-Policy, and a cross-site request refusal (CSRF) for
 * every state-changing API route.
 */

/**
 * Razorpay Checkout (checkout.js, loaded on the Checkout page only): its script, frame and API
 * hosts.
 */
export const RAZORPAY_SCRIPT_HOST = 'https://checkout.razorpay.com';
export const RAZORPAY_FRAME_HOSTS = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
export const RAZORPAY_CONNECT_HOSTS = [
  'https://api.razorpay.com',
  'https://lumberjack.razorpay.com',
];

/** Routes called by other servers, never by a browser, so they carry no Origin to check. */
export const CSRF_EXEMPT_PATHS = new Set(['/api/webhooks/razorpay']);

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The message of a refused cross-site request (403 FORBIDDEN). */
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

export interface SecurityOptions {
  /** The site's public origin (`PUBLIC_URL`); a request from it is same-site. */
  publicUrl: string;
  /** Production (NODE_ENV=production): adds HSTS and upgrade-insecure-requests. */
  production: boolean;
}

/**
 * The Content-Security-Policy directives. One policy for every page, because the web app moves
 * between pages without reloading (so the Razorpay hosts are allowed on every page though only
 * Checkout loads checkout.js). `style-src 'unsafe-inline'`: Mantine writes its CSS variables
 * and component styles in `<style>` elements and `style` attributes at run time.
 */
export function contentSecurityPolicy(production: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", RAZORPAY_SCRIPT_HOST],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...RAZORPAY_CONNECT_HOSTS],
    'frame-src': RAZORPAY_FRAME_HOSTS,
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The security headers every response carries, computed once by `helmet` (the library sets them
 * on a response; here it writes into a record): CSP above, X-Content-Type-Options nosniff,
 * Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options DENY,
 * Cross-Origin-Opener-Policy same-origin-allow-popups for Razorpay's bank pop-ups,
 * Cross-Origin-Resource-Policy same-origin, HSTS for a year with subdomains in production only.
 * `@fastify/helmet` rebuilt helmet's middleware (parsing the CSP) on every request; these headers
 * never vary per request, so they are built once (docs/performance.md).
 */
export function securityHeaders(production: boolean): Record<string, string> {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(production) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  };
  return headersOf(options);
}

/**
 * The headers of an API answer (`/api/`, JSON or a PDF, never a page), computed once:
 * `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` (nothing an answer could
 * load or run, and never framed), nosniff, Cross-Origin-Resource-Policy same-origin and, in
 * production, HSTS. The page-only headers (the page CSP's allowlist, COOP, Referrer-Policy,
 * Origin-Agent-Cluster and helmet's legacy X- headers) mean nothing to a JSON answer; leaving
 * them out makes every API answer 0.9 KB smaller (docs/performance.md).
 * X-Frame-Options is among them: CSP's `frame-ancestors` is what ASVS 5.0 3.4.6 asks for (it
 * calls X-Frame-Options obsolete), every browser that runs our pages honours it, and a JSON
 * answer framed by an old browser shows only text. Every header costs each request about 3,000
 * CPU instructions in Fastify and Node (bench/README.md); pages keep X-Frame-Options.
 */
export function apiSecurityHeaders(production: boolean): Record<string, string> {
  return headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: false,
    frameguard: false,
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/** The headers `helmet` sets with these options, as a record (helmet writes into it). */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** The header carrying each request's id, on the request (a proxy's) and on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Registers the security headers on every response (`apiSecurityHeaders` on an API answer,
 * `securityHeaders` on everything else: pages, the API docs page, assets, media), the request id
 * (`x-request-id`, the id the log lines carry) and the CSRF check:
 * a POST/PUT/PATCH/DELETE to `/api/` answers 403 `{ error: { code: 'FORBIDDEN', ... } }` when
 * `Sec-Fetch-Site` is `cross-site`, or when `Origin` is present and is neither `publicUrl`'s
 * origin nor the request's own host. Requests without either header (server-to-server, tests
 * through app.inject, old browsers on same-site forms) pass: the session cookie is SameSite=Lax,
 * so a cross-site browser request carries no session anyway. The Razorpay webhook is exempt.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<void> {
  const pageHeaders = securityHeaders(options.production);
  const apiHeaders = apiSecurityHeaders(options.production);
  const siteOrigin = new URL(options.publicUrl).origin;
  // One hook for all three: every hook Fastify runs costs each request a call through its hook
  // runner, and headers set here are kept on every answer, errors included (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? apiHeaders : pageHeaders);
    reply.header(REQUEST_ID_HEADER, request.id);
    if (!isCrossSiteWrite(request, siteOrigin)) {
      done();
      return;
    }
    request.log.warn(
      { origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] },
      'cross-site request refused',
    );
    // Answered here: done() is not called, so nothing else runs.
    void reply.status(403).send(errorBody('FORBIDDEN', CROSS_SITE_MESSAGE));
  });
}

/** True for a state-changing `/api/` request that a browser sent from another site. */
function isCrossSiteWrite(request: FastifyRequest, siteOrigin: string): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (!pathname.startsWith('/api/') || CSRF_EXEMPT_PATHS.has(pathname)) return false;
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === siteOrigin) return false;
  try {
    // Behind a TLS proxy the scheme may differ from ours; the host never does for our own pages.
    return withoutDefaultPort(new URL(origin).host) !== withoutDefaultPort(request.host);
  } catch {
    return true; // 'null' (sandboxed frames, privacy redirects) and anything unparsable
  }
}

/** `host:80` and `host:443` name the same site as `host` (browsers leave default ports out). */
function withoutDefaultPort(host: string): string {
  return host.replace(/:(80|443)$/, '');
}
