import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * An HTTP exception that knows when the client may try again. `ApiExceptionFilter` turns
 * `retryAfterSeconds` into a `Retry-After` header (RFC 9110 §10.2.3: delay in whole seconds) for any
 * `HttpException` that carries it, so a 429 from an abuse limit and a 503 "busy" answer share it.
 */
export interface RetryAfterHint {
  /** Whole seconds, at least 1; absent when the server cannot say. */
  readonly retryAfterSeconds?: number;
}

/**
 * @returns the exception's `retryAfterSeconds` when it is a positive finite number (rounded up to
 * whole seconds), else undefined
 */
export function retryAfterSecondsOf(exception: HttpException): number | undefined {
  const value = (exception as HttpException & RetryAfterHint).retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/**
 * 429 Too Many Requests (RFC 6585 §4) with a readable message and the wait before the next try
 * (abuse limits). Leaves the gateway as `{code: 'too-many-requests', message}` with `Retry-After`.
 */
export class TooManyRequestsException extends HttpException implements RetryAfterHint {
  /** Whole seconds until the limit lets the client through again (at least 1). */
  readonly retryAfterSeconds: number;

  /**
   * @param message what the user reads, e.g. 'Too many sign-in attempts. Please try again in 1 minute.'
   * @param retryAfterSeconds seconds until the next try may succeed; rounded up, at least 1
   */
  constructor(message: string, retryAfterSeconds: number) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
