import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { DataSource, Logger } from 'typeorm';
import { LEAD_SORT_COLUMNS, type LeadFilters, type LeadSortColumn } from '@archlens/contracts/leads';
import { initialiseDataSource } from '@archlens/platform/database';
import { createLeadsDataSource, LEADS_SCHEMA } from '../database/leads-data-source.js';
import { AccountSubscriptionsRepository } from './account-subscriptions.repository.js';
import { LeadsRepository, type ListedLead, type NewLead } from './leads.repository.js';

/*
 * The repositories against the real PostgreSQL, on a database of their own (so every count below is
 * exact): the search, source filter, case-insensitive sort and pages of the admin list, the export
 * cursor, the statistics' counts and the idempotent writes of the event handlers.
 */

const DAY_MS = 24 * 3600 * 1000;

/** Statements the data source ran, with their parameters, newest last. */
const statements: Array<{ sql: string; parameters: unknown[] }> = [];
const recorder: Logger = {
  logQuery: (sql, parameters) => void statements.push({ sql, parameters: Array.isArray(parameters) ? parameters : [] }),
  logQueryError: () => undefined,
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
};

/** A lead of the seed; names and e-mails are letters only, so byte order is the order a reader expects. */
function newLead(firstName: string, lastName: string, email: string, createdAt: Date): NewLead {
  return {
    eventId: randomUUID(),
    firstName,
    lastName,
    email,
    source: 'analysis_email',
    createdAt,
    analysisText: 'An analysis.',
    userId: randomUUID(),
  };
}

const now = new Date('2030-06-12T12:00:00.000Z'); // a Wednesday
const SEED: NewLead[] = [
  newLead('alice', 'deVries', 'mixedb@case.test', new Date(now.getTime() - 1 * DAY_MS)),
  newLead('Alice', 'Eames', 'MixedA@case.test', new Date(now.getTime() - 2 * DAY_MS)),
  newLead('Bruno', 'vanEyck', 'mixedd@case.test', new Date(now.getTime() - 3 * DAY_MS)),
  newLead('carla', 'Ward', 'MIXEDC@case.test', new Date(now.getTime() - 9 * DAY_MS)),
  newLead('Dmitri', 'foster', 'MixedE@case.test', new Date(now.getTime() - 30 * DAY_MS)),
  newLead('100%', 'Under_score', 'pct@literal.test', new Date(now.getTime() - 40 * DAY_MS)),
  newLead('Back\\slash', "O'Brien", 'quote@literal.test', new Date(now.getTime() - 50 * DAY_MS)),
];

describe('LeadsRepository and AccountSubscriptionsRepository on PostgreSQL', () => {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const database = `${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_leads_repository`;
  let dataSource: DataSource;
  let leads: LeadsRepository;
  let subscriptions: AccountSubscriptionsRepository;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${database}"`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    dataSource = createLeadsDataSource(url.toString());
    await initialiseDataSource(dataSource, LEADS_SCHEMA);
    dataSource.setOptions({ logger: recorder });
    leads = new LeadsRepository(dataSource);
    subscriptions = new AccountSubscriptionsRepository(dataSource);
    for (const lead of SEED) expect(await leads.insertOnce(lead)).toBe(true);
  });

  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    // The pool's end() answers before its connections have closed; FORCE would cut them off mid-close.
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [
        database,
      ]);
      if (rows[0].open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  const filters = (overrides: Partial<LeadFilters> = {}): LeadFilters => ({ sortBy: 'created_at', sortOrder: 'desc', ...overrides });
  const firstNames = async (search: string) => (await leads.findPage(filters({ search }), 0, 100)).map((lead) => lead.firstName).sort();

  describe('search and source', () => {
    it('matches a substring of the first name, the last name or the e-mail, whatever its case', async () => {
      expect(await firstNames('ALIC')).toEqual(['Alice', 'alice']);
      expect(await firstNames('eyck')).toEqual(['Bruno']);
      expect(await firstNames('mixedc@')).toEqual(['carla']);
      expect(await leads.countMatching({ search: 'CASE.test' })).toBe(5);
    });

    it('takes %, _ and \\ literally, and a quote is only text', async () => {
      expect(await firstNames('%')).toEqual(['100%']);
      expect(await firstNames('_')).toEqual(['100%']);
      expect(await firstNames('\\')).toEqual(['Back\\slash']);
      expect(await firstNames("o'b")).toEqual(['Back\\slash']);
      expect(await leads.countMatching({ search: "' OR '1'='1" })).toBe(0);
    });

    it('filters nothing with a blank search, and filters the source exactly', async () => {
      expect(await leads.countMatching({ search: '   ' })).toBe(SEED.length);
      expect(await leads.countMatching({})).toBe(SEED.length);
      expect(await leads.countMatching({ source: 'analysis_email', search: 'literal' })).toBe(2);
    });
  });

  describe('order and pages', () => {
    const caseSet = () => leads.findPage(filters({ search: 'case.test', sortBy: 'created_at', sortOrder: 'asc' }), 0, 100);
    const value = (lead: ListedLead, column: LeadSortColumn): string | number =>
      ({
        first_name: lead.firstName.toLowerCase(),
        last_name: lead.lastName.toLowerCase(),
        email: lead.email.toLowerCase(),
        source: lead.source,
        created_at: lead.createdAt.getTime(),
      })[column];

    it.each(LEAD_SORT_COLUMNS.flatMap((column) => (['asc', 'desc'] as const).map((order) => [column, order] as const)))(
      'sorts by %s %s, names and e-mail case-insensitively, the id breaking ties the same way',
      async (sortBy, sortOrder) => {
        const expected = [...(await caseSet())]
          .sort((a, b) => {
            const [x, y] = [value(a, sortBy), value(b, sortBy)];
            return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
          })
          .map((lead) => lead.id);
        if (sortOrder === 'desc') expected.reverse();
        const page = await leads.findPage(filters({ search: 'case.test', sortBy, sortOrder }), 0, 100);
        expect(page.map((lead) => lead.id)).toEqual(expected);
      },
    );

    it('puts alice beside Alice, not after every capital', async () => {
      const page = await leads.findPage(filters({ search: 'case.test', sortBy: 'first_name', sortOrder: 'asc' }), 0, 100);
      expect(page.map((lead) => lead.firstName.toLowerCase())).toEqual(['alice', 'alice', 'bruno', 'carla', 'dmitri']);
    });

    it('reads a name-sorted page off its (lower(column), id) index', async () => {
      await leads.findPage(filters({ sortBy: 'last_name', sortOrder: 'desc' }), 0, 2);
      const { sql, parameters } = statements.at(-1)!;
      const runner = dataSource.createQueryRunner();
      try {
        await runner.startTransaction();
        await runner.query('SET LOCAL enable_seqscan = off');
        await runner.query('SET LOCAL enable_sort = off');
        const plan = JSON.stringify(await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters));
        expect(plan).toContain('IDX_leads_lower_last_name_id');
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    });

    it('pages through the whole order: offset and limit, a page past the end empty', async () => {
      const all = await leads.findPage(filters({ sortBy: 'email', sortOrder: 'asc' }), 0, 100);
      const pages = [0, 3, 6, 9].map((offset) => leads.findPage(filters({ sortBy: 'email', sortOrder: 'asc' }), offset, 3));
      const read = await Promise.all(pages);
      expect(read.map((page) => page.length)).toEqual([3, 3, 1, 0]);
      expect(read.flat()).toEqual(all);
    });
  });

  describe('streamMatching', () => {
    it('streams the matches in the page order, as the rows of a page', async () => {
      const query = filters({ search: 'case.test', sortBy: 'last_name', sortOrder: 'asc' });
      const streamed = await leads.streamMatching(query, async (rows) => {
        const read: ListedLead[] = [];
        for await (const row of rows) read.push(row as ListedLead);
        return read;
      });
      expect(streamed).toEqual(await leads.findPage(query, 0, 100));
    });

    it('gives its connection back when the consumer fails', async () => {
      const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
      const failure = new Error('the store went away');
      await expect(
        leads.streamMatching(filters(), async (rows) => {
          rows.destroy();
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(pool.totalCount - pool.idleCount).toBe(0);
      expect(await leads.countMatching({})).toBe(SEED.length);
    });
  });

  describe('writes from events', () => {
    it('records a lead once per event id', async () => {
      const lead = newLead('Eve', 'Twice', 'evetwice@once.test', now);
      expect(await leads.insertOnce(lead)).toBe(true);
      expect(await leads.insertOnce({ ...lead, firstName: 'Other' })).toBe(false);
      expect(await firstNames('once.test')).toEqual(['Eve']);
      await dataSource.query('DELETE FROM leads.leads WHERE event_id = $1', [lead.eventId]);
    });

    it('keeps the newest subscription status: a later event replaces it, an older or the same one does not', async () => {
      const userId = randomUUID();
      const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
      const status = async () =>
        (
          await dataSource.query<Array<{ status: string }>>('SELECT status FROM leads.account_subscriptions WHERE user_id = $1', [userId])
        )[0]?.status;
      const first = { userId, status: 'active', occurredAt: at(0), eventId: randomUUID() };
      expect(await subscriptions.applyIfNewer(first)).toBe(true);
      expect(await subscriptions.applyIfNewer(first)).toBe(false);
      expect(await subscriptions.applyIfNewer({ userId, status: 'canceled', occurredAt: at(1), eventId: randomUUID() })).toBe(true);
      expect(await subscriptions.applyIfNewer({ userId, status: 'active', occurredAt: at(-1), eventId: randomUUID() })).toBe(false);
      expect(await status()).toBe('canceled');
      await dataSource.query('DELETE FROM leads.account_subscriptions WHERE user_id = $1', [userId]);
    });
  });

  describe('statistics', () => {
    it('counts every lead, those of the last days before now, and those whose sender has the converted status', async () => {
      await subscriptions.applyIfNewer({ userId: SEED[0].userId, status: 'active', occurredAt: now, eventId: randomUUID() });
      await subscriptions.applyIfNewer({ userId: SEED[1].userId, status: 'canceled', occurredAt: now, eventId: randomUUID() });
      try {
        expect(await leads.countTotals(now, 7, 'active')).toEqual({ total: SEED.length, recent: 3, converted: 1 });
        expect(await leads.countTotals(now, 10, 'canceled')).toEqual({ total: SEED.length, recent: 4, converted: 1 });
      } finally {
        await dataSource.query('DELETE FROM leads.account_subscriptions');
      }
    });

    it('counts leads per source', async () => {
      expect(await leads.countBySource()).toEqual([{ source: 'analysis_email', count: SEED.length }]);
    });

    it('counts leads per ISO week from Monday 00:00 UTC, oldest first, empty weeks as 0', async () => {
      const monday = new Date('2030-06-10T00:00:00.000Z');
      const edges = [
        newLead('Edge', 'Monday', 'edge@week.test', monday),
        newLead('Edge', 'Sunday', 'edge@week.test', new Date(monday.getTime() - 1)),
      ];
      for (const lead of edges) await leads.insertOnce(lead);
      try {
        expect(await leads.countPerWeek(now, 8)).toEqual([
          { weekStart: '2030-04-22', count: 1 }, // 50 days before
          { weekStart: '2030-04-29', count: 1 }, // 40 days
          { weekStart: '2030-05-06', count: 0 },
          { weekStart: '2030-05-13', count: 1 }, // 30 days
          { weekStart: '2030-05-20', count: 0 },
          { weekStart: '2030-05-27', count: 0 },
          { weekStart: '2030-06-03', count: 3 }, // 9 and 3 days, Sunday 23:59:59.999
          { weekStart: '2030-06-10', count: 3 }, // 2 and 1 days, Monday 00:00
        ]);
      } finally {
        await dataSource.query("DELETE FROM leads.leads WHERE email = 'edge@week.test'");
      }
    });
  });
});
