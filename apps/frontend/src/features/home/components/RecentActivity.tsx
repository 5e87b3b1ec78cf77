import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { GenerationHistoryList } from '../../generation/components/GenerationHistoryList';
import { useGenerationHistory } from '../../generation/hooks/use-generation-history';
import { GENERATION_TEXTS } from '../../generation/texts';
import { SeeAllLink } from '../../library/components/SeeAllLink';
import { LIBRARY_TEXTS } from '../../library/texts';
import { HOME_TEXTS } from '../texts';

/** Spec §2, §9: Recent Activity shows the 5 latest generations. */
export const RECENT_ACTIVITY_COUNT = 5;

/**
 * Spec §2 'Recent Activity' on home and /account: the 5 latest generations (`GET /api/generations`,
 * spec §7; status display of spec §4). With none, home shows the 'Ready to Get Started?' panel
 * (spec §2 Home); /account, for which the spec names no panel, says there are none yet.
 * Signed-in pages only, so the call runs only when signed in. 'See all' opens every render in the library.
 * @param readyPanel show home's 'Ready to Get Started?' panel when there are no generations
 */
export function RecentActivity({ readyPanel = false }: { readyPanel?: boolean }) {
  const history = useGenerationHistory();

  return (
    <Box component="section" aria-labelledby="recent-activity-title" aria-busy={history.isPending}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id="recent-activity-title" variant="h2">
          {HOME_TEXTS.recentActivity}
        </Typography>
        {history.isSuccess && history.data.items.length > 0 && (
          <SeeAllLink view={{ type: 'generation' }} fullName={LIBRARY_TEXTS.seeAllRenders} testId="recent-activity-see-all" />
        )}
      </Stack>
      {history.isPending ? (
        <Skeleton variant="rounded" height={132} />
      ) : history.isError ? (
        <Typography color="text.secondary" data-testid="recent-activity-error">
          {GENERATION_TEXTS.history.loadFailed}
        </Typography>
      ) : history.data.items.length > 0 ? (
        <GenerationHistoryList items={history.data.items.slice(0, RECENT_ACTIVITY_COUNT)} />
      ) : !readyPanel ? (
        <Typography color="text.secondary" data-testid="recent-activity-empty">
          {GENERATION_TEXTS.history.empty}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 1.6, borderStyle: 'dashed', textAlign: 'center' }}>
          <Typography variant="h3" component="p">
            {HOME_TEXTS.readyTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mx: 'auto', maxWidth: 520 }}>
            {HOME_TEXTS.readyCopy}
          </Typography>
          <Button component={RouterLink} to="/analyse" variant="outlined" endIcon={<ArrowForward />} sx={{ mt: 2.5 }}>
            {HOME_TEXTS.readyCta}
          </Button>
        </Paper>
      )}
    </Box>
  );
}
