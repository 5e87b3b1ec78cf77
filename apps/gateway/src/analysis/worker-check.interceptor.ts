import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient } from '@archlens/platform/messaging';

/** `response.locals` key of the request's analysis-worker check (`Promise<void>`), started before the body is read. */
export const WORKER_CHECK = 'analysisWorkerCheck';

/**
 * Starts the check that an analysis worker is running (`CommandClient.assertWorkerAvailable`, one
 * `CLIENT LIST` round trip to Redis) as the upload starts, before its body is read, and leaves the
 * promise in `response.locals[WORKER_CHECK]` for `AnalysisService.analyse`, which awaits it before it
 * stores or queues anything. A rejection is kept for that await (no unhandled rejection when the
 * upload is refused first).
 *
 * Why so early: the photos are now checked in well under a millisecond, so a check started beside
 * them finished after them and held up the first upload to object storage by 0.3 to 0.5 ms; started
 * with the request, it is answered while the body arrives (README "Benchmark"). Its answer is as old
 * as the upload takes: a worker that stops during a long upload is not seen, and the job then waits
 * for the reply timeout (504) instead of a 503, the same race a check at any moment has.
 */
@Injectable()
export class WorkerCheckInterceptor implements NestInterceptor {
  constructor(private readonly commands: CommandClient) {}

  /** Starts the check and hands over to the next interceptor. */
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const check = this.commands.assertWorkerAvailable(QUEUES.analysis);
    check.catch(() => undefined);
    context.switchToHttp().getResponse<Response>().locals[WORKER_CHECK] = check;
    return next.handle();
  }
}
