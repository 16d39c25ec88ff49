import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/** The answer of the account routes that only report what happened. */
export interface MessageResponse {
  message: string;
}

interface CaptchaAnswer {
  captchaId: string;
  captchaCode: string;
}

/**
 * `POST /api/auth/forgot-password`: mails a reset link. The answer is the same whether or not the
 * account exists. @throws ApiError 400 (`fields.captchaCode`, `fields.email`), 429.
 */
export function requestPasswordReset(
  body: { email: string } & CaptchaAnswer,
): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body });
}

/** Asks for a password-reset mail (the forgot-password pages). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** `POST /api/auth/reset-password`: sets a new password with the mailed token. @throws ApiError 400. */
export function resetPassword(body: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/reset-password', { method: 'POST', body });
}

/** Sets the new password of `/ResetPassword`. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** `POST /api/auth/verify-email`: confirms the address with the mailed token. @throws ApiError 400. */
export function verifyEmail(body: { token: string }): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/verify-email', { method: 'POST', body });
}

/** Confirms an email address (`/VerifyEmail`). */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

/**
 * `POST /api/auth/resend-verification`: mails the verification link again (same answer whether
 * or not the account exists). @throws ApiError 400 (captcha), 429.
 */
export function resendVerification(
  body: { email: string } & CaptchaAnswer,
): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/resend-verification', { method: 'POST', body });
}

/** Mails the verification link again (login page, 403 'verify your email'). */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
