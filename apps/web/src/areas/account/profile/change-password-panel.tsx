import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { ACCOUNT_MESSAGES, confirmPasswordFeedback, unmetPasswordRules } from '@bazaar/shared';
import { IconCheck, IconKey, IconShieldCheck, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useChangePassword, useVerifyPassword } from '../../../api/accounts/password';
import { notify } from '../../../components/notify';
import { PasswordChecklist } from '../../../components/password-checklist';

const TOAST_MS = 3000; // docs/accounts.md

function toast(message: string, color: 'green' | 'red') {
  void notify({
    color,
    message,
    autoClose: TOAST_MS,
    icon: color === 'green' ? <IconCheck size={18} /> : <IconX size={18} />,
  });
}

/**
 * Change password (docs/accounts.md; used by every profile). Step 1: the current
 * password is verified (`accountsApi.verifyPassword`: 'Password verified' in green,
 * 'Password not verified' in red). Step 2, only once verified: the new password with the
 * checklist and its confirmation; the spec's toasts for an empty or unconfirmed new password;
 * `accountsApi.changePassword`, then 'Password Change Successfully !!!'.
 */
export function ChangePasswordPanel({ onDone }: { onDone?: () => void }) {
  const checklistId = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [verification, setVerification] = useState<{ verified: boolean; message: string } | null>(
    null,
  );
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [newPasswordError, setNewPasswordError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const verify = useVerifyPassword();
  const change = useChangePassword();
  const verified = verification?.verified === true;

  const reset = () => {
    setCurrentPassword('');
    setVerification(null);
    setNewPassword('');
    setConfirmPassword('');
    setNewPasswordError(null);
    setConfirmError(null);
  };

  const handleVerify = () => {
    if (currentPassword === '') {
      setVerification({ verified: false, message: ACCOUNT_MESSAGES.passwordNotVerified });
      return;
    }
    verify.mutate(
      { currentPassword },
      {
        onSuccess: (answer) => setVerification(answer),
        onError: (error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) {
            setVerification({
              verified: false,
              message: error.status === 429 ? error.message : ACCOUNT_MESSAGES.passwordNotVerified,
            });
          } else {
            toast(error.message, 'red');
          }
        },
      },
    );
  };

  const handleChange = () => {
    setNewPasswordError(null);
    setConfirmError(null);
    if (newPassword === '') {
      toast(ACCOUNT_MESSAGES.newPasswordRequired, 'red');
      setNewPasswordError(ACCOUNT_MESSAGES.newPasswordRequired);
      return;
    }
    const [unmet] = unmetPasswordRules(newPassword);
    if (unmet) {
      setNewPasswordError(unmet);
      return;
    }
    if (newPassword !== confirmPassword) {
      toast(ACCOUNT_MESSAGES.passwordsDiffer, 'red');
      setConfirmError(ACCOUNT_MESSAGES.passwordsDiffer);
      return;
    }
    change.mutate(
      { currentPassword, newPassword, confirmPassword },
      {
        onSuccess: ({ message }) => {
          toast(message, 'green');
          reset();
          onDone?.();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields?.currentPassword) {
            setVerification({ verified: false, message: error.fields.currentPassword });
          } else if (isApiError(error) && error.fields) {
            setNewPasswordError(error.fields.newPassword ?? null);
            setConfirmError(error.fields.confirmPassword ?? null);
          } else {
            toast(error.message, 'red');
          }
        },
      },
    );
  };

  const feedback =
    confirmPassword === '' ? null : confirmPasswordFeedback(newPassword, confirmPassword);

  return (
    <Stack gap="sm" maw={440}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.currentTarget.value);
            setVerification(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              handleVerify();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          onClick={handleVerify}
          loading={verify.isPending}
          leftSection={<IconShieldCheck size={18} />}
        >
          Verify
        </Button>
      </Group>
      {verification && (
        <Text fz="sm" fw={600} c={verification.verified ? 'green.8' : 'red.8'} role="status">
          {verification.message}
        </Text>
      )}

      {verified && (
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.currentTarget.value);
              setNewPasswordError(null);
            }}
            error={newPasswordError}
            aria-describedby={checklistId}
          />
          <PasswordChecklist password={newPassword} id={checklistId} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.currentTarget.value);
              setConfirmError(null);
            }}
            error={confirmError}
          />
          {feedback && !confirmError && (
            <Text fz="xs" c={feedback === 'Password matched' ? 'green.8' : 'red.8'}>
              {feedback}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            Changing the password logs out your other sessions.
          </Text>
          <Group>
            <Button
              onClick={handleChange}
              loading={change.isPending}
              leftSection={<IconKey size={18} />}
            >
              Save new password
            </Button>
            <Button variant="default" onClick={reset} disabled={change.isPending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
