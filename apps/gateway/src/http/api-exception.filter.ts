import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { CommandFailedError, CommandTimeoutError, NoWorkerError } from '@archlens/platform/messaging';

/**
 * Every error leaves the gateway as JSON `{message}` with the right status (issue #2, spec §7):
 * HTTP exceptions keep their status; a missing worker is 503, a worker that does not answer in
 * time 504, a worker that failed 502 with its reason; anything else 500 with a generic text.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } = this.describe(exception);
    if (!(exception instanceof HttpException) && status === HttpStatus.INTERNAL_SERVER_ERROR) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    } else if (status >= 500) {
      this.logger.warn(`${status}: ${message}`);
    }
    if (response.headersSent) return;
    response.status(status).json({ message });
  }

  private describe(exception: unknown): { status: number; message: string } {
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
      return { status: exception.getStatus(), message };
    }
    if (exception instanceof NoWorkerError) return { status: HttpStatus.SERVICE_UNAVAILABLE, message: exception.message };
    if (exception instanceof CommandTimeoutError) return { status: HttpStatus.GATEWAY_TIMEOUT, message: exception.message };
    if (exception instanceof CommandFailedError) return { status: HttpStatus.BAD_GATEWAY, message: exception.message };
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong on our side. Please try again.' };
  }
}
