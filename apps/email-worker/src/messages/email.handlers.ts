import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers } from '@archlens/platform/worker-host';
import { EmailDeliveryService } from './email-delivery.service.js';
import { EmailMessagesRepository } from './email-messages.repository.js';

/** The `email` queue: send one message (BullMQ retries it with the queue's backoff); forget a deleted account's address. */
@Injectable()
export class EmailHandlers implements QueueHandlers<typeof QUEUES.email> {
  readonly queue = QUEUES.email;
  constructor(
    private readonly delivery: EmailDeliveryService,
    private readonly messages: EmailMessagesRepository,
  ) {}

  /**
   * `email.send` → `EmailDeliveryService.send`, told whether this try is the job's last
   * (`attemptsMade + 1` against the job's `attempts`, `QUEUE_SETTINGS.email`: 5), so that the last
   * retriable failure marks the message failed instead of leaving it pending. `email.forget-address`
   * (account deletion) → `EmailMessagesRepository.deleteAddressedTo`.
   */
  handlers(): JobHandlers<typeof QUEUES.email> {
    return {
      'email.send': (data, job) => this.delivery.send(data, { isLast: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }),
      'email.forget-address': async ({ email }) => ({ removed: await this.messages.deleteAddressedTo(email) }),
    };
  }
}
