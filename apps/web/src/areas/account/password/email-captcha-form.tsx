import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ResendVerificationRequestSchema } from '@bazaar/shared';
import { IconMailForward } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../../api/api-client';
import type { MessageResponse } from '../../../api/accounts/auth';
import { useCaptcha } from '../../../api/accounts/captcha';
import { CaptchaField } from '../../../components/captcha-field';

interface EmailCaptchaValues {
  email: string;
  captchaCode: string;
}

/** The mutations of the "mail me a link" forms: forgot password, resend verification. */
type MailLinkMutation = UseMutationResult<
  MessageResponse,
  Error,
  { email: string; captchaId: string; captchaCode: string }
>;

interface EmailCaptchaFormProps {
  /** Sends the email and captcha; the caller shows `mutation.data.message` once it succeeds. */
  mutation: MailLinkMutation;
  /** The message under an empty Captcha. */
  captchaRequiredMessage: string;
  submitLabel: string;
  initialEmail?: string;
  emailPlaceholder?: string;
  /** Shown above the fields. */
  intro?: ReactNode;
  /** Shown below the submit button. */
  footer?: ReactNode;
}

/** The request's checks (email and captcha fields), the same for both mail-link forms. */
const mailLinkErrors = schemaResolver(ResendVerificationRequestSchema, { sync: true });

/**
 * Email and captcha, then a mail from the server (`/ForgotPassword`, the login's "Resend
 * verification email"). A refused submit empties the captcha and brings a new one (each is single
 * use); the server's field errors go under the fields, any other failure above the button.
 */
export function EmailCaptchaForm({
  mutation,
  captchaRequiredMessage,
  submitLabel,
  initialEmail = '',
  emailPlaceholder,
  intro,
  footer,
}: EmailCaptchaFormProps) {
  const captcha = useCaptcha();
  const form = useForm<EmailCaptchaValues>({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, captchaCode: '' },
    validate: (values) => {
      // The request schema only bounds the answer's length: an empty one gets the form's own text.
      const { email } = mailLinkErrors({ ...values, captchaId: 'pending' });
      return {
        ...(email ? { email } : {}),
        ...(values.captchaCode.trim() === '' ? { captchaCode: captchaRequiredMessage } : {}),
      };
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    if (!captcha.captchaId) return;
    mutation.mutate(
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

  const failure =
    mutation.error && !(isApiError(mutation.error) && mutation.error.fields)
      ? mutation.error.message
      : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {intro}
        <TextInput
          label="Email"
          type="email"
          placeholder={emailPlaceholder}
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
          loading={mutation.isPending}
          leftSection={<IconMailForward size={18} />}
        >
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
