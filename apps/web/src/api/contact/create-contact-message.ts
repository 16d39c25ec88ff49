import type { ContactMessageRequest } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as contactEndpoints from '../endpoints/contact';

/**
 * Sends the Contact US form with its captcha answer (`contactApi.createContactMessage`).
 * @throws ApiError 400 with `fields` when the server refuses a field (`captchaCode` for a wrong
 *   answer), 429 when the address has sent 5 messages this hour.
 */
export function createContactMessage(message: ContactMessageRequest): Promise<{ id: number }> {
  return callApi(contactEndpoints.createContactMessage, { body: message });
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
