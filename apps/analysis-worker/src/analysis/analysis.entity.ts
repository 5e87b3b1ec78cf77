import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One Design Language Analysis (`analysis.analyses`), owned by analysis-worker. */
@Entity({ name: 'analyses' })
@Index('IDX_analyses_user_created', ['userId', 'createdAt'])
@Check('CHK_analyses_image_count', `"image_count" BETWEEN 1 AND 10`)
export class AnalysisEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The auth-service user id; no foreign key across schemas (ARCHITECTURE.md). */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Object-storage keys of the originals, `uploads/<userId>/<uuid>.<ext>`. */
  @Column({ name: 'image_keys', type: 'text', array: true })
  imageKeys!: string[];

  @Column({ name: 'image_count', type: 'integer' })
  imageCount!: number;

  @Column({ name: 'primary_description', type: 'text' })
  primaryDescription!: string;

  @Column({ name: 'expanded_description', type: 'text' })
  expandedDescription!: string;

  @Column({ type: 'text', array: true })
  tags!: string[];

  /** 'openai' or 'offline'. */
  @Column({ type: 'varchar', length: 16 })
  engine!: string;

  @Column({ type: 'varchar', length: 100 })
  model!: string;

  /** Time spent fetching the originals and running the engine, in ms. */
  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;
}
