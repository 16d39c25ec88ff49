import type { ContactMessage } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/**
 * `POST /api/contact-messages` (marketplace.md section 2, contact page).
 * @throws ApiError 400 with `fields` when the server refuses a field, 429 when rate limited.
 */
export function createContactMessage(message: ContactMessage): Promise<{ id: number }> {
  return apiFetch<{ id: number }>('/api/contact-messages', { method: 'POST', body: message });
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
