import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { HttpError } from '../api/client';
import { PRODUCT_NAME } from '../features/auth/texts';
import { SharedItemView } from '../features/library/components/SharedItemView';
import { useNoIndex } from '../features/library/hooks/use-noindex';
import { useSharedItem } from '../features/library/hooks/use-shared-item';
import { LIBRARY_ITEM_TEXTS } from '../features/library/item-texts';
import { Logo } from '../shared/components/Logo';

const T = LIBRARY_ITEM_TEXTS.sharedPage;

function TryButton({ variant }: { variant: 'contained' | 'outlined' }) {
  return (
    <Button component={RouterLink} to="/" variant={variant} data-testid="try-archlens">
      {T.tryProduct}
    </Button>
  );
}

/** In place of the item: the link is gone (revoked or expired: a 404), or it could not be read. */
function GoneCard({ gone }: { gone: boolean }) {
  const Icon = gone ? LinkOffOutlined : ErrorOutline;
  return (
    <Card component="section" aria-labelledby="shared-state-heading" data-testid={gone ? 'shared-gone' : 'shared-failed'}>
      <CardContent sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Icon sx={{ fontSize: 48, color: 'primary.main', opacity: 0.7 }} aria-hidden />
        <Typography id="shared-state-heading" variant="h1" sx={{ mt: 2, fontSize: { xs: '1.6rem', md: '2rem' } }}>
          {gone ? T.goneHeading : T.failedHeading}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 460 }}>
          {gone ? T.goneCopy : T.failedCopy}
        </Typography>
        <Box sx={{ mt: 3 }}>
          <TryButton variant="contained" />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Route `/s/:token`, public (signed out or in alike): the item a share link shows, read from
 * `GET /api/s/{token}`, under the product's name with 'Try ArchLens' (the landing); nothing of the
 * owner's and no way into the signed-in pages. Revoked or expired links show that they are gone.
 * The page is kept out of search engines (`useNoIndex`). Rendered by the router without the
 * navigation bar and footer.
 */
export default function SharedItemPage() {
  useNoIndex();
  const token = useParams().token ?? '';
  const shared = useSharedItem(token);

  let body: ReactNode;
  if (shared.isPending) {
    body = (
      <Stack role="status" sx={{ alignItems: 'center', py: 8, gap: 2 }}>
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">{T.loading}</Typography>
      </Stack>
    );
  } else if (shared.isError) {
    body = <GoneCard gone={shared.error instanceof HttpError && shared.error.status === 404} />;
  } else {
    body = <SharedItemView item={shared.data} />;
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ py: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, minWidth: 0 }}>
            <Logo name={PRODUCT_NAME} />
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
              {T.sharedBy}
            </Typography>
          </Stack>
          <TryButton variant="outlined" />
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 5 }, flexGrow: 1 }}>
        {body}
      </Container>
    </Box>
  );
}
