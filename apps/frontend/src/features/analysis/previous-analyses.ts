import { PREVIOUS_ANALYSES_SHOWN, type PreviousAnalysis } from '@archlens/contracts/analysis';

/**
 * The previous analyses of /analyse (spec §2, §9: only the 3 most recent previous analyses are
 * shown). `GET /api/analyses` answers the 3 most recent analyses, so once a new analysis is shown
 * in the results card its answer holds that analysis and only 2 earlier ones. The page therefore
 * keeps every analysis it has been told of (`rememberAnalyses`) and shows the 3 most recent of
 * them other than the one in the results card (`previousAnalysesShown`): the list read before the
 * analysis was made still has the third.
 */

/** Every analysis of `known` and `fetched` once (by id; the fetched copy wins), newest first. */
export function rememberAnalyses(known: readonly PreviousAnalysis[], fetched: readonly PreviousAnalysis[]): PreviousAnalysis[] {
  const byId = new Map(known.map((analysis) => [analysis.id, analysis]));
  for (const analysis of fetched) byId.set(analysis.id, analysis);
  return [...byId.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Spec §9: the 3 most recent of `known`, leaving out the analysis the results card shows (`shownId`). */
export function previousAnalysesShown(known: readonly PreviousAnalysis[], shownId: string | null | undefined): PreviousAnalysis[] {
  return known.filter((analysis) => analysis.id !== shownId).slice(0, PREVIOUS_ANALYSES_SHOWN);
}
