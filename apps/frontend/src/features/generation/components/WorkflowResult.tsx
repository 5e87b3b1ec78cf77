import type { GenerateResponse } from '@archlens/contracts/generation';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ActionButton } from '../../../shared/components/ActionButton';
import { ResultCard } from '../../../shared/components/ResultCard';
import { formatDateTime } from '../../../shared/format-date';
import { copyToSystemClipboard } from '../../../shared/text-actions/TextActionButtons';
import { gridColumns, type ResultView } from '../generation-rules';
import { useObjectUrl } from '../hooks/use-object-url';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.workflow;

/** How long the simulated transformation runs (spec §4: simulated with timers; no call is made). */
export const SIMULATED_TRANSFORMATION_MS = 3_000;

/** One image the workflow asks the user to upload, with its label. */
export interface WorkflowImage {
  label: string;
  file: File;
}

export interface WorkflowResultProps {
  view: Extract<ResultView, { kind: 'workflow' }>;
  result: GenerateResponse;
  createdAt: string;
  /** The sketch (integrated workflow) and the reference images, in that order. */
  images: readonly WorkflowImage[];
  reveal: boolean;
}

function WorkflowThumbnail({ image }: { image: WorkflowImage }) {
  const src = useObjectUrl(image.file);
  return (
    <Box component="li" sx={{ minWidth: 0 }} data-testid="workflow-image">
      {src && (
        <Box
          component="img"
          src={src}
          alt={image.label}
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: '4 / 3',
            objectFit: 'contain',
            bgcolor: '#fff',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        />
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {image.label}
      </Typography>
    </Box>
  );
}

/**
 * Spec §2 /create: with sora or midjourney the results show a workflow view instead of images:
 * image-to-image for the integrated workflow, otherwise a manual workflow; the provider's prompt
 * and steps with copy buttons; the images to upload in a grid of 1, 2 or 3 columns by count (spec
 * §9); and the transformation button, simulated with a timer (spec §4; spec §7: no call is made).
 */
export function WorkflowResult({ view, result, createdAt, images, reveal }: WorkflowResultProps) {
  const provider = GENERATION_TEXTS.controls.providerName(view.provider);
  const [simulation, setSimulation] = useState<'idle' | 'running' | 'done'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const simulate = () => {
    setSimulation('running');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setSimulation('done'), SIMULATED_TRANSFORMATION_MS);
  };
  const steps = view.instructions.map((step, index) => `${index + 1}. ${step}`).join('\n');
  const integrated = view.workflow === 'integrated';
  const columns = gridColumns(images.length);

  return (
    <ResultCard
      idPrefix="generation"
      heading={T.heading(provider)}
      meta={T.meta(formatDateTime(createdAt), result.creditsUsed)}
      badge={
        <Chip
          size="small"
          color={integrated ? 'primary' : 'default'}
          variant="outlined"
          label={integrated ? T.integrated : T.manual}
          data-testid="workflow-kind"
        />
      }
      testId="workflow-result"
      reveal={reveal}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {integrated ? T.integratedCopy(provider) : T.manualCopy(provider)}
      </Typography>

      <Stack direction="row" sx={{ mt: 2.5, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h3">
          {T.prompt}
        </Typography>
        <ActionButton icon={<ContentCopyOutlined fontSize="small" />} onClick={() => void copyToSystemClipboard(view.prompt)}>
          {T.copyPrompt}
        </ActionButton>
      </Stack>
      <Box
        data-testid="workflow-prompt"
        sx={{
          mt: 1,
          p: 1.75,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: '0.88rem',
          lineHeight: 1.65,
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        {view.prompt}
      </Box>

      {view.instructions.length > 0 && (
        <>
          <Stack direction="row" sx={{ mt: 2.5, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h3">
              {T.instructions}
            </Typography>
            <ActionButton icon={<ContentCopyOutlined fontSize="small" />} onClick={() => void copyToSystemClipboard(steps)}>
              {T.copyInstructions}
            </ActionButton>
          </Stack>
          <Box component="ol" data-testid="workflow-steps" sx={{ m: 0, mt: 1, pl: 3 }}>
            {view.instructions.map((step, index) => (
              <Typography component="li" variant="body2" key={index} sx={{ mb: 0.75, lineHeight: 1.65 }}>
                {step}
              </Typography>
            ))}
          </Box>
        </>
      )}

      {images.length > 0 && (
        <>
          <Typography variant="h5" component="h3" sx={{ mt: 2.5 }}>
            {T.imagesHeading}
          </Typography>
          <Box
            component="ul"
            data-testid="workflow-images"
            data-columns={columns}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 1.25,
              display: 'grid',
              gridTemplateColumns: { xs: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`, sm: `repeat(${columns}, minmax(0, 1fr))` },
              gap: 1.5,
              // Thumbnails to recognise, not to study: at most 240 px a column.
              maxWidth: columns * 240,
            }}
          >
            {images.map((image) => (
              <WorkflowThumbnail key={image.label} image={image} />
            ))}
          </Box>
        </>
      )}

      <Box sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: 'divider' }}>
        <Button
          variant="contained"
          startIcon={<PlayArrowOutlined />}
          onClick={simulate}
          disabled={simulation === 'running'}
          data-testid="simulate-transformation"
        >
          {T.simulate(provider)}
        </Button>
        <Box aria-live="polite" sx={{ mt: 1.5 }}>
          {simulation === 'running' && (
            <>
              <Typography variant="body2" color="text.secondary">
                {T.simulating(provider)}
              </Typography>
              <LinearProgress sx={{ mt: 1 }} aria-label={T.simulationLabel} />
            </>
          )}
          {simulation === 'done' && (
            <Alert severity="info" variant="outlined" data-testid="simulation-done">
              {T.simulated(provider)}
            </Alert>
          )}
        </Box>
      </Box>
    </ResultCard>
  );
}
