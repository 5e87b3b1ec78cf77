import { generationDownloadFileName, type GenerateResponse } from '@archlens/contracts/generation';
import AutoAwesomeMotionOutlined from '@mui/icons-material/AutoAwesomeMotionOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import OpenInFullOutlined from '@mui/icons-material/OpenInFullOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { saveFile } from '../../../api/download';
import { ActionButton, ActionToolbar } from '../../../shared/components/ActionButton';
import { ResultCard } from '../../../shared/components/ResultCard';
import { formatDateTime } from '../../../shared/format-date';
import { toast } from '../../../shared/toast';
import { AnalyseRender } from '../../design-loop/components/AnalyseRender';
import { AddToProjectButton } from '../../library/components/AddToProjectButton';
import { generationApi } from '../api/generation-api';
import { gridColumns } from '../generation-rules';
import { GENERATION_TEXTS } from '../texts';
import { BeforeAfterCompare } from './BeforeAfterCompare';
import { FreeRetryOffer } from './FreeRetryOffer';

const T = GENERATION_TEXTS.results;
const toasts = GENERATION_TEXTS.toasts;

export interface ImageResultsProps {
  result: GenerateResponse;
  /** When the answer came (ISO). */
  createdAt: string;
  /** The sketch the images were made from (object URL), for the before/after slider. */
  sketchSrc: string | null;
  /** True while another generation runs. */
  pending: boolean;
  reveal: boolean;
  /** Spec §9 'Variations': sets 4 and regenerates. */
  onVariations: () => void;
  /** Beyond the spec: the same settings again with this image's seed. */
  onRegenerateWithSeed: (seed: number) => void;
  /** Retry free of this generation, offered while `result.freeRetry` is `offered`; absent, never offered. */
  onRetryFree?: () => void;
}

/** Spec §7, §8: saves image `index` of the job as a numbered .jpg, or 'Download Failed'. */
export async function downloadRender(jobId: string, index: number): Promise<void> {
  try {
    const blob = await generationApi.downloadImage(jobId, index);
    saveFile({ blob, fileName: generationDownloadFileName(index) });
  } catch {
    toast({ title: toasts.downloadFailedTitle, description: toasts.downloadFailed, variant: 'error' });
  }
}

/** Spec §2, §8: the upscale action only announces that it is coming. */
function announceUpscale(): void {
  toast({ title: toasts.upscaleTitle, description: toasts.upscale, variant: 'info' });
}

/**
 * The images of a generation (spec §2 /create results panel): a grid of 1, 2 or 3 columns by image
 * count (`gridColumns`), each render with a before/after slider against the sketch, its seed
 * where the provider has seeds (`metadata.seedSupported`; OpenAI has none and says so), Download
 * (numbered .jpg, spec §7), Upscale ('Coming Soon'), 'Regenerate with this seed' and 'Analyse this
 * render' (its tags compared with what it was asked for); above them 'Variations' (4 more with the
 * same settings) and Add to project (the whole job, one library item); below them, while the
 * generation offers it (a render marked geometry drift), Retry free.
 */
export function ImageResults({
  result,
  createdAt,
  sketchSrc,
  pending,
  reveal,
  onVariations,
  onRegenerateWithSeed,
  onRetryFree,
}: ImageResultsProps) {
  const { metadata } = result;
  const providerName = GENERATION_TEXTS.controls.providerName(metadata.provider);
  const columns = gridColumns(result.images.length);

  return (
    <ResultCard
      idPrefix="generation"
      heading={T.heading}
      meta={T.meta(formatDateTime(createdAt), result.images.length, result.creditsUsed)}
      badge={
        <Chip size="small" variant="outlined" label={T.details(providerName, metadata.model, metadata.size)} sx={{ maxWidth: '100%' }} />
      }
      testId="generation-result"
      reveal={reveal}
    >
      <ActionToolbar label={T.actionsLabel}>
        <ActionButton
          icon={<AutoAwesomeMotionOutlined fontSize="small" />}
          onClick={onVariations}
          disabled={pending}
          title={T.variationsHint}
        >
          {T.variations}
        </ActionButton>
        <AddToProjectButton type="generation" id={result.jobId} />
      </ActionToolbar>
      {onRetryFree && <FreeRetryOffer state={result.freeRetry} onRetry={onRetryFree} disabled={pending} />}

      <Box
        component="ul"
        aria-label={T.gridLabel}
        data-testid="generated-images"
        data-columns={columns}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 2.5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` },
          gap: 2.5,
        }}
      >
        {result.images.map((image) => {
          const n = image.index + 1;
          const seed = metadata.seedSupported ? image.seed : null;
          return (
            <Box component="li" key={image.index} data-testid="generated-image" sx={{ minWidth: 0 }}>
              <Box component="figure" sx={{ m: 0 }}>
                {sketchSrc ? (
                  <BeforeAfterCompare
                    sketchSrc={sketchSrc}
                    renderSrc={image.url}
                    renderAlt={T.renderAlt(n)}
                    label={T.compare(n)}
                    fidelity={image.fidelity === null ? null : { score: image.fidelity, drift: image.geometryDrift }}
                    overlay={image.overlayUrl ? { src: image.overlayUrl, label: T.unmatchedLinesLabel(n) } : null}
                  />
                ) : (
                  <Box
                    component="img"
                    src={image.url}
                    alt={T.renderAlt(n)}
                    sx={{ display: 'block', width: '100%', borderRadius: 2, border: 1, borderColor: 'divider' }}
                  />
                )}
                <Stack
                  component="figcaption"
                  direction="row"
                  sx={{ mt: 1, alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {T.render(n)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" data-testid="generated-image-seed">
                    {seed !== null ? T.seed(seed) : metadata.seedSupported ? '' : T.noSeed(providerName)}
                  </Typography>
                </Stack>
              </Box>
              <Stack direction="row" useFlexGap sx={{ mt: 1, gap: 1, flexWrap: 'wrap' }}>
                <ActionButton
                  icon={<DownloadOutlined fontSize="small" />}
                  onClick={() => void downloadRender(result.jobId, image.index)}
                  title={T.downloadHint(generationDownloadFileName(image.index))}
                  aria-label={`${T.download} ${T.render(n).toLowerCase()}`}
                >
                  {T.download}
                </ActionButton>
                <ActionButton icon={<OpenInFullOutlined fontSize="small" />} onClick={announceUpscale}>
                  {T.upscale}
                </ActionButton>
                {seed !== null && (
                  <ActionButton icon={<ReplayOutlined fontSize="small" />} onClick={() => onRegenerateWithSeed(seed)} disabled={pending}>
                    {T.regenerateWithSeed}
                  </ActionButton>
                )}
              </Stack>
              <AnalyseRender jobId={result.jobId} index={image.index} />
            </Box>
          );
        })}
      </Box>
    </ResultCard>
  );
}
