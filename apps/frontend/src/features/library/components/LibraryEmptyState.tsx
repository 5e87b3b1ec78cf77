import ArchitectureOutlined from '@mui/icons-material/ArchitectureOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CollectionsBookmarkOutlined from '@mui/icons-material/CollectionsBookmarkOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { LIBRARY_TEXTS } from '../texts';

const T = LIBRARY_TEXTS.empty;

/**
 * What the grid says when it has nothing to show: with nothing made yet, the three tools that make
 * items; in an empty project, how to file items there; for a search or filter that matches nothing,
 * a way back to everything.
 */
export function LibraryEmptyState({ kind, onShowAll }: { kind: 'nothing-yet' | 'empty-project' | 'no-match'; onShowAll: () => void }) {
  const heading = kind === 'nothing-yet' ? T.heading : kind === 'empty-project' ? T.projectHeading : T.filteredHeading;
  const copy = kind === 'nothing-yet' ? T.copy : kind === 'empty-project' ? T.projectCopy : T.filteredCopy;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="library-empty-heading"
      data-testid="library-empty"
      data-kind={kind}
      sx={{ p: { xs: 3, md: 5 }, borderStyle: 'dashed', textAlign: 'center', bgcolor: 'transparent' }}
    >
      <CollectionsBookmarkOutlined sx={{ fontSize: 44, color: 'primary.main', opacity: 0.7 }} aria-hidden />
      <Typography id="library-empty-heading" variant="h3" component="h2" sx={{ mt: 1.5 }}>
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mx: 'auto', maxWidth: 520 }}>
        {copy}
      </Typography>
      {kind === 'nothing-yet' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ mt: 3, gap: 1.5, justifyContent: 'center' }}>
          <Button component={RouterLink} to="/analyse" variant="contained" startIcon={<ApartmentOutlined />}>
            {T.analyse}
          </Button>
          <Button component={RouterLink} to="/read-sketch" variant="outlined" startIcon={<ArchitectureOutlined />}>
            {T.readSketch}
          </Button>
          <Button component={RouterLink} to="/create" variant="outlined" startIcon={<AutoAwesomeOutlined />}>
            {T.create}
          </Button>
        </Stack>
      ) : (
        <Button variant="outlined" onClick={onShowAll} sx={{ mt: 3 }}>
          {T.showAll}
        </Button>
      )}
    </Paper>
  );
}
