/** Today's Indian day as YYYY-MM-DD ('en-CA' writes that order). */
export function indianToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `tel:` link of an Indian mobile number. */
export function telLink(mobile: string): string {
  return `tel:+91${mobile}`;
}
