import { errorReferenceSchema, errorResponseSchema, type ErrorCode, type ErrorParams } from '@archlens/contracts/errors';
import { hasErrorCode, HttpError } from './client';
import { GENERIC_FAILURE_TEXT, userFacingText } from './user-text';

/** The message of an error body; a body without a code (a proxy's JSON) still gives its `message`. */
const messageBodySchema = errorResponseSchema.pick({ message: true });

/** The JSON body of a failed call, or undefined when it is not JSON. */
function jsonBodyOf(error: HttpError): unknown {
  try {
    return JSON.parse(error.bodyText) as unknown;
  } catch {
    return undefined;
  }
}

/** The server's `message` (every non-OK `/api` body is JSON `{code, message}`), else null. */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const parsed = messageBodySchema.safeParse(jsonBodyOf(error));
  return parsed.success ? parsed.data.message : null;
}

/**
 * The parameters of a failed call's error when its code is `code`, checked against the error
 * catalogue (e.g. `{overBy}` of `credits.insufficient`); null for another code, no code, or
 * parameters that do not fit.
 */
export function errorParamsOf<C extends ErrorCode>(error: unknown, code: C): ErrorParams<C> | null {
  if (!hasErrorCode(error, code)) return null;
  const body = jsonBodyOf(error) as { params?: unknown } | undefined;
  const parsed = errorReferenceSchema.safeParse({ code, params: body?.params ?? {} });
  return parsed.success ? (parsed.data.params as ErrorParams<C>) : null;
}

/** Longest plain-text failure body used as a message, in characters; a longer one is cut with an ellipsis. */
export const MAX_PLAIN_TEXT_MESSAGE_CHARS = 300;

/** An HTML page (a proxy's or a server's error page): it starts with a tag, or holds one. */
const HTML_BODY = /^<|<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i;

/**
 * The message of a failed call whose message is "the response text" (spec §7 POST
 * /api/email-clipboard: "on failure the response text is the message, falling back to 'Failed to
 * send email'"; the analysis e-mail the same): the gateway's JSON `message`; else, when the body
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
 * Readable error text for a toast, never led by an HTTP status: the server's user text (the
 * gateway's JSON `{code, message}`, the error catalogue's wording), else a plain-text body (a
 * proxy's), else {@link GENERIC_FAILURE_TEXT}; for any other error its message, without a status
 * prefix should it carry one. The status-led form of spec §7 (`HttpError.message`) stays for
 * logs and for code that branches on it, not for display.
 * @example describeError(new HttpError(415, `{"message":"\"a.jpg\" is not an image file."}`, "")) === `"a.jpg" is not an image file.`
 */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) return serverMessageOf(error) ?? responseTextMessageOf(error) ?? GENERIC_FAILURE_TEXT;
  return userFacingText(error instanceof Error ? error.message : String(error));
}
