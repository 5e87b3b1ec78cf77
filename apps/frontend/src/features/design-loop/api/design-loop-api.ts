import { analyseRenderResponseSchema, type AnalyseRenderResponse } from '@archlens/contracts/design-loop';
import { analyseRenderPath } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';
import { analysisResultSchema } from '../../analysis/api/analysis-api';

/** The answer as the SPA displays it: the analysis read as /analyse reads one (the server enforces its text rules). */
const analyseRenderResultSchema = analyseRenderResponseSchema.extend({ analysis: analysisResultSchema });

/** The design loop's call; it throws `HttpError` ("{status}: {body}") on a non-OK answer. */
export const designLoopApi = {
  /** `POST /api/generations/{jobId}/{index}/analyse`: the render analysed and its tags compared. */
  analyseRender: (jobId: string, index: number): Promise<AnalyseRenderResponse> =>
    apiRequest(analyseRenderPath(jobId, index), { method: 'POST', schema: analyseRenderResultSchema }),
};
