import { AppError } from './errors.js';

/**
 * Refuses guessable passwords at registration, password change and reset (ASVS 5.0
 * 6.2.4 and 6.2.11; docs/security.md "V6"). The spec's composition rules (a capital, a small
 * letter, a digit, a special character, 8+ characters) still apply first; this check adds:
 * - the whole password, ignoring case, is one of the 49,233 common passwords of
 *   `@zxcvbn-ts/language-common` (e.g. `P@ssw0rd` is not, but `Password1!`-style variants are
 *   caught by the next rule);
 * - its letters are one of the 3,000 most common passwords with only a symbol and up to four
 *   digits around them (`Password@123`, `Welcome@2024`, `Qwerty!1`);
 * - its letters are a context word: the site (bazaar), the place (bihar, patna, india), role
 *   names, or the person's own name, email name or shop name (`Bazaar@123`, `Ramesh@2024`).
 */

/** The answers a refused password gets (field message in the error body). */
export const PASSWORD_POLICY_MESSAGES = {
  common: 'This password is too common. Please choose another.',
  context: 'Do not use the name of the site, the shop or yourself in the password.',
} as const;

/** Words of this site and its users that must not make up a password (ASVS 6.1.2). */
export const CONTEXT_WORDS: readonly string[] = [
  'bazaar',
  'bazar',
  'bihar',
  'patna',
  'india',
  'admin',
  'seller',
  'customer',
  'employee',
  'delivery',
  'support',
  'shop',
  'textile',
  'wholesale',
];

/** How many of the list's most common passwords the "letters plus a suffix" rule uses. */
const TOP_COMMON = 3000;

let lists: Promise<{ all: Set<string>; top: Set<string> }> | undefined;

/** The common-password list, loaded on first use (about 0.5 MB, so not at start-up). */
function commonPasswords() {
  lists ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const words = dictionary['passwords-common'] as string[];
    return { all: new Set(words), top: new Set(words.slice(0, TOP_COMMON)) };
  });
  return lists;
}

/** The letters of a password between leading and trailing non-letters, lower-cased. */
function lettersOf(password: string): { core: string; rest: string } {
  const lower = password.toLowerCase();
  const match = /^([^a-z]*)(.*?)([^a-z]*)$/.exec(lower)!;
  return { core: match[2]!, rest: `${match[1]}${match[3]}` };
}

/** Context words from free text: every alphabetic run of 3+ letters (name parts, email name). */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3);
}

/**
 * Answers why a password is guessable, or null when it is fine.
 * @param context the person's name, email, shop name: free text, split into words.
 */
export async function passwordWeakness(
  password: string,
  context: readonly (string | null | undefined)[] = [],
): Promise<string | null> {
  const { all, top } = await commonPasswords();
  const lower = password.toLowerCase();
  if (all.has(lower)) return PASSWORD_POLICY_MESSAGES.common;
  const { core, rest } = lettersOf(password);
  const trivialSuffix = /^[^a-z0-9]?\d{0,4}[^a-z0-9]?$/.test(rest);
  if (trivialSuffix && top.has(core)) return PASSWORD_POLICY_MESSAGES.common;
  const words = new Set([...CONTEXT_WORDS, ...context.flatMap((text) => wordsOf(text ?? ''))]);
  if (core.length >= 3 && words.has(core.replace(/[^a-z]/g, ''))) {
    return PASSWORD_POLICY_MESSAGES.context;
  }
  return null;
}

/**
 * Throws when the password is guessable (see the module comment).
 * @param field the form field the message belongs to (`password`, `newPassword`).
 * @throws AppError 400 VALIDATION_FAILED with `{ [field]: message }`.
 */
export async function assertPasswordNotGuessable(
  password: string,
  context: readonly (string | null | undefined)[],
  field: string,
): Promise<void> {
  const weakness = await passwordWeakness(password, context);
  if (weakness) throw new AppError('VALIDATION_FAILED', weakness, { [field]: weakness });
}
