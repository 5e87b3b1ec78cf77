import { Module, type DynamicModule } from '@nestjs/common';
import { workerServiceModule } from '@archlens/platform/worker-host';
import { EMAIL_CONFIG, type EmailConfig } from './config.js';
import { EMAIL_ENTITIES, EMAIL_MIGRATIONS, EMAIL_SCHEMA } from './database/email-data-source.js';
import { EmailDeliveryService } from './messages/email-delivery.service.js';
import { EmailMessagesRepository } from './messages/email-messages.repository.js';
import { EmailHandlers } from './messages/email.handlers.js';
import { EMAIL_TRANSPORT } from './transports/email-transport.js';
import { createEmailTransport } from './transports/email-transport.factory.js';

/** email-worker: owns the `email` schema (the delivery log) and answers the `email` queue. */
@Module({})
export class EmailWorkerModule {
  /**
   * The worker for one configuration, on the shared worker host: the transport the configuration
   * selects (`createEmailTransport`: SendGrid, or the file outbox), the delivery log's repository
   * and the delivery service.
   */
  static forRoot(config: EmailConfig): DynamicModule {
    return workerServiceModule(EmailWorkerModule, {
      name: 'email-worker',
      redisUrl: config.REDIS_URL,
      healthPort: config.HEALTH_PORT,
      metricsToken: config.METRICS_TOKEN,
      logLevel: config.LOG_LEVEL,
      database: { url: config.DATABASE_URL, schema: EMAIL_SCHEMA, entities: EMAIL_ENTITIES, migrations: EMAIL_MIGRATIONS },
      storage: config,
      providers: [
        { provide: EMAIL_CONFIG, useValue: config },
        { provide: EMAIL_TRANSPORT, useFactory: () => createEmailTransport(config) },
        EmailMessagesRepository,
        EmailDeliveryService,
      ],
      handlers: [EmailHandlers],
    });
  }
}
