import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EventEnvelope, EventPayload } from '@archlens/contracts/events';
import {
  LEAD_SOURCES,
  LEADS_CHART_WEEKS,
  type Lead,
  type LeadSource,
  type LeadStats,
  type LeadsListQuery,
  type LeadsListResponse,
} from '@archlens/contracts/leads';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { leadFiltersWhere, leadsOrderBy } from './lead-filters.sql.js';

/** A row of `leads.leads` as the queries select it (`LEAD_COLUMNS`). */
export interface LeadRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  source: LeadSource;
  created_at: Date;
  analysis_text: string | null;
}

/** The columns every lead query selects, in the spec §3 order. */
export const LEAD_COLUMNS = 'id, first_name, last_name, email, source, created_at, analysis_text';

/** Length of "the last 7 days" of `weeklyLeads`, in days (spec §3 lead stats). */
const WEEKLY_DAYS = 7;

/**
 * The leads (spec §3, issue 13): records each e-mailed analysis report as a lead, once per event,
 * and answers the admin console's list and statistics. Every statement is parameterised.
 */
@Injectable()
export class LeadsService {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Records the recipient of an `analysis.emailed` event as a lead with source `analysis_email`,
   * made at the event's `occurredAt`. Idempotent on the event id: a second delivery of the same
   * event inserts nothing (`ON CONFLICT (event_id) DO NOTHING` on the unique `event_id`).
   * @returns true when a lead was recorded, false when the event had been recorded already
   * @throws the database's error (the delivery is then tried again by BullMQ)
   */
  async recordEmailedAnalysis(envelope: EventEnvelope, payload: EventPayload<'analysis.emailed'>): Promise<boolean> {
    const inserted: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO leads.leads (id, event_id, first_name, last_name, email, source, created_at, analysis_text, user_id)
       VALUES ($1, $2, $3, $4, $5, 'analysis_email', $6, $7, $8)
       ON CONFLICT (event_id) DO NOTHING
       RETURNING id`,
      [
        randomUUID(),
        envelope.eventId,
        payload.firstName,
        payload.lastName,
        payload.email,
        envelope.occurredAt,
        payload.analysisText === '' ? null : payload.analysisText,
        payload.userId,
      ],
    );
    return inserted.length > 0;
  }

  /**
   * Applies a `subscription.changed` event to the subscription projection (issue 15 point 3): the
   * user's status as of the event, unless an event that happened later has been applied already
   * (a late, older delivery changes nothing; the same event twice changes nothing either).
   * @returns true when the projection changed
   * @throws the database's error (the delivery is then tried again by BullMQ)
   */
  async recordSubscriptionChange(envelope: EventEnvelope, payload: EventPayload<'subscription.changed'>): Promise<boolean> {
    const applied: Array<{ user_id: string }> = await this.dataSource.query(
      `INSERT INTO leads.account_subscriptions (user_id, status, occurred_at, event_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, occurred_at = EXCLUDED.occurred_at, event_id = EXCLUDED.event_id
         WHERE leads.account_subscriptions.occurred_at < EXCLUDED.occurred_at
       RETURNING user_id`,
      [payload.userId, payload.status.slice(0, 32), envelope.occurredAt, envelope.eventId],
    );
    return applied.length > 0;
  }

  /**
   * One page of the leads matching the filters (spec §7 `GET /api/admin/leads`): search (a
   * case-insensitive substring of first name, last name or e-mail, wildcards taken literally),
   * source, sort by any column both ways with the id as tiebreak, and the total count of matches.
   * A page past the end is empty with the right total.
   */
  async list(query: LeadsListQuery): Promise<LeadsListResponse> {
    const where = leadFiltersWhere(query);
    const limit = where.params.length + 1;
    const rows: LeadRow[] = await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS} FROM leads.leads WHERE ${where.sql} ORDER BY ${leadsOrderBy(query)} LIMIT $${limit} OFFSET $${limit + 1}`,
      [...where.params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    const [{ total }]: Array<{ total: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM leads.leads WHERE ${where.sql}`,
      where.params,
    );
    return { leads: rows.map(toLead), total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * The admin console's statistics (spec §3 lead stats):
   * - `totalLeads`: every lead;
   * - `weeklyLeads`: leads made in the 7 × 24 hours before `now`;
   * - `sourceBreakdown`: leads per source, every source of `LEAD_SOURCES` present (0 when none);
   * - `conversionRate`: the share of leads (0 to 1) whose sending account is Pro now (subscription
   *   status 'active', spec §4), from the `subscription.changed` projection (issue 15 point 3); 0
   *   when there are no leads;
   * - `leadsPerWeek`: the last `LEADS_CHART_WEEKS` ISO weeks (Monday 00:00 UTC), oldest first, the
   *   current week last, weeks without leads as 0.
   * @param now the moment the figures are for (the current time by default)
   */
  async stats(now: Date = new Date()): Promise<LeadStats> {
    const [totals]: Array<{ total: number; weekly: number; converted: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE l.created_at > $1::timestamptz - make_interval(days => $2))::int AS weekly,
              count(*) FILTER (WHERE s.status = 'active')::int AS converted
         FROM leads.leads l
         LEFT JOIN leads.account_subscriptions s ON s.user_id = l.user_id`,
      [now.toISOString(), WEEKLY_DAYS],
    );
    const bySource: Array<{ source: string; count: number }> = await this.dataSource.query(
      `SELECT source, count(*)::int AS count FROM leads.leads GROUP BY source`,
    );
    // Week starts as UTC wall-clock times (timestamp without time zone), turned back into instants to compare.
    const weeks: Array<{ week_start: string; count: number }> = await this.dataSource.query(
      `WITH weeks AS (
         SELECT generate_series(
                  date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC') - make_interval(weeks => $2 - 1),
                  date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC'),
                  interval '1 week') AS week_start
       )
       SELECT to_char(w.week_start, 'YYYY-MM-DD') AS week_start, count(l.id)::int AS count
         FROM weeks w
         LEFT JOIN leads.leads l
           ON l.created_at >= (w.week_start AT TIME ZONE 'UTC')
          AND l.created_at < ((w.week_start + interval '1 week') AT TIME ZONE 'UTC')
        GROUP BY w.week_start
        ORDER BY w.week_start`,
      [now.toISOString(), LEADS_CHART_WEEKS],
    );
    const sourceBreakdown = Object.fromEntries(LEAD_SOURCES.map((source) => [source, 0])) as LeadStats['sourceBreakdown'];
    for (const { source, count } of bySource) sourceBreakdown[source] = count;
    return {
      totalLeads: totals.total,
      weeklyLeads: totals.weekly,
      sourceBreakdown,
      conversionRate: totals.total === 0 ? 0 : totals.converted / totals.total,
      leadsPerWeek: weeks.map((w) => ({ weekStart: w.week_start, count: w.count })),
    };
  }
}

/** A row as the admin API answers it (spec §3: snake_case; the time in ISO 8601). */
export function toLead(row: LeadRow): Lead {
  return { ...row, created_at: row.created_at.toISOString() };
}
