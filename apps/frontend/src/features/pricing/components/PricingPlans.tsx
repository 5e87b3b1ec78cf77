import type { PublicUser } from '@archlens/contracts/auth';
import type { PaidPlanType } from '@archlens/contracts/plans';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { hasErrorCode } from '../../../api/client';
import { toast } from '../../../shared/toast';
import { isVipSubscription } from '../../account/subscription-display';
import { AUTH_PATHS } from '../../auth/texts';
import { isCurrentActivePlan } from '../current-plan';
import { goToLoginSoon, useCheckout } from '../hooks/use-checkout';
import { PRICING_TEXTS } from '../texts';
import { PlanCard } from './PlanCard';

const P = PRICING_TEXTS.plans;

/**
 * The three plans of /pricing: Free goes to /analyse signed in and to login
 * signed out; a Pro plan opens Stripe Checkout signed in, and signed out shows 'Sign In Required'
 * and goes to login. The current active plan's button is disabled (`isCurrentActivePlan`). The
 * VIP's unlimited plan is neither Pro plan: both Pro buttons read 'Included with VIP access',
 * disabled (no checkout, which the server refuses with `billing.vip-plan`), under one line saying
 * why (`isVipSubscription`). A checkout refused because a Pro plan is already in
 * force (`billing.subscription-exists`: the other Pro plan, or any plan while past due) shows,
 * beside its 'Checkout Failed' toast, where that plan is managed: the billing portal of /account.
 */
export function PricingPlans({ user }: { user: PublicUser | null }) {
  const checkout = useCheckout();
  const vip = isVipSubscription(user?.subscription);

  const choose = (plan: PaidPlanType) => {
    if (!user) {
      toast({ title: PRICING_TEXTS.signInRequiredTitle, description: PRICING_TEXTS.signInRequired, variant: 'info' });
      goToLoginSoon();
      return;
    }
    if (vip || isCurrentActivePlan(user, plan)) return;
    checkout.mutate(plan);
  };

  const paidAction = (plan: PaidPlanType, featured: boolean) => {
    const current = isCurrentActivePlan(user, plan);
    const busy = checkout.isPending && checkout.variables === plan;
    // Under the button pressed, so that it is in view on a phone too.
    const managedElsewhere = checkout.variables === plan && hasErrorCode(checkout.error, 'billing.subscription-exists');
    const button = (
      <Button
        variant={featured ? 'contained' : 'outlined'}
        size="large"
        fullWidth
        disabled={vip || current || checkout.isPending}
        loading={busy}
        loadingPosition="start"
        onClick={() => choose(plan)}
      >
        {vip ? PRICING_TEXTS.includedWithVip : current ? PRICING_TEXTS.currentPlan : busy ? PRICING_TEXTS.redirecting : P[plan].cta}
      </Button>
    );
    if (!managedElsewhere) return button;
    return (
      <>
        {button}
        <Alert severity="info" data-testid="pricing-subscription-exists" sx={{ mt: 2 }}>
          {PRICING_TEXTS.managedFromAccount}{' '}
          <Link component={RouterLink} to="/account" sx={{ fontWeight: 600 }}>
            {PRICING_TEXTS.goToAccount}
          </Link>
        </Alert>
      </>
    );
  };

  const freeAction = user ? (
    <Button component={RouterLink} to="/analyse" variant="outlined" size="large" fullWidth>
      {P.free.cta}
    </Button>
  ) : (
    <Button href={AUTH_PATHS.login} variant="outlined" size="large" fullWidth>
      {P.free.cta}
    </Button>
  );

  return (
    <>
      {vip && (
        <Alert severity="success" data-testid="pricing-vip-note" sx={{ mb: 3 }}>
          {PRICING_TEXTS.vipNote}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3, alignItems: 'stretch' }}>
        <PlanCard id="free" {...P.free} action={freeAction} />
        <PlanCard id="monthly" {...P.monthly} highlight={PRICING_TEXTS.popular} featured action={paidAction('monthly', true)} />
        <PlanCard id="yearly" {...P.yearly} action={paidAction('yearly', false)} />
      </Box>
    </>
  );
}
