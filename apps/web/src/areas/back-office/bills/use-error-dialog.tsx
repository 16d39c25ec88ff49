import { useCallback, useState, type ReactNode } from 'react';
import { isApiError } from '../../../api/api-client';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';

/**
 * The server's own words for a refusal it explains (400, 403, 404, 409, 422), or undefined for a
 * network or server failure, which gets the generic text instead.
 */
export function refusalMessage(error: unknown): string | undefined {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return undefined;
}

/**
 * The generic error dialog ('Oh snap! You got an error!!', back-office.md section 8) for a
 * screen: `showError(error)` opens it with the server's refusal text when there is one, the
 * spec's technical-error text otherwise (DESIGN.md departure 9: no failure is silent).
 */
export function useErrorDialog(): { showError: (error: unknown) => void; errorDialog: ReactNode } {
  const [state, setState] = useState<{ opened: boolean; message: string | undefined }>({
    opened: false,
    message: undefined,
  });
  const showError = useCallback((error: unknown) => {
    setState({ opened: true, message: refusalMessage(error) });
  }, []);
  const errorDialog = (
    <TechnicalErrorDialog
      opened={state.opened}
      onClose={() => setState((current) => ({ ...current, opened: false }))}
      {...(state.message ? { message: state.message } : {})}
    />
  );
  return { showError, errorDialog };
}
