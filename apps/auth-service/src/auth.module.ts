import { Module, type DynamicModule } from '@nestjs/common';
import { workerServiceModule } from '@archlens/platform/worker-host';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { AUTH_SCHEMA, AUTH_ENTITIES, AUTH_MIGRATIONS } from './database/auth-data-source.js';
import { EmailVerificationTokensRepository } from './email-verification/email-verification-tokens.repository.js';
import { EmailVerificationService } from './email-verification/email-verification.service.js';
import { StyleProfilesRepository } from './style-profiles/style-profiles.repository.js';
import { StyleProfilesService } from './style-profiles/style-profiles.service.js';
import { TemporaryPasswordsRepository } from './temporary-passwords/temporary-passwords.repository.js';
import { TemporaryPasswordsService } from './temporary-passwords/temporary-passwords.service.js';
import { AuthHandlers, AuthLookupHandlers } from './users/auth.handlers.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';

/** auth-service: owns the `auth` schema and answers the `auth` and `auth-lookup` queues. */
@Module({})
export class AuthModule {
  /** The auth-service for one configuration, on the shared worker host. */
  static forRoot(config: AuthConfig): DynamicModule {
    return workerServiceModule(AuthModule, {
      name: 'auth-service',
      redisUrl: config.REDIS_URL,
      healthPort: config.HEALTH_PORT,
      metricsToken: config.METRICS_TOKEN,
      logLevel: config.LOG_LEVEL,
      database: { url: config.DATABASE_URL, schema: AUTH_SCHEMA, entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS },
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        UsersRepository,
        TemporaryPasswordsRepository,
        StyleProfilesRepository,
        EmailVerificationTokensRepository,
        UsersService,
        EmailVerificationService,
        TemporaryPasswordsService,
        StyleProfilesService,
      ],
      handlers: [AuthHandlers, AuthLookupHandlers],
    });
  }
}
