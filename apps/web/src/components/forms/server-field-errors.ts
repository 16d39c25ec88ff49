import type { FormErrors } from '@mantine/form';
import { isApiError } from '../../api/api-client';

/**
 * Puts the field messages of a refused call on the form's fields: the server names them in
 * `ApiError.fields` (`{ mobile: 'Mobile number already registered' }`, docs/api.md), under the
 * same names as the shared schema the form validates with. Every form maps server refusals
 * through here; its own checks are the shared schema's, through Mantine's `schemaResolver`.
 * @param prefix the form path the request's fields sit under (`'address'` puts `pincode` on
 *   `address.pincode`), when the form nests them.
 * @returns true when the server named at least one field (shown on the form); false for any
 *   other failure, which the caller reports its own way.
 */
export function showServerFieldErrors(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  prefix?: string,
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return false;
  form.setErrors(
    Object.fromEntries(
      entries.map(([field, message]) => [prefix ? `${prefix}.${field}` : field, message]),
    ),
  );
  return true;
}
