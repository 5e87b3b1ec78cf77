import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { StripeEventEntity } from './stripe-event.entity.js';

/** A verified Stripe event to record: its id, type and `created` (Unix seconds). */
export interface NewStripeEvent {
  id: string;
  type: string;
  created: number;
}

/** What `recordOnce` did: applied the event now (with what `apply` returned), or found it applied before. */
export type RecordedEvent<T> = { applied: true; result: T } | { applied: false };

/** All data access to `billing.stripe_events`, the Stripe events already applied. */
@Injectable()
export class StripeEventsRepository {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * In one transaction: records the event by its id (`ON CONFLICT DO NOTHING` on the key) and, only
   * when it is new, runs `apply` with the transaction's `manager`, so the event and its effects
   * commit together or not at all. A repeat, even delivered 10 times at once, applies nothing: the
   * second insert of an id waits for the first transaction and then inserts nothing.
   * @throws what `apply` throws, or the database's error; nothing is recorded then
   */
  recordOnce<T>(event: NewStripeEvent, apply: (manager: EntityManager) => Promise<T>): Promise<RecordedEvent<T>> {
    return this.dataSource.transaction(async (manager): Promise<RecordedEvent<T>> => {
      const inserted = await manager
        .getRepository(StripeEventEntity)
        .createQueryBuilder()
        .insert()
        .values({ id: event.id, type: event.type, created: String(event.created) })
        .orIgnore()
        .returning(['id'])
        .updateEntity(false)
        .execute();
      if ((inserted.raw as unknown[]).length === 0) return { applied: false };
      return { applied: true, result: await apply(manager) };
    });
  }
}
