import { Injectable, Logger } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { DeliveredEvent, EventHandlers } from '@archlens/platform/events';
import { LeadsService } from './leads.service.js';

/**
 * The `leads.events` subscription (`EVENT_SUBSCRIPTIONS`): every e-mailed analysis report makes its
 * recipient a lead, idempotent on the event id (`LeadsService.recordEmailedAnalysis`); every
 * `subscription.changed` updates the status the conversion rate counts, newest event winning
 * (`LeadsService.recordSubscriptionChange`).
 */
@Injectable()
export class LeadEventsHandlers implements EventHandlers {
  readonly queue = QUEUES.leadsEvents;
  private readonly logger = new Logger('LeadEventsHandlers');

  constructor(private readonly leads: LeadsService) {}

  /** @throws the database's error, so BullMQ tries the delivery again */
  async handle(event: DeliveredEvent): Promise<void> {
    if (event.name === 'subscription.changed') {
      const applied = await this.leads.recordSubscriptionChange(event.envelope, event.payload);
      if (!applied) this.logger.log(`event ${event.envelope.eventId} is not newer than the subscription recorded: nothing to do`);
      return;
    }
    if (event.name !== 'analysis.emailed') return; // the queue subscribes to nothing else
    const recorded = await this.leads.recordEmailedAnalysis(event.envelope, event.payload);
    // The event id only: a lead's name and e-mail stay out of the logs.
    if (!recorded) this.logger.log(`event ${event.envelope.eventId} was recorded before: nothing to do`);
  }
}
