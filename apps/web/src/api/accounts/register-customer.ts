import type { CustomerRegistration } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';

/**
 * Registers a customer (`accountsApi.registerCustomer`): creates the account; the answer's
 * message asks the customer to verify the email before logging in.
 * @throws ApiError 400 with `fields` (e.g. `captchaCode` 'Invalid captcha'), 409 (email taken),
 *   429.
 */
export function registerCustomer(body: CustomerRegistration): Promise<{ message: string }> {
  return callApi(accountsEndpoints.registerCustomer, { body });
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
