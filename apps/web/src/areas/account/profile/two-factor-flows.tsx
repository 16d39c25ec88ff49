import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useDisableTwoFactor, useRenewRecoveryCodes } from '../../../api/accounts/two-factor';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PasswordStep } from './password-step';
import { RecoveryCodesList } from './recovery-codes-list';
import { fieldError, toast } from './two-factor-feedback';

/** New recovery codes after the password; the new set is shown once. */
export function RenewCodesFlow({ onClose }: { onClose: () => void }) {
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (codes) {
    return (
      <Stack gap="xs">
        <Alert color="green" variant="light" title="New recovery codes">
          Your old recovery codes no longer work.
        </Alert>
        <RecoveryCodesList codes={codes} />
        <Button variant="default" onClick={onClose} w="fit-content">
          Done
        </Button>
      </Stack>
    );
  }
  return (
    <PasswordStep
      label="Your password"
      actionLabel="Get new recovery codes"
      loading={renew.isPending}
      error={error}
      onCancel={onClose}
      onSubmit={(password) =>
        renew.mutate(
          { password },
          {
            onSuccess: (answer) => setCodes(answer.recoveryCodes),
            onError: (failure) => {
              const message = fieldError(failure, 'password');
              if (message) setError(message);
              else toast(failure.message, 'red');
            },
          },
        )
      }
    />
  );
}

/** Turning it off: the password, then a confirmation. */
export function DisableFlow({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <PasswordStep
        label="Your password"
        actionLabel="Turn off"
        actionColor="red"
        loading={disable.isPending}
        error={error}
        onCancel={onClose}
        onSubmit={setPassword}
      />
      <ConfirmModal
        opened={password !== null}
        title="Turn off two-step sign-in?"
        confirmLabel="Turn off"
        loading={disable.isPending}
        onClose={() => setPassword(null)}
        onConfirm={() =>
          disable.mutate(
            { password: password ?? '' },
            {
              onSuccess: ({ message }) => {
                toast(message, 'green');
                setPassword(null);
                onClose();
              },
              onError: (failure) => {
                setPassword(null);
                const message = fieldError(failure, 'password');
                if (message) setError(message);
                else toast(failure.message, 'red');
              },
            },
          )
        }
      >
        Anyone who learns your password could then log in without your phone. Your recovery codes
        stop working.
      </ConfirmModal>
    </>
  );
}
