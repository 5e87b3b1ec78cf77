import type { PublicUser } from '@archlens/contracts/auth';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useGenerationHistory } from '../../generation/hooks/use-generation-history';
import { HeroVideo } from '../../hero-video/components/HeroVideo';
import { HOME_TEXTS } from '../texts';
import { RecentActivity } from './RecentActivity';
import { StatTiles } from './StatTiles';
import { ToolCards } from './ToolCards';

/**
 * The signed-in home: hero video and the greeting, the stat tiles (active subscription
 * only), the three numbered tool cards and Recent Activity. Signed out, / is the landing, which
 * shows the signed-out home content (the tool cards with 'Sign In' and 'Try Our AI Tools for Free').
 */
export function Home({ user }: { user: PublicUser }) {
  const subscription = user.subscription?.status === 'active' ? user.subscription : null;
  // The same query as Recent Activity's (one call), which also carries the number in all.
  const totalGenerations = useGenerationHistory().data?.total ?? 0;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' }, gap: { xs: 3, md: 6 }, alignItems: 'center' }}>
        <Box>
          <Typography variant="h1">{HOME_TEXTS.greeting}</Typography>
          <Typography variant="subtitle1" sx={{ mt: 1.5, maxWidth: 520 }}>
            {HOME_TEXTS.intro}
          </Typography>
        </Box>
        <HeroVideo />
      </Box>
      {subscription && (
        <Box sx={{ mt: 5 }}>
          <StatTiles subscription={subscription} totalGenerations={totalGenerations} />
        </Box>
      )}
      <Box component="section" aria-labelledby="tools-title" sx={{ mt: 6 }}>
        <Typography id="tools-title" variant="h2" sx={{ mb: 2 }}>
          {HOME_TEXTS.toolsTitle}
        </Typography>
        <ToolCards signedIn />
      </Box>
      <Box sx={{ mt: 6 }}>
        <RecentActivity readyPanel />
      </Box>
    </Container>
  );
}
