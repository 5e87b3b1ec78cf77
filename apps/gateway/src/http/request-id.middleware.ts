import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { requestIdFrom, runWithRequestContext } from '@archlens/platform/request-context';

/** Response header that names the request, for support and for the logs. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const REQUEST_ID = Symbol('requestId');
type RequestWithId = Request & { [REQUEST_ID]?: string };

/**
 * Gives every request an id (a well-formed incoming `X-Request-Id`, else a UUID), answers it in
 * `X-Request-Id`, and runs the rest of the request inside its request context, so every command it
 * sends carries the id to the worker.
 */
export function requestIdMiddleware(request: Request, response: Response, next: NextFunction): void {
  const requestId = requestIdFrom(request.headers['x-request-id']);
  (request as RequestWithId)[REQUEST_ID] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  runWithRequestContext({ requestId }, next);
}

/** The id `requestIdMiddleware` gave the request (a new one if it did not run). */
export function requestIdOf(request: Request): string {
  const withId = request as RequestWithId;
  return (withId[REQUEST_ID] ??= randomUUID());
}
