import type { PublicUser } from '@archlens/contracts/auth';
import type { PaidPlanType } from '@archlens/contracts/plans';

/**
 * Spec §2 /pricing, §4: the button of the user's current active plan is disabled. The unlimited
 * (VIP) plan is neither Pro plan: a VIP sees no 'Current Plan' (`PricingPlans` says instead that
 * VIP access already includes every Pro tool, and offers no checkout).
 */
export function isCurrentActivePlan(user: PublicUser | null, plan: PaidPlanType): boolean {
  const subscription = user?.subscription;
  return subscription?.status === 'active' && subscription.plan === plan;
}
