import ArrowBack from '@mui/icons-material/ArrowBack';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import FolderOffOutlined from '@mui/icons-material/FolderOffOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isItemNotFound } from '../hooks/use-library-item';
import { LIBRARY_PAGE_PATH } from '../library-paths';
import { LIBRARY_ITEM_TEXTS } from '../item-texts';

const T = LIBRARY_ITEM_TEXTS;

/** A state in place of the item (not in the library, or not readable), with the way back to the library. */
function ItemStateCard({ kind }: { kind: 'not-found' | 'failed' }) {
  const Icon = kind === 'not-found' ? FolderOffOutlined : ErrorOutline;
  const text = kind === 'not-found' ? T.notFound : T.loadFailed;
  return (
    <Card component="section" aria-labelledby="item-state-heading" data-testid={kind === 'not-found' ? 'item-not-found' : 'item-failed'}>
      <CardContent sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Icon sx={{ fontSize: 48, color: 'primary.main', opacity: 0.7 }} aria-hidden />
        <Typography id="item-state-heading" variant="h2" sx={{ mt: 2 }}>
          {text.heading}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: 440 }}>
          {text.copy}
        </Typography>
        {kind === 'not-found' && (
          <Button component={RouterLink} to={LIBRARY_PAGE_PATH} variant="contained" sx={{ mt: 3 }}>
            {T.notFound.link}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

export interface ItemPageFrameProps {
  /** The page's heading (what kind of item it is). */
  title: string;
  /** The item's read: while `loading` a spinner shows; an `error` shows the not-in-your-library state (404) or the failure state. */
  loading: boolean;
  error: unknown;
  /** The item's view, once read. */
  children: ReactNode;
}

/**
 * The page around one library item: the way back to the library above it, and in place of the
 * item while it is read, once it is known not to be the user's (a 404: missing, deleted or another
 * user's, which the server does not tell apart), or when it could not be read.
 */
export function ItemPageFrame({ title, loading, error, children }: ItemPageFrameProps) {
  let body: ReactNode;
  if (loading) {
    body = (
      <Stack role="status" sx={{ alignItems: 'center', py: 8, gap: 2 }}>
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">{T.loading}</Typography>
      </Stack>
    );
  } else if (error) {
    body = <ItemStateCard kind={isItemNotFound(error) ? 'not-found' : 'failed'} />;
  } else {
    body = children;
  }
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Button
        component={RouterLink}
        to={LIBRARY_PAGE_PATH}
        startIcon={<ArrowBack fontSize="small" />}
        color="secondary"
        sx={{ mb: 2, ml: -1 }}
      >
        {T.backToLibrary}
      </Button>
      <Typography variant="h1" sx={{ mb: { xs: 2.5, md: 3 } }}>
        {title}
      </Typography>
      {body}
    </Container>
  );
}
