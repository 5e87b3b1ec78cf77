import type { Subscription } from '@archlens/contracts/auth';
import type { GenerateResponse } from '@archlens/contracts/generation';
import {
  buildGenerationPrompt,
  GENERATION_PROVIDERS,
  MAX_REFERENCE_IMAGES,
  VARIATIONS,
  type GenerationProvider,
} from '@archlens/contracts/generation-options';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { isRefusal, isUnauthorisedError } from '../../../api/client';
import { EmptyStateCard } from '../../../shared/components/EmptyStateCard';
import { ProgressCard } from '../../../shared/components/ProgressCard';
import { toast } from '../../../shared/toast';
import { useCapabilities } from '../../capabilities/hooks/use-capabilities';
import { StyleSourceNote } from '../../design-loop/components/StyleSourceNote';
import { useIncomingStyleBrief } from '../../design-loop/hooks/use-incoming-style-brief';
import { generationErrorToast, newJobId, retryFreeErrorToast } from '../generation-errors';
import { isProgressShown, progressCaption } from '../generation-progress';
import {
  checkBeforeGenerate,
  creditsMeter,
  DEFAULT_SETTINGS,
  isGenerateDisabled,
  parseSeed,
  providerAvailability,
  providerBlockedNote,
  resultView,
  type GenerationSettings,
  type ProviderAvailability,
} from '../generation-rules';
import { useChosenImages } from '../hooks/use-chosen-images';
import { useGenerate } from '../hooks/use-generate';
import { useGenerationProgress } from '../hooks/use-generation-progress';
import { useObjectUrl } from '../hooks/use-object-url';
import { useRetryFree } from '../hooks/use-retry-free';
import { useSketchAnalysis } from '../hooks/use-sketch-analysis';
import { useStyleDraft } from '../hooks/use-style-draft';
import { GENERATION_TEXTS } from '../texts';
import { CombinedPromptCard } from './CombinedPromptCard';
import { CreditsMeterCard } from './CreditsMeterCard';
import { GenerationControls } from './GenerationControls';
import { ImageResults } from './ImageResults';
import { ReferenceSlots } from './ReferenceSlots';
import { SketchCard } from './SketchCard';
import { StyleDescriptionCard } from './StyleDescriptionCard';
import { WorkflowResult } from './WorkflowResult';

const toasts = GENERATION_TEXTS.toasts;

/** A finished generation and the inputs it was made from (the page's inputs may change since). */
interface Outcome {
  result: GenerateResponse;
  createdAt: string;
  sketch: File;
  references: File[];
}

/** The results panel: the images or the provider's workflow, after the generation that made them. */
function ResultsPanel({
  outcome,
  pending,
  reveal,
  onVariations,
  onRegenerateWithSeed,
  onRetryFree,
}: {
  outcome: Outcome;
  pending: boolean;
  reveal: boolean;
  onVariations: () => void;
  onRegenerateWithSeed: (seed: number) => void;
  onRetryFree: () => void;
}) {
  const sketchSrc = useObjectUrl(outcome.sketch);
  const view = resultView(outcome.result.metadata);
  if (view.kind === 'workflow') {
    const references = outcome.references.map((file, index) => ({ label: GENERATION_TEXTS.workflow.referenceImage(index + 1), file }));
    const images =
      view.workflow === 'integrated' ? [{ label: GENERATION_TEXTS.workflow.sketchImage, file: outcome.sketch }, ...references] : references;
    return <WorkflowResult view={view} result={outcome.result} createdAt={outcome.createdAt} images={images} reveal={reveal} />;
  }
  return (
    <ImageResults
      result={outcome.result}
      createdAt={outcome.createdAt}
      sketchSrc={sketchSrc}
      pending={pending}
      reveal={reveal}
      onVariations={onVariations}
      onRegenerateWithSeed={onRegenerateWithSeed}
      onRetryFree={onRetryFree}
    />
  );
}

/**
 * /create for a Pro user (spec §2 /create, §4 generation states idle → pending with progress →
 * results, §5 generation validation, §8 toasts, §9 constants): the sketch with its automatic
 * reading, four reference slots, the style description, the controls, the combined prompt, the
 * credits meter with 'Generate Images', then the progress (the worker's events, or the simulated
 * fallback) and the results. After each generation the user (credits) and the history are read
 * again (`useGenerate`). A failed generation shows its toast and nothing more: the sketch and the
 * previous result stay. A result with a render marked geometry drift offers Retry free once: the
 * same recipe with a new seed, no credits, its progress followed like a generation's, its renders
 * shown in place of the drifted ones (made from the same sketch). A provider this server cannot
 * use (`GET /api/capabilities`) cannot be chosen, and with one chosen nothing is sent and nothing
 * on the page is cleared. Opened by "Use as style", the style description starts as the
 * analysis's brief and the generation keeps the analysis.
 */
export function GenerationStudio({ subscription }: { subscription: Subscription }) {
  const analysis = useSketchAnalysis();
  const sketchInput = useChosenImages(1, { replace: true, onAdded: ([chosen]) => chosen && analysis.analyse(chosen) });
  const sketch = sketchInput.images[0] ?? null;
  const references = useChosenImages(MAX_REFERENCE_IMAGES);
  // "Use as style": the brief fills the style description, and the analysis goes with the generation.
  const incomingBrief = useIncomingStyleBrief();
  const style = useStyleDraft(incomingBrief?.text);
  const [sourceAnalysisId, setSourceAnalysisId] = useState<string | null>(incomingBrief?.analysisId ?? null);
  const [settings, setSettings] = useState<GenerationSettings>(DEFAULT_SETTINGS);
  const { mutateAsync: generate } = useGenerate();
  const { mutateAsync: retryFreeOf } = useRetryFree();
  const progress = useGenerationProgress();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const capabilities = useCapabilities();
  const availability = Object.fromEntries(
    GENERATION_PROVIDERS.map((provider) => [provider, providerAvailability(provider, capabilities.data, capabilities.failed)]),
  ) as Record<GenerationProvider, ProviderAvailability>;

  const sketchDescription =
    analysis.state.status === 'read' && analysis.state.sketchId === sketch?.id ? analysis.state.reading.description : '';
  const prompt = buildGenerationPrompt({
    sketchDescription,
    styleDescription: style.text,
    lighting: settings.lighting,
    detailLevel: settings.detailLevel,
    aspectRatio: settings.aspectRatio,
  });
  const meter = creditsMeter(subscription, settings.variations, settings.detailLevel);
  const locked = pending;

  /** Generates with the settings shown, changed first by `overrides` ('Variations', 'Regenerate with this seed'). */
  const run = async (overrides: Partial<GenerationSettings> = {}) => {
    const next = { ...settings, ...overrides };
    setSettings(next);
    const problem = checkBeforeGenerate({
      hasSketch: sketch !== null,
      styleDescription: style.text,
      meter: creditsMeter(subscription, next.variations, next.detailLevel),
      provider: { name: next.provider, availability: availability[next.provider] },
    });
    if (problem || !sketch) {
      if (problem) toast({ ...problem, variant: 'warning' });
      return;
    }
    const seed = parseSeed(next.seed);
    if (!seed.ok) {
      toast({ title: toasts.seedInvalidTitle, description: GENERATION_TEXTS.controls.seedInvalid, variant: 'warning' });
      return;
    }

    const inputs = { sketch: sketch.file, references: references.images.map((image) => image.file) };
    const jobId = newJobId();
    setPending(true);
    // The previous result stays on screen until the new one replaces it: a generation that fails
    // adds its toast and takes nothing away (the panel names the provider of the result it shows).
    try {
      // The event stream is open before the request, so no stage is missed.
      await progress.begin(jobId);
      const result = await generate({
        jobId,
        ...inputs,
        options: {
          styleDescription: style.text.trim(),
          sketchDescription,
          aspectRatio: next.aspectRatio,
          sketchInfluence: next.sketchInfluence,
          detailLevel: next.detailLevel,
          lighting: next.lighting,
          variations: next.variations,
          provider: next.provider,
          seed: seed.seed,
        },
        sourceAnalysisId,
      });
      progress.finish();
      setOutcome({ result, createdAt: new Date().toISOString(), ...inputs });
      const providerName = GENERATION_TEXTS.controls.providerName(result.metadata.provider);
      toast(
        resultView(result.metadata).kind === 'workflow'
          ? { title: toasts.workflowReadyTitle, description: toasts.workflowReady(providerName), variant: 'success' }
          : { title: toasts.imagesReadyTitle, description: toasts.imagesReady(result.images.length), variant: 'success' },
      );
    } catch (error) {
      progress.abort();
      // A 401 is the global handler's.
      if (!isUnauthorisedError(error)) toast({ ...generationErrorToast(error), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  /** Retry free of the result shown: its renders replace the drifted ones; a refusal leaves them, and one already used hides the offer. */
  const retryFree = async () => {
    if (!outcome) return;
    const jobId = newJobId();
    setPending(true);
    try {
      await progress.begin(jobId);
      const result = await retryFreeOf({ id: outcome.result.jobId, jobId });
      progress.finish();
      setOutcome({ ...outcome, result, createdAt: new Date().toISOString() });
      toast({ title: toasts.retryFreeReadyTitle, description: toasts.retryFreeReady(result.images.length), variant: 'success' });
    } catch (error) {
      progress.abort();
      if (isRefusal(error, 'generation.free-retry-used', 409)) setOutcome({ ...outcome, result: { ...outcome.result, freeRetry: 'used' } });
      if (!isUnauthorisedError(error)) toast({ ...retryFreeErrorToast(error), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  const progressShown = isProgressShown(progress.state);

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <SketchCard
            sketch={sketch}
            preparing={sketchInput.preparing}
            locked={locked}
            analysis={analysis.state}
            onFiles={(files) => void sketchInput.addFiles(files)}
            onRemove={() => {
              if (sketch) sketchInput.removeImage(sketch.id);
              analysis.clear();
            }}
            onRetryAnalysis={() => sketch && analysis.analyse(sketch)}
          />
          <ReferenceSlots references={references} locked={locked} />
          <StyleDescriptionCard style={style} locked={locked} />
          {sourceAnalysisId && <StyleSourceNote analysisId={sourceAnalysisId} locked={locked} onUnlink={() => setSourceAnalysisId(null)} />}
          <GenerationControls
            settings={settings}
            onChange={(change) => setSettings((prev) => ({ ...prev, ...change }))}
            locked={locked}
            availability={availability}
          />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0, position: { md: 'sticky' }, top: { md: 88 } }}>
          <CombinedPromptCard prompt={prompt} styleDescription={style.text} />
          <CreditsMeterCard
            meter={meter}
            pending={pending}
            disabled={isGenerateDisabled({
              hasSketch: sketch !== null,
              pending: pending || sketchInput.preparing,
              meter,
              providerAvailability: availability[settings.provider],
            })}
            onGenerate={() => void run()}
            blockedNote={providerBlockedNote(settings.provider, availability[settings.provider])}
          />
        </Stack>
      </Box>

      <Stack spacing={3} sx={{ mt: 3 }}>
        {progressShown && (
          <Box data-progress-source={progress.state.source} data-progress-stage={progress.state.stage ?? ''}>
            <ProgressCard
              progress={progress.state.percent}
              heading={GENERATION_TEXTS.progress.heading}
              label={GENERATION_TEXTS.progress.label}
              caption={progressCaption(progress.state)}
              testId="generation-progress"
            />
          </Box>
        )}
        {outcome ? (
          <ResultsPanel
            key={outcome.result.jobId}
            outcome={outcome}
            pending={pending}
            reveal={!pending && !progressShown}
            onVariations={() => void run({ variations: VARIATIONS.onVariationsAction })}
            onRegenerateWithSeed={(seed) => void run({ seed: String(seed) })}
            onRetryFree={() => void retryFree()}
          />
        ) : (
          !pending &&
          !progressShown && (
            <EmptyStateCard
              icon={PhotoLibraryOutlined}
              testId="generation-empty"
              heading={GENERATION_TEXTS.empty.heading}
              copy={sketch ? GENERATION_TEXTS.empty.copyWithSketch : GENERATION_TEXTS.empty.copy}
            />
          )
        )}
      </Stack>
    </>
  );
}
