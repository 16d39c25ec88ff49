import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { confirmPasswordFeedback, ResetPasswordRequestSchema } from '@bazaar/shared';
import { IconKey, IconMailForward } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useResetPassword } from '../../../api/accounts/auth';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { PasswordChecklist } from '../../../components/password-checklist';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';
import { AccountPageFrame } from './account-page-frame';
import { LoginLinks, NoticeWithLoginLinks } from './login-links';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

const validateReset = schemaResolver(ResetPasswordRequestSchema, { sync: true });

/**
 * `/ResetPassword?token=`: a new password with the checklist and its confirmation,
 * `accountsApi.resetPassword`, then the server's message and the way to the login.
 */
export function ResetPasswordPage() {
  usePageTitle('Set a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm<ResetValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    // The server's request rules (the token is the link's, checked by the server).
    validate: (values) => validateReset({ token, ...values }),
  });

  if (token === '') {
    return (
      <AccountPageFrame title="Set a new password">
        <NoticeWithLoginLinks color="orange" role={undefined}>
          This page needs the link from the password-reset email. Please open the link in the email
          again, or ask for a new one from the login page.
        </NoticeWithLoginLinks>
      </AccountPageFrame>
    );
  }

  if (reset.isSuccess) {
    return (
      <AccountPageFrame title="Password changed">
        <NoticeWithLoginLinks color="green" role={undefined}>
          {reset.data.message}
        </NoticeWithLoginLinks>
      </AccountPageFrame>
    );
  }

  const handleSubmit = form.onSubmit((values) => {
    reset.mutate(
      { token, password: values.password, confirmPassword: values.confirmPassword },
      {
        onError: (error) => void showServerFieldErrors(form, error),
      },
    );
  });

  const linkRefused = reset.error && isApiError(reset.error, 400) && !reset.error.fields?.password;
  if (linkRefused) {
    return (
      <AccountPageFrame title="Set a new password">
        <Alert color="red" variant="light" role="alert">
          {reset.error.message}
        </Alert>
        <Button
          component={Link}
          to={PATHS.forgotPassword}
          variant="light"
          fullWidth
          mt="md"
          leftSection={<IconMailForward size={18} />}
        >
          Ask for a new link
        </Button>
        <LoginLinks role={undefined} />
      </AccountPageFrame>
    );
  }

  const { password, confirmPassword } = form.getValues();
  const feedback =
    confirmPassword === '' ? null : confirmPasswordFeedback(password, confirmPassword);
  const failure =
    reset.error && !(isApiError(reset.error) && reset.error.fields?.password)
      ? reset.error.message
      : null;

  return (
    <AccountPageFrame title="Set a new password" subtitle="Choose a new password for your account.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            withAsterisk
            aria-describedby="reset-password-checklist"
            {...form.getInputProps('password')}
          />
          <PasswordChecklist password={password} id="reset-password-checklist" />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          {feedback && !form.errors.confirmPassword && (
            <Text
              fz="xs"
              c={feedback === 'Password matched' ? 'green.8' : 'red.8'}
              aria-live="polite"
            >
              {feedback}
            </Text>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending} leftSection={<IconKey size={18} />}>
            Change password
          </Button>
        </Stack>
      </form>
    </AccountPageFrame>
  );
}
