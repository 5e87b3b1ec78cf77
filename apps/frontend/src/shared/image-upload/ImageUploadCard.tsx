import { ACCEPTED_IMAGE_MIME_TYPES, formatBytes } from '@archlens/contracts/analysis';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { RemoveImageButton } from './RemoveImageButton';
import { UPLOAD_CARD_TEXTS } from './texts';
import { useFileDrop } from './use-file-drop';
import type { ImageSelection } from './use-image-selection';

/** The texts of one tool's upload card (each feature keeps them in its own texts.ts). */
export interface ImageUploadCardTexts {
  heading: string;
  uploadButton: string;
  uploadedHeading: (count: number) => string;
  /** The submit button, e.g. 'Generate Analysis' or 'Analyse Sketch'. */
  submit: string;
  /** The alternative text of a preview; the file name when absent. */
  previewAlt?: (position: number, fileName: string) => string;
}

/** A secondary button: 'Remove all' beside the count, or 'Start Over' beside the submit button. */
export interface UploadCardAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  icon?: ReactNode;
}

export interface ImageUploadCardProps {
  /** The images chosen, from `useImageSelection` (which applies the spec §5 checks). */
  selection: ImageSelection;
  /** Spec §9: 10 photos, 3 sketches. */
  maxImages: number;
  busy: boolean;
  texts: ImageUploadCardTexts;
  /** Number the previews from 1, as an ordered list (spec §2 /read-sketch: previews numbered 1 to 3). */
  numbered?: boolean;
  /** 'contain' shows a whole drawing; 'cover' (the default) fills the tile with a photo. */
  previewFit?: 'cover' | 'contain';
  onSubmit: () => void;
  /**
   * Keep the submit button enabled with no images, so that pressing it answers with the 'No Images
   * Selected' toast (spec §5 /read-sketch). Off by default: spec §2 disables 'Generate Analysis'
   * with no images.
   */
  submitWhenEmpty?: boolean;
  /** Shown beside the uploaded count while there are images. */
  clearAction?: UploadCardAction;
  /** Shown beside the submit button. */
  secondaryAction?: UploadCardAction;
}

/**
 * Upload area (button, file input and drop zone), previews with remove buttons and the submit
 * button: the upload half of /analyse and /read-sketch. Chosen and dropped files go
 * to `selection.addFiles`, which applies the spec §5 checks and reads each file's content. The
 * upload button is a real button: Tab reaches it, Enter or Space opens the file chooser.
 */
export function ImageUploadCard({
  selection: { images, addFiles: onAddFiles, removeImage: onRemove },
  maxImages,
  busy,
  texts,
  numbered = false,
  previewFit = 'cover',
  onSubmit,
  submitWhenEmpty = false,
  clearAction,
  secondaryAction,
}: ImageUploadCardProps) {
  const full = images.length >= maxImages;
  const { dragActive, dropZoneProps } = useFileDrop(busy, (files) => void onAddFiles(files));
  const input = useRef<HTMLInputElement>(null);

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    void onAddFiles(Array.from(event.target.files ?? []));
    event.target.value = ''; // choosing the same file again still fires a change
  };

  return (
    <Card component="section" aria-labelledby="upload-heading">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="upload-heading" variant="h2" sx={{ mb: 2 }}>
          {texts.heading}
        </Typography>

        <Box
          data-testid="upload-drop-zone"
          {...dropZoneProps}
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
            {/* A real button (focusable; Enter and Space open the file chooser) that clicks the
                hidden input, which takes the button's name as its label. aria-disabled as well as
                disabled: the state reads as it did when this was a label. */}
            <Button
              variant="outlined"
              disabled={busy || full}
              aria-disabled={busy || full}
              onClick={() => input.current?.click()}
              data-testid="upload-button"
            >
              {texts.uploadButton}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              accept={ACCEPTED_IMAGE_MIME_TYPES.join(',')}
              hidden
              aria-label={texts.uploadButton}
              onChange={onInputChange}
              data-testid="image-input"
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.25 }}>
            {UPLOAD_CARD_TEXTS.dropHint}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {UPLOAD_CARD_TEXTS.formats(maxImages)}
          </Typography>
        </Box>

        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 3, mb: 1.5 }}>
          <Typography variant="h5" component="h3" data-testid="uploaded-count">
            {texts.uploadedHeading(images.length)}
          </Typography>
          {images.length > 0 && clearAction && (
            <Button size="small" color="secondary" onClick={clearAction.onClick} disabled={busy || clearAction.disabled}>
              {clearAction.label}
            </Button>
          )}
        </Stack>

        {images.length > 0 && (
          <Box
            component="ul"
            aria-label={texts.uploadedHeading(images.length)}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
              gap: 1.5,
            }}
          >
            {images.map((image, index) => (
              <Box component="li" key={image.id} data-testid="image-preview" sx={{ position: 'relative', minWidth: 0 }}>
                <Box
                  component="img"
                  src={image.previewUrl}
                  alt={texts.previewAlt?.(index + 1, image.file.name) ?? image.file.name}
                  sx={{
                    display: 'block',
                    width: '100%',
                    aspectRatio: '4 / 3',
                    objectFit: previewFit,
                    borderRadius: 2,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: 'background.default',
                  }}
                />
                {numbered && (
                  <Box
                    aria-hidden
                    data-testid="preview-number"
                    sx={{
                      position: 'absolute',
                      top: 6,
                      left: 6,
                      minWidth: 26,
                      height: 26,
                      px: 0.75,
                      borderRadius: 13,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      fontSize: '0.8rem',
                      fontWeight: 700,
                      boxShadow: 1,
                    }}
                  >
                    {index + 1}
                  </Box>
                )}
                <RemoveImageButton
                  label={UPLOAD_CARD_TEXTS.removeImage(image.file.name)}
                  onClick={() => onRemove(image.id)}
                  disabled={busy}
                />
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

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={onSubmit}
            disabled={(images.length === 0 && !submitWhenEmpty) || busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AutoAwesomeOutlined />}
          >
            {texts.submit}
          </Button>
          {secondaryAction && (
            <Button
              variant="outlined"
              color="secondary"
              size="large"
              onClick={secondaryAction.onClick}
              disabled={secondaryAction.disabled}
              startIcon={secondaryAction.icon}
              sx={{ flexShrink: 0 }}
            >
              {secondaryAction.label}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
