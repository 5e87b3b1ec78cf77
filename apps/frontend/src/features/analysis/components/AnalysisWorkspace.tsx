import { MAX_ANALYSIS_IMAGES } from '@archlens/contracts/analysis';
import ArchitectureOutlined from '@mui/icons-material/ArchitectureOutlined';
import { useState } from 'react';
import { describeError } from '../../../api/error-message';
import { ToolPage } from '../../../shared/components/ToolPage';
import { ImageUploadCard } from '../../../shared/image-upload/ImageUploadCard';
import { useImageSelection } from '../../../shared/image-upload/use-image-selection';
import { useImageUploadRun } from '../../../shared/image-upload/use-image-upload-run';
import { toast } from '../../../shared/toast';
import type { AnalysisResult } from '../api/analysis-api';
import { useAnalyseImages } from '../hooks/use-analyse-images';
import { ANALYSIS_TEXTS } from '../texts';
import { AnalysisResultCard } from './AnalysisResultCard';
import { PreviousAnalyses } from './PreviousAnalyses';
import { UpsellCard } from './UpsellCard';

const T = ANALYSIS_TEXTS.toasts;

/** /analyse: select, validate, optimise, submit; then the result and the previous analyses. */
export function AnalysisWorkspace() {
  const selection = useImageSelection(MAX_ANALYSIS_IMAGES);
  const analyse = useAnalyseImages();
  const [result, setResult] = useState<AnalysisResult | null>(null);
  const { run, busy, progress } = useImageUploadRun({
    submit: analyse.mutateAsync,
    noImages: T.noImages,
    failedTitle: T.failedTitle,
    describeFailure: describeError,
    onSuccess: (analysis: AnalysisResult) => {
      setResult(analysis);
      toast({ title: T.completeTitle, description: T.complete(analysis.imageCount), variant: 'success' });
    },
  });

  return (
    <ToolPage
      title={ANALYSIS_TEXTS.pageTitle}
      intro={ANALYSIS_TEXTS.pageIntro}
      upload={
        <ImageUploadCard
          selection={selection}
          maxImages={MAX_ANALYSIS_IMAGES}
          busy={busy}
          texts={ANALYSIS_TEXTS.upload}
          onSubmit={() => void run(selection.images)}
          clearAction={{ label: ANALYSIS_TEXTS.clearAll, onClick: selection.clearImages }}
        />
      }
      busy={busy}
      progress={{ progress, testId: 'analysis-progress', ...ANALYSIS_TEXTS.progress }}
      result={result && <AnalysisResultCard key={result.id} result={result} />}
      empty={{ icon: ArchitectureOutlined, testId: 'analysis-empty', ...ANALYSIS_TEXTS.empty }}
      aside={<UpsellCard />}
      footer={<PreviousAnalyses shownId={result?.id ?? null} />}
    />
  );
}
