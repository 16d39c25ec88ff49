import type { FastifyPluginAsync } from 'fastify';
import { paymentsApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { PaymentsService } from './payments.service.js';

const anyone = { access: 'public' as const };
const customerOnly = { access: ['customer'] as const };

/** The webhook's largest accepted body (Razorpay's events are a few kilobytes). */
const WEBHOOK_BODY_LIMIT = 1_048_576;

/**
 * Online payment through Razorpay (docs/orders.md "Razorpay"): the public config, creating a
 * payment_pending order with its Razorpay order, confirming it from the browser's checkout
 * answer, and Razorpay's webhook (raw body, in a plugin of its own so every other route keeps
 * JSON parsing). Each route's contract is in `@bazaar/shared`'s `paymentsApi`.
 */
export const paymentsRoutes =
  (payments: PaymentsService): FastifyPluginAsync =>
  async (app) => {
    route(app, paymentsApi.getPaymentsConfig, { config: anyone }, () => payments.config());
    route(app, paymentsApi.startRazorpayCheckout, { config: customerOnly }, (request) =>
      payments.startCheckout(requireUser(request).id, request.body),
    );
    route(app, paymentsApi.resumeRazorpayCheckout, { config: customerOnly }, (request) =>
      payments.resumeCheckout(requireUser(request).id, request.params.orderId),
    );
    route(app, paymentsApi.confirmRazorpayPayment, { config: customerOnly }, (request) =>
      payments.confirm(requireUser(request).id, request.body),
    );

    await app.register(async (webhook) => {
      // Only here: the signature is over the exact bytes Razorpay sent, so the body stays raw.
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      route(
        webhook,
        paymentsApi.receiveRazorpayWebhook,
        { config: anyone, bodyLimit: WEBHOOK_BODY_LIMIT },
        (request) => {
          const header = (name: string) => {
            const value = request.headers[name];
            return typeof value === 'string' ? value : undefined;
          };
          const body: unknown = request.body;
          return payments.handleWebhook({
            rawBody: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
            signature: header('x-razorpay-signature'),
            eventId: header('x-razorpay-event-id'),
            log: request.log,
          });
        },
      );
    });
  };
