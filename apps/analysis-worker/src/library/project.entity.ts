import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One project of the architect's library (`analysis.projects`): a named folder of a user's items.
 * Names are unique per user case-insensitively: a unique expression index on
 * `(user_id, lower(name))`, which TypeORM cannot describe, so it is declared with
 * `synchronize: false` and made by the migration.
 */
@Entity({ name: 'projects' })
@Index('UQ_projects_user_id_lower_name', { synchronize: false })
export class ProjectEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_projects_id' })
  id!: string;

  /** The auth-service user id; no foreign key across schemas. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** 1 to 80 characters, trimmed (`PROJECT_NAME_MAX_CHARS`). */
  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
