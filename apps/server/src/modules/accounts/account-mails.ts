import type { MailMessage } from '../../platform/mail.js';

/*
 * The texts of the mails better-auth asks us to send for an account (docs/accounts.md): the
 * email verification link and the password-reset link. Both carry a token, so they are marked
 * sensitive (their text is never logged).
 */

/** Who the mail goes to and the link better-auth made for them. */
export interface AccountLinkMail {
  email: string;
  name: string;
  url: string;
}

/** The email verification mail: the link is valid for 24 hours. */
export function verificationMail({ email, name, url }: AccountLinkMail): MailMessage {
  return {
    to: email,
    subject: 'Verify your email address for Bazaar',
    sensitive: true,
    text: `Namaste ${name},\n\nPlease open this link to verify your email address:\n${url}\n\nThe link is valid for 24 hours.`,
  };
}

/** The password-reset mail: the link is valid for one hour. */
export function passwordResetMail({ email, name, url }: AccountLinkMail): MailMessage {
  return {
    to: email,
    subject: 'Reset your Bazaar password',
    sensitive: true,
    text: `Namaste ${name},\n\nOpen this link to choose a new password:\n${url}\n\nThe link is valid for one hour. If you did not ask for it, ignore this email.`,
  };
}
