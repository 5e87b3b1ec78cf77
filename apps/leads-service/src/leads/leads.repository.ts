import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import { Brackets, type DataSource, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { LeadFilters, LeadSortColumn } from '@archlens/contracts/leads';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AccountSubscriptionEntity } from './account-subscription.entity.js';
import { LeadEntity } from './lead.entity.js';

/** A lead as the admin console reads it: every column but the event id and the sending user's id. */
export type ListedLead = Pick<LeadEntity, 'id' | 'firstName' | 'lastName' | 'email' | 'source' | 'createdAt' | 'analysisText'>;

/** A lead to record; its id is made here. */
export type NewLead = Omit<LeadEntity, 'id'>;

/** Lead counts for the statistics, from one pass over `leads.leads`. */
export interface LeadTotals {
  total: number;
  /** Leads made within `recentDays` before `now`. */
  recent: number;
  /** Leads whose sending user's subscription projection has `convertedStatus`. */
  converted: number;
}

/** Leads made in one ISO week (Monday 00:00 UTC), the week as `YYYY-MM-DD`. */
export interface WeekCount {
  weekStart: string;
  count: number;
}

/** Rows PostgreSQL sends per round trip of the export's cursor. */
const CURSOR_BATCH_ROWS = 500;

/** The escape character of the search's `ILIKE … ESCAPE`. */
const LIKE_ESCAPE = '\\';

/**
 * A search text as a literal `ILIKE` substring pattern: `%`, `_` and `\` are escaped with `\`, so
 * they match themselves only, and the text is wrapped in `%…%`. It travels as a query parameter.
 * @example likeSubstringPattern('50%_off') === '%50\\%\\_off%'
 */
export function likeSubstringPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => LIKE_ESCAPE + character)}%`;
}

/**
 * What each sort key orders by. Names and e-mail sort case-insensitively ('alice' beside 'Alice'),
 * by exactly the `lower(column)` of their `(lower(column), id)` indexes, so a page is read off an
 * index. A source is a lower-case identifier (`CHK_leads_source`), so its plain order keeps the
 * `(source, id)` index the source filter uses too. The ORDER BY comes from this table only.
 */
const SORT_EXPRESSIONS: Readonly<Record<LeadSortColumn, string>> = {
  first_name: 'lower(lead.firstName)',
  last_name: 'lower(lead.lastName)',
  email: 'lower(lead.email)',
  source: 'lead.source',
  created_at: 'lead.createdAt',
};

/**
 * The user id of a lead whose sender deleted their account: the nil UUID, never a real account's
 * (ids are random, version 4). `user_id` is NOT NULL and indexed, so a fixed marker rather than NULL.
 */
export const ANONYMOUS_LEAD_USER = '00000000-0000-0000-0000-000000000000';

/**
 * All data access to `leads.leads`: recording leads, the admin console's filtered, sorted pages and
 * streamed export, and the counts of its statistics. Every value travels as a parameter.
 */
@Injectable()
export class LeadsRepository {
  private readonly leads: Repository<LeadEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {
    this.leads = dataSource.getRepository(LeadEntity);
  }

  /**
   * Inserts the lead unless one with its event id exists (`ON CONFLICT DO NOTHING` on the unique
   * `event_id`), so a redelivered event records nothing.
   * @returns true when the lead was inserted
   * @throws the database's error
   */
  async insertOnce(lead: NewLead): Promise<boolean> {
    const result = await this.leads
      .createQueryBuilder()
      .insert()
      .values({ ...lead, id: randomUUID() })
      .orIgnore()
      .returning(['id'])
      .updateEntity(false)
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /**
   * One page of the leads matching `filters`, in their order (see `matching`).
   * @param offset leads skipped; @param limit at most this many returned
   */
  findPage(filters: LeadFilters, offset: number, limit: number): Promise<ListedLead[]> {
    return this.matching(filters).limit(limit).offset(offset).getRawMany<ListedLead>();
  }

  /** How many leads match the search and source of `filters`. */
  async countMatching(filters: Pick<LeadFilters, 'search' | 'source'>): Promise<number> {
    const row = await this.filtered(filters).select('count(*)::int', 'total').getRawOne<{ total: number }>();
    return row?.total ?? 0;
  }

  /**
   * Streams every lead matching `filters`, in the page order, through a server-side cursor
   * (`CURSOR_BATCH_ROWS` rows a fetch) on a connection held until `consume` settles, so memory stays
   * flat whatever the row count. The stream is read only as fast as `consume` reads it.
   * @param consume reads the object-mode stream of `ListedLead`s; its result is returned
   * @throws the database's error, or what `consume` throws; the connection is released either way
   */
  async streamMatching<T>(filters: LeadFilters, consume: (leads: Readable) => Promise<T>): Promise<T> {
    const [sql, parameters] = this.matching(filters).getQueryAndParameters();
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    try {
      return await consume(client.query(new QueryStream(sql, parameters, { batchSize: CURSOR_BATCH_ROWS })));
    } finally {
      await runner.release();
    }
  }

  /**
   * The totals of the statistics in one statement, each lead joined with its sender's subscription
   * projection. "Recent" is counted by the database clock's arithmetic on `now`.
   */
  async countTotals(now: Date, recentDays: number, convertedStatus: string): Promise<LeadTotals> {
    const row = await this.leads
      .createQueryBuilder('lead')
      .leftJoin(AccountSubscriptionEntity, 'subscription', 'subscription.userId = lead.userId')
      .select('count(*)::int', 'total')
      .addSelect('count(*) FILTER (WHERE lead.createdAt > CAST(:now AS timestamptz) - make_interval(days => :recentDays))::int', 'recent')
      .addSelect('count(*) FILTER (WHERE subscription.status = :convertedStatus)::int', 'converted')
      .setParameters({ now: now.toISOString(), recentDays, convertedStatus })
      .getRawOne<LeadTotals>();
    return row ?? { total: 0, recent: 0, converted: 0 };
  }

  /** Leads per source, for the sources that have any. */
  countBySource(): Promise<Array<{ source: string; count: number }>> {
    return this.leads
      .createQueryBuilder('lead')
      .select('lead.source', 'source')
      .addSelect('count(*)::int', 'count')
      .groupBy('lead.source')
      .getRawMany();
  }

  /**
   * Leads per ISO week for the `weeks` weeks up to the one `now` is in, oldest first, empty weeks
   * as 0. Week starts are UTC wall-clock times (timestamp without time zone), turned back into
   * instants to compare; TypeORM cannot select from `generate_series`, hence the SQL.
   */
  async countPerWeek(now: Date, weeks: number): Promise<WeekCount[]> {
    const rows: Array<{ week_start: string; count: number }> = await this.dataSource.query(
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
      [now.toISOString(), weeks],
    );
    return rows.map((row) => ({ weekStart: row.week_start, count: row.count }));
  }

  /**
   * The leads of the list and the export, as `ListedLead` rows: `filtered`, ordered by the sort
   * key's `SORT_EXPRESSIONS` entry in the chosen direction, then by id the same way, so equal values
   * (also 'alice' and 'Alice') keep one order from page to page.
   */
  private matching(filters: LeadFilters): SelectQueryBuilder<LeadEntity> {
    const direction = filters.sortOrder === 'asc' ? 'ASC' : 'DESC';
    return this.filtered(filters)
      .select('lead.id', 'id')
      .addSelect('lead.firstName', 'firstName')
      .addSelect('lead.lastName', 'lastName')
      .addSelect('lead.email', 'email')
      .addSelect('lead.source', 'source')
      .addSelect('lead.createdAt', 'createdAt')
      .addSelect('lead.analysisText', 'analysisText')
      .orderBy(SORT_EXPRESSIONS[filters.sortBy], direction)
      .addOrderBy('lead.id', direction);
  }

  /**
   * `leads.leads` under the search and source filters (spec §7): the search, trimmed, is a
   * case-insensitive substring of the first name, the last name or the e-mail (`ILIKE`, answered by
   * the `pg_trgm` GIN indexes); the source an exact match. A blank search filters nothing.
   */
  private filtered(filters: Pick<LeadFilters, 'search' | 'source'>): SelectQueryBuilder<LeadEntity> {
    const query = this.leads.createQueryBuilder('lead');
    const search = filters.search?.trim();
    if (search) {
      const escape = `ESCAPE '${LIKE_ESCAPE}'`;
      query.andWhere(
        new Brackets((any) =>
          any
            .where(`lead.firstName ILIKE :pattern ${escape}`)
            .orWhere(`lead.lastName ILIKE :pattern ${escape}`)
            .orWhere(`lead.email ILIKE :pattern ${escape}`),
        ),
        { pattern: likeSubstringPattern(search) },
      );
    }
    if (filters.source) query.andWhere('lead.source = :source', { source: filters.source });
    return query;
  }

  /**
   * Account deletion: the user's leads are kept (their analysis text, source and time, for the
   * statistics) without anything naming a person: first and last name and e-mail emptied, the user
   * id replaced by `ANONYMOUS_LEAD_USER`. A repeat finds none.
   * @returns how many leads were anonymised
   */
  async anonymiseUser(userId: string): Promise<number> {
    const result = await this.leads.update({ userId }, { firstName: '', lastName: '', email: '', userId: ANONYMOUS_LEAD_USER });
    return result.affected ?? 0;
  }
}
