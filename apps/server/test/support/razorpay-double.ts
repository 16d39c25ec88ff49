import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

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

/** A refund the double holds, as Razorpay's refund entity. */
export interface DoubleRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: 'INR';
  receipt: string | null;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
}

export interface RazorpayDouble {
  /** The origin to pass as `RAZORPAY_API_BASE`, e.g. `http://127.0.0.1:40123`. */
  apiBase: string;
  keyId: string;
  keySecret: string;
  /** Every order-creation request received, oldest first (including refused ones). */
  orderRequests: ReceivedOrderRequest[];
  /** Every refund created, oldest first (`POST /v1/payments/{id}/refund`). */
  refunds: DoubleRefund[];
  /**
   * Makes `paymentId` a captured payment of `amountPaise`: refunds beyond it are refused as
   * Razorpay does. A payment the double was never told of accepts any refund.
   */
  capture(paymentId: string, amountPaise: number): void;
  /** The next `count` refund creations answer 502 (Razorpay down); 0 by default. */
  failRefunds(count: number): void;
  /** Sets a refund's status, as Razorpay does when the bank answers. */
  setRefundStatus(refundId: string, status: DoubleRefund['status']): void;
  /** The JSON body of the `refund.processed` / `refund.failed` webhook for a refund. */
  refundEvent(refundId: string, event: 'refund.processed' | 'refund.failed'): string;
  /**
   * Settles a refund as Razorpay does when the bank answers (its status set) and delivers the
   * `refund.processed` / `refund.failed` webhook, signed with the webhook secret and with a fresh
   * `x-razorpay-event-id`, to the `webhook.url` the double was started with.
   * @returns the HTTP status the receiver answered.
   * @throws Error when the double was started without `webhook` or holds no such refund.
   */
  settleRefund(refundId: string, event: 'refund.processed' | 'refund.failed'): Promise<number>;
  /** Stops listening; later calls fail to connect (the "gateway down" case). */
  close(): Promise<void>;
}

/** Where the double delivers the webhooks of `settleRefund`, and the secret it signs them with. */
export interface DoubleWebhookTarget {
  /** The receiver, e.g. `http://127.0.0.1:40123/api/webhooks/razorpay`. */
  url: string;
  /** `RAZORPAY_WEBHOOK_SECRET` of the receiver. */
  secret: string;
}

/**
 * The browser tests' stand-in for Razorpay's checkout.js (never served to a real customer: it
 * lives under test/support and only the double serves it).
 */
const CHECKOUT_STAND_IN = path.join(import.meta.dirname, 'razorpay-checkout-stand-in.js');

/** A Razorpay-looking id with `prefix_` and 14 random characters. */
export function razorpayId(prefix: 'order' | 'pay' | 'rfnd'): string {
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
 * like Razorpay; the refunds API (`POST /v1/payments/{id}/refund`, `GET
 * /v1/payments/{id}/refunds[/{refundId}]`) keeps refunds in memory, refusing more than a captured
 * amount; wrong credentials get 401, anything else 404.
 *
 * For the browser tests (e2e/support/razorpay.ts) it also plays Razorpay Checkout: `GET
 * /v1/checkout.js` serves a stand-in script (`?api=` names the origin the script calls, the
 * double's own by default), and `POST /v1/checkout/pay` `{ key, order_id }` "pays" an order the
 * double created: a captured payment of the order's amount, answered as checkout hands it to its
 * `handler` (`razorpay_payment_id`, `razorpay_order_id`, `razorpay_signature`). Test-only
 * control routes: `GET /__double/refunds` (every refund) and `POST
 * /__double/refunds/{id}/settle` `{ event }` (settleRefund, answering `{ status }` of the
 * receiver).
 */
export async function startRazorpayDouble(
  credentials: { keyId?: string; keySecret?: string; webhook?: DoubleWebhookTarget } = {},
): Promise<RazorpayDouble> {
  const keyId = credentials.keyId ?? 'rzp_test_double0001';
  const keySecret = credentials.keySecret ?? 'double-key-secret-0001';
  const orderRequests: ReceivedOrderRequest[] = [];
  const refunds: DoubleRefund[] = [];
  const captured = new Map<string, number>();
  /** Amount in paise of every order the double created, by Razorpay order id. */
  const orders = new Map<string, number>();
  let refundFailures = 0;
  let apiBase = '';

  /** Sets a refund's status and posts its signed webhook to `credentials.webhook`. */
  async function settleRefund(
    refundId: string,
    event: 'refund.processed' | 'refund.failed',
  ): Promise<number> {
    const target = credentials.webhook;
    if (!target) throw new Error('the double was started without a webhook target');
    const refund = refunds.find((each) => each.id === refundId);
    if (!refund) throw new Error(`the double holds no refund ${refundId}`);
    refund.status = event === 'refund.processed' ? 'processed' : 'failed';
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_double',
      event,
      contains: ['refund', 'payment'],
      payload: { refund: { entity: refund } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const answer = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signWebhook(body, target.secret),
        'x-razorpay-event-id': `evt_${randomBytes(10).toString('base64url').slice(0, 14)}`,
      },
      body,
    });
    await answer.arrayBuffer();
    return answer.status;
  }

  /** The checkout stand-in's routes and the control routes; false for other URLs. */
  function checkoutRoute(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    rawBody: string,
  ): boolean {
    const url = new URL(request.url ?? '/', apiBase);
    if (request.method === 'GET' && url.pathname === '/v1/checkout.js') {
      const api = url.searchParams.get('api') ?? apiBase;
      const script = fs
        .readFileSync(CHECKOUT_STAND_IN, 'utf8')
        .replace('__RAZORPAY_DOUBLE_API__', JSON.stringify(api).slice(1, -1));
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'access-control-allow-origin': '*',
      });
      response.end(script);
      return true;
    }
    if (request.method === 'OPTIONS' && url.pathname === '/v1/checkout/pay') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type',
      });
      response.end();
      return true;
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/pay') {
      response.setHeader('access-control-allow-origin', '*');
      let body: { key?: unknown; order_id?: unknown };
      try {
        body = JSON.parse(rawBody || '{}') as typeof body;
      } catch {
        body = {};
      }
      const amount = typeof body.order_id === 'string' ? orders.get(body.order_id) : undefined;
      if (body.key !== keyId || amount === undefined) {
        send(response, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'Unknown key or order' },
        });
        return true;
      }
      const orderId = body.order_id as string;
      const paymentId = razorpayId('pay');
      captured.set(paymentId, amount);
      send(response, 200, {
        razorpay_payment_id: paymentId,
        razorpay_order_id: orderId,
        razorpay_signature: signPayment(orderId, paymentId, keySecret),
      });
      return true;
    }
    if (request.method === 'GET' && url.pathname === '/__double/refunds') {
      send(response, 200, { items: refunds });
      return true;
    }
    const settle = /^\/__double\/refunds\/([A-Za-z0-9_-]+)\/settle$/.exec(url.pathname);
    if (request.method === 'POST' && settle) {
      const { event } = JSON.parse(rawBody || '{}') as { event?: unknown };
      if (event !== 'refund.processed' && event !== 'refund.failed') {
        send(response, 400, { error: { description: 'event: refund.processed or refund.failed' } });
        return true;
      }
      settleRefund(settle[1]!, event).then(
        (status) => send(response, 200, { status }),
        (error: unknown) => send(response, 400, { error: { description: String(error) } }),
      );
      return true;
    }
    return false;
  }

  /** The refund routes: create, list a payment's, read one. Answers false for other URLs. */
  function refundRoute(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    rawBody: string,
  ): boolean {
    const match =
      /^\/v1\/payments\/([A-Za-z0-9_-]+)\/(refund|refunds)(?:\/([A-Za-z0-9_-]+))?(?:\?.*)?$/.exec(
        request.url ?? '',
      );
    if (!match) return false;
    const [, paymentId, kind, refundId] = match;
    const auth = basicAuth(request.headers.authorization);
    if (auth?.keyId !== keyId || auth.keySecret !== keySecret) {
      send(response, 401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
      return true;
    }
    if (request.method === 'POST' && kind === 'refund' && !refundId) {
      if (refundFailures > 0) {
        refundFailures -= 1;
        send(response, 502, { error: { code: 'SERVER_ERROR', description: 'Bad gateway' } });
        return true;
      }
      const body = JSON.parse(rawBody || '{}') as Record<string, unknown>;
      const amount = body.amount as number;
      const refunded = refunds
        .filter((refund) => refund.payment_id === paymentId && refund.status !== 'failed')
        .reduce((sum, refund) => sum + refund.amount, 0);
      const limit = captured.get(paymentId!);
      if (
        !Number.isInteger(amount) ||
        amount < 100 ||
        (limit !== undefined && refunded + amount > limit)
      ) {
        send(response, 400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The refund amount provided is greater than amount captured',
            field: 'amount',
          },
        });
        return true;
      }
      const refund: DoubleRefund = {
        id: razorpayId('rfnd'),
        entity: 'refund',
        payment_id: paymentId!,
        amount,
        currency: 'INR',
        receipt: (body.receipt as string | undefined) ?? null,
        notes: (body.notes as Record<string, string> | undefined) ?? {},
        status: 'pending',
        speed_requested: (body.speed as string | undefined) ?? 'normal',
        created_at: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      send(response, 200, refund);
      return true;
    }
    if (request.method === 'GET' && kind === 'refunds') {
      const mine = refunds.filter((refund) => refund.payment_id === paymentId);
      if (!refundId) {
        send(response, 200, { entity: 'collection', count: mine.length, items: mine });
        return true;
      }
      const refund = mine.find((each) => each.id === refundId);
      if (refund) send(response, 200, refund);
      else
        send(response, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      return true;
    }
    return false;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      if (refundRoute(request, response, rawBody)) return;
      if (checkoutRoute(request, response, rawBody)) return;
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
      const id = razorpayId('order');
      orders.set(id, body.amount as number);
      send(response, 200, {
        id,
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
  apiBase = `http://127.0.0.1:${port}`;

  return {
    apiBase,
    keyId,
    keySecret,
    orderRequests,
    refunds,
    capture(paymentId, amountPaise) {
      captured.set(paymentId, amountPaise);
    },
    failRefunds(count) {
      refundFailures = count;
    },
    setRefundStatus(refundId, status) {
      const refund = refunds.find((each) => each.id === refundId);
      if (!refund) throw new Error(`the double holds no refund ${refundId}`);
      refund.status = status;
    },
    refundEvent(refundId, event) {
      const refund = refunds.find((each) => each.id === refundId);
      if (!refund) throw new Error(`the double holds no refund ${refundId}`);
      const status = event === 'refund.processed' ? 'processed' : 'failed';
      return JSON.stringify({
        entity: 'event',
        account_id: 'acc_double',
        event,
        contains: ['refund', 'payment'],
        payload: { refund: { entity: { ...refund, status } } },
        created_at: Math.floor(Date.now() / 1000),
      });
    },
    settleRefund,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
