import { ACCEPTED_IMAGE_MIME_TYPES, formatBytes, MAX_ANALYSIS_IMAGES } from '@archlens/contracts/analysis';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import type { SelectedImage } from '../hooks/use-image-selection';
import { ANALYSIS_TEXTS } from '../texts';

export interface ImageUploadCardProps {
  images: readonly SelectedImage[];
  busy: boolean;
  onAddFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  onGenerate: () => void;
}

/** Upload area (button, file input and drop zone), previews with remove buttons, Generate Analysis. */
export function ImageUploadCard({ images, busy, onAddFiles, onRemove, onClear, onGenerate }: ImageUploadCardProps) {
  const [dragActive, setDragActive] = useState(false);
  const full = images.length >= MAX_ANALYSIS_IMAGES;

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    onAddFiles(Array.from(event.target.files ?? []));
    event.target.value = ''; // choosing the same file again still fires a change
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    setDragActive(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragActive(false);
    if (!busy) onAddFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Card component="section" aria-labelledby="upload-heading">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="upload-heading" variant="h2" sx={{ mb: 2 }}>
          {ANALYSIS_TEXTS.uploadHeading}
        </Typography>

        <Box
          data-testid="upload-drop-zone"
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={(event) => {
            // Moving over a child fires dragleave on the zone: only a real exit counts.
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragActive(false);
          }}
          onDrop={onDrop}
          sx={(theme) => ({
            border: '1.5px dashed',
            borderColor: dragActive ? 'primary.main' : alpha(theme.palette.text.primary, 0.22),
            bgcolor: dragActive ? alpha(theme.palette.primary.main, 0.06) : 'background.default',
            borderRadius: 3,
            px: 2,
            py: { xs: 3.5, md: 4.5 },
            textAlign: 'center',
            transition: 'background-color 120ms, border-color 120ms',
          })}
        >
          <AddPhotoAlternateOutlined sx={{ fontSize: 40, color: 'primary.main', opacity: 0.85 }} aria-hidden />
          <Box sx={{ mt: 1.5 }}>
            <Button component="label" variant="outlined" disabled={busy || full} data-testid="upload-button">
              {ANALYSIS_TEXTS.uploadButton}
              <input
                type="file"
                multiple
                accept={ACCEPTED_IMAGE_MIME_TYPES.join(',')}
                hidden
                onChange={onInputChange}
                data-testid="image-input"
              />
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.25 }}>
            {ANALYSIS_TEXTS.dropHint}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {ANALYSIS_TEXTS.formats}
          </Typography>
        </Box>

        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 3, mb: 1.5 }}>
          <Typography variant="h5" component="h3" data-testid="uploaded-count">
            {ANALYSIS_TEXTS.uploadedHeading(images.length)}
          </Typography>
          {images.length > 0 && (
            <Button size="small" color="secondary" onClick={onClear} disabled={busy}>
              {ANALYSIS_TEXTS.clearAll}
            </Button>
          )}
        </Stack>

        {images.length > 0 && (
          <Box
            component="ul"
            aria-label={ANALYSIS_TEXTS.uploadedHeading(images.length)}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
              gap: 1.5,
            }}
          >
            {images.map((image) => (
              <Box component="li" key={image.id} data-testid="image-preview" sx={{ position: 'relative', minWidth: 0 }}>
                <Box
                  component="img"
                  src={image.previewUrl}
                  alt={image.file.name}
                  sx={{
                    display: 'block',
                    width: '100%',
                    aspectRatio: '4 / 3',
                    objectFit: 'cover',
                    borderRadius: 2,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: 'background.default',
                  }}
                />
                <IconButton
                  size="small"
                  aria-label={ANALYSIS_TEXTS.removeImage(image.file.name)}
                  onClick={() => onRemove(image.id)}
                  disabled={busy}
                  sx={{
                    position: 'absolute',
                    top: 6,
                    right: 6,
                    bgcolor: 'rgba(255,255,255,0.92)',
                    boxShadow: 1,
                    '&:hover': { bgcolor: '#fff' },
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
                <Typography variant="caption" component="p" noWrap title={image.file.name} sx={{ mt: 0.5, fontWeight: 500 }}>
                  {image.file.name}
                </Typography>
                <Typography variant="caption" component="p" color="text.secondary">
                  {formatBytes(image.file.size)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}

        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={onGenerate}
          disabled={images.length === 0 || busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AutoAwesomeOutlined />}
          sx={{ mt: 3 }}
        >
          {ANALYSIS_TEXTS.generate}
        </Button>
      </CardContent>
    </Card>
  );
}
