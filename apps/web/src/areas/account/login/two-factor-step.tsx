import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { TwoFactorLoginSchema, type SessionUser } from '@bazaar/shared';
import { IconShieldLock } from '@tabler/icons-react';
import { isApiError, isRefusal } from '../../../api/api-client';
import { useLoginTwoFactor } from '../../../api/accounts/two-factor';

interface TwoFactorStepProps {
  /** Signed in: the page moves on to the user's area. */
  onSignedIn(user: SessionUser): void;
  /** The pending sign-in is over (expired, too many tries): back to the password, with why. */
  onRestart(message: string): void;
  /** A network or server failure: the generic dialog. */
  onTechnicalError(): void;
}

const loginCodeErrors = schemaResolver(TwoFactorLoginSchema, { sync: true });

interface CodeValues {
  method: 'totp' | 'recovery';
  code: string;
}

/**
 * The second step of a staff sign-in with two-step sign-in on (docs/accounts.md): the 6-digit
 * code of the authenticator app, or, through "Use a recovery code", one of the recovery codes
 * (each works once), checked with the request's own schema (`TwoFactorLoginSchema`) and sent by
 * `twoFactorApi.loginTwoFactor`. A wrong code stays here with the server's message; an expired or
 * exhausted attempt goes back to the password.
 */
export function TwoFactorStep({ onSignedIn, onRestart, onTechnicalError }: TwoFactorStepProps) {
  const verify = useLoginTwoFactor();
  const form = useForm<CodeValues>({
    initialValues: { method: 'totp', code: '' },
    validate: loginCodeErrors,
  });
  const totp = form.values.method === 'totp';

  const handleSubmit = form.onSubmit((values) => {
    verify.mutate(values, {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (failure) => {
        if (!isApiError(failure) || failure.status === 0 || failure.status >= 500) {
          onTechnicalError();
          return;
        }
        const codeMessage =
          failure.fields?.code ??
          (isRefusal(failure, 'TWO_FACTOR_CODE_INVALID') ? failure.message : undefined);
        if (codeMessage) {
          form.setValues({ code: '' });
          form.setFieldError('code', codeMessage);
        } else {
          // Expired, too many tries, a disabled account: the sign-in starts over.
          onRestart(failure.message);
        }
      },
    });
  });

  const switchMethod = () => {
    form.setValues({ method: totp ? 'recovery' : 'totp', code: '' });
    form.clearErrors();
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="two-factor-step-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconShieldLock size={22} color="var(--mantine-color-grape-8)" aria-hidden="true" />
          <Stack gap={2}>
            <Text fw={700} id="two-factor-step-title">
              Two-step sign-in
            </Text>
            <Text fz="sm" c="dimmed">
              {totp
                ? 'Open your authenticator app and enter the 6-digit code it shows for Bazaar.'
                : 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each code works once.'}
            </Text>
          </Stack>
        </Group>
        <TextInput
          key={form.values.method}
          label={totp ? 'Authentication code' : 'Recovery code'}
          placeholder={totp ? '123456' : 'a1B2c-3D4e5-f6G7h-8J9k0'}
          autoComplete="one-time-code"
          inputMode={totp ? 'numeric' : 'text'}
          maxLength={totp ? 7 : 30}
          autoFocus
          withAsterisk
          {...form.getInputProps('code')}
          styles={{ input: { letterSpacing: totp ? '0.3em' : undefined, fontFamily: 'monospace' } }}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          Verify and log in
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" fz="sm" onClick={switchMethod}>
            {totp ? 'Use a recovery code' : 'Use the authenticator app'}
          </Anchor>
          <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={() => onRestart('')}>
            Start over
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
