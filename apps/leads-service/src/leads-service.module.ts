import { Module, type DynamicModule } from '@nestjs/common';
import { workerServiceModule } from '@archlens/platform/worker-host';
import type { LeadsConfig } from './config.js';
import { LEADS_ENTITIES, LEADS_MIGRATIONS, LEADS_SCHEMA } from './database/leads-data-source.js';
import { LeadsExportService } from './export/leads-export.service.js';
import { AccountSubscriptionsRepository } from './leads/account-subscriptions.repository.js';
import { LeadEventsHandlers } from './leads/lead-events.handlers.js';
import { LeadsHandlers } from './leads/leads.handlers.js';
import { LeadsRepository } from './leads/leads.repository.js';
import { LeadsService } from './leads/leads.service.js';

/**
 * leads-service: owns the `leads` schema, records leads from the `leads.events` subscription and
 * answers the `leads` queue.
 */
@Module({})
export class LeadsServiceModule {
  /** The service for one configuration, on the shared worker host. */
  static forRoot(config: LeadsConfig): DynamicModule {
    return workerServiceModule(LeadsServiceModule, {
      name: 'leads-service',
      redisUrl: config.REDIS_URL,
      healthPort: config.HEALTH_PORT,
      metricsToken: config.METRICS_TOKEN,
      logLevel: config.LOG_LEVEL,
      database: { url: config.DATABASE_URL, schema: LEADS_SCHEMA, entities: LEADS_ENTITIES, migrations: LEADS_MIGRATIONS },
      storage: config,
      providers: [LeadsRepository, AccountSubscriptionsRepository, LeadsService, LeadsExportService],
      handlers: [LeadsHandlers],
      events: [LeadEventsHandlers],
    });
  }
}
