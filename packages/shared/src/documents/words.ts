import { toWords } from 'to-words/en-IN';

/**
 * An amount in words the Indian way (lakh, crore), for invoices (docs/documents.md):
 * 12000000 paise -> 'Rupees One Lakh Twenty Thousand Only';
 * 9950 -> 'Rupees Ninety Nine And Fifty Paise Only'; 0 -> 'Rupees Zero Only'.
 * @param paise integer paise, not negative.
 * @throws RangeError for a negative or fractional amount.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`amountInWords needs whole, non-negative paise: ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paiseWords = rest > 0 ? ` And ${toWords(rest)} Paise` : '';
  return `Rupees ${toWords(rupees)}${paiseWords} Only`;
}
