import type { LibraryItemType } from '@archlens/contracts/library';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ArchitectureOutlined from '@mui/icons-material/ArchitectureOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useState, type ComponentType } from 'react';
import { LIBRARY_TEXTS } from '../texts';

/** The placeholder's drawing of each kind of item. */
export const TYPE_ICONS: Record<LibraryItemType, ComponentType<SvgIconProps>> = {
  analysis: ApartmentOutlined,
  'sketch-reading': ArchitectureOutlined,
  generation: AutoAwesomeOutlined,
};

/**
 * An item's first image (the owner's thumbnail URL, 4:3, cropped to fill), or, for an item without
 * one (a workflow render) or an image that fails to load, a placeholder drawn for its kind. The
 * image is decorative: the card's text names the item.
 */
export function ItemThumbnail({ type, url }: { type: LibraryItemType; url: string | null }) {
  const [failed, setFailed] = useState(false);
  const Icon = TYPE_ICONS[type];
  const label = LIBRARY_TEXTS.typeLabel[type];
  return (
    <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'action.hover', position: 'relative', overflow: 'hidden' }}>
      {url && !failed ? (
        <Box
          component="img"
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          data-testid="library-item-image"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box
          data-testid="library-item-placeholder"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            color: 'primary.main',
            backgroundImage:
              'repeating-linear-gradient(0deg, transparent 0 23px, rgba(47,93,90,0.07) 23px 24px), repeating-linear-gradient(90deg, transparent 0 23px, rgba(47,93,90,0.07) 23px 24px)',
          }}
        >
          <Icon sx={{ fontSize: 40, opacity: 0.75 }} aria-hidden />
          <Typography variant="caption" color="text.secondary">
            {LIBRARY_TEXTS.card.noImage(label)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
