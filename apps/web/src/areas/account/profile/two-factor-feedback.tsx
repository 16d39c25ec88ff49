import { IconCheck, IconX } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-client';
import { notify } from '../../../components/notify';

/** How long a toast stays (ms), as everywhere in the staff areas. */
const TOAST_MS = 3000;

/** A toast after a change to two-step sign-in: green when done, red when refused. */
export function toast(message: string, color: 'green' | 'red') {
  void notify({
    color,
    message,
    autoClose: TOAST_MS,
    icon: color === 'green' ? <IconCheck size={18} /> : <IconX size={18} />,
  });
}

/**
 * The message of a refused call for a field: the server's message for that field, else its
 * message; null for a network or server failure, which the caller reports as a toast.
 */
export function fieldError(error: unknown, field: string): string | null {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return null;
  return error.fields?.[field] ?? error.message;
}
