import { formatBytes } from '@archlens/contracts/analysis';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isUnauthorisedError } from '../../../api/client';
import { describeError } from '../../../api/error-message';
import { drawScaledImage } from '../../../shared/image-optimisation/canvas-encoder';
import { countFilesToOptimise, optimiseImages } from '../../../shared/image-optimisation/optimise-images';
import { toast } from '../../../shared/toast';
import type { AnalysisResult } from '../api/analysis-api';
import { useAnalyseImages } from '../hooks/use-analyse-images';
import { useImageSelection } from '../hooks/use-image-selection';
import { useSimulatedProgress } from '../hooks/use-simulated-progress';
import { ANALYSIS_TEXTS } from '../texts';
import { AnalysisProgressCard } from './AnalysisProgressCard';
import { AnalysisResultCard } from './AnalysisResultCard';
import { ImageUploadCard } from './ImageUploadCard';
import { PreviousAnalyses } from './PreviousAnalyses';
import { ReadyForAnalysis } from './ReadyForAnalysis';

const T = ANALYSIS_TEXTS.toasts;

/** /analyse: select, validate, optimise, submit; then the result and the previous analyses. */
export function AnalysisWorkspace() {
  const selection = useImageSelection();
  const analyse = useAnalyseImages();
  const { progress, start, complete, stop } = useSimulatedProgress();
  const [preparing, setPreparing] = useState(false);
  const [result, setResult] = useState<AnalysisResult | null>(null);
  const busy = preparing || analyse.isPending;

  const generate = async () => {
    const originals = selection.images.map((image) => image.file);
    if (originals.length === 0) {
      toast({ title: T.noImagesTitle, description: T.noImages, variant: 'warning' });
      return;
    }

    setPreparing(true);
    start();
    let files: File[];
    try {
      const toOptimise = countFilesToOptimise(originals);
      if (toOptimise > 0) toast({ title: T.optimisingTitle, description: T.optimising(toOptimise), variant: 'info' });
      const optimised = await optimiseImages(originals, drawScaledImage);
      if (optimised.optimisedCount > 0) {
        toast({
          title: T.optimisedTitle,
          description: T.optimised(formatBytes(optimised.totalBytesBefore), formatBytes(optimised.totalBytesAfter)),
          variant: 'success',
        });
      }
      files = optimised.files;
    } catch (error) {
      stop();
      toast({
        title: T.processingFailedTitle,
        description: error instanceof Error ? error.message : String(error),
        variant: 'error',
      });
      return;
    } finally {
      setPreparing(false);
    }

    analyse.mutate(files, {
      onSuccess: (analysis) => {
        complete();
        setResult(analysis);
        toast({ title: T.completeTitle, description: T.complete(analysis.imageCount), variant: 'success' });
      },
      onError: (error) => {
        stop();
        // A 401 is answered by the global handler (spec §8): toast 'Unauthorized', then login.
        if (!isUnauthorisedError(error)) toast({ title: T.failedTitle, description: describeError(error), variant: 'error' });
      },
    });
  };

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box component="header" sx={{ mb: { xs: 3, md: 4 }, maxWidth: 760 }}>
        <Typography variant="h1">{ANALYSIS_TEXTS.pageTitle}</Typography>
        <Typography variant="subtitle1" sx={{ mt: 1.5 }}>
          {ANALYSIS_TEXTS.pageIntro}
        </Typography>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <ImageUploadCard
          images={selection.images}
          busy={busy}
          onAddFiles={selection.addFiles}
          onRemove={selection.removeImage}
          onClear={selection.clearImages}
          onGenerate={() => void generate()}
        />
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {(busy || progress > 0) && <AnalysisProgressCard progress={progress} />}
          {result ? <AnalysisResultCard key={result.id} result={result} /> : !busy && progress === 0 && <ReadyForAnalysis />}
        </Stack>
      </Box>

      <PreviousAnalyses />
    </Container>
  );
}
