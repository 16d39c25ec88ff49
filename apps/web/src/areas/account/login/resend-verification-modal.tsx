import { Alert, Modal, Text } from '@mantine/core';
import { ACCOUNT_MESSAGES } from '@bazaar/shared';
import { useResendVerification } from '../../../api/accounts/auth';
import { EmailCaptchaForm } from '../password/email-captcha-form';

function ResendVerificationForm({ initialEmail }: { initialEmail: string }) {
  const resend = useResendVerification();

  if (resend.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status">
        {resend.data.message}
      </Alert>
    );
  }

  return (
    <EmailCaptchaForm
      mutation={resend}
      captchaRequiredMessage={ACCOUNT_MESSAGES.registrationCaptchaInvalid}
      submitLabel="Resend verification email"
      initialEmail={initialEmail}
      intro={<Text fz="sm">We will mail the verification link again to this address.</Text>}
    />
  );
}

/** Mails the email-verification link again (`accountsApi.resendVerification`, captcha). */
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
