import { PREVIOUS_ANALYSES_SHOWN, type PreviousAnalysis } from '@archlens/contracts/analysis';

/**
 * Spec §2, §9: the 3 most recent previous analyses of `listed` (`GET /api/analyses`, newest first,
 * one more than are shown), leaving out the analysis the results card shows (`shownId`).
 */
export function previousAnalysesShown(listed: readonly PreviousAnalysis[], shownId: string | null | undefined): PreviousAnalysis[] {
  return listed.filter((analysis) => analysis.id !== shownId).slice(0, PREVIOUS_ANALYSES_SHOWN);
}
