import type { ItemImage } from '@archlens/contracts/library';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface ItemThumbnailsProps {
  /** The images, each with its URL (the owner's, or the share's on the public page). */
  images: readonly ItemImage[];
  heading: string;
  /** The alternative text of image `n` (1-based). */
  altOf: (n: number) => string;
  /** Makes the heading id unique on the page. */
  idPrefix: string;
}

/** The photographs or sketches of an item as a wrapping grid of square thumbnails (three across on a phone). */
export function ItemThumbnails({ images, heading, altOf, idPrefix }: ItemThumbnailsProps) {
  if (images.length === 0) return null;
  const headingId = `${idPrefix}-thumbnails-heading`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Box
        component="ul"
        data-testid="item-thumbnails"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(140px, 1fr))' },
          gap: 1.5,
        }}
      >
        {images.map((image) => (
          <li key={image.index}>
            <Box
              component="img"
              src={image.url}
              alt={altOf(image.index + 1)}
              loading="lazy"
              data-testid="item-thumbnail"
              sx={{
                display: 'block',
                width: '100%',
                aspectRatio: '1 / 1',
                objectFit: 'cover',
                borderRadius: 1.5,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
              }}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}
