/**
 * Money helpers. All amounts are integer paise (1 rupee = 100 paise) in the database and the API
 * (DESIGN.md section 3); rupees appear only on screen.
 */

const inrFormatter = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const inrWholeFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Formats paise as rupees the Indian way: 12000000 -> '₹1,20,000.00'. */
export function formatRupees(paise: number): string {
  return inrFormatter.format(paise / 100);
}

/** Formats paise as whole rupees when there are no paise: 129900 -> '₹1,299', 129950 -> '₹1,299.50'. */
export function formatRupeesShort(paise: number): string {
  return paise % 100 === 0
    ? inrWholeFormatter.format(paise / 100)
    : inrFormatter.format(paise / 100);
}

/** Converts whole rupees to paise: 1299 -> 129900. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Converts paise to rupees (a number, possibly fractional): 129950 -> 1299.5. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}
