import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local test double of the Razorpay Orders API on loopback (tests never reach the internet;
 * docs/orders.md "Razorpay"). Point the gateway at `apiBase` (`RAZORPAY_API_BASE`). It plays
 * Razorpay's part, so it computes signatures with node:crypto; the server under test checks them
 * with the official package.
 */

/** One `POST /v1/orders` the double received. */
export interface ReceivedOrderRequest {
  /** The basic-auth user and password sent (key id and key secret), or null. */
  auth: { keyId: string; keySecret: string } | null;
  body: Record<string, unknown>;
}

export interface RazorpayDouble {
  /** The origin to pass as `RAZORPAY_API_BASE`, e.g. `http://127.0.0.1:40123`. */
  apiBase: string;
  keyId: string;
  keySecret: string;
  /** Every order-creation request received, oldest first (including refused ones). */
  orderRequests: ReceivedOrderRequest[];
  /** Stops listening; later calls fail to connect (the "gateway down" case). */
  close(): Promise<void>;
}

/** A Razorpay-looking id with `prefix_` and 14 random characters. */
export function razorpayId(prefix: 'order' | 'pay'): string {
  return `${prefix}_${randomBytes(10).toString('base64url').slice(0, 14)}`;
}

/** The signature Razorpay's checkout gives the browser: HMAC-SHA256 of `order_id|payment_id`. */
export function signPayment(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** The `X-Razorpay-Signature` of a webhook: HMAC-SHA256 of the raw body with the webhook secret. */
export function signWebhook(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function basicAuth(header: string | undefined): ReceivedOrderRequest['auth'] {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { keyId: decoded.slice(0, colon), keySecret: decoded.slice(colon + 1) };
}

/**
 * Starts the double on 127.0.0.1 (a free port). `POST /v1/orders` with the right basic auth
 * answers `{ id: 'order_…', entity: 'order', amount, currency, receipt, status: 'created', … }`
 * like Razorpay; wrong credentials get 401, anything else 404.
 */
export async function startRazorpayDouble(
  credentials: { keyId?: string; keySecret?: string } = {},
): Promise<RazorpayDouble> {
  const keyId = credentials.keyId ?? 'rzp_test_double0001';
  const keySecret = credentials.keySecret ?? 'double-key-secret-0001';
  const orderRequests: ReceivedOrderRequest[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/orders') {
        send(response, 404, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' },
        });
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
          string,
          unknown
        >;
      } catch {
        send(response, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Bad JSON' } });
        return;
      }
      const auth = basicAuth(request.headers.authorization);
      orderRequests.push({ auth, body });
      if (auth?.keyId !== keyId || auth.keySecret !== keySecret) {
        send(response, 401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
        });
        return;
      }
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
        send(response, 400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The amount must be atleast INR 1.00',
            field: 'amount',
          },
        });
        return;
      }
      send(response, 200, {
        id: razorpayId('order'),
        entity: 'order',
        amount: body.amount,
        amount_paid: 0,
        amount_due: body.amount,
        currency: body.currency ?? 'INR',
        receipt: body.receipt ?? null,
        status: 'created',
        attempts: 0,
        notes: [],
        created_at: Math.floor(Date.now() / 1000),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    orderRequests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
