import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorStatus, errorText, genericErrorCode, type ErrorReference, type ErrorResponse } from '@archlens/contracts/errors';
import { JOBS } from '@archlens/contracts/queues';
import { CommandTimeoutError, DomainError, NoWorkerError, ServiceUnavailableError } from '@archlens/platform/messaging';
import { ApiException, errorBodyOf } from './api-error.js';
import { requestIdOf } from './request-id.middleware.js';
import { retryAfterSecondsOf } from './too-many-requests.exception.js';

/** What a client reads for any failure that is not the product's own (code `internal`). */
export const GENERIC_ERROR_MESSAGE = errorText('internal');

/**
 * The one place where an error becomes HTTP: every error leaves the gateway as JSON
 * `{code, message}` (`errorResponseSchema`; spec §7: the SPA shows `{status}: {body}`).
 * - A code of the error catalogue (a service's `DomainError`, the gateway's `apiError`, a missing
 *   worker, Redis unreachable, no answer in time): the catalogue's status and text, and `params`
 *   when the text has any.
 * - Any other HTTP exception the gateway raises: its own status and text, and the generic code of
 *   its status (`genericErrorCode`: `bad-request`, `not-found`, …).
 * - Anything else (a worker's database or SDK error, a bug): 500, code `internal`,
 *   `GENERIC_ERROR_MESSAGE` with the request id, and `requestId`; the full error is logged with
 *   the same request id, which the worker's log line for the job also names.
 * An HTTP exception carrying `retryAfterSeconds` (a 429 from an abuse limit, a 503 "busy") also
 * sets `Retry-After`.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  /**
   * Answers one error as `describe` gives it, else as a 500 (the whole error logged as an error);
   * the product's own 5xx are logged as warnings. Sets `Retry-After` (whole seconds) for an HTTP
   * exception that carries `retryAfterSeconds`. Once the headers are sent (a stream that failed
   * midway) it only logs.
   */
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const requestId = requestIdOf(http.getRequest<Request>());
    const known = this.describe(exception);
    if (!known) {
      const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
      this.logger.error(`request ${requestId}: ${detail}`);
    } else if (known.status >= 500) {
      this.logger.warn(`request ${requestId}: ${known.status} ${known.body.code} ${known.body.message}`);
    }
    if (response.headersSent) return;
    const retryAfter = exception instanceof HttpException ? retryAfterSecondsOf(exception) : undefined;
    if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
    if (known) response.status(known.status).json(known.body);
    else
      response
        .status(errorStatus('internal'))
        .json({ code: 'internal', message: `${GENERIC_ERROR_MESSAGE} (request id ${requestId})`, requestId } satisfies ErrorResponse);
  }

  /** The status and body of the product's own errors; undefined for anything else. */
  private describe(exception: unknown): { status: number; body: ErrorResponse } | undefined {
    const reference = referenceOf(exception);
    if (reference) return { status: errorStatus(reference.code), body: errorBodyOf(reference) };
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
      const status = exception.getStatus();
      return { status, body: { code: genericErrorCode(status), message } };
    }
    return undefined;
  }
}

/** The catalogue code an error names, if it names one. */
function referenceOf(exception: unknown): ErrorReference | undefined {
  if (exception instanceof ApiException) return exception.reference;
  if (exception instanceof DomainError) return exception.toReference();
  if (exception instanceof NoWorkerError) return { code: 'service.not-running', params: { queue: exception.queue } };
  if (exception instanceof ServiceUnavailableError) return { code: 'service.unavailable', params: {} };
  if (exception instanceof CommandTimeoutError) {
    return { code: 'service.timeout', params: { queue: JOBS[exception.job].queue, timeoutMs: exception.timeoutMs } };
  }
  return undefined;
}
