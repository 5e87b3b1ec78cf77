import { Check, Column, Entity, Index } from 'typeorm';
import { OriginalsRecord } from './originals-record.entity.js';

/** One Design Language Analysis (`analysis.analyses`), owned by analysis-worker; its originals under `uploads/`. */
@Entity({ name: 'analyses' })
@Index('IDX_analyses_user_created', ['userId', 'createdAt'])
@Check('CHK_analyses_image_count', `"image_count" BETWEEN 1 AND 10`)
export class AnalysisEntity extends OriginalsRecord {
  @Column({ name: 'primary_description', type: 'text' })
  primaryDescription!: string;

  @Column({ name: 'expanded_description', type: 'text' })
  expandedDescription!: string;

  @Column({ type: 'text', array: true })
  tags!: string[];
}
