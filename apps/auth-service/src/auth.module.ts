import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { initialiseDataSource } from '@archlens/platform/database';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { AUTH_SCHEMA, createAuthDataSource } from './database/auth-data-source.js';
import { AuthCommandsWorker } from './users/auth-commands.worker.js';
import { AUTH_DATA_SOURCE, UsersService } from './users/users.service.js';

/** auth-service: owns the `auth` schema and answers the `auth` queue. */
@Module({})
export class AuthModule implements OnApplicationShutdown {
  constructor(@Inject(AUTH_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** The auth-service's providers (migrated `auth` schema, accounts, queue worker) for one configuration. */
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        {
          provide: AUTH_DATA_SOURCE,
          useFactory: async () => {
            const dataSource = createAuthDataSource(config.DATABASE_URL);
            await initialiseDataSource(dataSource, AUTH_SCHEMA);
            return dataSource;
          },
        },
        UsersService,
        AuthCommandsWorker,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
