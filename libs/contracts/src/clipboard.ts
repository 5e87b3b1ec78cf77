import { z } from 'zod';
import { AUTH_MESSAGES, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from './auth.js';

/**
 * The Working Clipboard's server side (issue 14; spec §3 email-clipboard payload, §5, §7, §8): the
 * clipboard text e-mailed to the user. The text itself lives in the browser only.
 */

/**
 * Spec §5, §8 texts, word for word; the spec names no text for a value that is too long, so those
 * say what the limit is (the sign-up form's limits and texts).
 */
export const CLIPBOARD_MESSAGES = {
  missingTitle: 'Missing Information',
  missing: 'Please fill in all fields.',
  noContentTitle: 'No Content',
  noContent: 'Add some content to your clipboard first.',
  invalidEmail: 'Please enter a valid email address',
  emailTooLong: AUTH_MESSAGES.emailTooLong,
  firstNameTooLong: AUTH_MESSAGES.firstNameTooLong,
  lastNameTooLong: AUTH_MESSAGES.lastNameTooLong,
  sentTitle: 'Email Sent',
  sent: 'Your clipboard content has been emailed to you.',
  failedTitle: 'Email Failed',
  /** Spec §7: the fallback when a failure has no text. */
  failed: 'Failed to send email',
} as const;

/**
 * Longest clipboard text accepted for e-mail, in characters: 30,000 characters of any script stay
 * within the gateway's 100 KB JSON body limit (apps/gateway/src/http/body-parsers.ts) at up to 3
 * bytes each, so a long clipboard gets this clear refusal rather than a 413.
 */
export const MAX_CLIPBOARD_EMAIL_CHARS = 30_000;

/** A name field: the spec §5 text when missing or blank, the limit when too long. */
function requiredName(tooLong: string) {
  return z.string({ error: CLIPBOARD_MESSAGES.missing }).trim().min(1, CLIPBOARD_MESSAGES.missing).max(MAX_NAME_LENGTH, tooLong);
}

/** `POST /api/email-clipboard` body (spec §3: email, firstName, lastName, clipboardText). */
export const emailClipboardRequestSchema = z.object({
  email: z
    .string({ error: CLIPBOARD_MESSAGES.missing })
    .trim()
    .min(1, CLIPBOARD_MESSAGES.missing)
    .max(MAX_EMAIL_LENGTH, CLIPBOARD_MESSAGES.emailTooLong)
    .pipe(z.email(CLIPBOARD_MESSAGES.invalidEmail)),
  firstName: requiredName(CLIPBOARD_MESSAGES.firstNameTooLong),
  lastName: requiredName(CLIPBOARD_MESSAGES.lastNameTooLong),
  clipboardText: z
    .string({ error: CLIPBOARD_MESSAGES.noContent })
    .max(MAX_CLIPBOARD_EMAIL_CHARS, `The clipboard is longer than ${MAX_CLIPBOARD_EMAIL_CHARS} characters.`)
    .refine((text) => text.trim().length > 0, CLIPBOARD_MESSAGES.noContent),
});
export type EmailClipboardRequest = z.infer<typeof emailClipboardRequestSchema>;

/** `POST /api/email-clipboard` answer: `{message: CLIPBOARD_MESSAGES.sent}` once the e-mail is queued. */
export const emailClipboardResponseSchema = z.object({ message: z.string() });
export type EmailClipboardResponse = z.infer<typeof emailClipboardResponseSchema>;
