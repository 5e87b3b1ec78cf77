import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyStateCard, type EmptyStateCardProps } from './EmptyStateCard';
import { ProgressCard, type ProgressCardProps } from './ProgressCard';

export interface ToolPageProps {
  title: string;
  intro: string;
  /** The left column: the upload card. */
  upload: ReactNode;
  /** True while the files are optimised or sent. */
  busy: boolean;
  /** The progress card; shown while busy or while the value is above 0 (spec §4: 100, then 0). */
  progress: ProgressCardProps;
  /** The result card, or null before any result. */
  result: ReactNode | null;
  /** The empty state, shown with no result once nothing is running. */
  empty: EmptyStateCardProps;
  /** Below the result in the right column (the /analyse upsell). */
  aside?: ReactNode;
  /** Below both columns (the previous analyses). */
  footer?: ReactNode;
}

/**
 * The page of an image tool (spec §2 /analyse and /read-sketch): a title and an introduction, the
 * upload card beside the progress, the result or the empty state, then anything below.
 */
export function ToolPage({ title, intro, upload, busy, progress, result, empty, aside, footer }: ToolPageProps) {
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box component="header" sx={{ mb: { xs: 3, md: 4 }, maxWidth: 760 }}>
        <Typography variant="h1">{title}</Typography>
        <Typography variant="subtitle1" sx={{ mt: 1.5 }}>
          {intro}
        </Typography>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        {upload}
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {result ?? (!busy && progress.progress === 0 && <EmptyStateCard {...empty} />)}
          {/* Below the result: the card stays at 100 a moment after the answer, and its
              leaving must not move the result under the reader's pointer. */}
          {(busy || progress.progress > 0) && <ProgressCard {...progress} />}
          {aside}
        </Stack>
      </Box>

      {footer}
    </Container>
  );
}
