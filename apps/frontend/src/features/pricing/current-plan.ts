import type { PublicUser } from '@archlens/contracts/auth';
import type { PaidPlanType } from '@archlens/contracts/plans';

/**
 * Spec §2 /pricing, §4: the button of the user's current active plan is disabled. The unlimited
 * (VIP) plan covers both Pro plans, so an active VIP user has both Pro buttons disabled: neither
 * may start a paid checkout on top of it.
 */
export function isCurrentActivePlan(user: PublicUser | null, plan: PaidPlanType): boolean {
  const subscription = user?.subscription;
  if (subscription?.status !== 'active') return false;
  return subscription.plan === plan || subscription.plan === 'unlimited';
}
