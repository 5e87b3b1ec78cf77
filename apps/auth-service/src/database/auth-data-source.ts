import { createServiceDataSource } from '@archlens/platform/database';
import { UserEntity } from '../users/user.entity.js';
import { CreateUsers1763683200000 } from './migrations/1763683200000-create-users.js';

/** The `auth` schema's owner (ARCHITECTURE.md). */
export const AUTH_SCHEMA = 'auth';

/** auth-service's TypeORM data source: entities and the reviewed migrations, in order. */
export function createAuthDataSource(databaseUrl: string) {
  return createServiceDataSource({
    url: databaseUrl,
    schema: AUTH_SCHEMA,
    entities: [UserEntity],
    migrations: [CreateUsers1763683200000],
  });
}
