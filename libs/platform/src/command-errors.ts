import { errorText } from '@archlens/contracts/errors';
import { JOBS, type JobName, type QueueName } from '@archlens/contracts/queues';

/*
 * What a command can end in besides its result and a domain refusal (`DomainError`): each is
 * answered by the gateway's exception filter with its code of the error catalogue, or as a 500.
 */

/** Text of every 503 caused by Redis being unreachable (`service.unavailable`). */
export const SERVICE_UNAVAILABLE_MESSAGE = errorText('service.unavailable');

/** Redis (the queues, sessions or limits) cannot be reached: the gateway answers `service.unavailable` at once. */
export class ServiceUnavailableError extends Error {
  override readonly name = 'ServiceUnavailableError';
  constructor(cause?: unknown) {
    super(SERVICE_UNAVAILABLE_MESSAGE, cause === undefined ? undefined : { cause });
  }
}

/** No worker is listening on the queue: the gateway answers `service.not-running`. */
export class NoWorkerError extends Error {
  override readonly name = 'NoWorkerError';
  constructor(readonly queue: QueueName) {
    super(errorText('service.not-running', { queue }));
  }
}

/** The worker did not answer within the queue's reply timeout: the gateway answers `service.timeout`. */
export class CommandTimeoutError extends Error {
  override readonly name = 'CommandTimeoutError';
  /**
   * @param job the command that was not answered
   * @param timeoutMs how long the caller waited, in ms
   * @param neverStarted true when the job was still waiting and has been withdrawn: no worker will run it
   */
  constructor(
    readonly job: JobName,
    readonly timeoutMs: number,
    readonly neverStarted: boolean,
  ) {
    super(errorText('service.timeout', { queue: JOBS[job].queue, timeoutMs }));
  }
}

/**
 * The job failed with something other than a domain refusal (a database error, a bug, an SDK
 * message). `message` is internal: logged with the request id, never shown to a client.
 */
export class CommandFailedError extends Error {
  override readonly name = 'CommandFailedError';
}
