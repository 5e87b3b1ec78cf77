import { analyzeResponseSchema, previousAnalysesResponseSchema, type PreviousAnalysis } from '@archlens/contracts/analysis';
import { z } from 'zod';
import { analysisPdfPath, API_PATHS } from '@archlens/contracts/paths';
import {
  emailAnalysisResponseSchema,
  reportFileName,
  type EmailAnalysisRequest,
  type EmailAnalysisResponse,
} from '@archlens/contracts/reports';
import { apiRequest } from '../../../api/client';
import { downloadFile, type DownloadedFile } from '../../../api/download';

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
  /** `POST /api/analyze`: multipart with the repeated field `images`. */
  analyse: (files: readonly File[]): Promise<AnalysisResult> => {
    const formData = new FormData();
    for (const file of files) formData.append('images', file, file.name);
    return apiRequest(API_PATHS.analyze, { method: 'POST', formData, schema: analysisResultSchema });
  },
  /** `GET /api/analyses`: up to 3, newest first. */
  recent: (signal?: AbortSignal): Promise<PreviousAnalysis[]> =>
    apiRequest(API_PATHS.previousAnalyses, { schema: previousAnalysesResponseSchema, signal }),
  /** `GET /api/analyses/{id}/pdf`: the report of one of the user's analyses. */
  pdf: (analysis: Pick<AnalysisResult, 'id' | 'createdAt'>): Promise<DownloadedFile> =>
    downloadFile(analysisPdfPath(analysis.id), reportFileName(analysis.createdAt)),
  /** `POST /api/email-analysis`: the report e-mailed with its PDF attached. */
  email: (body: EmailAnalysisRequest): Promise<EmailAnalysisResponse> =>
    apiRequest(API_PATHS.emailAnalysis, { method: 'POST', json: body, schema: emailAnalysisResponseSchema }),
};
