import { AnalysisWorkspace } from '../features/analysis/components/AnalysisWorkspace';

/** Route `/analyse`: Design Language Analysis (spec §2, §4, §9). */
export default function AnalysePage() {
  return <AnalysisWorkspace />;
}
