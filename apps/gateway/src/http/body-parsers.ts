import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Largest body the API reads, in bytes; every JSON route takes a small form, and a webhook's event is small. */
export const BODY_LIMIT = '100kb';

/** The answers to a body the gateway cannot read, by what is wrong with it. */
export const BODY_MESSAGES = {
  malformed: 'Malformed JSON body.',
  tooLarge: 'Request body too large.',
  /** Valid JSON that is not an object (a string, a number, `true`, `null`, or a list: see `ZodBodyPipe`). */
  notAnObject: 'The request body must be a JSON object.',
  /** JSON is read as UTF-8 only (RFC 8259 §8.1); `charset` as the client sent it. */
  unsupportedCharset: (charset: string) => `Unsupported charset "${charset}": send the JSON body as UTF-8.`,
  /** `encoding` as the client sent it in `Content-Encoding`. */
  unsupportedEncoding: (encoding: string) => `Unsupported content encoding "${encoding}".`,
} as const;

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

/** The status and `{message}` of a body that could not be read. */
function refusalOf(error: BodyError): { status: number; message: string } {
  switch (error.type) {
    case 'entity.too.large':
      return { status: 413, message: BODY_MESSAGES.tooLarge };
    case 'charset.unsupported':
      return { status: 415, message: BODY_MESSAGES.unsupportedCharset(echoed(error.charset).toUpperCase()) };
    case 'encoding.unsupported':
      return { status: 415, message: BODY_MESSAGES.unsupportedEncoding(echoed(error.encoding)) };
    case 'entity.parse.failed':
      return { status: 400, message: isJson(error.body) ? BODY_MESSAGES.notAnObject : BODY_MESSAGES.malformed };
    default: {
      const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
      return { status, message: BODY_MESSAGES.malformed };
    }
  }
}

/**
 * The request body readers of the API, chosen per route (issue 11: "per-route raw bodies
 * possible"): routes listed in `rawPaths` (for example a payment provider's webhook, whose
 * signature is computed over the exact bytes) get the untouched body as a Buffer in `request.body`;
 * every other route gets JSON. A body that cannot be read answers `{message}`: 400 for malformed
 * JSON or JSON that is not an object, 413 past `BODY_LIMIT`, 415 for a charset other than UTF-8 or
 * an unknown `Content-Encoding`.
 * @param rawPaths exact paths whose body stays raw (routes of `API_ROUTES` with `request: 'raw'`)
 */
export function bodyParsers(rawPaths: readonly string[]): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: BODY_LIMIT });
  const json = express.json({ limit: BODY_LIMIT });
  const choose: RequestHandler = (request, response, next) => (rawPaths.includes(request.path) ? raw : json)(request, response, next);
  const refuse = (error: BodyError, _request: Request, response: Response, next: NextFunction) => {
    if (!error) return next();
    const { status, message } = refusalOf(error);
    response.status(status).json({ message });
  };
  return [choose, refuse as unknown as RequestHandler];
}
