/**
 * Dates are shown like 'Mar 5, 2024' (docs/catalog.md). The formatter is made on the first date
 * shown, not when this module is evaluated: a page's first `Intl` object starts ICU, which was
 * the longest part of a product page's chunk evaluation on a slow phone, although that page
 * shows a date only once its reviews have come (docs/performance.md "Page speed").
 */
let displayDateFormatter: Intl.DateTimeFormat | undefined;

/** Formats an ISO timestamp or Date as 'Mar 5, 2024' in Indian time. */
export function formatDisplayDate(value: string | Date): string {
  displayDateFormatter ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  return displayDateFormatter.format(typeof value === 'string' ? new Date(value) : value);
}

/** India's offset from UTC: 5 h 30 min all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * The Indian calendar date of an instant, `YYYY-MM-DD`: reports' days, document dates, the tax
 * rule in force. Arithmetic on the fixed offset rather than `Intl`, so the storefront's cart can
 * call it without starting ICU (docs/performance.md).
 */
export function indianDateOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
