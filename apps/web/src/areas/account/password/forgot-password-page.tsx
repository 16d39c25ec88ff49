import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_MESSAGES, EmailSchema, ROLE_AREAS } from '@bazaar/shared';
import { IconMailForward } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useRequestPasswordReset } from '../../../api/accounts/auth';
import { useCaptcha } from '../../../api/accounts/captcha';
import { CaptchaField } from '../../../components/captcha-field';
import { usePageTitle } from '../../../components/use-page-title';
import { AccountPageFrame } from './account-page-frame';
import { LoginLinks, roleFromParam } from './login-links';

interface ForgotValues {
  email: string;
  captchaCode: string;
}

/**
 * `/ForgotPassword`, `/SupportAdminForgotPassword`, `/DeliveryForgotPassword`: email and captcha,
 * `POST /api/auth/forgot-password`, then the server's message (the same whether or not the
 * account exists). `?area=` names the login to go back to.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [searchParams] = useSearchParams();
  const role = roleFromParam(searchParams.get('area'));
  const captcha = useCaptcha();
  const request = useRequestPasswordReset();
  const form = useForm<ForgotValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', captchaCode: '' },
    validate: {
      email: (value) => EmailSchema.safeParse(value).error?.issues[0]?.message ?? null,
      captchaCode: (value) => (value.trim() === '' ? ACCOUNT_MESSAGES.loginCaptchaInvalid : null),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    if (!captcha.captchaId) return;
    request.mutate(
      {
        email: values.email.trim(),
        captchaId: captcha.captchaId,
        captchaCode: values.captchaCode.trim(),
      },
      {
        onError: (error) => {
          form.setFieldValue('captchaCode', '');
          captcha.refresh();
          if (isApiError(error) && error.fields) form.setErrors(error.fields);
        },
      },
    );
  });

  if (request.isSuccess) {
    return (
      <AccountPageFrame title="Check your email">
        <Alert color="green" variant="light" role="status">
          {request.data.message}
        </Alert>
        <LoginLinks role={role} />
      </AccountPageFrame>
    );
  }

  const failure =
    request.error && !(isApiError(request.error) && request.error.fields)
      ? request.error.message
      : null;

  return (
    <AccountPageFrame
      title="Forgot password"
      subtitle="Enter the email of your account and we will mail you a link to set a new password."
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <CaptchaField
            captcha={captcha}
            key={form.key('captchaCode')}
            {...form.getInputProps('captchaCode')}
          />
          {failure && (
            <Text c="red.8" fz="sm" role="alert">
              {failure}
            </Text>
          )}
          <Button
            type="submit"
            loading={request.isPending}
            leftSection={<IconMailForward size={18} />}
          >
            Send reset link
          </Button>
          <Anchor
            component={Link}
            to={ROLE_AREAS[role ?? 'customer'].loginPath}
            fz="sm"
            ta="center"
          >
            Back to login
          </Anchor>
        </Stack>
      </form>
    </AccountPageFrame>
  );
}
