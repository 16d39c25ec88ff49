/** Dates are shown like 'Mar 5, 2024' (docs/catalog.md). */
const displayDateFormatter = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** Formats an ISO timestamp or Date as 'Mar 5, 2024' in Indian time. */
export function formatDisplayDate(value: string | Date): string {
  return displayDateFormatter.format(typeof value === 'string' ? new Date(value) : value);
}
