import { analyzeResponseSchema, previousAnalysesResponseSchema, type PreviousAnalysis } from '@archlens/contracts/analysis';
import { z } from 'zod';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';

/**
 * The analysis as the SPA displays it: the contract's shape, without re-judging the text rules
 * (88 words, sections, tag case) that the server already enforces. A result the server saved
 * is shown rather than discarded.
 */
export const analysisResultSchema = analyzeResponseSchema.extend({
  primaryDescription: z.string(),
  expandedDescription: z.string(),
  tags: z.array(z.string()),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** The analysis routes of spec §7; each throws `HttpError` ("{status}: {body}") on a non-OK answer. */
export const analysisApi = {
  /** `POST /api/analyze`: multipart with the repeated field `images` (spec §7). */
  analyse: (files: readonly File[]): Promise<AnalysisResult> => {
    const formData = new FormData();
    for (const file of files) formData.append('images', file, file.name);
    return apiRequest(API_PATHS.analyze, { method: 'POST', formData, schema: analysisResultSchema });
  },
  /** `GET /api/analyses`: up to 3, newest first. */
  recent: (signal?: AbortSignal): Promise<PreviousAnalysis[]> =>
    apiRequest(API_PATHS.previousAnalyses, { schema: previousAnalysesResponseSchema, signal }),
};
