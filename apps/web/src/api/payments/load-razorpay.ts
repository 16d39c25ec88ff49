import type { RazorpayPaymentResponse } from '../orders/confirm-razorpay-payment';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The message shown when Razorpay's checkout script cannot be loaded (the spec's wording). */
export const RAZORPAY_LOAD_FAILED = 'Razorpay SDK failed to load. Are you online?';

/** The options of Razorpay Standard Checkout that Bazaar passes. */
export interface RazorpayOptions {
  key: string;
  order_id: string;
  /** Paise. */
  amount: number;
  currency: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler: (response: RazorpayPaymentResponse) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayModal {
  open(): void;
  on(
    event: 'payment.failed',
    listener: (response: { error: { description?: string } }) => void,
  ): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayModal;
  }
}

let loading: Promise<boolean> | null = null;

/**
 * Adds Razorpay's checkout script on demand (only when the customer pays online, so no page
 * downloads it otherwise). Resolves true once `window.Razorpay` exists, false when the script
 * fails to load; a failure is forgotten so the next attempt tries again.
 */
export function loadRazorpay(): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve(Boolean(window.Razorpay));
    script.onerror = () => {
      script.remove();
      resolve(false);
    };
    document.body.appendChild(script);
  }).then((loaded) => {
    if (!loaded) loading = null;
    return loaded;
  });
  return loading;
}
