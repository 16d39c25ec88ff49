import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { TwoFactorPasswordSchema } from '@bazaar/shared';

/**
 * A password field with one action button: the first step of every change to two-step sign-in.
 * The password is checked with the request's schema (`TwoFactorPasswordSchema`) before
 * `onSubmit`; `error` is the server's refusal of the last attempt.
 */
export function PasswordStep({
  label,
  actionLabel,
  loading,
  error,
  onSubmit,
  onCancel,
  actionColor,
}: {
  label: string;
  actionLabel: string;
  loading: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
  actionColor?: string;
}) {
  const form = useForm({
    initialValues: { password: '' },
    validate: schemaResolver(TwoFactorPasswordSchema, { sync: true }),
  });
  const passwordProps = form.getInputProps('password');
  return (
    <form onSubmit={form.onSubmit(({ password }) => onSubmit(password))} noValidate>
      <Stack gap="xs" maw={440}>
        <PasswordInput
          label={label}
          autoComplete="current-password"
          {...passwordProps}
          error={passwordProps.error ?? error}
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" loading={loading} color={actionColor}>
            {actionLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
