import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';

/** The answer of the account routes that only report what happened. */
export interface MessageResponse {
  message: string;
}

interface CaptchaAnswer {
  captchaId: string;
  captchaCode: string;
}

/**
 * Mails a password-reset link (`accountsApi.forgotPassword`). The answer is the same whether or
 * not the account exists. @throws ApiError 400 (`fields.captchaCode`, `fields.email`), 429.
 */
export function requestPasswordReset(
  body: { email: string } & CaptchaAnswer,
): Promise<MessageResponse> {
  return callApi(accountsEndpoints.forgotPassword, { body });
}

/** Asks for a password-reset mail (the forgot-password pages). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/**
 * Sets a new password with the mailed token (`accountsApi.resetPassword`).
 * @throws ApiError 400 for an invalid link or a password the rules refuse.
 */
export function resetPassword(body: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<MessageResponse> {
  return callApi(accountsEndpoints.resetPassword, { body });
}

/** Sets the new password of `/ResetPassword`. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** Confirms the address with the mailed token (`accountsApi.verifyEmail`). @throws ApiError 400. */
export function verifyEmail(body: { token: string }): Promise<MessageResponse> {
  return callApi(accountsEndpoints.verifyEmail, { body });
}

/** Confirms an email address (`/VerifyEmail`). */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

/**
 * Mails the verification link again (`accountsApi.resendVerification`) (same answer whether
 * or not the account exists). @throws ApiError 400 (captcha), 429.
 */
export function resendVerification(
  body: { email: string } & CaptchaAnswer,
): Promise<MessageResponse> {
  return callApi(accountsEndpoints.resendVerification, { body });
}

/** Mails the verification link again (login page, 403 'verify your email'). */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
