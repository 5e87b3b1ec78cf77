import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What travels with one request through the gateway and into every job it sends. */
export interface RequestContext {
  /** Id the gateway gives each request (or takes from a trusted `X-Request-Id`); logged everywhere. */
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** An incoming `X-Request-Id` is taken only when it looks like an id: 8 to 100 of `[A-Za-z0-9._-]`. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,100}$/;

/**
 * The request id to use for a request: the caller's `X-Request-Id` when it is well formed, else a
 * new UUID. Never trusts arbitrary header text into the logs.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && REQUEST_ID_PATTERN.test(candidate) ? candidate : randomUUID();
}

/** Runs `fn` with `context` as the current request (gateway middleware, worker host per job). */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's id, or undefined outside a request (start-up, timers). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
