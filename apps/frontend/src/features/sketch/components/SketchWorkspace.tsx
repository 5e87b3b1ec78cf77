import { MAX_SKETCH_IMAGES } from '@archlens/contracts/sketch';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { useState } from 'react';
import { describeError } from '../../../api/error-message';
import { ToolPage } from '../../../shared/components/ToolPage';
import { ImageUploadCard } from '../../../shared/image-upload/ImageUploadCard';
import { useImageSelection } from '../../../shared/image-upload/use-image-selection';
import { useImageUploadRun } from '../../../shared/image-upload/use-image-upload-run';
import { toast } from '../../../shared/toast';
import type { SketchReading } from '../api/sketch-api';
import { useReadSketches } from '../hooks/use-read-sketches';
import { SKETCH_TEXTS } from '../texts';
import { SketchResultCard } from './SketchResultCard';

const T = SKETCH_TEXTS.toasts;

/**
 * /read-sketch, Process Your Sketch (spec §2, §4 sketch reading flow, §5, §8, §9): up to 3
 * sketches chosen (numbered previews), optimised in the browser, read by `POST /api/analyze-sketch`,
 * then the reading; Start Over clears the files, previews, reading and progress.
 */
export function SketchWorkspace() {
  const selection = useImageSelection(MAX_SKETCH_IMAGES);
  const readSketches = useReadSketches();
  const [outcome, setOutcome] = useState<{ reading: SketchReading; elapsedMs: number } | null>(null);
  const { run, busy, progress, resetProgress } = useImageUploadRun({
    submit: readSketches.mutateAsync,
    noImages: T.noImages,
    failedTitle: T.failedTitle,
    describeFailure: (error) => T.failed(describeError(error)),
    onSuccess: (reading: SketchReading, elapsedMs) => {
      setOutcome({ reading, elapsedMs });
      toast({ title: T.completeTitle, description: T.complete(reading.imageCount), variant: 'success' });
    },
  });

  const startOver = () => {
    selection.clearImages();
    setOutcome(null);
    resetProgress();
  };

  return (
    <ToolPage
      title={SKETCH_TEXTS.pageTitle}
      intro={SKETCH_TEXTS.pageIntro}
      upload={
        <ImageUploadCard
          selection={selection}
          maxImages={MAX_SKETCH_IMAGES}
          busy={busy}
          texts={SKETCH_TEXTS.upload}
          numbered
          previewFit="contain"
          onSubmit={() => void run(selection.images)}
          submitWhenEmpty
          secondaryAction={{
            label: SKETCH_TEXTS.startOver,
            onClick: startOver,
            disabled: busy || (selection.images.length === 0 && outcome === null && progress === 0),
            icon: <RestartAlt />,
          }}
        />
      }
      busy={busy}
      progress={{ progress, testId: 'sketch-progress', ...SKETCH_TEXTS.progress }}
      result={
        outcome && (
          <SketchResultCard
            key={outcome.reading.id}
            reading={outcome.reading}
            elapsedMs={outcome.elapsedMs}
            reveal={!busy && progress === 0}
          />
        )
      }
      empty={{ icon: DrawOutlined, testId: 'sketch-empty', ...SKETCH_TEXTS.empty }}
    />
  );
}
