import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import type { LeadSource } from '@archlens/contracts/leads';

/**
 * One lead (`leads.leads`, spec §3): a person an analysis report was e-mailed to. Owned by
 * leads-service; `event_id` is the `analysis.emailed` event's id, unique, so a redelivered event
 * records nothing twice.
 *
 * Indexes, one per sort order of `LeadsRepository`, each ending in the id (the tiebreak): btree
 * `(lower(column), id)` for the names and the e-mail, which sort case-insensitively (migration
 * `CaseInsensitiveLeadSort1795478400000`), and `(column, id)` for the source and the creation time
 * (`CreateLeads1764028800000`); plus a `pg_trgm` GIN index on each searched column for the substring
 * search. TypeORM can describe neither an expression index nor a GIN operator-class index, so those
 * six are declared with `synchronize: false` (TypeORM then neither creates nor drops them) and
 * exist only in the migrations.
 */
@Entity({ name: 'leads' })
@Unique('UQ_leads_event_id', ['eventId'])
@Check('CHK_leads_source', `"source" IN ('analysis_email')`)
@Index('IDX_leads_source_id', ['source', 'id'])
@Index('IDX_leads_created_at_id', ['createdAt', 'id'])
export class LeadEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** The id of the event the lead came from (the e-mail's message id for `analysis.emailed`). */
  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Index('IDX_leads_first_name_trgm', { synchronize: false })
  @Index('IDX_leads_lower_first_name_id', { synchronize: false })
  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Index('IDX_leads_last_name_trgm', { synchronize: false })
  @Index('IDX_leads_lower_last_name_id', { synchronize: false })
  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Index('IDX_leads_email_trgm', { synchronize: false })
  @Index('IDX_leads_lower_email_id', { synchronize: false })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** Where the lead came from (`LEAD_SOURCES`). */
  @Column({ type: 'varchar', length: 32 })
  source!: LeadSource;

  /** When the lead was made: the event's `occurredAt`. */
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The analysis text that was e-mailed (primary, expanded and tags), when there was one. */
  @Column({ name: 'analysis_text', type: 'text', nullable: true })
  analysisText!: string | null;

  /**
   * The signed-in user who sent the report (an id of the `auth` schema; no foreign key across
   * schemas). Indexed for the conversion rate's join with `account_subscriptions`.
   */
  @Index('IDX_leads_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;
}
