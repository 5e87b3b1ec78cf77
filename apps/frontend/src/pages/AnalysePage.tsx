import { AnalysisWorkspace } from '../features/analysis/components/AnalysisWorkspace';

export default function AnalysePage() {
  return <AnalysisWorkspace />;
}
