import { createServiceDataSource } from '@archlens/platform/database';
import { AccountSubscriptionEntity } from '../leads/account-subscription.entity.js';
import { LeadEntity } from '../leads/lead.entity.js';
import { CreateLeads1764028800000 } from './migrations/1764028800000-create-leads.js';
import { CreateAccountSubscriptions1764806400000 } from './migrations/1764806400000-create-account-subscriptions.js';
import { CaseInsensitiveLeadSort1795478400000 } from './migrations/1795478400000-case-insensitive-lead-sort.js';

/** The schema leads-service owns; no other service reads it. */
export const LEADS_SCHEMA = 'leads';
/** leads-service's entities. */
export const LEADS_ENTITIES = [LeadEntity, AccountSubscriptionEntity];
/** leads-service's reviewed migrations, in order. */
export const LEADS_MIGRATIONS = [CreateLeads1764028800000, CreateAccountSubscriptions1764806400000, CaseInsensitiveLeadSort1795478400000];

/** leads-service's TypeORM data source (for tools and tests; the service builds its own through the worker host). */
export function createLeadsDataSource(databaseUrl: string) {
  return createServiceDataSource({ url: databaseUrl, schema: LEADS_SCHEMA, entities: LEADS_ENTITIES, migrations: LEADS_MIGRATIONS });
}
