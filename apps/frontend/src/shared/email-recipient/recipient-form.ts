import type { PublicUser } from '@archlens/contracts/auth';
import type { ZodType } from 'zod';

/**
 * The recipient fields of the two e-mail dialogs, 'Email Your Clipboard' and 'Email Analysis
 * Report' (spec §2, §5: email, firstName and lastName all required; the email field is of email
 * type), checked in the browser with the request's own contract schema before anything is sent.
 */
export const RECIPIENT_FIELDS = ['email', 'firstName', 'lastName'] as const;
export type RecipientField = (typeof RECIPIENT_FIELDS)[number];
export type Recipient = Record<RecipientField, string>;
export type RecipientErrors = Partial<Record<RecipientField, string>>;

export const EMPTY_RECIPIENT: Recipient = { email: '', firstName: '', lastName: '' };

/** The signed-in user as the recipient ('Email Myself': the clipboard is e-mailed to its owner). */
export function recipientFromUser(user: Pick<PublicUser, 'email' | 'first_name' | 'last_name'> | null): Recipient {
  return user ? { email: user.email, firstName: user.first_name, lastName: user.last_name } : EMPTY_RECIPIENT;
}

/** True when no recipient field has anything typed in it. */
export function isRecipientEmpty(recipient: Recipient): boolean {
  return RECIPIENT_FIELDS.every((field) => recipient[field].trim() === '');
}

/** The outcome of checking a request before it is sent. */
export type RecipientCheck<Out> =
  | { ok: true; body: Out }
  | {
      ok: false;
      /** The first problem of each recipient field, in the schema's words. */
      errors: RecipientErrors;
      /** True when a recipient field is empty (spec §5 'Please fill in all fields.'). */
      missing: boolean;
      /** The first problem of a field that is not a recipient field (the clipboard text), or null. */
      other: string | null;
    };

/**
 * Checks a request body holding the recipient fields with its contract schema
 * (`emailClipboardRequestSchema`, `emailAnalysisRequestSchema`): the body to send (trimmed, as the
 * server reads it), or what the dialog shows: the first problem of each recipient field under it
 * (an e-mail such as 'a@b', a name over 100 characters), whether one was empty, and any other
 * problem, instead of sending a request the server would refuse.
 * @param missingText the schema's text for an empty recipient field ('Please fill in all fields.')
 */
export function checkRecipient<Out>(
  schema: ZodType<Out>,
  body: Recipient & Record<string, unknown>,
  missingText: string,
): RecipientCheck<Out> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, body: result.data };
  const errors: RecipientErrors = {};
  let other: string | null = null;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (RECIPIENT_FIELDS as readonly string[]).includes(field)) {
      errors[field as RecipientField] ??= issue.message;
    } else {
      other ??= issue.message;
    }
  }
  return {
    ok: false,
    errors,
    missing: RECIPIENT_FIELDS.some((field) => errors[field] === missingText),
    other,
  };
}
