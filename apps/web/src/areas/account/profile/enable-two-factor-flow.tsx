import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { TwoFactorConfirmSchema, type TwoFactorSetup } from '@bazaar/shared';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useConfirmTwoFactor, useSetupTwoFactor } from '../../../api/accounts/two-factor';
import { PasswordStep } from './password-step';
import { RecoveryCodesList } from './recovery-codes-list';
import { fieldError, toast } from './two-factor-feedback';
import { TwoFactorKey } from './two-factor-key';

/**
 * Turning two-step sign-in on: the password (`twoFactorApi.setupTwoFactor`), then the key (QR and
 * text) with the recovery codes, then the first code from the app, checked with the request's
 * schema (`TwoFactorConfirmSchema`) and sent by `twoFactorApi.confirmTwoFactor`.
 */
export function EnableTwoFactorFlow({
  onDone,
  onCancel,
}: {
  onDone: () => void;
  onCancel: () => void;
}) {
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [started, setStarted] = useState<TwoFactorSetup | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const codeForm = useForm({
    initialValues: { code: '' },
    validate: schemaResolver(TwoFactorConfirmSchema, { sync: true }),
  });

  if (!started) {
    return (
      <PasswordStep
        label="Your password"
        actionLabel="Continue"
        loading={setup.isPending}
        error={passwordError}
        onCancel={onCancel}
        onSubmit={(password) =>
          setup.mutate(
            { password },
            {
              onSuccess: (answer) => setStarted(answer),
              onError: (error) => {
                const message = fieldError(error, 'password');
                if (message) setPasswordError(message);
                else toast(error.message, 'red');
              },
            },
          )
        }
      />
    );
  }

  const handleConfirm = codeForm.onSubmit((values) => {
    confirm.mutate(values, {
      onSuccess: ({ message }) => {
        toast(message, 'green');
        onDone();
      },
      onError: (error) => {
        const message = fieldError(error, 'code');
        if (message) codeForm.setFieldError('code', message);
        else toast(error.message, 'red');
      },
    });
  });

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          1. Add Bazaar to your authenticator app
        </Title>
        <Text fz="sm">
          Scan this QR code with Google Authenticator, Microsoft Authenticator or any app for
          6-digit codes. If you cannot scan it, type the key instead.
        </Text>
        <TwoFactorKey totpUri={started.totpUri} secret={started.secret} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="h5">
          2. Save your recovery codes
        </Title>
        <RecoveryCodesList codes={started.recoveryCodes} />
      </Stack>
      <form onSubmit={handleConfirm} noValidate>
        <Stack gap="xs" maw={440}>
          <Title order={3} fz="h5">
            3. Enter the code from the app
          </Title>
          <TextInput
            label="6-digit code"
            placeholder="123456"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            {...codeForm.getInputProps('code')}
            styles={{ input: { letterSpacing: '0.3em', fontFamily: 'monospace' } }}
          />
          <Group gap="xs">
            <Button
              type="submit"
              loading={confirm.isPending}
              leftSection={<IconShieldCheck size={18} />}
            >
              Turn on two-step sign-in
            </Button>
            <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
