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
  /** Stops listening; later calls fail to connect (the "gateway down" case). */
  close(): Promise<void>;
}

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
 */
export async function startRazorpayDouble(
  credentials: { keyId?: string; keySecret?: string } = {},
): Promise<RazorpayDouble> {
  const keyId = credentials.keyId ?? 'rzp_test_double0001';
  const keySecret = credentials.keySecret ?? 'double-key-secret-0001';
  const orderRequests: ReceivedOrderRequest[] = [];
  const refunds: DoubleRefund[] = [];
  const captured = new Map<string, number>();
  let refundFailures = 0;

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
      if (refundRoute(request, response, Buffer.concat(chunks).toString('utf8'))) return;
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
