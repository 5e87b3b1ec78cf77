import type { PublicUser } from '@archlens/contracts/auth';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isProSubscription } from '../generation-rules';
import { GENERATION_TEXTS } from '../texts';
import { GenerationStudio } from './GenerationStudio';
import { ProRequiredCard } from './ProRequiredCard';

/**
 * /create, Image Generation: the title, then the generation studio for a Pro user
 * (subscription status 'active', the VIP plan included) or 'Pro Subscription Required' with the
 * upgrade button for anyone else.
 */
export function CreateWorkspace({ user }: { user: PublicUser }) {
  const subscription = user.subscription;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box component="header" sx={{ mb: { xs: 3, md: 4 }, maxWidth: 760 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography variant="h1">{GENERATION_TEXTS.pageTitle}</Typography>
          <Chip label={GENERATION_TEXTS.betaBadge} size="small" color="primary" variant="outlined" sx={{ fontWeight: 700 }} />
        </Stack>
        <Typography variant="subtitle1" sx={{ mt: 1.5 }}>
          {GENERATION_TEXTS.pageIntro}
        </Typography>
      </Box>
      {subscription && isProSubscription(subscription) ? <GenerationStudio subscription={subscription} /> : <ProRequiredCard />}
    </Container>
  );
}
