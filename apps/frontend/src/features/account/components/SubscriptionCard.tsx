import type { Subscription } from '@archlens/contracts/auth';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format-date';
import { isUnauthorisedError } from '../../../api/client';
import { toast } from '../../../shared/toast';
import { billingApi, goToStripe } from '../../billing/api/billing-api';
import { isVipSubscription, planDisplayName, subscriptionStatusDisplay } from '../subscription-display';
import { ACCOUNT_TEXTS } from '../texts';

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Spec §2 /account subscription card: the status (spec §4: PRO in green, 'Past Due' in orange, any
 * other status in red, Free with no subscription), the plan ('VIP (unlimited)' for the VIP) and the
 * current period end. Manage billing opens the Stripe billing portal (spec §7); a failure shows
 * 'Portal Error' (spec §8). The VIP has no Stripe subscription (the server refuses its portal with
 * `billing.vip-plan`), so the card says there is no billing to manage instead of offering it.
 */
export function SubscriptionCard({ subscription }: { subscription: Subscription | null }) {
  const status = subscriptionStatusDisplay(subscription);
  const portal = useMutation({
    mutationFn: () => billingApi.createPortalSession(),
    onSuccess: ({ url }) => goToStripe(url),
    // A 401 gets the global 'Unauthorized' toast and the sign-in redirect instead.
    onError: (error) => {
      if (!isUnauthorisedError(error))
        toast({ title: ACCOUNT_TEXTS.portalErrorTitle, description: ACCOUNT_TEXTS.portalError, variant: 'error' });
    },
  });
  const planName = planDisplayName(subscription);
  const vip = isVipSubscription(subscription);

  return (
    <Card component="section" aria-labelledby="subscription-title" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 }, height: '100%', display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="subscription-title" variant="h3" component="h2">
            {ACCOUNT_TEXTS.subscriptionTitle}
          </Typography>
          <Chip
            label={status.label}
            color={status.color}
            variant={status.color === 'default' ? 'outlined' : 'filled'}
            sx={{ fontWeight: 700 }}
            data-testid="subscription-status"
          />
        </Box>
        <Box component="dl" sx={{ mt: 2, mb: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <Detail label={ACCOUNT_TEXTS.plan} value={planName} testId="subscription-plan" />
          <Detail
            label={ACCOUNT_TEXTS.currentPeriodEnd}
            value={subscription?.currentPeriodEnd ? formatDateTime(subscription.currentPeriodEnd) : ACCOUNT_TEXTS.noPeriodEnd}
            testId="subscription-period-end"
          />
        </Box>
        {!subscription && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {ACCOUNT_TEXTS.freeCopy}
          </Typography>
        )}
        {vip && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="subscription-vip-note">
            {ACCOUNT_TEXTS.vipNoBilling}
          </Typography>
        )}
        <Box sx={{ mt: 'auto', pt: 3, display: 'flex', gap: 1.5, flexWrap: 'wrap', '&:empty': { display: 'none' } }}>
          {vip ? null : subscription ? (
            <Button variant="contained" loading={portal.isPending} onClick={() => portal.mutate()}>
              {portal.isPending ? ACCOUNT_TEXTS.openingPortal : ACCOUNT_TEXTS.manageBilling}
            </Button>
          ) : (
            <Button component={RouterLink} to="/pricing" variant="contained">
              {ACCOUNT_TEXTS.viewPlans}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
