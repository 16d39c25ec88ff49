import { isApiError } from '../../../api/api-client';

/** Form helpers of the people screens (their error dialog is components' useErrorDialog). */

/** The field messages of a refused call, or null when it has none to put on fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  return isApiError(error) && error.fields && Object.keys(error.fields).length > 0
    ? error.fields
    : null;
}

/** Zod issues as form errors: the first message of each field. */
export function issueErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}
