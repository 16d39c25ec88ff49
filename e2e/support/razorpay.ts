import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import type { DoubleRefund } from '../../apps/server/test/support/razorpay-double.js';

/**
 * Razorpay in the browser tests. The server under test talks to the Razorpay test double
 * (apps/server/test/support/razorpay-double.ts, started by global-setup.ts). The web app loads
 * the real https://checkout.razorpay.com/v1/checkout.js, which a test machine cannot reach: a
 * context given to `useRazorpayStandIn` gets the double's stand-in script for that URL, and the
 * script's calls to https://api.razorpay.com are answered by the double. So the app, its CSP
 * (which allows those two hosts) and its built code stay exactly as in production.
 */

/** The origin the stand-in script calls; the context's routes send it on to the double. */
const RAZORPAY_API = 'https://api.razorpay.com';
const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** The double's origin. @throws Error when the run has none (E2E_BASE_URL without E2E_RAZORPAY_DOUBLE). */
export function razorpayDouble(): string {
  const origin = inject('razorpayDouble');
  if (!origin) throw new Error('this run has no Razorpay test double');
  return origin;
}

/**
 * Answers Razorpay's checkout script with the double's stand-in, and Razorpay's API host with the
 * double, for every page of `context`.
 */
export async function useRazorpayStandIn(context: BrowserContext): Promise<void> {
  const double = razorpayDouble();
  await context.route(CHECKOUT_SCRIPT, async (route) => {
    const response = await route.fetch({
      url: `${double}/v1/checkout.js?api=${encodeURIComponent(RAZORPAY_API)}`,
    });
    await route.fulfill({ response });
  });
  await context.route(`${RAZORPAY_API}/**`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${double}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** Every refund the double holds, oldest first. */
export async function doubleRefunds(): Promise<DoubleRefund[]> {
  const answer = await fetch(`${razorpayDouble()}/__double/refunds`);
  if (!answer.ok) throw new Error(`the double answered ${answer.status}`);
  return ((await answer.json()) as { items: DoubleRefund[] }).items;
}

/**
 * Waits until the double holds a refund of `paymentId` (the server asks for it in a background
 * job after the move that owes the money) that `match` accepts; fails after `timeoutMs`.
 */
export async function waitForDoubleRefund(
  paymentId: string,
  match: (refund: DoubleRefund) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<DoubleRefund> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await doubleRefunds()).find(
      (refund) => refund.payment_id === paymentId && match(refund),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no refund of ${paymentId} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Has the double settle a refund as the bank's answer would (`refund.processed` by default) and
 * deliver the signed webhook to the server under test.
 * @returns the HTTP status the server answered the webhook with.
 */
export async function settleDoubleRefund(
  refundId: string,
  event: 'refund.processed' | 'refund.failed' = 'refund.processed',
): Promise<number> {
  const answer = await fetch(`${razorpayDouble()}/__double/refunds/${refundId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event }),
  });
  const body = (await answer.json()) as { status?: number; error?: { description: string } };
  if (!answer.ok || body.status === undefined) {
    throw new Error(`the double could not settle ${refundId}: ${body.error?.description}`);
  }
  return body.status;
}
