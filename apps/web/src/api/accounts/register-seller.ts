import type { SellerRegistration } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../api-client';

function errorFromBody(status: number, statusText: string, data: unknown): ApiError {
  const inner =
    typeof data === 'object' && data !== null && 'error' in data
      ? (data as { error: unknown }).error
      : undefined;
  if (typeof inner === 'object' && inner !== null) {
    const { code, message, fields } = inner as {
      code?: unknown;
      message?: unknown;
      fields?: unknown;
    };
    if (typeof code === 'string' && typeof message === 'string') {
      return new ApiError(
        status,
        code,
        message,
        typeof fields === 'object' && fields !== null
          ? (fields as Record<string, string>)
          : undefined,
      );
    }
  }
  return new ApiError(status, 'INTERNAL', statusText || 'Request failed');
}

/**
 * Posts a multipart form (fields and files) and reads the JSON answer: `apiFetch` for uploads.
 * The browser sets the multipart content type with its boundary.
 * @throws ApiError for a non-2xx answer (from the server's error body) or a network failure.
 */
export async function postForm<T>(path: string, body: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached');
  }
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) throw errorFromBody(response.status, response.statusText, data);
  return data as T;
}

/** A multipart body: every field as a string, then the files under their names. */
export function toFormData(
  fields: Record<string, string | boolean>,
  files: Record<string, File>,
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  // Files last: a streaming parser on the server has read every field before the upload.
  for (const [name, file] of Object.entries(files)) body.append(name, file, file.name);
  return body;
}

export interface SellerRegistrationRequest {
  fields: SellerRegistration;
  /** The shop's photo: jpg or png, at most 5 MB. */
  shopImage: File;
}

/**
 * `POST /api/auth/register/seller` (multipart: the SellerRegistrationSchema fields as strings,
 * `acceptTerms` 'true', and the file `shopImage`).
 * @throws ApiError 400 with `fields` ('Invalid OTP' in `otp`, 'Invalid captcha' in
 * `captchaCode`), 409 (email taken), 413/415 (image refused), 429.
 */
export function registerSeller({
  fields,
  shopImage,
}: SellerRegistrationRequest): Promise<{ message: string }> {
  return postForm<{ message: string }>(
    '/api/auth/register/seller',
    toFormData({ ...fields, acceptTerms: 'true' }, { shopImage }),
  );
}

export function useRegisterSeller() {
  return useMutation({ mutationFn: registerSeller });
}
