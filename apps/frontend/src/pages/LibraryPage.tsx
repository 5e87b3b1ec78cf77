import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { LibraryBrowser } from '../features/library/components/LibraryBrowser';
import { LIBRARY_TEXTS } from '../features/library/texts';

/**
 * Route `/library`, signed in only: every analysis, sketch reading and render of the user in one
 * grid, with their projects; the filters live in the address (`/library?type=analysis&project=…&q=…`).
 * Signed out the route is not mounted: the visitor goes through login and comes back here.
 */
export default function LibraryPage() {
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box component="header" sx={{ mb: { xs: 3, md: 4 }, maxWidth: 760 }}>
        <Typography variant="h1">{LIBRARY_TEXTS.pageTitle}</Typography>
        <Typography variant="subtitle1" sx={{ mt: 1.5 }}>
          {LIBRARY_TEXTS.pageIntro}
        </Typography>
      </Box>
      <LibraryBrowser />
    </Container>
  );
}
