import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AccountSubscriptionEntity } from './account-subscription.entity.js';

/** All data access to `leads.account_subscriptions`, the projection of each user's subscription status. */
@Injectable()
export class AccountSubscriptionsRepository {
  private readonly subscriptions: Repository<AccountSubscriptionEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) dataSource: DataSource) {
    this.subscriptions = dataSource.getRepository(AccountSubscriptionEntity);
  }

  /**
   * Stores the user's status as of `occurredAt` in one upsert, unless the row holds a later event
   * already (`ON CONFLICT (user_id) DO UPDATE … WHERE` the stored time is older), so a late, older
   * event and the same event twice change nothing.
   * @returns true when the row was inserted or updated
   * @throws the database's error
   */
  async applyIfNewer(subscription: AccountSubscriptionEntity): Promise<boolean> {
    const result = await this.subscriptions
      .createQueryBuilder('stored')
      .insert()
      .values(subscription)
      .orUpdate(['status', 'occurred_at', 'event_id'], ['user_id'], {
        overwriteCondition: { where: 'stored.occurredAt < EXCLUDED.occurred_at' },
      })
      .returning(['userId'])
      .updateEntity(false)
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** Account deletion: removes the user's status row. @returns 1, or 0 when there was none */
  async deleteUser(userId: string): Promise<number> {
    return (await this.subscriptions.delete({ userId })).affected ?? 0;
  }
}
