import { createServiceDataSource } from '@archlens/platform/database';
import { TemporaryPasswordEntity } from '../temporary-passwords/temporary-password.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { CreateUsers1763683200000 } from './migrations/1763683200000-create-users.js';
import { CreateTemporaryPasswords1795478100000 } from './migrations/1795478100000-create-temporary-passwords.js';
import { CreateStyleProfiles1796169600000 } from './migrations/1796169600000-create-style-profiles.js';
import { AddUsersIsVip1796860800000 } from './migrations/1796860800000-add-users-is-vip.js';
import { AddEmailVerificationAndSessionVersion1797552000000 } from './migrations/1797552000000-add-email-verification-and-session-version.js';
import { EmailVerificationTokenEntity } from '../email-verification/email-verification-token.entity.js';
import { StyleProfileEntity } from '../style-profiles/style-profile.entity.js';

/** The schema auth-service owns; no other service reads it. */
export const AUTH_SCHEMA = 'auth';
/** auth-service's entities. */
export const AUTH_ENTITIES = [UserEntity, TemporaryPasswordEntity, StyleProfileEntity, EmailVerificationTokenEntity];
/** auth-service's reviewed migrations, in order. */
export const AUTH_MIGRATIONS = [
  CreateUsers1763683200000,
  CreateTemporaryPasswords1795478100000,
  CreateStyleProfiles1796169600000,
  AddUsersIsVip1796860800000,
  AddEmailVerificationAndSessionVersion1797552000000,
];

/** auth-service's TypeORM data source (for tools and tests; the service builds its own through the worker host). */
export function createAuthDataSource(databaseUrl: string) {
  return createServiceDataSource({ url: databaseUrl, schema: AUTH_SCHEMA, entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS });
}
