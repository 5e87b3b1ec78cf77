import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { StoredObjectSignals } from '@archlens/platform/stored-objects';
import { AnalysisController } from './analysis/analysis.controller.js';
import { AnalysisService } from './analysis/analysis.service.js';
import { ImageUploadInterceptor } from './analysis/image-upload.interceptor.js';
import { WorkerCheckInterceptor } from './analysis/worker-check.interceptor.js';
import { AccountsService } from './auth/accounts.service.js';
import { AuthController } from './auth/auth.controller.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { HealthController } from './health/health.controller.js';
import { ApiExceptionFilter } from './http/api-exception.filter.js';
import { SessionGuard } from './sessions/session.guard.js';
import { SessionService } from './sessions/session.service.js';

/** The gateway: the `/api` contract over the services' queues. */
@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(
    @Inject(CommandClient) private readonly commands: CommandClient,
    @Inject(StoredObjectSignals) private readonly storedSignals: StoredObjectSignals,
  ) {}

  /** The gateway's controllers and providers (command client, sessions, storage, stored signals) for one configuration. */
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [AuthController, AnalysisController, HealthController],
      providers: [
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
        { provide: StoredObjectSignals, useFactory: () => new StoredObjectSignals(config.REDIS_URL) },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        SessionService,
        SessionGuard,
        AccountsService,
        AnalysisService,
        ImageUploadInterceptor,
        WorkerCheckInterceptor,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.commands.close(), this.storedSignals.close()]);
  }
}
