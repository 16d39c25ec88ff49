/** India's offset from UTC: 5 h 30 min all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** English month abbreviations, January first: display dates and the GST portal's CSV dates. */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * Formats an ISO timestamp or Date as 'Mar 5, 2024', the day in Indian time (docs/catalog.md).
 *
 * Written out on the fixed offset rather than with `Intl.DateTimeFormat`: a page's first `Intl`
 * date format starts ICU with its time-zone data, the longest task of a product page on a slow
 * phone once its reviews came (docs/performance.md "Page speed"), as `formatRupees` avoids
 * `Intl.NumberFormat`. A property test checks it against `Intl.DateTimeFormat('en-US')`.
 */
export function formatDisplayDate(value: string | Date): string {
  const day = indianDateOf(typeof value === 'string' ? new Date(value) : value);
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  return `${MONTH_ABBREVIATIONS[month - 1]} ${dayOfMonth}, ${year}`;
}

/**
 * The Indian calendar date of an instant, `YYYY-MM-DD`: reports' days, document dates, the tax
 * rule in force. Arithmetic on the fixed offset rather than `Intl`, so the storefront's cart can
 * call it without starting ICU (docs/performance.md).
 */
export function indianDateOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
