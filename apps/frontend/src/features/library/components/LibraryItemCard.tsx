import type { LibraryItem } from '@archlens/contracts/library';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format-date';
import { libraryItemPagePath } from '../library-paths';
import { LIBRARY_TEXTS } from '../texts';
import { AddToProjectButton } from './AddToProjectButton';
import { ItemThumbnail } from './ItemThumbnail';

/** Tags shown on a card; the item's page has them all. */
const CARD_TAGS = 3;

export interface LibraryItemCardProps {
  item: LibraryItem;
  /** Shows the project's items (the project chip). */
  onProject: (projectId: string) => void;
}

/**
 * One item in the library grid: its thumbnail (or a placeholder for its kind), what it is, when it
 * was made and a line of its text, all one link to the item's page; its project as a chip that
 * filters the grid by it, its first tags, and Add to project over the image's corner.
 */
export function LibraryItemCard({ item, onProject }: LibraryItemCardProps) {
  const typeLabel = LIBRARY_TEXTS.typeLabel[item.type];
  return (
    <Card
      component="li"
      data-testid="library-item"
      data-item-type={item.type}
      data-item-id={item.id}
      sx={{ display: 'flex', flexDirection: 'column', position: 'relative', minWidth: 0 }}
    >
      <CardActionArea component={RouterLink} to={libraryItemPagePath(item.type, item.id)} sx={{ flexGrow: 1, alignItems: 'stretch' }}>
        <ItemThumbnail type={item.type} url={item.thumbnailUrl} />
        <CardContent sx={{ p: 2, pb: 1.5 }}>
          <Typography variant="overline" component="p" sx={{ lineHeight: 1.6 }} data-testid="library-item-type">
            {typeLabel}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={item.createdAt} sx={{ display: 'block' }}>
            {formatDateTime(item.createdAt)}
          </Typography>
          <Typography
            variant="body2"
            data-testid="library-item-title"
            sx={{
              mt: 0.5,
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {item.title}
          </Typography>
        </CardContent>
      </CardActionArea>
      {(item.project || item.tags.length > 0) && (
        <Box
          component="ul"
          aria-label={`${typeLabel} labels`}
          sx={{
            listStyle: 'none',
            m: 0,
            px: 2,
            pb: 2,
            pt: 0.5,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.75,
            '& > li': { maxWidth: '100%' },
          }}
        >
          {item.project && (
            <li>
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                icon={<FolderOutlined />}
                label={item.project.name}
                aria-label={LIBRARY_TEXTS.card.projectChip(item.project.name)}
                onClick={() => item.project && onProject(item.project.id)}
                data-testid="library-item-project"
                sx={{ maxWidth: '100%' }}
              />
            </li>
          )}
          {item.tags.slice(0, CARD_TAGS).map((tag) => (
            <li key={tag}>
              <Chip size="small" label={tag} variant="outlined" sx={{ maxWidth: '100%' }} />
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <AddToProjectButton type={item.type} id={item.id} projectId={item.project?.id ?? null} compact />
      </Box>
    </Card>
  );
}
