import { HttpException } from '@nestjs/common';
import type { Response } from 'express';
import {
  errorStatus,
  errorTextOf,
  hasErrorParams,
  type ErrorCode,
  type ErrorParamsArg,
  type ErrorReference,
  type ErrorResponse,
} from '@archlens/contracts/errors';

/**
 * An HTTP refusal of the gateway's own named by a code of the error catalogue
 * (`@archlens/contracts/errors`): its status and text come from the catalogue, and the body carries
 * the code, so that the SPA or an operator can tell it from other refusals of the same status.
 * Thrown through `apiError`. A refusal that knows when the client may try again (a limit) carries
 * `retryAfterSeconds`, which `ApiExceptionFilter` sends as `Retry-After`.
 */
export class ApiException extends HttpException {
  /** Whole seconds until the client may try again, when the refusal knows (at least 1). */
  readonly retryAfterSeconds?: number;

  /**
   * @param reference the code and its parameters, already checked (`apiError` builds them)
   * @param retryAfterSeconds for a limit: seconds until the next try may succeed (rounded up, at least 1)
   */
  constructor(
    readonly reference: ErrorReference,
    retryAfterSeconds?: number,
  ) {
    super(errorTextOf(reference), errorStatus(reference.code));
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/**
 * The refusal `code` names, to throw.
 * @example throw apiError('auth.unauthorized')
 * @example throw apiError('request.invalid', { reason: 'Please enter a valid email address' })
 * @throws ZodError when `params` do not fit the code (a programming error)
 */
export function apiError<C extends ErrorCode>(code: C, ...[params]: ErrorParamsArg<C>): ApiException {
  return new ApiException({ code, params: params ?? {} } as ErrorReference);
}

/**
 * The JSON body of a coded refusal: `{code, message}`, with `params` when the code's text has any.
 * @throws ZodError when the parameters do not fit the code
 */
export function errorBodyOf(reference: ErrorReference): ErrorResponse {
  const body: ErrorResponse = { code: reference.code, message: errorTextOf(reference) };
  return hasErrorParams(reference.code) ? { ...body, params: reference.params } : body;
}

/** Answers a coded refusal from Express middleware (outside Nest's exception filter): its status and `errorBodyOf`. */
export function sendApiError(response: Response, reference: ErrorReference): void {
  response.status(errorStatus(reference.code)).json(errorBodyOf(reference));
}
