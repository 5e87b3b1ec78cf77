import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns every record made from uploaded originals carries (an analysis; a sketch
 * reading): whose it is, which stored files it refers to (the originals sweep keeps
 * exactly those), and which engine wrote it in how long. Each table inherits them (TypeORM
 * concrete-table inheritance: no table of its own).
 */
export abstract class OriginalsRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The auth-service user id; no foreign key across schemas (each service owns its own). */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Object-storage keys of the originals, in upload order: `uploads/…` for photos, `sketches/…` for sketches. */
  @Column({ name: 'image_keys', type: 'text', array: true })
  imageKeys!: string[];

  @Column({ name: 'image_count', type: 'integer' })
  imageCount!: number;

  /** 'openai' or 'offline'. */
  @Column({ type: 'varchar', length: 16 })
  engine!: string;

  @Column({ type: 'varchar', length: 100 })
  model!: string;

  /** Time spent fetching the originals and running the engine, in ms. */
  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;
}
