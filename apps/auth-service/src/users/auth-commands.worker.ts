import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { QUEUES } from '@archlens/contracts/queues';
import { startWorker } from '@archlens/platform/messaging';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { UsersService } from './users.service.js';

/** Answers the `auth` queue's commands (sign-up, sign-in, get-user) with `UsersService`. */
@Injectable()
export class AuthCommandsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuthCommandsWorker');
  private worker?: Worker;

  constructor(
    private readonly users: UsersService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = startWorker(
      QUEUES.auth,
      this.config.REDIS_URL,
      {
        'auth.sign-up': (data) => this.users.signUp(data),
        'auth.sign-in': (data) => this.users.signIn(data),
        'auth.get-user': (data) => this.users.getUser(data.userId),
      },
      {
        redactFields: ['password'],
        onFailed: (name, error) => this.logger.error(`${name} failed: ${error.message}`),
      },
    );
    await this.worker.waitUntilReady();
    this.logger.log(`listening on queue "${QUEUES.auth}"`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
