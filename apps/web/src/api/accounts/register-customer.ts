import type { CustomerRegistration } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/**
 * `POST /api/auth/register/customer`: creates the account; the answer's message asks the
 * customer to verify the email before logging in.
 * @throws ApiError 400 with `fields` (e.g. `captchaCode` 'Invalid captcha'), 409 (email taken), 429.
 */
export function registerCustomer(body: CustomerRegistration): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/api/auth/register/customer', { method: 'POST', body });
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
