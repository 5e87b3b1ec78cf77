import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CommandTimeoutError, DomainError, NoWorkerError, ServiceUnavailableError } from '@archlens/platform/messaging';
import { requestIdOf } from './request-id.middleware.js';
import { retryAfterSecondsOf } from './too-many-requests.exception.js';

/** What a client reads for any failure that is not the product's own (issue 11: a generic message). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * Every error leaves the gateway as JSON `{message}` with the right status (spec §7). Only the
 * product's own errors carry their text to the client (issue 11): HTTP exceptions the gateway
 * raises, a service's `DomainError` (its status and message), a missing worker (503), Redis
 * unreachable (503), no answer in time (504). Anything else (a worker's database or SDK error, a
 * bug) answers 500 with `GENERIC_ERROR_MESSAGE` and `requestId`, and the full error is logged with
 * the same request id, which the worker's log line for the job also names. An HTTP exception
 * carrying `retryAfterSeconds` (a 429 from an abuse limit, a 503 "busy") also sets `Retry-After`.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  /**
   * Answers one error as JSON `{message}`: the status and text `describe` gives, else 500 with
   * `GENERIC_ERROR_MESSAGE`, the request id and `requestId` (the whole error logged as an error);
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
      this.logger.warn(`request ${requestId}: ${known.status} ${known.message}`);
    }
    if (response.headersSent) return;
    const retryAfter = exception instanceof HttpException ? retryAfterSecondsOf(exception) : undefined;
    if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
    if (known) response.status(known.status).json({ message: known.message });
    else
      response.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: `${GENERIC_ERROR_MESSAGE} (request id ${requestId})`, requestId });
  }

  /** The status and client text of the product's own errors; undefined for anything else. */
  private describe(exception: unknown): { status: number; message: string } | undefined {
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
      return { status: exception.getStatus(), message };
    }
    if (exception instanceof DomainError) return { status: exception.status, message: exception.message };
    if (exception instanceof NoWorkerError || exception instanceof ServiceUnavailableError) {
      return { status: HttpStatus.SERVICE_UNAVAILABLE, message: exception.message };
    }
    if (exception instanceof CommandTimeoutError) return { status: HttpStatus.GATEWAY_TIMEOUT, message: exception.message };
    return undefined;
  }
}
