import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useVerifyEmailChange } from '../../../api/accounts/email-change';
import { PageLoader } from '../../../components/page-loader';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../api/api-client';
import { AccountPageFrame } from '../password/account-page-frame';
import { LoginLinks, NoticeWithLoginLinks } from '../password/login-links';

/**
 * `/VerifyEmailChange?token=`: makes the address that staff entered the account's email on
 * arrival (`emailChangeApi.verifyEmailChange`), then the server's message with the way to the
 * login, or why the link did not work (used, expired, or the address taken meanwhile).
 */
export function VerifyEmailChangePage() {
  usePageTitle('Confirm new email');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmailChange();
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
      <AccountPageFrame title="Confirm new email">
        <NoticeWithLoginLinks color="orange" role={undefined}>
          This page needs the link from the email that asked you to confirm your new address. Please
          open the link in the email again.
        </NoticeWithLoginLinks>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame title="Confirm new email">
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
        <PageLoader label="Confirming your new email" />
      )}
    </AccountPageFrame>
  );
}
