import { Anchor } from '@mantine/core';
import { ACCOUNT_MESSAGES, ROLE_AREAS } from '@bazaar/shared';
import { Link, useSearchParams } from 'react-router';
import { useRequestPasswordReset } from '../../../api/accounts/auth';
import { usePageTitle } from '../../../components/use-page-title';
import { AccountPageFrame } from './account-page-frame';
import { EmailCaptchaForm } from './email-captcha-form';
import { NoticeWithLoginLinks, roleFromParam } from './login-links';

/**
 * `/ForgotPassword`, `/SupportAdminForgotPassword`, `/DeliveryForgotPassword`: email and captcha,
 * `accountsApi.forgotPassword`, then the server's message (the same whether or not the
 * account exists). `?area=` names the login to go back to.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [searchParams] = useSearchParams();
  const role = roleFromParam(searchParams.get('area'));
  const request = useRequestPasswordReset();

  if (request.isSuccess) {
    return (
      <AccountPageFrame title="Check your email">
        <NoticeWithLoginLinks color="green" role={role}>
          {request.data.message}
        </NoticeWithLoginLinks>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame
      title="Forgot password"
      subtitle="Enter the email of your account and we will mail you a link to set a new password."
    >
      <EmailCaptchaForm
        mutation={request}
        captchaRequiredMessage={ACCOUNT_MESSAGES.loginCaptchaInvalid}
        submitLabel="Send reset link"
        emailPlaceholder="you@example.com"
        footer={
          <Anchor
            component={Link}
            to={ROLE_AREAS[role ?? 'customer'].loginPath}
            fz="sm"
            ta="center"
          >
            Back to login
          </Anchor>
        }
      />
    </AccountPageFrame>
  );
}
