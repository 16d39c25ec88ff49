import type { Captcha } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/** `POST /api/captchas`: a new single-use captcha (5 minutes). */
export function createCaptcha(): Promise<Captcha> {
  return apiFetch<Captcha>('/api/captchas', { method: 'POST' });
}

/** Creates captchas on demand (a form calls `mutate()` on mount, on refresh and after each failed submit). */
export function useCreateCaptcha() {
  return useMutation({ mutationFn: createCaptcha });
}
