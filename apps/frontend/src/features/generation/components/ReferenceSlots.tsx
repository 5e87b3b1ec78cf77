import { ACCEPTED_IMAGE_MIME_TYPES } from '@archlens/contracts/analysis';
import { MAX_REFERENCE_IMAGES } from '@archlens/contracts/generation-options';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent } from 'react';
import { RemoveImageButton } from '../../../shared/image-upload/RemoveImageButton';
import type { ChosenImages } from '../hooks/use-chosen-images';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.references;

const slotSx = {
  position: 'relative',
  aspectRatio: { xs: '4 / 3', sm: '1 / 1' },
  borderRadius: 2,
  overflow: 'hidden',
  minWidth: 0,
} as const;

/**
 * Spec §2, §9 /create: four reference-image slots (images only, spec §5), filled in order. A
 * filled slot shows its image and a remove button; the first empty one takes new files (several
 * at once fill the next slots); the others wait, greyed.
 */
export function ReferenceSlots({ references, locked }: { references: ChosenImages; locked: boolean }) {
  const { images, preparing, addFiles, removeImage } = references;
  const busy = preparing || locked;
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    void addFiles(Array.from(event.target.files ?? []));
    event.target.value = '';
  };

  return (
    <Card component="section" aria-labelledby="references-heading" data-testid="reference-slots">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="references-heading" variant="h2">
            {T.heading}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="reference-count" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {T.count(images.length)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, mb: 2 }}>
          {T.intro}
        </Typography>

        <Box
          component="ol"
          aria-label={T.listLabel}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
            gap: 1.5,
          }}
        >
          {Array.from({ length: MAX_REFERENCE_IMAGES }, (_, slot) => {
            const image = images[slot];
            const position = slot + 1;
            if (image) {
              return (
                <Box
                  component="li"
                  key={image.id}
                  sx={{ ...slotSx, border: 1, borderColor: 'divider' }}
                  data-testid="reference-slot-filled"
                >
                  <Box
                    component="img"
                    src={image.previewUrl}
                    alt={`${T.slot(position)}: ${image.originalName}`}
                    sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  />
                  <RemoveImageButton label={T.remove(position)} onClick={() => removeImage(image.id)} disabled={busy} />
                </Box>
              );
            }
            const next = slot === images.length;
            return (
              <Box component="li" key={`empty-${slot}`} sx={slotSx} data-testid="reference-slot-empty">
                <ButtonBase
                  onClick={() => input.current?.click()}
                  disabled={!next || busy}
                  aria-label={next ? T.add : T.slot(position)}
                  sx={(theme) => ({
                    width: '100%',
                    height: '100%',
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 0.5,
                    border: '1.5px dashed',
                    borderColor: alpha(theme.palette.text.primary, next ? 0.28 : 0.14),
                    borderRadius: 2,
                    bgcolor: 'background.default',
                    color: next ? 'primary.main' : 'text.disabled',
                    cursor: next ? 'pointer' : 'default',
                    '&:hover': next ? { borderColor: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.05) } : undefined,
                    '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
                  })}
                >
                  {next && preparing ? <CircularProgress size={22} aria-hidden /> : <AddPhotoAlternateOutlined aria-hidden />}
                  <Typography variant="caption" sx={{ fontWeight: 600 }}>
                    {T.slot(position)}
                  </Typography>
                </ButtonBase>
              </Box>
            );
          })}
        </Box>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_MIME_TYPES.join(',')}
          hidden
          disabled={busy || images.length >= MAX_REFERENCE_IMAGES}
          onChange={onChange}
          data-testid="reference-input"
        />
      </CardContent>
    </Card>
  );
}
