import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  OrderSchema,
  PaymentsConfigSchema,
  RazorpayCheckoutSchema,
  RazorpayConfirmInputSchema,
  RazorpayOrderInputSchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { PaymentsService } from './payments.service.js';

const customerOnly = { access: ['customer'] as const };

/** The webhook's largest accepted body (Razorpay's events are a few kilobytes). */
const WEBHOOK_BODY_LIMIT = 1_048_576;

const WebhookAnswerSchema = z.object({
  status: z.enum(['processed', 'duplicate']),
});

/**
 * Online payment through Razorpay (issue 6 item 4; docs/orders.md "Razorpay"): the public
 * config, creating a payment_pending order with its Razorpay order, confirming it from the
 * browser's checkout answer, and Razorpay's webhook (raw body, in a plugin of its own so every
 * other route keeps JSON parsing).
 */
export const paymentsRoutes =
  (payments: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/payments/config` (public): whether checkout offers Razorpay, and the key id. */
    app.get(
      '/api/payments/config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Whether online payment (Razorpay) is offered',
          response: { 200: PaymentsConfigSchema },
        },
      },
      async () => payments.config(),
    );

    /**
     * `POST /api/orders/razorpay` `{ addressId }`: reserves the stock in a payment_pending order
     * and creates its Razorpay order for the server-computed total in paise. 201
     * `{ order, razorpay: { keyId, orderId, amountPaise, currency } }`; 400 empty cart; 404
     * address; 409 stock; 503 when Razorpay is not configured or cannot be reached (the order is
     * then released and the stock restored).
     */
    app.post(
      '/api/orders/razorpay',
      {
        config: customerOnly,
        schema: {
          tags: ['payments'],
          summary: 'Create an order to pay online with Razorpay',
          body: RazorpayOrderInputSchema,
          response: {
            201: RazorpayCheckoutSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
            503: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const checkout = await payments.startCheckout(requireUser(request).id, request.body);
        return reply.status(201).send(checkout);
      },
    );

    /**
     * `POST /api/orders/razorpay/confirm` `{ razorpayOrderId, razorpayPaymentId,
     * razorpaySignature }`: checks the signature against the Razorpay order id stored on our
     * order and marks it paid (`placed`). Idempotent: the same payment again answers the same
     * order. 400 'Payment could not be verified'; 404 not the customer's order; 409 a payment id
     * already used for another order.
     */
    app.post(
      '/api/orders/razorpay/confirm',
      {
        config: customerOnly,
        schema: {
          tags: ['payments'],
          summary: 'Confirm a Razorpay payment (signature checked on the server)',
          body: RazorpayConfirmInputSchema,
          response: {
            200: OrderSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
            422: ErrorBodySchema,
          },
        },
      },
      async (request) => payments.confirm(requireUser(request).id, request.body),
    );

    await app.register(async (webhook) => {
      // Only here: the signature is over the exact bytes Razorpay sent, so the body stays raw.
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );

      /**
       * `POST /api/webhooks/razorpay` (public, raw JSON body): `X-Razorpay-Signature` must be
       * the HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET (400 otherwise). Each
       * `x-razorpay-event-id` is processed once (`{ status: 'duplicate' }` after);
       * `payment.captured` and `order.paid` mark the order paid, never moving it backwards.
       * Answers 200 quickly, also for orders we do not know (no retry storms).
       */
      webhook.post(
        '/api/webhooks/razorpay',
        {
          bodyLimit: WEBHOOK_BODY_LIMIT,
          config: { access: 'public' },
          schema: {
            tags: ['payments'],
            summary: 'Razorpay webhook (signed raw JSON body)',
            response: { 200: WebhookAnswerSchema, 400: ErrorBodySchema },
          },
        },
        async (request) => {
          const header = (name: string) => {
            const value = request.headers[name];
            return typeof value === 'string' ? value : undefined;
          };
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return payments.handleWebhook({
            rawBody,
            signature: header('x-razorpay-signature'),
            eventId: header('x-razorpay-event-id'),
            log: request.log,
          });
        },
      );
    });
  };
