import type { PaidPlanType } from '@archlens/contracts/plans';
import { useMutation } from '@tanstack/react-query';
import { isUnauthorisedError } from '../../../api/client';
import { serverMessageOf } from '../../../api/error-message';
import { toast } from '../../../shared/toast';
import { useEmailUnverifiedRefusal } from '../../auth/hooks/use-resend-verification';
import { AUTH_PATHS, UNAUTHORISED_REDIRECT_DELAY_MS } from '../../auth/texts';
import { billingApi, goToStripe } from '../../billing/api/billing-api';
import { PRICING_TEXTS } from '../texts';

/** Spec §8: after a sign-in toast, login follows as after any 401 (500 ms). */
export function goToLoginSoon(): void {
  window.setTimeout(() => window.location.assign(AUTH_PATHS.login), UNAUTHORISED_REDIRECT_DELAY_MS);
}

/**
 * Choosing a Pro plan (spec §2 /pricing, §7, §8): `POST /api/create-checkout-session`, then the
 * browser goes to the Stripe Checkout url. A lost session (`isUnauthorisedError`) shows 'Please
 * Sign In' and goes to login (not the global 'Unauthorized' handler); any other failure shows
 * 'Checkout Failed' with the server's message, and with a 'Resend link' button when the account's
 * address is not confirmed yet (for `billing.subscription-exists`, 'You already have a Pro plan.
 * Manage it from your account.', which `PricingPlans` follows with a way to /account).
 */
export function useCheckout() {
  const unverified = useEmailUnverifiedRefusal();
  return useMutation({
    mutationFn: (planType: PaidPlanType) => billingApi.createCheckoutSession(planType),
    meta: { ignoreUnauthorised: true },
    onSuccess: ({ url }) => goToStripe(url),
    onError: (error) => {
      if (isUnauthorisedError(error)) {
        toast({ title: PRICING_TEXTS.pleaseSignInTitle, description: PRICING_TEXTS.pleaseSignIn, variant: 'error' });
        goToLoginSoon();
        return;
      }
      if (unverified(error, PRICING_TEXTS.checkoutFailedTitle)) return;
      toast({
        title: PRICING_TEXTS.checkoutFailedTitle,
        description: serverMessageOf(error) ?? (error instanceof Error ? error.message : PRICING_TEXTS.checkoutFailedFallback),
        variant: 'error',
      });
    },
  });
}
