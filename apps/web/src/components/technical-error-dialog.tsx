import { Button, Group, Modal, Text } from '@mantine/core';
import { MESSAGES } from '@bazaar/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useState, type ReactNode } from 'react';
import { isApiError } from '../api/api-client';

/**
 * The spec's error dialog (docs/platform.md): titled 'Oh snap! You got an error!!', the
 * technical-issue text, and a Close button.
 */
export function TechnicalErrorDialog({
  opened,
  onClose,
  message = MESSAGES.technicalError,
}: {
  opened: boolean;
  onClose: () => void;
  message?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={
        <Group gap="xs" c="red.8" fw={700}>
          <IconAlertTriangle size={20} aria-hidden="true" />
          {MESSAGES.technicalErrorTitle}
        </Group>
      }
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button color="red" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The server's own words for a refusal it explains (4xx other than 401: 400, 403, 404, 409,
 * 422), or undefined for a network or server failure, which gets the generic text instead.
 */
export function refusalMessage(error: unknown): string | undefined {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return undefined;
}

/**
 * The generic error dialog ('Oh snap! You got an error!!', docs/platform.md) of a
 * screen: `showError(error)` opens it with {@link refusalMessage} when there is one, the spec's
 * technical-error text otherwise (no failure is silent). Render
 * `errorDialog` once in the screen.
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
