import { isApiError } from '../../api/api-client';

/** Today's Indian day as YYYY-MM-DD ('en-CA' writes that order). */
export function indianToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The server's words for a refusal it explains (400, 404, 409, 422, 429); null otherwise. */
export function refusalOf(error: unknown): string | null {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return null;
}

/** `tel:` link of an Indian mobile number. */
export function telLink(mobile: string): string {
  return `tel:+91${mobile}`;
}
