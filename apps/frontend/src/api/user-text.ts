// No zod here: `toast` reads this module, and the signed-out landing loads no schema.

/** Shown when a failure carries no text a user can read (an empty body, an HTML error page). */
export const GENERIC_FAILURE_TEXT = 'Something went wrong. Please try again.';

/** Spec §7's display form of a failed call: a status code, a colon, then the body or status text. */
const STATUS_PREFIX = /^\s*[1-5]\d\d:\s*/;

/** An HTML page (a proxy's error page): it starts with a tag, or holds one. */
const HTML_TEXT = /^<|<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i;

/** The `message` of a JSON object text, or null. */
function jsonMessageOf(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    const message: unknown = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
    return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
  } catch {
    return null;
  }
}

/**
 * Text for a user from a failure's text: a leading HTTP status ("415: …", spec §7's form of an
 * error) is never shown. After it, a JSON body gives its `message`, a plain text is kept as it is,
 * and nothing readable (empty, JSON without a message, an HTML page) gives
 * {@link GENERIC_FAILURE_TEXT}. A text without a status prefix is returned unchanged.
 * @example userFacingText('415: {"code":"x","message":"\"a.jpg\" is not an image file."}') === '"a.jpg" is not an image file.'
 */
export function userFacingText(text: string): string {
  const prefix = STATUS_PREFIX.exec(text);
  if (!prefix) return text;
  const rest = text.slice(prefix[0].length).trim();
  const message = jsonMessageOf(rest);
  if (message) return message;
  if (rest === '' || rest.startsWith('{') || rest.startsWith('[') || HTML_TEXT.test(rest)) return GENERIC_FAILURE_TEXT;
  return rest;
}
