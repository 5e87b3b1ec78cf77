import { z } from 'zod';
import { AUTH_MESSAGES, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, nameField } from './auth.js';
import { maxJsonBodyBytes } from './http.js';
import { hasUnusableCharacters, isBlankText, unusableCharactersMessage } from './plain-text.js';

/**
 * The Working Clipboard's server side (spec §3 email-clipboard payload, §5, §7, §8): the
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
  /** A control character, a lone surrogate or a bidirectional override in a name (the sign-up form's texts). */
  firstNameUnusable: AUTH_MESSAGES.firstNameUnusable,
  lastNameUnusable: AUTH_MESSAGES.lastNameUnusable,
  /** A control character other than tab, LF and CR, or a lone surrogate, in the clipboard text. */
  textUnusable: unusableCharactersMessage('The clipboard text'),
  sentTitle: 'Email Sent',
  sent: 'Your clipboard content has been emailed to you.',
  failedTitle: 'Email Failed',
  /** Spec §7: the fallback when a failure has no text. */
  failed: 'Failed to send email',
} as const;

/** Longest clipboard text accepted for e-mail, in characters (code points, as zod counts them: an emoji is one). */
export const MAX_CLIPBOARD_EMAIL_CHARS = 30_000;

/**
 * `POST /api/email-clipboard` body (spec §3: email, firstName, lastName, clipboardText). Names are
 * one line (`nameField`: spec §5 'Please fill in all fields.' when blank or only invisible
 * characters); the text may have several lines (tab, LF, CR) but no other control character
 * (`CLIPBOARD_MESSAGES.textUnusable`), and spec §5's 'Add some content to your clipboard first.'
 * when blank or only invisible characters.
 */
export const emailClipboardRequestSchema = z.object({
  email: z
    .string({ error: CLIPBOARD_MESSAGES.missing })
    .trim()
    .min(1, CLIPBOARD_MESSAGES.missing)
    .max(MAX_EMAIL_LENGTH, CLIPBOARD_MESSAGES.emailTooLong)
    .pipe(z.email(CLIPBOARD_MESSAGES.invalidEmail)),
  firstName: nameField(CLIPBOARD_MESSAGES.missing, CLIPBOARD_MESSAGES.firstNameTooLong, CLIPBOARD_MESSAGES.firstNameUnusable),
  lastName: nameField(CLIPBOARD_MESSAGES.missing, CLIPBOARD_MESSAGES.lastNameTooLong, CLIPBOARD_MESSAGES.lastNameUnusable),
  clipboardText: z
    .string({ error: CLIPBOARD_MESSAGES.noContent })
    .max(MAX_CLIPBOARD_EMAIL_CHARS, `The clipboard is longer than ${MAX_CLIPBOARD_EMAIL_CHARS} characters.`)
    .refine((text) => !isBlankText(text), CLIPBOARD_MESSAGES.noContent)
    .refine((text) => !hasUnusableCharacters(text, 'lines'), CLIPBOARD_MESSAGES.textUnusable),
});
export type EmailClipboardRequest = z.infer<typeof emailClipboardRequestSchema>;

/**
 * The largest JSON body of `POST /api/email-clipboard` whose fields are within their limits, in
 * bytes: 366,892 (`maxJsonBodyBytes`). A character can take 12 bytes in JSON (an emoji such as 🏛 is
 * 4 bytes as UTF-8 and 12 as two `\uXXXX` escapes; a BMP character up to 6 escaped), so 30,000
 * characters of clipboard alone can take 360,000 bytes. The gateway's JSON body limit for this
 * route must be at least this (its general limit is 100 KB), so that a clipboard within
 * `MAX_CLIPBOARD_EMAIL_CHARS` is accepted and a longer one gets the schema's clear refusal, never a 413.
 */
export const EMAIL_CLIPBOARD_BODY_BYTES = maxJsonBodyBytes({
  email: MAX_EMAIL_LENGTH,
  firstName: MAX_NAME_LENGTH,
  lastName: MAX_NAME_LENGTH,
  clipboardText: MAX_CLIPBOARD_EMAIL_CHARS,
});

/** `POST /api/email-clipboard` answer: `{message: CLIPBOARD_MESSAGES.sent}` once the e-mail is queued. */
export const emailClipboardResponseSchema = z.object({ message: z.string() });
export type EmailClipboardResponse = z.infer<typeof emailClipboardResponseSchema>;
