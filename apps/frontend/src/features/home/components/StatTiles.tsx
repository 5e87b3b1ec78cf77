import type { Subscription } from '@archlens/contracts/auth';
import { UNLIMITED_CREDITS_THRESHOLD } from '@archlens/contracts/plans';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { planDisplayName } from '../../account/subscription-display';
import { HOME_TEXTS } from '../texts';

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 1.4, p: { xs: 1.25, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography
        variant="h2"
        component="p"
        sx={{ mt: 0.5, fontSize: { xs: '1rem', sm: '1.6rem' }, overflowWrap: 'break-word' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/**
 * Spec §2 stat tiles, shown for an active subscription: credits remaining (subscription
 * credits_remaining, 0 by default; Unlimited from 999999, spec §9), the user's plan as /account
 * names it (`planDisplayName`: Pro Monthly, Pro Yearly or VIP (unlimited); spec §9's fixed 'FREE'
 * read as a broken page beside 'Unlimited' credits), and the total number of generations
 * (`GET /api/generations`' `X-Total-Count`).
 */
export function StatTiles({ subscription, totalGenerations }: { subscription: Subscription; totalGenerations: number }) {
  const credits = subscription.credits_remaining ?? 0;
  return (
    <Box
      component="section"
      aria-label={HOME_TEXTS.statsTitle}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 } }}
    >
      <Tile
        label={HOME_TEXTS.creditsRemaining}
        value={credits >= UNLIMITED_CREDITS_THRESHOLD ? HOME_TEXTS.unlimited : String(credits)}
        testId="stat-credits"
      />
      <Tile label={HOME_TEXTS.plan} value={planDisplayName(subscription)} testId="stat-plan" />
      <Tile label={HOME_TEXTS.totalGenerations} value={String(totalGenerations)} testId="stat-generations" />
    </Box>
  );
}
