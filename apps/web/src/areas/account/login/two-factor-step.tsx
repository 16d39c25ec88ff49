import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  RecoveryCodeSchema,
  TotpCodeSchema,
  TWO_FACTOR_MESSAGES,
  type SessionUser,
} from '@bazaar/shared';
import { IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/api-client';
import { useLoginTwoFactor } from '../../../api/accounts/two-factor';

interface TwoFactorStepProps {
  /** Signed in: the page moves on to the user's area. */
  onSignedIn(user: SessionUser): void;
  /** The pending sign-in is over (expired, too many tries): back to the password, with why. */
  onRestart(message: string): void;
  /** A network or server failure: the generic dialog. */
  onTechnicalError(): void;
}

/**
 * The second step of a staff sign-in with two-step sign-in on (docs/accounts.md): the 6-digit
 * code of the authenticator app, or, through "Use a recovery code", one of the recovery codes
 * (each works once). `POST /api/auth/login/two-factor`; a wrong code stays here with the
 * server's message, an expired or exhausted attempt goes back to the password.
 */
export function TwoFactorStep({ onSignedIn, onRestart, onTechnicalError }: TwoFactorStepProps) {
  const [method, setMethod] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useLoginTwoFactor();
  const totp = method === 'totp';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = (totp ? TotpCodeSchema : RecoveryCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError(totp ? TWO_FACTOR_MESSAGES.codeFormat : TWO_FACTOR_MESSAGES.recoveryCodeFormat);
      return;
    }
    setError(null);
    verify.mutate(
      { method, code: parsed.data },
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (failure) => {
          if (!isApiError(failure) || failure.status === 0 || failure.status >= 500) {
            onTechnicalError();
          } else if (failure.status === 401 || failure.status === 429 || failure.status === 403) {
            onRestart(failure.message);
          } else {
            setError(failure.fields?.code ?? failure.message);
            setCode('');
          }
        },
      },
    );
  };

  const switchMethod = () => {
    setMethod(totp ? 'recovery' : 'totp');
    setCode('');
    setError(null);
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
          key={method}
          label={totp ? 'Authentication code' : 'Recovery code'}
          placeholder={totp ? '123456' : 'a1B2c-3D4e5-f6G7h-8J9k0'}
          autoComplete="one-time-code"
          inputMode={totp ? 'numeric' : 'text'}
          maxLength={totp ? 7 : 30}
          autoFocus
          withAsterisk
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          error={error}
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
