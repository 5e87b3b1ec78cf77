import { afterAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { initialiseDataSource } from '@archlens/platform/database';
import { ANALYSIS_SCHEMA, createAnalysisDataSource } from '@archlens/analysis-worker';
import { AUTH_SCHEMA, createAuthDataSource } from '@archlens/auth-service';
import { BILLING_SCHEMA, createBillingDataSource } from '@archlens/billing-service';
import { createEmailDataSource, EMAIL_SCHEMA } from '@archlens/email-worker';
import { createGenerationDataSource, GENERATION_SCHEMA } from '@archlens/generation-worker';
import { createLeadsDataSource, LEADS_SCHEMA } from '@archlens/leads-service';

/**
 * Every entity change comes with a reviewed migration: after a service's migrations
 * have run on an empty schema, generating a migration from its entities must produce nothing.
 * TypeORM's schema builder computes exactly what `migration:generate` would write.
 */
const services: Array<{ name: string; schema: string; create: (url: string) => DataSource }> = [
  { name: 'auth-service', schema: AUTH_SCHEMA, create: createAuthDataSource },
  { name: 'analysis-worker', schema: ANALYSIS_SCHEMA, create: createAnalysisDataSource },
  { name: 'email-worker', schema: EMAIL_SCHEMA, create: createEmailDataSource },
  { name: 'leads-service', schema: LEADS_SCHEMA, create: createLeadsDataSource },
  { name: 'billing-service', schema: BILLING_SCHEMA, create: createBillingDataSource },
  { name: 'generation-worker', schema: GENERATION_SCHEMA, create: createGenerationDataSource },
];

const opened: DataSource[] = [];

afterAll(async () => {
  await Promise.all(opened.filter((dataSource) => dataSource.isInitialized).map((dataSource) => dataSource.destroy()));
});

describe('migrations match entities', () => {
  it.each(services)('$name: a migration generated after its migrations have run would be empty', async ({ name, schema, create }) => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: run through the integration project (scripts/jest-integration-setup.mjs)');
    const dataSource = create(url);
    opened.push(dataSource);
    await initialiseDataSource(dataSource, schema);

    const pending = await dataSource.driver.createSchemaBuilder().log();
    const statements = pending.upQueries.map((q) => q.query);
    const report = `${name}: the entities and the migrations disagree; a generated migration would run:\n${statements.join(';\n')}`;
    expect(statements.length === 0 ? '' : report).toBe('');
  });
});
