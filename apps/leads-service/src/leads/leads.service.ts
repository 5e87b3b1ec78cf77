import { Injectable } from '@nestjs/common';
import type { UserDataDeleted } from '@archlens/contracts/auth';
import type { EventEnvelope, EventPayload } from '@archlens/contracts/events';
import {
  LEAD_SOURCES,
  LEADS_CHART_WEEKS,
  type Lead,
  type LeadStats,
  type LeadsListQuery,
  type LeadsListResponse,
} from '@archlens/contracts/leads';
import { AccountSubscriptionsRepository } from './account-subscriptions.repository.js';
import { LeadsRepository, type ListedLead } from './leads.repository.js';

/** Length of "the last 7 days" of `weeklyLeads`, in days (spec §3 lead stats). */
const WEEKLY_DAYS = 7;

/** The subscription status of a Pro account (spec §4), which makes its leads converted. */
const PRO_STATUS = 'active';

/** Width of `account_subscriptions.status`: a longer status from billing is cut to it. */
const STATUS_MAX_CHARS = 32;

/**
 * The leads (spec §3): records each e-mailed analysis report as a lead, once per event, keeps each
 * sender's subscription status for the conversion rate, and answers the admin console's list and
 * statistics.
 */
@Injectable()
export class LeadsService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly subscriptions: AccountSubscriptionsRepository,
  ) {}

  /**
   * `leads.anonymise-user` (account deletion): the user's leads kept without name, e-mail or user
   * id (`LeadsRepository.anonymiseUser`; the analysis text stays), and the user's subscription
   * status removed. Idempotent: a repeat finds nothing.
   * @returns how many rows were anonymised or removed
   */
  async anonymiseUser(userId: string): Promise<UserDataDeleted> {
    const [leads, statuses] = await Promise.all([this.leads.anonymiseUser(userId), this.subscriptions.deleteUser(userId)]);
    return { removed: leads + statuses };
  }

  /**
   * Records the recipient of an `analysis.emailed` event as a lead with source `analysis_email`,
   * made at the event's `occurredAt`, its analysis text null when empty. Idempotent on the event id.
   * @returns true when a lead was recorded, false when the event had been recorded already
   * @throws the database's error (the delivery is then tried again by BullMQ)
   */
  recordEmailedAnalysis(envelope: EventEnvelope, payload: EventPayload<'analysis.emailed'>): Promise<boolean> {
    return this.leads.insertOnce({
      eventId: envelope.eventId,
      firstName: payload.firstName,
      lastName: payload.lastName,
      email: payload.email,
      source: 'analysis_email',
      createdAt: new Date(envelope.occurredAt),
      analysisText: payload.analysisText === '' ? null : payload.analysisText,
      userId: payload.userId,
    });
  }

  /**
   * Applies a `subscription.changed` event to the subscription projection: the user's status as of
   * the event, unless an event that happened later has been applied already (a late, older delivery
   * changes nothing; the same event twice changes nothing either).
   * @returns true when the projection changed
   * @throws the database's error (the delivery is then tried again by BullMQ)
   */
  recordSubscriptionChange(envelope: EventEnvelope, payload: EventPayload<'subscription.changed'>): Promise<boolean> {
    return this.subscriptions.applyIfNewer({
      userId: payload.userId,
      status: payload.status.slice(0, STATUS_MAX_CHARS),
      occurredAt: new Date(envelope.occurredAt),
      eventId: envelope.eventId,
    });
  }

  /**
   * One page of the leads matching the filters (spec §7 `GET /api/admin/leads`): search (a
   * case-insensitive substring of first name, last name or e-mail, wildcards taken literally),
   * source, sort by any column both ways with the id as tiebreak, and the total count of matches.
   * A page past the end is empty with the right total.
   */
  async list(query: LeadsListQuery): Promise<LeadsListResponse> {
    const rows = await this.leads.findPage(query, (query.page - 1) * query.pageSize, query.pageSize);
    const total = await this.leads.countMatching(query);
    return { leads: rows.map(toLead), total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * The admin console's statistics (spec §3 lead stats):
   * - `totalLeads`: every lead;
   * - `weeklyLeads`: leads made in the 7 × 24 hours before `now`;
   * - `sourceBreakdown`: leads per source, every source of `LEAD_SOURCES` present (0 when none);
   * - `conversionRate`: the share of leads (0 to 1) whose sending account is Pro now, from the
   *   `subscription.changed` projection; 0 when there are no leads;
   * - `leadsPerWeek`: the last `LEADS_CHART_WEEKS` ISO weeks (Monday 00:00 UTC), oldest first, the
   *   current week last, weeks without leads as 0.
   * @param now the moment the figures are for (the current time by default)
   */
  async stats(now: Date = new Date()): Promise<LeadStats> {
    const totals = await this.leads.countTotals(now, WEEKLY_DAYS, PRO_STATUS);
    const bySource = await this.leads.countBySource();
    const leadsPerWeek = await this.leads.countPerWeek(now, LEADS_CHART_WEEKS);
    const sourceBreakdown = Object.fromEntries(LEAD_SOURCES.map((source) => [source, 0])) as LeadStats['sourceBreakdown'];
    for (const { source, count } of bySource) sourceBreakdown[source] = count;
    return {
      totalLeads: totals.total,
      weeklyLeads: totals.recent,
      sourceBreakdown,
      conversionRate: totals.total === 0 ? 0 : totals.converted / totals.total,
      leadsPerWeek,
    };
  }
}

/** A lead as the admin API answers it (spec §3: snake_case, in its order; the time in ISO 8601). */
function toLead(lead: ListedLead): Lead {
  return {
    id: lead.id,
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    source: lead.source,
    created_at: lead.createdAt.toISOString(),
    analysis_text: lead.analysisText,
  };
}
