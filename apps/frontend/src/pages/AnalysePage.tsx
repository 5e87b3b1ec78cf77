import { AnalysisWorkspace } from '../features/analysis/components/AnalysisWorkspace';

/** Route `/analyse`: Design Language Analysis. */
export default function AnalysePage() {
  return <AnalysisWorkspace />;
}
