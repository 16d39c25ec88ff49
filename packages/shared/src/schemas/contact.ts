import { z } from 'zod';
import { CaptchaFieldsSchema } from './accounts.js';
import { EmailSchema, VisibleTextSchema } from './fields.js';

/**
 * Contact form (docs/catalog.md): all fields required, phone 10 digits
 * starting 6-9, name without digits. Messages are the spec's, word for word.
 */
export const ContactMessageSchema = z.object({
  name: VisibleTextSchema.min(1, 'Name is required')
    .max(80, 'Name is too long')
    .regex(/^[^0-9]*$/, 'Name should only contain letters'),
  email: EmailSchema,
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required')
    .regex(/^\d{10}$/, 'Mobile number should be of 10 digits')
    .regex(/^[6-9]/, 'First digit must be between 6 to 9'),
  subject: z.string().trim().min(1, 'Subject is required').max(120, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(2000, 'Message is too long'),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** Messages one email address, or one client address, may send through the form in an hour. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** The contact form's own refusals (docs/catalog.md). */
export const CONTACT_MESSAGES = {
  captchaInvalid: 'Please Enter Valid Captcha Code !!',
  tooMany: `You can send at most ${CONTACT_MESSAGES_PER_HOUR} messages an hour. Please try again later.`,
} as const;

/**
 * What the contact form sends: the message and the answer to its captcha (`POST /api/captchas`,
 * checked on the server, single use).
 */
export const ContactMessageRequestSchema = ContactMessageSchema.extend(CaptchaFieldsSchema.shape);
export type ContactMessageRequest = z.infer<typeof ContactMessageRequestSchema>;
