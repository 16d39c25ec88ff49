import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useVerifyEmail } from '../../../api/accounts/auth';
import { PageLoader } from '../../../components/page-loader';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../api/api-client';
import { AccountPageFrame } from './account-page-frame';
import { LoginLinks, NoticeWithLoginLinks } from './login-links';

/**
 * `/VerifyEmail?token=`: confirms the address on arrival (`accountsApi.verifyEmail`), then
 * the server's message with the way to the login, or why the link did not work.
 */
export function VerifyEmailPage() {
  usePageTitle('Verify email');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per token, also under StrictMode's double effect: a token is single use.
    if (token === '' || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  if (token === '') {
    return (
      <AccountPageFrame title="Verify email">
        <NoticeWithLoginLinks color="orange" role={undefined}>
          This page needs the link from the verification email. Please open the link in the email
          again.
        </NoticeWithLoginLinks>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame title="Verify email">
      {verify.isSuccess ? (
        <NoticeWithLoginLinks color="green" role={undefined}>
          {verify.data.message}
        </NoticeWithLoginLinks>
      ) : verify.isError &&
        isApiError(verify.error) &&
        verify.error.status >= 400 &&
        verify.error.status < 500 ? (
        <NoticeWithLoginLinks color="red" role={undefined}>
          {verify.error.message}
        </NoticeWithLoginLinks>
      ) : verify.isError ? (
        <Stack gap={0}>
          <TechnicalErrorAlert onRetry={() => mutate({ token })} />
          <LoginLinks role={undefined} />
        </Stack>
      ) : (
        <PageLoader label="Verifying your email" />
      )}
    </AccountPageFrame>
  );
}
