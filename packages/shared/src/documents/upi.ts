import type { Content } from 'pdfmake/interfaces.js';
import { z } from 'zod';

/**
 * A UPI id (VPA) as NPCI allows it: a handle of letters, digits, '.', '-' and '_', '@', and a
 * provider of letters (`ravi.cloth@okaxis`, `9876543210@ybl`).
 */
export const UPI_VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** Whom a UPI payment goes to: the business's VPA and payee name (UPI_VPA, UPI_PAYEE_NAME). */
export const UpiPayeeSchema = z.object({
  vpa: z.string().regex(UPI_VPA_PATTERN),
  payeeName: z.string().min(1).max(99),
});
export type UpiPayee = z.infer<typeof UpiPayeeSchema>;

/**
 * Percent-encodes a UPI URI value (RFC 3986 unreserved characters stay; a space is `%20`, never
 * `+`, which some UPI apps would show literally).
 */
function encodeUpiValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The `upi://pay` deep link of NPCI's UPI linking specification for a payment of `amountPaise`
 * to `payee`: `pa` (VPA), `pn` (payee name), `am` (rupees with 2 decimals), `cu=INR` and `tn`
 * (the note the payer sees, e.g. the bill number); every value percent-encoded. Any UPI app
 * scanning its QR opens a filled-in payment.
 * @throws RangeError when the amount is not a positive whole number of paise.
 */
export function upiPayUri(payee: UpiPayee, amountPaise: number, note: string): string {
  if (!Number.isInteger(amountPaise) || amountPaise <= 0) {
    throw new RangeError('A UPI payment needs a positive amount in paise');
  }
  const rupees = `${Math.floor(amountPaise / 100)}.${String(amountPaise % 100).padStart(2, '0')}`;
  const parts: Array<[string, string]> = [
    ['pa', payee.vpa],
    ['pn', payee.payeeName],
    ['am', rupees],
    ['cu', 'INR'],
    ['tn', note.slice(0, 80)],
  ];
  return `upi://pay?${parts.map(([key, value]) => `${key}=${encodeUpiValue(value)}`).join('&')}`;
}

/**
 * The 'Scan to pay with any UPI app' block of the invoice and the statement: pdfmake's own QR
 * of `upiPayUri` (no image library), the amount and the VPA. Nothing when no payee is set or
 * nothing is owed.
 */
export function upiPayBlock(
  payee: UpiPayee | null | undefined,
  amountPaise: number,
  note: string,
  amountText: string,
): Content[] {
  if (!payee || amountPaise <= 0) return [];
  return [
    {
      unbreakable: true,
      margin: [0, 12, 0, 0],
      columns: [
        { width: 110, qr: upiPayUri(payee, amountPaise, note), fit: 100 },
        {
          width: '*',
          margin: [8, 10, 0, 0],
          stack: [
            { text: 'Scan to pay with any UPI app', bold: true },
            `Amount: ${amountText}`,
            `UPI id: ${payee.vpa}`,
            `Payee: ${payee.payeeName}`,
          ],
        },
      ],
    },
  ];
}
