import { useCallback, useState, type ReactNode } from 'react';
import { isApiError } from '../../../api/api-client';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';

/**
 * The generic error dialog ('Oh snap! You got an error!!', back-office.md section 8) of the
 * people screens: `showError(error)` opens it with the server's refusal text for a 4xx it
 * explains (not 401), the spec's technical text otherwise (DESIGN.md departure 9).
 */
export function usePeopleErrorDialog(): {
  showError: (error: unknown) => void;
  errorDialog: ReactNode;
} {
  const [message, setMessage] = useState<string | null | undefined>(undefined);
  const showError = useCallback((error: unknown) => {
    const explained = isApiError(error) && error.status >= 400 && error.status < 500;
    setMessage(explained && error.status !== 401 ? error.message : null);
  }, []);
  const errorDialog = (
    <TechnicalErrorDialog
      opened={message !== undefined}
      onClose={() => setMessage(undefined)}
      {...(message ? { message } : {})}
    />
  );
  return { showError, errorDialog };
}

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
