import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { EMAIL_CLIPBOARD_BODY_BYTES } from '@archlens/contracts/clipboard';
import { errorStatus, errorText, genericErrorCode, type ErrorReference, type ErrorResponse } from '@archlens/contracts/errors';
import { API_PATHS } from '@archlens/contracts/paths';
import { EMAIL_ANALYSIS_BODY_BYTES } from '@archlens/contracts/reports';
import { errorBodyOf } from './api-error.js';

/**
 * Largest body the API reads, in bytes; every JSON route takes a small form, and a webhook's event is
 * small. A route may hold its body to less: the Stripe webhook answers 413 past its job's payload
 * limit (`BillingService.webhook`), with the same `BODY_MESSAGES.tooLarge`.
 */
export const BODY_LIMIT = '100kb';

/**
 * Routes whose largest valid JSON body is over `BODY_LIMIT`, with their own limit in bytes: the
 * e-mail routes carry up to 30,000 and 20,000 characters of text, which JSON may escape to 12 bytes
 * each (the contracts work the figures out), so a text within its character limit gets the
 * schema's answer, never a 413.
 */
export const JSON_BODY_LIMITS: Readonly<Record<string, number>> = {
  [API_PATHS.emailClipboard]: EMAIL_CLIPBOARD_BODY_BYTES,
  [API_PATHS.emailAnalysis]: EMAIL_ANALYSIS_BODY_BYTES,
};

/** The answers to a body the gateway cannot read, by what is wrong with it (texts of the `request.*` codes). */
export const BODY_MESSAGES = {
  malformed: errorText('request.malformed-json'),
  tooLarge: errorText('request.too-large'),
  /** Valid JSON that is not an object (a string, a number, `true`, `null`, or a list: see `ZodBodyPipe`). */
  notAnObject: errorText('request.not-an-object'),
  /** JSON is read as UTF-8 only (RFC 8259 §8.1); `charset` as the client sent it. */
  unsupportedCharset: (charset: string) => errorText('request.unsupported-charset', { charset }),
  /** `encoding` as the client sent it in `Content-Encoding`. */
  unsupportedEncoding: (encoding: string) => errorText('request.unsupported-encoding', { encoding }),
  /** A body of another content type (text/plain, a form, none named) sent to a JSON route (see `UnreadBody`). */
  notJson: errorText('request.not-json'),
} as const;

/**
 * What `request.body` holds when a request carried a body that no reader took: not JSON on a JSON
 * reader's path (text/plain, a form, multipart, no `Content-Type` at all). multer replaces it on the
 * upload routes; `ZodBodyPipe` answers it with 415 `BODY_MESSAGES.notJson`, so a JSON route never
 * validates such a request as if it had sent nothing. The body itself is left unread.
 */
export class UnreadBody {
  /** @param contentType the `Content-Type` as sent ('' when none) */
  constructor(readonly contentType: string) {}
}

/** True when the request says it carries at least one byte: a `Content-Length` above 0, or a chunked body. */
function carriesBody(request: Request): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  return Number(request.headers['content-length'] ?? 0) > 0;
}

/** A body-parser error as far as the refusal reads it (http-errors with body-parser's extra fields). */
type BodyError = Error & { status?: number; type?: string; body?: unknown; charset?: string; encoding?: string };

/** A header value echoed in a message: at most 40 characters, so a long header is not answered in full. */
function echoed(value: string | undefined): string {
  return (value ?? '').slice(0, 40);
}

/** True when `text` is JSON, i.e. body-parser refused it only because it is not an object or a list. */
function isJson(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The code of a body that could not be read, by body-parser's error type; undefined for another error. */
function codeOf(error: BodyError): ErrorReference | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return { code: 'request.too-large', params: {} };
    case 'charset.unsupported':
      return { code: 'request.unsupported-charset', params: { charset: echoed(error.charset).toUpperCase() } };
    case 'encoding.unsupported':
      return { code: 'request.unsupported-encoding', params: { encoding: echoed(error.encoding) } };
    case 'entity.parse.failed':
      return { code: isJson(error.body) ? 'request.not-an-object' : 'request.malformed-json', params: {} };
    default:
      return undefined;
  }
}

/** The status and body of a body that could not be read; another 4xx of body-parser's keeps its status with the generic code. */
function refusalOf(error: BodyError): { status: number; body: ErrorResponse } {
  const reference = codeOf(error);
  if (reference) return { status: errorStatus(reference.code), body: errorBodyOf(reference) };
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
  return { status, body: { code: status === 400 ? 'request.malformed-json' : genericErrorCode(status), message: BODY_MESSAGES.malformed } };
}

/**
 * The request body readers of the API, chosen per route: routes listed in `rawPaths` (for
 * example a payment provider's webhook, whose
 * signature is computed over the exact bytes) get the untouched body as a Buffer in `request.body`;
 * every other route gets JSON. A body that cannot be read answers `{code, message}`: 400 for
 * malformed JSON or JSON that is not an object, 413 past `BODY_LIMIT` (or the route's
 * `JSON_BODY_LIMITS`), 415 for a charset other than UTF-8 or an unknown `Content-Encoding`.
 *
 * Off the raw paths `request.body` is then: the parsed JSON (`{}` for an `application/json` body of
 * no bytes); `undefined` when the request carries no body at all (`Content-Length: 0` or none, of
 * any type), which `ZodBodyPipe` reads as `{}`; an `UnreadBody` when it carries a body of another
 * type (chunked counts as carrying one), which a JSON route answers with 415 and an upload route's
 * multer reads as multipart.
 * @param rawPaths exact paths whose body stays raw (routes of `API_ROUTES` with `request: 'raw'`)
 */
export function bodyParsers(rawPaths: readonly string[]): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: BODY_LIMIT });
  const json = express.json({ limit: BODY_LIMIT });
  const largerJson = new Map(Object.entries(JSON_BODY_LIMITS).map(([path, limit]) => [path, express.json({ limit })]));
  const readJson: RequestHandler = (request, response, next) =>
    (largerJson.get(request.path) ?? json)(request, response, (error?: unknown) => {
      if (error) return next(error);
      // express.json leaves `body` undefined for no body and for a body of another type.
      if (request.body === undefined && carriesBody(request)) request.body = new UnreadBody(request.headers['content-type'] ?? '');
      next();
    });
  const choose: RequestHandler = (request, response, next) => (rawPaths.includes(request.path) ? raw : readJson)(request, response, next);
  const refuse = (error: BodyError, _request: Request, response: Response, next: NextFunction) => {
    if (!error) return next();
    const { status, body } = refusalOf(error);
    response.status(status).json(body);
  };
  return [choose, refuse as unknown as RequestHandler];
}
