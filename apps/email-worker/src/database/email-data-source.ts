import { createServiceDataSource } from '@archlens/platform/database';
import { EmailMessageEntity } from '../messages/email-message.entity.js';
import { CreateMessages1763942400000 } from './migrations/1763942400000-create-messages.js';

/** The schema the email-worker owns; no other service reads it. */
export const EMAIL_SCHEMA = 'email';
/** email-worker's entities. */
export const EMAIL_ENTITIES = [EmailMessageEntity];
/** email-worker's reviewed migrations, in order. */
export const EMAIL_MIGRATIONS = [CreateMessages1763942400000];

/** email-worker's TypeORM data source (for tools and tests; the worker builds its own through the worker host). */
export function createEmailDataSource(databaseUrl: string) {
  return createServiceDataSource({
    url: databaseUrl,
    schema: EMAIL_SCHEMA,
    entities: EMAIL_ENTITIES,
    migrations: EMAIL_MIGRATIONS,
  });
}
