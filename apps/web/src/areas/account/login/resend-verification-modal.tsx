import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_MESSAGES, EmailSchema } from '@bazaar/shared';
import { IconMailForward } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-client';
import { useResendVerification } from '../../../api/accounts/auth';
import { useCaptcha } from '../../../api/accounts/captcha';
import { CaptchaField } from '../../../components/captcha-field';

interface ResendValues {
  email: string;
  captchaCode: string;
}

function ResendVerificationForm({ initialEmail }: { initialEmail: string }) {
  const captcha = useCaptcha();
  const resend = useResendVerification();
  const form = useForm<ResendValues>({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, captchaCode: '' },
    validate: {
      email: (value) => EmailSchema.safeParse(value).error?.issues[0]?.message ?? null,
      captchaCode: (value) =>
        value.trim() === '' ? ACCOUNT_MESSAGES.registrationCaptchaInvalid : null,
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    if (!captcha.captchaId) return;
    resend.mutate(
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

  if (resend.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status">
        {resend.data.message}
      </Alert>
    );
  }

  const failure =
    resend.error && !(isApiError(resend.error) && resend.error.fields)
      ? resend.error.message
      : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text fz="sm">We will mail the verification link again to this address.</Text>
        <TextInput
          label="Email"
          type="email"
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
          loading={resend.isPending}
          leftSection={<IconMailForward size={18} />}
        >
          Resend verification email
        </Button>
      </Stack>
    </form>
  );
}

/** Mails the email-verification link again (`POST /api/auth/resend-verification`, captcha). */
export function ResendVerificationModal({
  opened,
  onClose,
  initialEmail,
}: {
  opened: boolean;
  onClose: () => void;
  initialEmail: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Verify your email" centered>
      <ResendVerificationForm initialEmail={initialEmail} />
    </Modal>
  );
}
