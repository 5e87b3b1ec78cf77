import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { EmailMessageEntity } from './email-message.entity.js';

/** A message as first logged, before any try. */
export type NewEmailMessage = Pick<EmailMessageEntity, 'id' | 'to' | 'template' | 'subject'>;

/** Writes the locked row's changed fields, inside the lock's transaction. */
export type SaveLockedMessage = (row: EmailMessageEntity) => Promise<void>;

/** All data access to `email.messages`, the delivery log. */
@Injectable()
export class EmailMessagesRepository {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Runs `work` on the message's row in one transaction: the row is inserted `pending` unless it
   * exists (the id is the sender's `messageId`), then locked (`SELECT … FOR UPDATE`) until `work`
   * settles, so two workers given the same message take turns. What `work` saves is committed with
   * it; when `work` throws, nothing is.
   * @returns what `work` returns
   * @throws what `work` throws, or the database's error
   */
  withLockedMessage<T>(message: NewEmailMessage, work: (row: EmailMessageEntity, save: SaveLockedMessage) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const messages = manager.getRepository(EmailMessageEntity);
      await messages
        .createQueryBuilder()
        .insert()
        .values({ ...message, status: 'pending' })
        .orIgnore()
        .execute();
      const row = await messages
        .createQueryBuilder('message')
        .setLock('pessimistic_write')
        .where('message.id = :id', { id: message.id })
        .getOneOrFail();
      return work(row, async (changed) => {
        await messages.save(changed);
      });
    });
  }

  /**
   * Account deletion: removes the delivery log's messages addressed to `email` (compared without
   * letter case). A message still being tried holds its row's lock, so this waits for that try.
   * @returns how many messages were removed
   */
  async deleteAddressedTo(email: string): Promise<number> {
    const result = await this.dataSource
      .getRepository(EmailMessageEntity)
      .createQueryBuilder()
      .delete()
      .where('lower("to") = lower(:email)', { email })
      .execute();
    return result.affected ?? 0;
  }
}
