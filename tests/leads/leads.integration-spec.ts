import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import request from 'supertest';
import {
  LEAD_SORT_COLUMNS,
  LEADS_CHART_WEEKS,
  leadsExportFileName,
  type Lead,
  type LeadStats,
  type LeadsListResponse,
} from '@archlens/contracts/leads';
import { QUEUES } from '@archlens/contracts/queues';
import { EventPublisher } from '@archlens/platform/events';
import { redisConnection } from '@archlens/platform/messaging';
import { LEADS_EXPORT_PREFIX } from '@archlens/leads-service';
import { adminToken } from '../support/admin-session.js';
import { startStack, type Stack } from '../support/stack.js';

/*
 * Leads-service records each e-mailed analysis report as a lead once per event,
 * and answers the admin console's list (search, source filter, sort, pages), statistics and a
 * streamed CSV export, all through the gateway's admin API on the real PostgreSQL, Redis and S3.
 */

const DAY_MS = 24 * 3600 * 1000;

interface SeedLead {
  first: string;
  last: string;
  email: string;
  /** Days before now (fractions allowed). */
  daysAgo: number;
  text?: string | null;
}

/** The rows every test below reads; the table is emptied first. */
const SEED: Record<string, SeedLead> = {
  anna: { first: 'Anna', last: 'Smith', email: 'anna.smith@example.com', daysAgo: 1 },
  joanne: { first: 'Joanne', last: 'BAKER', email: 'jb@example.org', daysAgo: 2 },
  bob: { first: 'Bob', last: 'Okafor', email: 'bob@annex.io', daysAgo: 3 },
  percent: { first: '100%', last: 'Under_score', email: 'pct@example.com', daysAgo: 10 },
  quote: { first: 'Back\\slash', last: "O'Brien", email: 'quote@example.com', daysAgo: 20 },
  formula: {
    first: '=HYPERLINK("http://x")',
    last: 'Comma, "Quoted"',
    email: 'formula@example.com',
    daysAgo: 40,
    text: 'Line one\nline two, with "quotes"',
  },
  // A line break with no comma or quote: unquoted, its second line would be a row of its own.
  newline: { first: 'Nia', last: '＋Wide', email: 'newline@example.com', daysAgo: 30, text: 'Nice house\n=1+1' },
  old: { first: 'Zoë', last: 'Zimmer', email: 'zoe@example.com', daysAgo: 100, text: null },
  // The sort set: plain names whose order is the same in every collation; `sort.test` finds only them.
  alan: { first: 'Alan', last: 'Dunn', email: 'c@sort.test', daysAgo: 4.5 },
  bea: { first: 'Bea', last: 'Crow', email: 'a@sort.test', daysAgo: 5.5 },
  cy: { first: 'Cy', last: 'Bell', email: 'd@sort.test', daysAgo: 6.5 },
  dee: { first: 'Dee', last: 'Ames', email: 'b@sort.test', daysAgo: 8 },
  // The case set: names and e-mails whose initials mix capitals and small letters, so a
  // case-sensitive (byte) order and the operator's order differ; `case.test` finds only them.
  alice: { first: 'alice', last: 'de Vries', email: 'mixed.b@case.test', daysAgo: 11 },
  aliceCapital: { first: 'Alice', last: 'Eames', email: 'Mixed.A@case.test', daysAgo: 12 },
  bruno: { first: 'Bruno', last: 'van Eyck', email: 'mixed.d@case.test', daysAgo: 13 },
  carla: { first: 'carla', last: 'Ward', email: 'MIXED.C@case.test', daysAgo: 14 },
  dmitri: { first: 'Dmitri', last: 'Foster', email: 'Mixed.E@case.test', daysAgo: 15 },
};

/** The leads of the case set, by their `SEED` names. */
const CASE_SET = ['alice', 'aliceCapital', 'bruno', 'carla', 'dmitri'];

describe('leads: recorded from events, listed, counted and exported through the admin API', () => {
  let stack: Stack;
  let token: string;
  const ids: Record<string, string> = {};
  const seededAt = new Date();

  const get = (path: string) => request(stack.http).get(path).set('Authorization', `Bearer ${token}`);
  const list = async (query: Record<string, string | number>): Promise<LeadsListResponse> => {
    const response = await get('/api/admin/leads').query(query);
    expect(response.status).toBe(200);
    return response.body as LeadsListResponse;
  };
  const names = (leads: Lead[]) => leads.map((lead) => lead.first_name).sort();

  beforeAll(async () => {
    stack = await startStack();
    token = await adminToken(stack);
    await stack.db.query('DELETE FROM leads.leads');
    await stack.db.query('DELETE FROM leads.account_subscriptions');
    for (const [name, lead] of Object.entries(SEED)) {
      const { rows } = await stack.db.query<{ id: string }>(
        `INSERT INTO leads.leads (id, event_id, first_name, last_name, email, source, created_at, analysis_text, user_id)
         VALUES (gen_random_uuid(), gen_random_uuid(), $1, $2, $3, 'analysis_email', $4, $5, gen_random_uuid()) RETURNING id`,
        [
          lead.first,
          lead.last,
          lead.email,
          new Date(seededAt.getTime() - lead.daysAgo * DAY_MS),
          lead.text === undefined ? 'An analysis.' : lead.text,
        ],
      );
      ids[name] = rows[0].id;
    }
  });
  afterAll(async () => {
    await stack?.close();
  });

  describe('search', () => {
    it('finds a substring of the first name, the last name or the e-mail, whatever its case', async () => {
      expect(names((await list({ search: 'ANN' })).leads)).toEqual(['Anna', 'Bob', 'Joanne']); // first name, e-mail, first name
      expect(names((await list({ search: 'smith' })).leads)).toEqual(['Anna']);
      expect(names((await list({ search: 'baker' })).leads)).toEqual(['Joanne']);
      expect(names((await list({ search: '@annex' })).leads)).toEqual(['Bob']);
      expect(await list({ search: 'nobody-has-this' })).toMatchObject({ leads: [], total: 0 });
    });

    it('takes %, _, quotes and backslashes literally, and SQL in the search is only text', async () => {
      expect(names((await list({ search: '%' })).leads)).toEqual(['100%']);
      expect(names((await list({ search: '_' })).leads)).toEqual(['100%']);
      expect(names((await list({ search: "O'Brien" })).leads)).toEqual(['Back\\slash']);
      expect(names((await list({ search: '\\' })).leads)).toEqual(['Back\\slash']);
      expect(names((await list({ search: '"' })).leads)).toEqual(['=HYPERLINK("http://x")']);
      for (const attack of ['"; DROP TABLE leads; --', "'; DELETE FROM leads.leads; --", "' OR '1'='1", '%%\\%_']) {
        expect(await list({ search: attack })).toMatchObject({ leads: [], total: 0 });
      }
      expect((await list({})).total).toBe(Object.keys(SEED).length);
    });

    it('refuses a search longer than 200 characters and an unknown source with 400 naming the parameter', async () => {
      const long = await get('/api/admin/leads').query({ search: 'x'.repeat(201) });
      expect(long.status).toBe(400);
      expect(long.body.message).toMatch(/^search: /);
      const source = await get('/api/admin/leads').query({ source: 'newsletter' });
      expect(source.status).toBe(400);
      expect(source.body.message).toMatch(/^source: /);
    });
  });

  it('filters by source', async () => {
    expect((await list({ source: 'analysis_email' })).total).toBe(Object.keys(SEED).length);
    expect(names((await list({ source: 'analysis_email', search: 'sort.test' })).leads)).toEqual(['Alan', 'Bea', 'Cy', 'Dee']);
  });

  it.each(LEAD_SORT_COLUMNS.flatMap((column) => (['asc', 'desc'] as const).map((order) => [column, order] as const)))(
    'sorts by %s %s, the id breaking ties',
    async (column, order) => {
      const sortSet = ['alan', 'bea', 'cy', 'dee'].map((name) => ({ name, seed: SEED[name], id: ids[name] }));
      const value = (entry: (typeof sortSet)[number]): string | number =>
        ({
          first_name: entry.seed.first,
          last_name: entry.seed.last,
          email: entry.seed.email,
          source: 'analysis_email', // all equal: the id decides
          created_at: -entry.seed.daysAgo,
        })[column];
      const expected = [...sortSet]
        .sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.id < b.id ? -1 : 1))
        .map((entry) => entry.id);
      if (order === 'desc') expected.reverse();
      const { leads } = await list({ search: 'sort.test', sortBy: column, sortOrder: order });
      expect(leads.map((lead) => lead.id)).toEqual(expected);
    },
  );

  it.each(['first_name', 'last_name', 'email'] as const)(
    'sorts %s case-insensitively both ways: alice beside Alice, not after every capital, the id breaking ties',
    async (column) => {
      const field = { first_name: 'first', last_name: 'last', email: 'email' } as const;
      const key = (name: string) => SEED[name][field[column]].toLowerCase();
      const ascending = [...CASE_SET]
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : ids[a] < ids[b] ? -1 : 1))
        .map((name) => ids[name]);
      const asc = await list({ search: 'case.test', sortBy: column, sortOrder: 'asc' });
      const desc = await list({ search: 'case.test', sortBy: column, sortOrder: 'desc' });
      const values = (leads: Lead[]) => leads.map((lead) => lead[column].toLowerCase());
      expect({ asc: values(asc.leads), desc: values(desc.leads) }).toEqual(
        {
          first_name: { asc: ['alice', 'alice', 'bruno', 'carla', 'dmitri'], desc: ['dmitri', 'carla', 'bruno', 'alice', 'alice'] },
          last_name: {
            asc: ['de vries', 'eames', 'foster', 'van eyck', 'ward'],
            desc: ['ward', 'van eyck', 'foster', 'eames', 'de vries'],
          },
          email: {
            asc: ['mixed.a@case.test', 'mixed.b@case.test', 'mixed.c@case.test', 'mixed.d@case.test', 'mixed.e@case.test'],
            desc: ['mixed.e@case.test', 'mixed.d@case.test', 'mixed.c@case.test', 'mixed.b@case.test', 'mixed.a@case.test'],
          },
        }[column],
      );
      expect(asc.leads.map((lead) => lead.id)).toEqual(ascending);
      expect(desc.leads.map((lead) => lead.id)).toEqual([...ascending].reverse());
    },
  );

  it('exports in the same case-insensitive order', async () => {
    const response = await get('/api/admin/leads/export').query({ search: 'case.test', sortBy: 'last_name', sortOrder: 'asc' });
    expect(response.status).toBe(200);
    const rowIds = response.text.split('\r\n').flatMap((line) => (/^[0-9a-f-]{36},/.test(line) ? [line.slice(0, 36)] : []));
    expect(rowIds).toEqual(['alice', 'aliceCapital', 'dmitri', 'bruno', 'carla'].map((name) => ids[name])); // de Vries, Eames, Foster, van Eyck, Ward
  });

  it('pages through the matches with the total on every page, and the pages add up to the whole order', async () => {
    const whole = await list({ search: 'sort.test', sortBy: 'email', sortOrder: 'asc' });
    expect(whole.leads.map((lead) => lead.email)).toEqual(['a@sort.test', 'b@sort.test', 'c@sort.test', 'd@sort.test']);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list({ search: 'sort.test', sortBy: 'email', sortOrder: 'asc', page, pageSize: 2 }));
    expect(pages.map((p) => [p.page, p.pageSize, p.total, p.leads.length])).toEqual([
      [1, 2, 4, 2],
      [2, 2, 4, 2],
      [3, 2, 4, 0],
    ]);
    expect(pages.flatMap((p) => p.leads)).toEqual(whole.leads);
    expect((await get('/api/admin/leads').query({ pageSize: 101 })).status).toBe(400);
    expect((await get('/api/admin/leads').query({ page: 0 })).status).toBe(400);
  });

  it('answers the statistics: totals, the last 7 days, sources, conversion and 12 ISO weeks with the empty ones', async () => {
    const response = await get('/api/admin/leads/stats');
    expect(response.status).toBe(200);
    const stats = response.body as LeadStats;
    const seeds = Object.values(SEED);
    // Monday 00:00 UTC of the week `at` is in.
    const mondayOf = (at: Date) => {
      const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
      day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
      return day;
    };
    const thisWeek = mondayOf(new Date());
    const weeks = Array.from(
      { length: LEADS_CHART_WEEKS },
      (_, i) => new Date(thisWeek.getTime() - (LEADS_CHART_WEEKS - 1 - i) * 7 * DAY_MS),
    );
    const expectedWeeks = weeks.map((start) => ({
      weekStart: start.toISOString().slice(0, 10),
      count: seeds.filter((s) => mondayOf(new Date(seededAt.getTime() - s.daysAgo * DAY_MS)).getTime() === start.getTime()).length,
    }));
    expect(stats).toEqual({
      totalLeads: seeds.length,
      weeklyLeads: seeds.filter((s) => s.daysAgo < 7).length, // anna, joanne, bob, alan, bea, cy
      sourceBreakdown: { analysis_email: seeds.length },
      conversionRate: 0,
      leadsPerWeek: expectedWeeks,
    });
    expect(stats.weeklyLeads).toBe(6);
    expect(stats.leadsPerWeek.some((week) => week.count === 0)).toBe(true);
    // Zoë (100 days ago) is before the chart; every other lead is in it.
    expect(stats.leadsPerWeek.reduce((sum, week) => sum + week.count, 0)).toBe(seeds.length - 1);
  });

  it('exports the matches as RFC 4180 CSV with a BOM, formula cells neutralised, and removes the file after the download', async () => {
    const response = await get('/api/admin/leads/export')
      .query({ sortBy: 'created_at', sortOrder: 'desc' })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${leadsExportFileName(new Date())}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,first_name,last_name,email,source,created_at,analysis_text');
    const formula = SEED.formula;
    const formulaRow = `${ids.formula},"'=HYPERLINK(""http://x"")","Comma, ""Quoted""",${formula.email},analysis_email,`;
    expect(csv).toContain(formulaRow);
    expect(csv).toContain(`,"Line one\nline two, with ""quotes"""\r\n`);
    expect(csv).toContain(`${ids.newline},Nia,'＋Wide,newline@example.com,analysis_email,`);
    expect(csv).toContain(`,"Nice house\n=1+1"\r\n`);
    expect(csv).toContain(`${ids.old},Zoë,Zimmer,zoe@example.com,analysis_email,`);
    // Newest first, every lead once: each row starts with its id.
    const order = Object.entries(SEED)
      .sort(([, a], [, b]) => a.daysAgo - b.daysAgo)
      .map(([name]) => ids[name]);
    const rowIds = csv.split('\r\n').flatMap((line) => (/^[0-9a-f-]{36},/.test(line) ? [line.slice(0, 36)] : []));
    expect(rowIds).toEqual(order);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(await stack.storage.list(LEADS_EXPORT_PREFIX)).toEqual([]);
  });

  it('exports only the matches of the filters', async () => {
    const response = await get('/api/admin/leads/export').query({ search: 'sort.test', sortBy: 'email', sortOrder: 'asc' });
    expect(response.status).toBe(200);
    const emails = response.text.split('\r\n').flatMap((line) => /,([a-d]@sort\.test),/.exec(line)?.[1] ?? []);
    expect(emails).toEqual(['a@sort.test', 'b@sort.test', 'c@sort.test', 'd@sort.test']);
    expect((await get('/api/admin/leads/export').query({ sortBy: 'password' })).status).toBe(400);
  });

  it('records a lead from analysis.emailed once, however often the event is delivered', async () => {
    const publisher = new EventPublisher(process.env.REDIS_URL!);
    const queue = new Queue(QUEUES.leadsEvents, { connection: redisConnection(process.env.REDIS_URL!) });
    try {
      const eventId = randomUUID();
      const payload = {
        userId: randomUUID(),
        firstName: 'Eve',
        lastName: 'Twice',
        email: 'eve.twice@example.com',
        analysisText: 'Brick and glass.',
      };
      const envelope = await publisher.publish('analysis.emailed', payload, eventId);
      await publisher.publish('analysis.emailed', payload, eventId); // a publisher that retried: the same job id
      // Delivered again as another job (as after a job was removed): only the table's unique event id stops it.
      const again = await queue.add('analysis.emailed', envelope, { jobId: `redelivery-${eventId}` });
      const settled = async (jobId: string) => {
        for (let i = 0; i < 200; i++) {
          const state = await queue.getJobState(jobId);
          if (state === 'completed' || state === 'failed') return state;
          await new Promise((r) => setTimeout(r, 50));
        }
        return 'unsettled';
      };
      expect(await settled(eventId)).toBe('completed');
      expect(await settled(again.id!)).toBe('completed');
      const { rows } = await stack.db.query(
        'SELECT first_name, last_name, email, source, analysis_text, user_id, created_at FROM leads.leads WHERE event_id = $1',
        [eventId],
      );
      expect(rows).toEqual([
        {
          first_name: 'Eve',
          last_name: 'Twice',
          email: 'eve.twice@example.com',
          source: 'analysis_email',
          analysis_text: 'Brick and glass.',
          user_id: payload.userId,
          created_at: new Date(envelope.occurredAt),
        },
      ]);
      const found = await list({ search: 'eve.twice' });
      expect(found.total).toBe(1);
    } finally {
      await publisher.close();
      await queue.close();
    }
  });

  it('counts as converted the leads whose account became Pro, from subscription.changed, newest event winning', async () => {
    const publisher = new EventPublisher(process.env.REDIS_URL!);
    const queue = new Queue(QUEUES.leadsEvents, { connection: redisConnection(process.env.REDIS_URL!) });
    const settled = async (jobId: string) => {
      for (let i = 0; i < 200; i++) {
        const state = await queue.getJobState(jobId);
        if (state === 'completed' || state === 'failed') return state;
        await new Promise((r) => setTimeout(r, 50));
      }
      return 'unsettled';
    };
    const userOf = async (lead: string) =>
      (await stack.db.query<{ user_id: string }>('SELECT user_id FROM leads.leads WHERE id = $1', [ids[lead]])).rows[0].user_id;
    const changed = (userId: string, status: string) => ({
      userId,
      status,
      plan: status === 'active' ? ('monthly' as const) : null,
      creditsRemaining: status === 'active' ? 200 : 0,
      currentPeriodEnd: null,
    });
    const stats = async () => (await get('/api/admin/leads/stats').expect(200)).body as LeadStats;
    try {
      const before = await stats();
      expect(before.conversionRate).toBe(0);
      const [anna, bob] = [await userOf('anna'), await userOf('bob')];

      const annaPro = await publisher.publish('subscription.changed', changed(anna, 'active'));
      const bobPro = await publisher.publish('subscription.changed', changed(bob, 'active'));
      expect([await settled(annaPro.eventId), await settled(bobPro.eventId)]).toEqual(['completed', 'completed']);
      expect((await stats()).conversionRate).toBeCloseTo(2 / before.totalLeads, 10);

      // Bob cancels; then an older event (Bob still active), delivered late, does not undo it.
      const bobCancelled = await publisher.publish('subscription.changed', changed(bob, 'canceled'));
      expect(await settled(bobCancelled.eventId)).toBe('completed');
      const late = { ...bobPro, eventId: randomUUID(), occurredAt: new Date(Date.parse(bobPro.occurredAt) - 60_000).toISOString() };
      await queue.add('subscription.changed', late, { jobId: late.eventId });
      expect(await settled(late.eventId)).toBe('completed');
      expect((await stats()).conversionRate).toBeCloseTo(1 / before.totalLeads, 10);
      const { rows } = await stack.db.query('SELECT status FROM leads.account_subscriptions WHERE user_id = $1', [bob]);
      expect(rows).toEqual([{ status: 'canceled' }]);
    } finally {
      await publisher.close();
      await queue.close();
    }
  });

  it('removes the stored export when the admin goes away in the middle of the download', async () => {
    // About 12 MB of CSV, so the download is still running when the client hangs up.
    await stack.db.query(
      `INSERT INTO leads.leads (id, event_id, first_name, last_name, email, source, created_at, analysis_text, user_id)
       SELECT gen_random_uuid(), gen_random_uuid(), 'Bulk', 'Lead ' || i, 'bulk' || i || '@example.com', 'analysis_email',
              now() - make_interval(mins => i), repeat('Stone and timber. ', 20), gen_random_uuid()
         FROM generate_series(1, 30000) AS i`,
    );
    await new Promise<void>((resolve) => stack.gateway.getHttpServer().listen(0, '127.0.0.1', resolve));
    const { port } = stack.gateway.getHttpServer().address() as AddressInfo;
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const call = http.get(
        { host: '127.0.0.1', port, path: '/api/admin/leads/export', headers: { authorization: `Bearer ${token}` } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            call.destroy(); // the admin closes the tab
            resolve(chunk.length);
          });
        },
      );
      call.on('error', (error) => (call.destroyed ? undefined : reject(error)));
    });
    expect(firstBytes).toBeGreaterThan(0);
    let left = await stack.storage.list(LEADS_EXPORT_PREFIX);
    for (let i = 0; i < 100 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = await stack.storage.list(LEADS_EXPORT_PREFIX);
    }
    expect(left).toEqual([]);
    await new Promise<void>((resolve) => stack.gateway.getHttpServer().close(() => resolve()));
  });
});
