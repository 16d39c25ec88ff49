import { PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../api/api-client';
import { ConfirmModal } from './confirm-modal';

/**
 * A confirmation that asks for the signed-in user's password first (re-authentication, ASVS 5.0
 * 7.5.2): ending sessions, signing everyone out. An empty password is refused on the spot; a
 * refusal from the server (400 'Password not verified', 429 locked) shows its words under the
 * field; a network or server failure shows `failureMessage`. The typed password is forgotten
 * when the dialog closes or the action succeeds.
 *
 * `onConfirm(password)` runs the action; when its promise resolves the dialog closes, when it
 * rejects (with the ApiError) the dialog stays open with the error.
 */
export function PasswordConfirmModal({
  opened,
  title,
  confirmLabel,
  children,
  failureMessage,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  /** What will happen, above the password field. */
  children: ReactNode;
  /** Shown when the server could not be reached or failed (5xx). */
  failureMessage: string;
  loading: boolean;
  onConfirm: (password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (loading) return;
    if (!password) {
      setError('Please enter your password');
      return;
    }
    onConfirm(password).then(close, (failure: unknown) =>
      setError(
        isApiError(failure) && failure.status > 0 && failure.status < 500
          ? (failure.fields?.password ?? failure.message)
          : failureMessage,
      ),
    );
  };

  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      loading={loading}
      onConfirm={confirm}
      onClose={close}
    >
      <Stack gap="sm">
        <Text>{children}</Text>
        <PasswordInput
          label="Your password"
          description="Type your password to confirm it is you"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
          }}
          error={error}
          autoComplete="current-password"
          required
        />
      </Stack>
    </ConfirmModal>
  );
}
