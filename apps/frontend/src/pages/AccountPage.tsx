import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChangePasswordCard } from '../features/account/components/ChangePasswordCard';
import { CreditUsageCard } from '../features/account/components/CreditUsageCard';
import { StyleDescriptionEditor } from '../features/account/components/StyleDescriptionEditor';
import { SubscriptionCard } from '../features/account/components/SubscriptionCard';
import { YourDataCard } from '../features/account/components/YourDataCard';
import { ACCOUNT_TEXTS } from '../features/account/texts';
import { UnverifiedEmailNotice } from '../features/auth/components/UnverifiedEmailNotice';
import { useAuth } from '../features/auth/hooks/use-auth';
import { RecentActivity } from '../features/home/components/RecentActivity';

/**
 * Route `/account`, signed in only: a notice while the e-mail address is unconfirmed, the
 * subscription card, Credit Usage, the style description editor, Change Password, Recent Activity and
 * Your data (download everything, delete the account). Signed out the route is not mounted (the landing
 * shows), and a 401 on its calls goes through the global handler.
 */
export default function AccountPage() {
  const { user } = useAuth();
  const subscription = user?.subscription ?? null;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box component="header" sx={{ mb: { xs: 3, md: 4 }, maxWidth: 760 }}>
        <Typography variant="h1">{ACCOUNT_TEXTS.title}</Typography>
        <Typography variant="subtitle1" sx={{ mt: 1.5 }}>
          {ACCOUNT_TEXTS.intro}
        </Typography>
      </Box>
      <Stack spacing={3}>
        {user && !user.emailVerified && <UnverifiedEmailNotice email={user.email} />}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 3 }}>
          <SubscriptionCard subscription={subscription} />
          <CreditUsageCard subscription={subscription} />
        </Box>
        <StyleDescriptionEditor />
        <ChangePasswordCard />
        <RecentActivity />
        <YourDataCard />
      </Stack>
    </Container>
  );
}
