import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createRazorpayGateway, verifyWebhookSignature } from '../../../src/platform/payments.js';
import {
  signPayment,
  signWebhook,
  startRazorpayDouble,
  type RazorpayDouble,
} from '../../support/razorpay-double.js';

/*
 * The gateway over the official `razorpay` package (docs/orders.md "Razorpay"), pointed at the
 * local double of the Orders API; the signature checks are the package's own.
 */

let double: RazorpayDouble;

beforeAll(async () => {
  double = await startRazorpayDouble();
});

afterAll(async () => {
  await double.close();
});

describe('Razorpay gateway', () => {
  it('creates an order for the exact amount in paise with basic auth and the receipt', async () => {
    const gateway = createRazorpayGateway({
      keyId: double.keyId,
      keySecret: double.keySecret,
      apiBase: double.apiBase,
    });
    const order = await gateway.createOrder({ amountPaise: 129_950, receipt: 'BZ00000001' });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_/),
      amountPaise: 129_950,
      currency: 'INR',
    });
    expect(double.orderRequests.at(-1)).toEqual({
      auth: { keyId: double.keyId, keySecret: double.keySecret },
      body: { amount: 129_950, currency: 'INR', receipt: 'BZ00000001' },
    });
  });

  it('fails when Razorpay refuses the credentials or cannot be reached', async () => {
    const wrongSecret = createRazorpayGateway({
      keyId: double.keyId,
      keySecret: 'not-the-secret',
      apiBase: double.apiBase,
    });
    await expect(wrongSecret.createOrder({ amountPaise: 50_000, receipt: 'BZ1' })).rejects.toThrow(
      /HTTP 401/,
    );
    const closed = await startRazorpayDouble();
    await closed.close();
    const down = createRazorpayGateway({
      keyId: closed.keyId,
      keySecret: closed.keySecret,
      apiBase: closed.apiBase,
    });
    await expect(down.createOrder({ amountPaise: 50_000, receipt: 'BZ2' })).rejects.toThrow(
      /Razorpay order creation failed/,
    );
  });

  it('checks payment signatures with the key secret against the given order id', () => {
    const gateway = createRazorpayGateway({ keyId: 'rzp_test_x', keySecret: 'key-secret' });
    const signature = signPayment('order_A', 'pay_1', 'key-secret');
    expect(
      gateway.verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_1', signature }),
    ).toBe(true);
    expect(
      gateway.verifyPaymentSignature({ orderId: 'order_B', paymentId: 'pay_1', signature }),
    ).toBe(false);
    expect(
      gateway.verifyPaymentSignature({
        orderId: 'order_A',
        paymentId: 'pay_1',
        signature: signPayment('order_A', 'pay_1', 'other-secret'),
      }),
    ).toBe(false);
    expect(
      gateway.verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_1', signature: '' }),
    ).toBe(false);
  });

  it('checks webhook signatures over the raw bytes with the webhook secret', () => {
    const raw = Buffer.from('{"event":"payment.captured",  "payload":{}}');
    const signature = signWebhook(raw, 'hook-secret');
    expect(verifyWebhookSignature(raw, signature, 'hook-secret')).toBe(true);
    expect(
      verifyWebhookSignature(
        Buffer.from(JSON.stringify(JSON.parse(raw.toString()))),
        signature,
        'hook-secret',
      ),
    ).toBe(false);
    expect(verifyWebhookSignature(raw, signature, 'key-secret')).toBe(false);
    expect(verifyWebhookSignature(raw, undefined, 'hook-secret')).toBe(false);
    expect(verifyWebhookSignature(raw, signature, undefined)).toBe(false);
  });
});

describe('Razorpay configuration', () => {
  it('reads the four RAZORPAY_* variables and hides the secrets in errors', () => {
    const config = loadConfig({
      RAZORPAY_KEY_ID: 'rzp_test_abc',
      RAZORPAY_KEY_SECRET: 'shh',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      RAZORPAY_API_BASE: 'http://127.0.0.1:4010',
    });
    expect(config).toMatchObject({
      RAZORPAY_KEY_ID: 'rzp_test_abc',
      RAZORPAY_KEY_SECRET: 'shh',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      RAZORPAY_API_BASE: 'http://127.0.0.1:4010',
    });
    expect(() =>
      loadConfig({ RAZORPAY_KEY_ID: 'bad id!', RAZORPAY_KEY_SECRET: 'hunter2-secret' }),
    ).toThrow(/^(?![\s\S]*hunter2)[\s\S]*RAZORPAY_KEY_ID="bad id!"/);
  });

  it('needs both keys or neither, and refuses RAZORPAY_API_BASE in production', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc' })).toThrow(
      /RAZORPAY_KEY_SECRET=.*must be set together/,
    );
    expect(() => loadConfig({ RAZORPAY_KEY_SECRET: 'shh' })).toThrow(
      /RAZORPAY_KEY_ID=.*must be set together/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', RAZORPAY_API_BASE: 'http://127.0.0.1:4010' }),
    ).toThrow(
      /RAZORPAY_API_BASE="http:\/\/127.0.0.1:4010": is not allowed when NODE_ENV=production/,
    );
    expect(loadConfig({}).RAZORPAY_KEY_ID).toBeUndefined();
  });
});
