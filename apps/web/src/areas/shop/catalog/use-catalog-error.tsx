import { useCallback, useState, type ReactNode } from 'react';
import { isApiError } from '../../../api/api-client';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';

/**
 * The generic error dialog ('Oh snap! You got an error!!', back-office.md section 8) for a
 * catalog screen: `showError(error)` opens it with the server's own words for a refusal it
 * explains (4xx other than 401), else the spec's technical-error text.
 */
export function useCatalogError(): { showError: (error: unknown) => void; errorDialog: ReactNode } {
  const [state, setState] = useState<{ opened: boolean; message?: string }>({ opened: false });
  const showError = useCallback((error: unknown) => {
    const explained =
      isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401;
    setState(explained ? { opened: true, message: error.message } : { opened: true });
  }, []);
  const errorDialog = (
    <TechnicalErrorDialog
      opened={state.opened}
      onClose={() => setState({ opened: false })}
      {...(state.message ? { message: state.message } : {})}
    />
  );
  return { showError, errorDialog };
}
