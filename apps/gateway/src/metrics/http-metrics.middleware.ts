import type { NextFunction, Request, Response } from 'express';
import { histogram } from '@archlens/platform/metrics';

/**
 * `archlens_http_request_duration_seconds{method, route, status}`: the time from
 * the request's arrival to its last byte, in seconds. `route` is the Express route pattern that
 * answered (`/api/analyses/:id/pdf`, never the raw URL, so no ids in labels); requests no route
 * answered (the SPA's files, 404s) count under `route="unmatched"`.
 */
export const httpRequestDurationSeconds = histogram({
  name: 'archlens_http_request_duration_seconds',
  help: 'Gateway HTTP request duration by route pattern, method and status, in seconds.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/** The route pattern of an answered request (`baseUrl` + `route.path`), or `unmatched`. */
export function routeLabelOf(request: Request): string {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? `${request.baseUrl ?? ''}${pattern}` || '/' : 'unmatched';
}

/** Express middleware that observes every request's duration when its response finishes. */
export function httpMetrics(request: Request, response: Response, next: NextFunction): void {
  const end = httpRequestDurationSeconds.startTimer();
  response.once('finish', () => end({ method: request.method, route: routeLabelOf(request), status: String(response.statusCode) }));
  next();
}
