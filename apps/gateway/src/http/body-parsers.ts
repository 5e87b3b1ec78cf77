import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Largest body the API reads, in bytes; every JSON route takes a small form, and a webhook's event is small. */
export const BODY_LIMIT = '100kb';

/**
 * The request body readers of the API, chosen per route (issue 11: "per-route raw bodies
 * possible"): routes listed in `rawPaths` (for example a payment provider's webhook, whose
 * signature is computed over the exact bytes) get the untouched body as a Buffer in `request.body`;
 * every other route gets JSON. A malformed or oversized body answers 400/413 `{message}`.
 * @param rawPaths exact paths whose body stays raw (routes of `API_ROUTES` with `request: 'raw'`)
 */
export function bodyParsers(rawPaths: readonly string[]): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: BODY_LIMIT });
  const json = express.json({ limit: BODY_LIMIT });
  const choose: RequestHandler = (request, response, next) => (rawPaths.includes(request.path) ? raw : json)(request, response, next);
  const refuse = (error: Error & { status?: number; type?: string }, _request: Request, response: Response, next: NextFunction) => {
    if (!error) return next();
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
    response.status(status).json({ message: error.type === 'entity.too.large' ? 'Request body too large.' : 'Malformed JSON body.' });
  };
  return [choose, refuse as unknown as RequestHandler];
}
