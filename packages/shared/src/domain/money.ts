/**
 * Money helpers. All amounts are integer paise (1 rupee = 100 paise) in the database and the API
 * (docs/platform.md); rupees appear only on screen.
 */

/**
 * Digits grouped the Indian way (lakh and crore): the last three, then twos.
 * Input: a non-negative integer; output: '1,20,00,000' for 12000000.
 *
 * Written out rather than `Intl.NumberFormat('en-IN')`: a page's first use of `Intl` starts ICU,
 * about 20 ms of one long task on a fast desktop and four times that on the phone Lighthouse
 * simulates, and the storefront's first render formats a price on every card (docs/performance.md).
 * A property test checks it against `Intl.NumberFormat('en-IN')`.
 */
export function groupIndianDigits(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs: string[] = [];
  for (let end = head.length; end > 0; end -= 2)
    pairs.unshift(head.slice(Math.max(0, end - 2), end));
  return `${pairs.join(',')},${digits.slice(-3)}`;
}

/** A count the Indian way: 128 -> '128', 123456 -> '1,23,456' (integers; negatives keep '-'). */
export function formatIndianNumber(count: number): string {
  const whole = Math.round(Math.abs(count));
  return `${count < 0 && whole !== 0 ? '-' : ''}${groupIndianDigits(whole)}`;
}

/**
 * '₹' and the rupees of a number of paise (rounded to whole paise), with the two paise digits
 * when `withPaise`.
 */
function rupeesText(paise: number, withPaise: boolean): string {
  const total = Math.round(Math.abs(paise));
  const sign = paise < 0 && total !== 0 ? '-' : '';
  const rupees = groupIndianDigits(Math.floor(total / 100));
  return withPaise
    ? `${sign}₹${rupees}.${String(total % 100).padStart(2, '0')}`
    : `${sign}₹${rupees}`;
}

/** Formats paise as rupees the Indian way: 12000000 -> '₹1,20,000.00', -5 -> '-₹0.05'. */
export function formatRupees(paise: number): string {
  return rupeesText(paise, true);
}

/**
 * Formats paise as whole rupees when there are no paise: 129900 -> '₹1,299', 129950 -> '₹1,299.50'.
 */
export function formatRupeesShort(paise: number): string {
  return rupeesText(paise, Math.round(paise) % 100 !== 0);
}

/** Converts whole rupees to paise: 1299 -> 129900. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Converts paise to rupees (a number, possibly fractional): 129950 -> 1299.5. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}
