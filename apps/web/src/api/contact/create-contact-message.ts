import type { ContactMessage } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as contactEndpoints from '../endpoints/contact';

/**
 * Sends the Contact US form (`contactApi.createContactMessage`).
 * @throws ApiError 400 with `fields` when the server refuses a field, 429 when rate limited.
 */
export function createContactMessage(message: ContactMessage): Promise<{ id: number }> {
  return callApi(contactEndpoints.createContactMessage, { body: message });
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
