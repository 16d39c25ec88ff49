import { ACCOUNT_MESSAGES } from '@bazaar/shared';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useSendRegistrationOtp } from '../../../api/accounts/otp';

/** The seller flow's OTP: to which email it was sent, and when it may be sent again. */
export interface RegistrationOtp {
  /** The (normalised) email the last code went to; null before the first. */
  sentTo: string | null;
  /** Seconds until Resend OTP is allowed (the server's `resendAfterSeconds`, counting down). */
  resendIn: number;
  isSending: boolean;
  /** Why the last send failed: the spec's 'OTP Not Sent' for a mail failure, else the server's reason. */
  error: string | null;
  send: (email: string) => void;
}

/**
 * Sends the registration OTP (`accountsApi.sendRegistrationOtp`) and counts the resend
 * cool-down. Lives in the flow, not the step, so leaving the step keeps the state.
 */
export function useRegistrationOtp(): RegistrationOtp {
  const mutation = useSendRegistrationOtp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendIn, setResendIn] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (resendIn <= 0) return undefined;
    const timer = window.setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [resendIn]);

  const send = (email: string) => {
    setError(null);
    mutation.mutate(email, {
      onSuccess: (answer) => {
        setSentTo(email);
        setResendIn(answer.resendAfterSeconds);
      },
      onError: (failure) => {
        // 409 (email taken), 429 (too soon) and 400 carry a message meant for the user;
        // a mail failure (503), a server error or no network is the spec's 'OTP Not Sent'.
        const serverReason = isApiError(failure) && failure.status >= 400 && failure.status < 500;
        setError(serverReason ? failure.message : ACCOUNT_MESSAGES.otpNotSent);
      },
    });
  };

  return { sentTo, resendIn, isSending: mutation.isPending, error, send };
}
