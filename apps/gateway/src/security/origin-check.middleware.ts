import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errorText } from '@archlens/contracts/errors';
import { sendApiError } from '../http/api-error.js';

/** Text of the 403 a cross-site state-changing request gets (`request.cross-site`). */
export const CROSS_SITE_MESSAGE = errorText('request.cross-site');

/** Methods that change state (RFC 9110 §9.2.1: everything but the safe GET, HEAD, OPTIONS, TRACE). */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `scheme://host[:port]` of a URL-like string, lower-cased, default port dropped; null for `null`,
 * an opaque origin or anything that does not parse.
 */
function normaliseOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The gateway's own origin as the browser sees it: `request.protocol` (which honours
 * `TRUST_PROXY`'s X-Forwarded-Proto) and `request.host` (the Host header, or X-Forwarded-Host
 * behind a trusted proxy; Express 5 keeps the port).
 */
function ownOrigin(request: Request): string | null {
  const host = request.host;
  return host ? normaliseOrigin(`${request.protocol}://${host}`) : null;
}

/** Answers `request.cross-site` (403 `{code, message: CROSS_SITE_MESSAGE}`). */
function refuse(response: Response): void {
  sendApiError(response, { code: 'request.cross-site', params: {} });
}

/**
 * Express middleware refusing state-changing requests (POST, PUT, PATCH, DELETE) sent by another
 * site, as a second wall behind the SameSite=Lax session cookie:
 * - an `Origin` listed in `allowedOrigins` → passes (even though its browser says `cross-site`);
 * - any other `Origin` than the gateway's own → 403; `Origin: null` (sandboxed frames, some
 *   redirects) and an unparsable one count as foreign;
 * - `Sec-Fetch-Site: cross-site` → 403, with or without an `Origin`;
 * - no `Origin` and no such header (server-to-server calls, curl, payment webhooks) → passes;
 * - safe methods (GET, HEAD, OPTIONS, TRACE) always pass.
 *
 * @param allowedOrigins other origins allowed, already normalised (`ALLOWED_ORIGINS`, `scheme://host[:port]`)
 * @returns middleware answering `request.cross-site` and calling `next()` otherwise
 */
export function originCheck(allowedOrigins: readonly string[] = []): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => normaliseOrigin(o)).filter((o): o is string => o !== null));
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return next();
    const originHeader = request.get('origin');
    if (originHeader !== undefined) {
      const origin = normaliseOrigin(originHeader);
      if (origin !== null && allowed.has(origin)) return next();
      if (origin === null || origin !== ownOrigin(request)) return refuse(response);
    }
    if (request.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return refuse(response);
    next();
  };
}
