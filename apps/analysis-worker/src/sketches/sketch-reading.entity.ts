import { Check, Column, Entity, Index } from 'typeorm';
import { OriginalsRecord } from '../analysis/originals-record.entity.js';

/**
 * One Process Your Sketch reading (`analysis.sketch_readings`), owned by analysis-worker;
 * its sketches under `sketches/<userId>/`, 1 to 3 (spec §9), in field order.
 */
@Entity({ name: 'sketch_readings' })
@Index('IDX_sketch_readings_user_created', ['userId', 'createdAt'])
@Check('CHK_sketch_readings_image_count', `"image_count" BETWEEN 1 AND 3`)
export class SketchReadingEntity extends OriginalsRecord {
  /** The summary (spec §3 sketch analysis: description). */
  @Column({ type: 'text' })
  description!: string;

  /** The detailed points, 3 to 12 (spec §3: details). */
  @Column({ type: 'text', array: true })
  details!: string[];

  /** plan, elevation, section, perspective or axonometric (`DRAWING_TYPES`), of the first sketch. */
  @Column({ name: 'drawing_type', type: 'varchar', length: 16 })
  drawingType!: string;
}
