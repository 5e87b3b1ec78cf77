import { errorResponseSchema } from '@archlens/contracts/errors';
import { HttpError } from './client';

/** The server's `{message}` (issue #2: every non-OK `/api` body is JSON `{message}`), else null. */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  try {
    const parsed = errorResponseSchema.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data.message : null;
  } catch {
    return null;
  }
}

/** Longest plain-text failure body used as a message, in characters; a longer one is cut with an ellipsis. */
export const MAX_PLAIN_TEXT_MESSAGE_CHARS = 300;

/** An HTML page (a proxy's or a server's error page): it starts with a tag, or holds one. */
const HTML_BODY = /^<|<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i;

/**
 * The message of a failed call whose message is "the response text" (spec §7 POST
 * /api/email-clipboard: "on failure the response text is the message, falling back to 'Failed to
 * send email'"; the analysis e-mail the same): the gateway's JSON `{message}`; else, when the body
 * is not JSON (a proxy or load balancer answered), its plain text, whitespace collapsed, cut to
 * {@link MAX_PLAIN_TEXT_MESSAGE_CHARS} characters. Null (the caller's fallback) for an empty body,
 * JSON without a message, or an HTML page.
 */
export function responseTextMessageOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.bodyText.trim();
  if (body === '') return null;
  try {
    JSON.parse(body);
    return serverMessageOf(error);
  } catch {
    // Not JSON: plain text, or an HTML page.
  }
  if (HTML_BODY.test(body)) return null;
  const text = body.replace(/\s+/g, ' ');
  return text.length <= MAX_PLAIN_TEXT_MESSAGE_CHARS ? text : `${text.slice(0, MAX_PLAIN_TEXT_MESSAGE_CHARS - 1).trimEnd()}…`;
}

/**
 * Readable error text for a toast: `{status}: {server message}` when the body is the JSON
 * `{message}` of the gateway, otherwise the error's own message (spec §7 form).
 */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) {
    const message = serverMessageOf(error);
    return message ? `${error.status}: ${message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
