import { HttpException, HttpStatus } from '@nestjs/common';
import { catchError, defer, type MonoTypeOperatorFunction } from 'rxjs';
import { errorStatus } from '@archlens/contracts/errors';
import { DomainError } from '@archlens/platform/messaging';

/**
 * The statuses that refuse what the request itself sent, a mistake the allowance forgives: 400 (a bad
 * or missing field or file), 415 (not a type the route takes), 422 (an image that cannot be used).
 * A 413 (a file past 50 MB, a body past the route's most) is not among them: the browser never sends
 * one (it checks sizes first), so it is a client pushing bytes, and it keeps the point it used. Nor
 * are a 429 (a limit reached), a 403 (who asks) and a 409 (the account's state).
 */
export const INPUT_REFUSAL_STATUSES: ReadonlySet<number> = new Set([
  HttpStatus.BAD_REQUEST,
  HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  HttpStatus.UNPROCESSABLE_ENTITY,
]);

/**
 * True when `error` answers with one of `INPUT_REFUSAL_STATUSES`: an HTTP exception the gateway
 * raised, or a service's `DomainError` (its code's status in the error catalogue, as
 * `ApiExceptionFilter` answers it).
 */
export function isInputRefusal(error: unknown): boolean {
  if (error instanceof HttpException) return INPUT_REFUSAL_STATUSES.has(error.getStatus());
  if (error instanceof DomainError) return INPUT_REFUSAL_STATUSES.has(errorStatus(error.code));
  return false;
}

/**
 * An rxjs operator for an interceptor that counted a request against a per-user allowance before
 * reading it: when the request ends in an input refusal (`isInputRefusal`), `giveBack` runs (a
 * `RateLimitsService.reward`) before the refusal goes on unchanged, so a request refused for what it
 * sent does not use the allowance up (as a successful sign-in gives its point back). A `giveBack`
 * that fails (Redis unreachable) is ignored: the client still reads the refusal.
 */
export function giveBackOnInputRefusal<T>(giveBack: () => Promise<void>): MonoTypeOperatorFunction<T> {
  return catchError((error: unknown) =>
    defer(async (): Promise<T> => {
      if (isInputRefusal(error)) await giveBack().catch(() => undefined);
      throw error;
    }),
  );
}
