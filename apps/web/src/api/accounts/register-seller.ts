import type { SellerRegistration } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';

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
 * Registers a seller (`accountsApi.registerSeller`, multipart: the SellerRegistrationSchema
 * fields as strings, `acceptTerms` 'true', and the file `shopImage`).
 * @throws ApiError 400 with `fields` ('Invalid OTP' in `otp`, 'Invalid captcha' in
 * `captchaCode`), 409 (email taken), 413/415 (image refused), 429.
 */
export function registerSeller({
  fields,
  shopImage,
}: SellerRegistrationRequest): Promise<{ message: string }> {
  return callApi(accountsEndpoints.registerSeller, {
    body: toFormData({ ...fields, acceptTerms: 'true' }, { shopImage }),
  });
}

export function useRegisterSeller() {
  return useMutation({ mutationFn: registerSeller });
}
