import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers } from '@archlens/platform/worker-host';
import { EmailDeliveryService } from './email-delivery.service.js';

/** The `email` queue: send one message (BullMQ retries it with the queue's backoff). */
@Injectable()
export class EmailHandlers implements QueueHandlers<typeof QUEUES.email> {
  readonly queue = QUEUES.email;
  constructor(private readonly delivery: EmailDeliveryService) {}

  /**
   * `email.send` → `EmailDeliveryService.send`, told whether this try is the job's last
   * (`attemptsMade + 1` against the job's `attempts`, `QUEUE_SETTINGS.email`: 5), so that the last
   * retriable failure marks the message failed instead of leaving it pending.
   */
  handlers(): JobHandlers<typeof QUEUES.email> {
    return {
      'email.send': (data, job) => this.delivery.send(data, { isLast: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }),
    };
  }
}
