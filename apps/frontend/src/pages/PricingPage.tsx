import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { authUserQueryOptions } from '../features/auth/hooks/use-auth';
import { PricingFaq } from '../features/pricing/components/PricingFaq';
import { PricingPlans } from '../features/pricing/components/PricingPlans';
import { PRICING_TEXTS } from '../features/pricing/texts';

/** Route `/pricing`: the three plans, the money-back guarantee and the FAQ; open to everyone. */
export default function PricingPage() {
  // Signed out the user query is in error: `retryOnMount: false` keeps this page's mount from
  // refetching it, which would show the session spinner, unmount this page and start again.
  const { data: user = null } = useQuery({ ...authUserQueryOptions, retryOnMount: false });
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box component="header" sx={{ mb: { xs: 3, md: 5 }, maxWidth: 760, mx: 'auto', textAlign: 'center' }}>
        <Typography variant="h1">{PRICING_TEXTS.title}</Typography>
        <Typography variant="subtitle1" sx={{ mt: 1.5 }}>
          {PRICING_TEXTS.intro}
        </Typography>
      </Box>
      <PricingPlans user={user} />
      <Paper
        variant="outlined"
        sx={{ mt: 4, mb: { xs: 5, md: 7 }, p: { xs: 2, md: 2.5 }, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center' }}
      >
        <VerifiedUserOutlined color="success" aria-hidden />
        <Box>
          <Typography component="h2" sx={{ fontWeight: 600 }}>
            {PRICING_TEXTS.guaranteeTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {PRICING_TEXTS.guarantee}
          </Typography>
        </Box>
      </Paper>
      <PricingFaq />
    </Container>
  );
}
