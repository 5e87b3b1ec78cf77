import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { visuallyHidden } from '../../../shared/visually-hidden';
import { libraryViewPath, type LibraryFilters } from '../library-filters';
import { LIBRARY_TEXTS } from '../texts';

/**
 * 'See all' beside a short list (the three previous analyses, Recent Activity): a link to the
 * library filtered to what the list shows. Screen readers hear what it opens (`fullName`, which
 * starts with the visible words).
 */
export function SeeAllLink({ view, fullName, testId }: { view: Partial<LibraryFilters>; fullName: string; testId?: string }) {
  const rest = fullName.startsWith(LIBRARY_TEXTS.seeAll) ? fullName.slice(LIBRARY_TEXTS.seeAll.length) : '';
  return (
    <Button
      component={RouterLink}
      to={libraryViewPath(view)}
      size="small"
      endIcon={<ArrowForward />}
      data-testid={testId}
      sx={{ flexShrink: 0 }}
    >
      {LIBRARY_TEXTS.seeAll}
      {rest && (
        <Box component="span" sx={visuallyHidden}>
          {rest}
        </Box>
      )}
    </Button>
  );
}
