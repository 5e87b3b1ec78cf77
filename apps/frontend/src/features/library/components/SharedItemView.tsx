import type { SharedItem } from '@archlens/contracts/library';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { LeadParagraph } from '../../../shared/components/ResultCard';
import { formatDateTime } from '../../../shared/format-date';
import { ExpandedDescription } from '../../analysis/components/ExpandedDescription';
import { sketchPointsOf } from '../../sketch/sketch-reading';
import { LIBRARY_ITEM_TEXTS } from '../item-texts';
import { ItemThumbnails } from './ItemThumbnails';

const T = LIBRARY_ITEM_TEXTS.sharedPage;

function SubHeading({ id, children }: { id?: string; children: string }) {
  return (
    <Typography id={id} variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );
}

/** The shared item's own text, by kind: an analysis's descriptions and tags, a reading's summary and points, a render's style. */
function SharedText({ item }: { item: SharedItem }) {
  switch (item.type) {
    case 'analysis':
      return (
        <>
          <LeadParagraph testId="shared-primary">{item.primaryDescription}</LeadParagraph>
          <Divider sx={{ my: 3 }} />
          <Box data-testid="shared-expanded">
            <ExpandedDescription text={item.expandedDescription} />
          </Box>
          {item.tags.length > 0 && (
            <>
              <SubHeading id="shared-tags-heading">{T.tagsLabel}</SubHeading>
              <Box
                component="ul"
                aria-labelledby="shared-tags-heading"
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
              >
                {item.tags.map((tag) => (
                  <li key={tag}>
                    <Chip label={tag} variant="outlined" />
                  </li>
                ))}
              </Box>
            </>
          )}
        </>
      );
    case 'sketch-reading':
      return (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {T.readAs(item.drawingType)}
          </Typography>
          <LeadParagraph testId="shared-summary">{item.description}</LeadParagraph>
          <SubHeading id="shared-points-heading">{T.pointsHeading}</SubHeading>
          <Box
            component="ol"
            aria-labelledby="shared-points-heading"
            sx={{ m: 0, pl: 3, display: 'grid', gap: 1, '& li': { lineHeight: 1.7 } }}
          >
            {sketchPointsOf(item.details).map((point, index) => (
              <Typography component="li" key={index}>
                {point}
              </Typography>
            ))}
          </Box>
        </>
      );
    case 'generation':
      return (
        <>
          <SubHeading>{T.styleHeading}</SubHeading>
          <LeadParagraph testId="shared-style">{item.styleDescription}</LeadParagraph>
        </>
      );
  }
}

/** A render's images at full width (one or two across), read through the share. */
function SharedRenders({ item }: { item: SharedItem }) {
  return (
    <Box
      component="ul"
      aria-label={T.imagesLabel}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 3,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(item.images.length, 2)}, minmax(0, 1fr))` },
        gap: 2,
      }}
    >
      {item.images.map((image) => (
        <li key={image.index}>
          <Box
            component="img"
            src={image.url}
            alt={T.imageAlt(image.index + 1)}
            data-testid="shared-image"
            sx={{ display: 'block', width: '100%', borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
          />
        </li>
      ))}
    </Box>
  );
}

/**
 * A shared item as anyone with the link sees it: what it is, when it was made and until when the
 * link works, its text and its images (through the share's own URLs). Nothing of its owner's.
 */
export function SharedItemView({ item }: { item: SharedItem }) {
  return (
    <Card component="article" aria-labelledby="shared-item-heading" data-testid="shared-item" data-type={item.type}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography id="shared-item-heading" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {LIBRARY_ITEM_TEXTS.itemHeading(item.type)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 3 }} data-testid="shared-dates">
          {T.made(formatDateTime(item.createdAt))} · {T.expires(formatDateTime(item.expiresAt))}
        </Typography>
        {/* The building first, then what is said about it. */}
        {item.type === 'generation' ? (
          <SharedRenders item={item} />
        ) : (
          <Box data-testid="shared-images" sx={{ mb: 3, '& > section': { mt: 0 } }}>
            <ItemThumbnails
              idPrefix="shared"
              images={item.images}
              heading={T.imagesLabel}
              altOf={(n) => LIBRARY_ITEM_TEXTS.thumbnailAlt(item.type, n)}
            />
          </Box>
        )}
        <SharedText item={item} />
      </CardContent>
    </Card>
  );
}
