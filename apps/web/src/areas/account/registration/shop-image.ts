/**
 * The shop photo's rules (docs/accounts.md: jpg and png; docs/platform.md "Uploads and images": at
 * most 5 MB). The server checks the bytes again; these give the message before the upload.
 */

import { ACCOUNT_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '@bazaar/shared';

export const SHOP_IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

export const SHOP_IMAGE_MESSAGES = {
  required: ACCOUNT_MESSAGES.shopImageRequired,
  type: ACCOUNT_MESSAGES.shopImageType,
  size: ACCOUNT_MESSAGES.imageTooLarge,
} as const;

const TYPES = new Set(['image/jpeg', 'image/png']);
const EXTENSION = /\.(jpe?g|png)$/i;

/** Why a chosen file cannot be the shop photo, or null when it can. */
export function shopImageError(file: File | null, { required }: { required: boolean }) {
  if (!file) return required ? SHOP_IMAGE_MESSAGES.required : null;
  // Some systems report no type for a file; then its name decides.
  const typeOk = file.type ? TYPES.has(file.type) : EXTENSION.test(file.name);
  if (!typeOk) return SHOP_IMAGE_MESSAGES.type;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return SHOP_IMAGE_MESSAGES.size;
  return null;
}

const previews = new WeakMap<File, string>();

/**
 * An object URL showing the file, made once per file: the preview survives moving between steps
 * (each step's panel unmounts) without reading the file again.
 */
export function previewUrl(file: File): string {
  let url = previews.get(file);
  if (!url) {
    url = URL.createObjectURL(file);
    previews.set(file, url);
  }
  return url;
}

/** Frees the preview of a file that is no longer chosen. */
export function releasePreview(file: File | null) {
  if (!file) return;
  const url = previews.get(file);
  if (url) URL.revokeObjectURL(url);
  previews.delete(file);
}

/** '1.4 MB', '320 KB' */
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
