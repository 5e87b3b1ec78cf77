import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Redis } from 'ioredis';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient, failFastRedisOptions } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiExceptionFilter } from '../http/api-exception.filter.js';
import { PasswordVerifications } from '../security/password-verifications.service.js';
import { RateLimitsService } from '../security/rate-limits.service.js';
import { SignInDelays } from '../security/sign-in-delays.service.js';
import { SessionGuard } from '../sessions/session.guard.js';
import { SessionService } from '../sessions/session.service.js';
import { GATEWAY_REDIS } from './redis.js';

/**
 * What every feature module of the gateway uses: the configuration, the command client over the
 * services' queues, object storage, the request-path Redis client (fail-fast), sessions, abuse
 * limits, sign-in delays, the argon2 verifications' places and the exception filter.
 */
@Global()
@Module({})
export class CoreModule implements OnApplicationShutdown {
  constructor(
    @Inject(CommandClient) private readonly commands: CommandClient,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
  ) {}

  /** The shared providers for one configuration. */
  static forRoot(config: GatewayConfig): DynamicModule {
    const providers = [
      { provide: GATEWAY_CONFIG, useValue: config },
      {
        provide: CommandClient,
        useFactory: async () => {
          const client = new CommandClient(config.REDIS_URL, { analysis: config.ANALYSIS_REPLY_TIMEOUT_MS });
          await client.connect(Object.values(QUEUES));
          return client;
        },
      },
      {
        provide: ObjectStorage,
        useFactory: async () => {
          const storage = new ObjectStorage(config);
          await storage.ensureBucket();
          return storage;
        },
      },
      { provide: GATEWAY_REDIS, useFactory: () => new Redis(failFastRedisOptions(config.REDIS_URL)) },
      { provide: APP_FILTER, useClass: ApiExceptionFilter },
      SessionService,
      SessionGuard,
      RateLimitsService,
      SignInDelays,
      PasswordVerifications,
    ];
    return {
      module: CoreModule,
      providers,
      exports: [
        GATEWAY_CONFIG,
        CommandClient,
        ObjectStorage,
        GATEWAY_REDIS,
        SessionService,
        SessionGuard,
        RateLimitsService,
        SignInDelays,
        PasswordVerifications,
      ],
    };
  }

  /**
   * Nest shutdown hook: closes the command client's queue connections, then the request-path Redis
   * client (a failed QUIT is ignored).
   */
  async onApplicationShutdown(): Promise<void> {
    await this.commands.close();
    await this.redis.quit().catch(() => undefined);
  }
}
