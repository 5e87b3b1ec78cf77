import { ACCEPTED_IMAGE_MIME_TYPES, formatBytes } from '@archlens/contracts/analysis';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent } from 'react';
import { useFileDrop } from '../../../shared/image-upload/use-file-drop';
import type { ChosenImage } from '../hooks/use-chosen-images';
import type { SketchAnalysisState } from '../hooks/use-sketch-analysis';
import { GENERATION_TEXTS } from '../texts';
import { SketchAnalysisPanel } from './SketchAnalysisPanel';

const T = GENERATION_TEXTS.sketch;

export interface SketchCardProps {
  sketch: ChosenImage | null;
  /** True while the chosen file is checked and optimised. */
  preparing: boolean;
  /** True while a generation runs: the sketch cannot change. */
  locked: boolean;
  analysis: SketchAnalysisState;
  onFiles: (files: File[]) => void;
  onRemove: () => void;
  onRetryAnalysis: () => void;
}

/** The file button of the sketch card: 'Upload Sketch' when empty, 'Replace' once there is one. */
function PickButton({ label, disabled, onFiles }: { label: string; disabled: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    onFiles(Array.from(event.target.files ?? []));
    event.target.value = ''; // choosing the same file again still fires a change
  };
  return (
    <>
      <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()} data-testid="sketch-upload-button">
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_MIME_TYPES.join(',')}
        hidden
        disabled={disabled}
        onChange={onChange}
        data-testid="sketch-input"
      />
    </>
  );
}

/**
 * Spec §2 /create: the sketch upload (one sketch; button, drop zone, preview with Replace and
 * Remove) and, under it, the automatic sketch analysis panel. The file checks and the browser
 * optimisation happen in `useChosenImages`.
 */
export function SketchCard({ sketch, preparing, locked, analysis, onFiles, onRemove, onRetryAnalysis }: SketchCardProps) {
  const busy = preparing || locked;
  const { dragActive, dropZoneProps } = useFileDrop(busy, onFiles);

  return (
    <Card component="section" aria-labelledby="sketch-heading" data-testid="sketch-card">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="sketch-heading" variant="h2" sx={{ mb: 2 }}>
          {T.heading}
        </Typography>

        <Box
          {...dropZoneProps}
          data-testid="sketch-drop-zone"
          sx={(theme) => ({
            border: '1.5px dashed',
            borderColor: dragActive ? 'primary.main' : alpha(theme.palette.text.primary, 0.22),
            bgcolor: dragActive ? alpha(theme.palette.primary.main, 0.06) : 'background.default',
            borderRadius: 3,
            p: sketch ? 1.5 : { xs: 3.5, md: 4.5 },
            textAlign: 'center',
            transition: 'background-color 120ms, border-color 120ms',
          })}
        >
          {sketch ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, textAlign: 'left' }}>
              <Box
                component="img"
                src={sketch.previewUrl}
                alt={T.previewAlt(sketch.originalName)}
                data-testid="sketch-preview"
                sx={{
                  width: { xs: '100%', sm: 220 },
                  maxHeight: 240,
                  aspectRatio: '4 / 3',
                  objectFit: 'contain',
                  bgcolor: '#fff',
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  flexShrink: 0,
                }}
              />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" noWrap title={sketch.originalName} sx={{ fontWeight: 600 }}>
                  {sketch.originalName}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {formatBytes(sketch.file.size)}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
                  <PickButton label={T.replace} disabled={busy} onFiles={onFiles} />
                  <IconButton aria-label={T.remove} onClick={onRemove} disabled={busy}>
                    <DeleteOutline />
                  </IconButton>
                  {preparing && <CircularProgress size={20} aria-hidden />}
                </Stack>
              </Box>
            </Stack>
          ) : (
            <>
              <AddPhotoAlternateOutlined sx={{ fontSize: 40, color: 'primary.main', opacity: 0.85 }} aria-hidden />
              <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1.5 }}>
                <PickButton label={T.upload} disabled={busy} onFiles={onFiles} />
                {preparing && <CircularProgress size={20} aria-hidden />}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.25 }}>
                {T.dropHint}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {T.formats}
              </Typography>
            </>
          )}
        </Box>

        <SketchAnalysisPanel state={analysis} onRetry={onRetryAnalysis} />
      </CardContent>
    </Card>
  );
}
