import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { LibraryItemType } from '@archlens/contracts/library';
import { ProjectEntity } from './project.entity.js';

/**
 * The text the library's full-text search reads: the item's title, its text and tags, and its
 * project's name, stemmed as English ("arches" finds "arch"). A trigger
 * (`library_items_search_vector`, made by the migration) writes it into `search` on every insert and
 * update, so a search reads a stored vector through the GIN index `IDX_library_items_search` and
 * never computes one per row.
 */
export const LIBRARY_SEARCH_VECTOR = `to_tsvector('english'::regconfig, NEW."title" || ' ' || NEW."body" || ' ' || coalesce(NEW."project_name", ''))`;

/**
 * One item of the library's index (`analysis.library_items`): what listing and search need of an
 * analysis, a sketch reading or a generation, kept from the owners' events (`analysis.completed`,
 * `generation.completed`, `item.deleted`) and from filing; keyed by `(item_type, item_id)`. An item is
 * in at most one project (`project_id`; `ON DELETE SET NULL` leaves it unfiled), whose name is copied
 * into `project_name` so that one indexed vector (`search`) covers item text and project names together.
 */
@Entity({ name: 'library_items' })
@Index('IDX_library_items_user_id_created_at', ['userId', 'createdAt'])
@Index('IDX_library_items_project_id_created_at', ['projectId', 'createdAt'])
export class LibraryItemEntity {
  @PrimaryColumn({ name: 'item_type', type: 'varchar', length: 16, primaryKeyConstraintName: 'PK_library_items_item_type_item_id' })
  type!: LibraryItemType;

  @PrimaryColumn({ name: 'item_id', type: 'uuid', primaryKeyConstraintName: 'PK_library_items_item_type_item_id' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'project_id', type: 'uuid', nullable: true })
  projectId!: string | null;

  @ManyToOne(() => ProjectEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'project_id', foreignKeyConstraintName: 'FK_library_items_project_id' })
  project?: ProjectEntity | null;

  /** The project's name while filed (searched with the item's text); null when unfiled. */
  @Column({ name: 'project_name', type: 'varchar', length: 80, nullable: true })
  projectName!: string | null;

  /** When the item itself was made (not when it was indexed). */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'text' })
  title!: string;

  /** Every text searched beside the title, tags included. */
  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'text', array: true })
  tags!: string[];

  @Column({ name: 'image_count', type: 'integer' })
  imageCount!: number;

  /** `LIBRARY_SEARCH_VECTOR`, written by the trigger; never selected, inserted or updated by TypeORM. */
  @Index('IDX_library_items_search', { synchronize: false })
  @Column({ type: 'tsvector', select: false, insert: false, update: false })
  search!: string;
}
