import { Injectable } from '@nestjs/common';
import { compareTags, type CompareTagsJob, type TagComparison } from '@archlens/contracts/design-loop';
import { DomainError } from '@archlens/platform/messaging';
import { AnalysisItemsService } from '../items/analysis-items.service.js';
import { styleTagsOf } from './engines/offline/style-tags.js';

/**
 * `analysis.compare-tags` ("Analyse this render"): a render's tags against what its generation was
 * asked for: the tags of the user's source analysis when the generation kept one and it is still
 * in their library, else the tags its style description names (`styleTagsOf`, the offline engine's
 * vocabulary).
 */
@Injectable()
export class TagComparisonService {
  constructor(private readonly items: AnalysisItemsService) {}

  /**
   * @returns kept, added and lost tags (`compareTags`), `against` saying which reference was used
   * @throws the store's errors (an analysis that is not the user's, or gone, is not an error: the style is used)
   */
  async compare(job: CompareTagsJob): Promise<TagComparison> {
    if (job.sourceAnalysisId) {
      try {
        const source = await this.items.get({ userId: job.userId, kind: 'analysis', id: job.sourceAnalysisId });
        if (source.kind === 'analysis') return compareTags(source.item.tags, job.tags, 'analysis');
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'report.analysis-not-found')) throw error;
      }
    }
    return compareTags(styleTagsOf(job.styleDescription), job.tags, 'style');
  }
}
