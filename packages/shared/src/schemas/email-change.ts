import { z } from 'zod';

/*
 * An email change made by staff for someone else's account (docs/security.md "Changing a
 * customer's email"): the new address signs in only after its owner opened the link mailed to it.
 */

/** The messages of the email-change link and the profile's pending notice. */
export const EMAIL_CHANGE_MESSAGES = {
  verified: 'Your new email address is verified. Use it to log in from now on.',
  linkInvalid: 'This email change link is invalid or has expired.',
} as const;

/** How long the verification link mailed to the new address is valid: 24 hours, in hours. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/**
 * `GET /api/account/email-change`: the signed-in user's pending change, or `pending: null`.
 * `expiresAt` is ISO text.
 */
export const PendingEmailChangeSchema = z.object({
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type PendingEmailChange = z.infer<typeof PendingEmailChangeSchema>;
