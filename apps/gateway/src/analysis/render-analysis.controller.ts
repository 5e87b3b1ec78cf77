import { Controller, Param, UseInterceptors } from '@nestjs/common';
import type { AnalyseRenderResponse } from '@archlens/contracts/design-loop';
import { Route } from '../access/route.decorator.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { AnalysisSlotsInterceptor } from './analysis-slots.interceptor.js';
import { RenderAnalysisService } from './render-analysis.service.js';

/** "Analyse this render": `POST /api/generations/{jobId}/{index}/analyse`, signed-in only. */
@Controller()
export class RenderAnalysisController {
  constructor(private readonly renders: RenderAnalysisService) {}

  /**
   * `POST /api/generations/{jobId}/{index}/analyse` → 200 `{analysis, comparison: {kept, added,
   * lost, against}}`. Free (no credits), and counted in the user's analyses exactly as
   * `POST /api/analyze` (`AnalysisSlotsInterceptor`: the running analyses and the hourly limit, 429
   * past them). 404 `Generation not found.` for another user's generation, an unknown one, or an
   * image it does not have; 422 for a render that does not decode; 502, 503, 504 as an analysis.
   */
  @Route('analyseRender')
  @UseInterceptors(AnalysisSlotsInterceptor)
  analyse(@CurrentUserId() userId: string, @Param('jobId') jobId: string, @Param('index') index: string): Promise<AnalyseRenderResponse> {
    return this.renders.analyse(userId, jobId, index);
  }
}
