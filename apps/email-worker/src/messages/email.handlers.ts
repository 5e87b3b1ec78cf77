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

  handlers(): JobHandlers<typeof QUEUES.email> {
    return {
      'email.send': (data, job) => this.delivery.send(data, { isLast: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }),
    };
  }
}
