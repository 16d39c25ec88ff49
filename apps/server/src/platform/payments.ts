import { createRequire } from 'node:module';
import Razorpay from 'razorpay';
import {
  validatePaymentVerification,
  validateWebhookSignature,
} from 'razorpay/dist/utils/razorpay-utils.js';

/**
 * The Razorpay gateway (docs/orders.md "Razorpay"): the official `razorpay`
 * package creates orders, and its own util functions check signatures (no hand-written HMAC).
 */

const require = createRequire(import.meta.url);
/** The package's HTTP client class (untyped path), used to point it at a local test double. */
const RazorpayApi = require('razorpay/dist/api') as new (options: {
  hostUrl: string;
  ua: string;
  key_id: string;
  key_secret: string;
}) => Razorpay['api'];

/** How long one call to Razorpay may take before checkout gives up (ms). */
const GATEWAY_TIMEOUT_MS = 15_000;

/** A Razorpay order as our checkout needs it. */
export interface GatewayOrder {
  /** Razorpay's id, `order_...`. */
  id: string;
  amountPaise: number;
  currency: 'INR';
}

/** A Razorpay refund as our refunds need it. */
export interface GatewayRefund {
  /** Razorpay's id, `rfnd_...`. */
  id: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
  /** The receipt we sent when asking for it (our refund's key), or null. */
  receipt: string | null;
}

/** The calls the payments module makes to Razorpay (a test may pass its own). */
export interface PaymentGateway {
  /** The public key id the browser's checkout.js is opened with. */
  readonly keyId: string;
  /**
   * Creates a Razorpay order for an exact amount in paise (never rounded to rupees).
   * @throws Error when Razorpay cannot be reached, refuses, or answers another amount.
   */
  createOrder(input: { amountPaise: number; receipt: string }): Promise<GatewayOrder>;
  /**
   * Whether `signature` is Razorpay's HMAC-SHA256 of `orderId|paymentId` with the key secret.
   * Pass the order id stored on our side, never the one the browser sends back.
   */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /**
   * Asks Razorpay to refund `amountPaise` of a captured payment at normal speed, with `receipt`
   * (our refund's key) and `notes` kept on the refund.
   * @throws Error when Razorpay cannot be reached or refuses (e.g. more than the captured amount).
   */
  refundPayment(input: {
    paymentId: string;
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayRefund>;
  /**
   * The payment's refunds (up to 100, Razorpay's page): how a retried refund finds the one an
   * earlier try created before it could record the answer. @throws Error as refundPayment.
   */
  listRefunds(paymentId: string): Promise<GatewayRefund[]>;
  /** One refund's current state (the reconciler). @throws Error as refundPayment. */
  fetchRefund(paymentId: string, refundId: string): Promise<GatewayRefund>;
}

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  /** `RAZORPAY_API_BASE`: a local test double's origin (e.g. `http://127.0.0.1:4010`). */
  apiBase?: string | undefined;
}

/**
 * The gateway over the official package. With `apiBase` the package's HTTP client is replaced by
 * one pointed at that origin (the package hard-codes api.razorpay.com); the signature checks are
 * the package's own in every mode.
 */
export function createRazorpayGateway(options: RazorpayGatewayOptions): PaymentGateway {
  const instance = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  if (options.apiBase) {
    instance.api = new RazorpayApi({
      hostUrl: options.apiBase.replace(/\/+$/, ''),
      ua: `razorpay-node@${Razorpay.VERSION}`,
      key_id: options.keyId,
      key_secret: options.keySecret,
    });
    // Rebuilds `orders` and the other resources over the new client (untyped method).
    (instance as unknown as { addResources(): void }).addResources();
  }
  // The package sets no timeout; a hung connection must not hold a checkout (and its reserved
  // stock) forever. `rq` is the package's axios instance.
  const client = (
    instance.api as unknown as { rq?: { defaults: { timeout?: number; proxy?: false } } }
  ).rq;
  if (client) {
    client.defaults.timeout = GATEWAY_TIMEOUT_MS;
    // A local double is reached directly, whatever HTTP_PROXY says.
    if (options.apiBase) client.defaults.proxy = false;
  }

  return {
    keyId: options.keyId,
    async createOrder({ amountPaise, receipt }) {
      if (!Number.isSafeInteger(amountPaise) || amountPaise < 100) {
        throw new Error(`Razorpay needs a whole amount of at least 100 paise, not ${amountPaise}`);
      }
      let order: { id?: unknown; amount?: unknown; currency?: unknown };
      try {
        order = await instance.orders.create({ amount: amountPaise, currency: 'INR', receipt });
      } catch (error) {
        throw new Error(`Razorpay order creation failed: ${describeGatewayError(error)}`);
      }
      if (typeof order.id !== 'string' || Number(order.amount) !== amountPaise) {
        throw new Error(
          `Razorpay answered an unexpected order (${JSON.stringify({ id: order.id, amount: order.amount })})`,
        );
      }
      return { id: order.id, amountPaise, currency: 'INR' };
    },
    async refundPayment({ paymentId, amountPaise, receipt, notes }) {
      try {
        return toGatewayRefund(
          await instance.payments.refund(paymentId, {
            amount: amountPaise,
            speed: 'normal',
            receipt,
            notes,
          }),
        );
      } catch (error) {
        throw new Error(`Razorpay refund failed: ${describeGatewayError(error)}`);
      }
    },
    async listRefunds(paymentId) {
      try {
        const page = await instance.payments.fetchMultipleRefund(paymentId, { count: 100 });
        return page.items.map(toGatewayRefund);
      } catch (error) {
        throw new Error(`Razorpay refunds could not be listed: ${describeGatewayError(error)}`);
      }
    },
    async fetchRefund(paymentId, refundId) {
      try {
        return toGatewayRefund(await instance.payments.fetchRefund(paymentId, refundId));
      } catch (error) {
        throw new Error(`Razorpay refund could not be read: ${describeGatewayError(error)}`);
      }
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      if (!orderId || !paymentId || !signature) return false;
      try {
        return validatePaymentVerification(
          { order_id: orderId, payment_id: paymentId },
          signature,
          options.keySecret,
        );
      } catch {
        return false;
      }
    },
  };
}

/**
 * Whether `signature` (the `X-Razorpay-Signature` header) is the HMAC-SHA256 of the webhook's
 * RAW body with the webhook secret (`RAZORPAY_WEBHOOK_SECRET`, not the key secret). False when
 * any part is missing.
 */
export function verifyWebhookSignature(
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string | undefined,
): boolean {
  if (!signature || !webhookSecret) return false;
  try {
    // The util signs `body.toString()`; Razorpay's bodies are UTF-8 JSON, so this is the bytes.
    return validateWebhookSignature(rawBody.toString('utf8'), signature, webhookSecret);
  } catch {
    return false;
  }
}

/** Razorpay's refund entity as a GatewayRefund. @throws Error when it is not one. */
function toGatewayRefund(entity: {
  id?: unknown;
  amount?: unknown;
  status?: unknown;
  receipt?: unknown;
}): GatewayRefund {
  const status = entity.status;
  if (
    typeof entity.id !== 'string' ||
    (status !== 'pending' && status !== 'processed' && status !== 'failed')
  ) {
    throw new Error(`Razorpay answered an unexpected refund (${JSON.stringify(entity)})`);
  }
  return {
    id: entity.id,
    amountPaise: Number(entity.amount),
    status,
    receipt: typeof entity.receipt === 'string' ? entity.receipt : null,
  };
}

/** A short, secret-free description of what the package threw (for the log). */
function describeGatewayError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const { statusCode, error: detail } = error as {
      statusCode: unknown;
      error?: { code?: unknown; description?: unknown };
    };
    return `HTTP ${String(statusCode)} ${String(detail?.code ?? '')} ${String(detail?.description ?? '')}`.trim();
  }
  return String(error);
}
