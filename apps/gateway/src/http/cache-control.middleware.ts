import type { NextFunction, Request, Response } from 'express';

/**
 * The `Cache-Control` of every `/api` answer unless its route sets its own: the answers are the
 * signed-in user's own (`/api/auth/user`, `/api/analyses`, `/api/style-profile`,
 * `/api/generations`…), so no shared cache may keep them (`private`), and the browser asks again
 * each time (`no-cache`), revalidating with the `ETag` Express sets (a 304 when nothing changed).
 */
export const API_CACHE_CONTROL = 'private, no-cache';

/**
 * Mounted on `/api` before the routes: sets `API_CACHE_CONTROL`. A route that sets its own
 * afterwards keeps it: `@Header('Cache-Control', …)` (the PDF and image downloads' `private,
 * no-store`, `/api/docs`'s `no-cache` and its assets' `public, max-age=86400`,
 * `/api/capabilities`'s `public, max-age` of at most a minute), the
 * progress stream's `no-cache, no-transform`, and the `no-store` of the queue dashboard session,
 * the dashboard itself and the leads CSV export.
 */
export function apiCacheControl(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', API_CACHE_CONTROL);
  next();
}
