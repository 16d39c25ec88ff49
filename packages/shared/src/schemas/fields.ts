import { z } from 'zod';
import { isValidGstin } from '../domain/gstin.js';

/**
 * Reusable field schemas with the product's messages (docs/platform.md "Texts": spelling
 * corrected, otherwise word for word). Forms and routes compose these; one rule, one
 * message, one place.
 */

/** The field message for text holding control or invisible formatting characters. */
export const HIDDEN_CHARACTERS_MESSAGE = 'Remove hidden or control characters';

/**
 * Control characters (C0, DEL, C1: `\p{Cc}`), invisible formatting characters (`\p{Cf}`: the
 * bidi embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069, the marks and
 * zero-width characters U+200B-U+200F, the word joiner, the byte-order mark U+FEFF ...) and the
 * line and paragraph separators. Spaces, including the no-break space, are allowed.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * The one use of the zero-width (non-)joiner a name needs: after a virama or other combining
 * mark and before a letter, it chooses the half-form of an Indic conjunct ("क्‍ष"). Anywhere
 * else it only hides a difference between two names that look alike.
 */
const INDIC_JOINER = /(?<=\p{Mn})[\u200C\u200D](?=\p{L})/gu;

/** True when `text` holds a character HIDDEN_CHARACTER names (see VisibleTextSchema). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTER.test(text.replace(INDIC_JOINER, ''));
}

/**
 * The base of every name and address line (person, shop, business and customer names;
 * locality, landmark, city): Unicode NFC, trimmed, and without control or invisible formatting
 * characters ('Remove hidden or control characters'), so the text a person reads on a label or
 * an invoice is the text that was stored (docs/security.md). Hindi and other scripts pass as
 * typed. Compose length and other rules onto it: `VisibleTextSchema.min(1, ...).max(80, ...)`.
 */
export const VisibleTextSchema = z
  .string()
  .normalize('NFC')
  .trim()
  .refine((text) => !hasHiddenCharacters(text), HIDDEN_CHARACTERS_MESSAGE);

/** Mobile number: 10 digits starting 6-9 (docs/platform.md "Texts"). */
export const MobileSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Mobile number should be length 10')
  .regex(/^[6-9]/, 'Mobile number must be start from  6 - 9');

/** Pincode: exactly 6 digits (docs/platform.md). */
export const PincodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Pincode must be 6 digit');

/** Email address, at most 254 characters, compared in lower case. */
export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  .transform((email) => email.toLowerCase());

/**
 * The password rules in the order the registration checklist shows them (docs/platform.md
 * "Texts"), each with its message.
 */
export const PASSWORD_RULES = [
  {
    test: (password: string) => /[A-Z]/.test(password),
    message: 'Password must have include one capital letter...',
  },
  {
    test: (password: string) => /[a-z]/.test(password),
    message: 'Password must have include one small letter...',
  },
  {
    test: (password: string) => /\d/.test(password),
    message: 'Password must have include one digit...',
  },
  {
    test: (password: string) => /[^A-Za-z0-9]/.test(password),
    message: 'Password must have include one special character...',
  },
  {
    test: (password: string) => password.length >= 8,
    message: 'Password length must be greater than 7.',
  },
] as const;

/** Shown when every password rule is met (docs/platform.md). */
export const PASSWORD_STRONG_MESSAGE = 'Password is Strong';

/** The messages of the password rules a password does not meet yet (empty when strong). */
export function unmetPasswordRules(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/**
 * Password: capital, small letter, digit, special character, at least 8 characters; at most 128.
 */
export const PasswordSchema = z
  .string()
  .max(128, 'Password is too long')
  .superRefine((password, context) => {
    const [first] = unmetPasswordRules(password);
    if (first) context.addIssue({ code: 'custom', message: first });
  });

/**
 * Confirm-password feedback (docs/platform.md): 'Password matched', 'Please enter the
 * password first' or 'Confirm password not matched'.
 */
export function confirmPasswordFeedback(password: string, confirmation: string): string {
  if (password.length === 0) return 'Please enter the password first';
  return password === confirmation ? 'Password matched' : 'Confirm password not matched';
}

/** GSTIN: the 15-character format with a correct check character ('Invalid GST No'). */
export const GstinSchema = z
  .string()
  .trim()
  .transform((gstin) => gstin.toUpperCase())
  .refine((gstin) => isValidGstin(gstin), 'Invalid GST No');

/** The largest `serial` key: ids are 32-bit integers in the database (money is bigint paise). */
export const SERIAL_ID_MAX = 2_147_483_647;

/**
 * A numeric path parameter such as `/api/bills/{billId}`: digits only, a positive 32-bit
 * integer (a `serial` key), given as a string and parsed to a number. Anything else, e.g. `abc`,
 * `1e3`, ` 7`, `0` or a number past 2147483647, is a 400 '`{label}` must be a whole number' (or
 * the range message) before any query runs.
 */
export const pathId = (label: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1).max(SERIAL_ID_MAX));

/**
 * An id in a JSON body, e.g. `{ productId: 7 }`: a whole number in the `serial` range
 * 1..2147483647. Anything else (0, -1, 1.5, "7", 2147483648) is a 400 carrying `message` on the
 * field, before any query runs (a larger number would overflow the integer column: a 500).
 */
export const bodyId = (message: string) =>
  z.number(message).int(message).min(1, message).max(SERIAL_ID_MAX, message);
