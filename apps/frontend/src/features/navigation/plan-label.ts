import type { Subscription } from '@archlens/contracts/auth';
import { PLAN_TIERS, UNLIMITED_CREDITS_THRESHOLD } from '@archlens/contracts/plans';
import { NAVIGATION_TEXTS } from './texts';

/**
 * The plan shown under the user's name in the navigation: 'VIP (unlimited)' for the unlimited plan
 * (VIP access, spec §1, §6: unlimited at 999,999 credits or more), 'Pro Monthly' or 'Pro Yearly'
 * while the subscription is active (spec §4: Pro only when status equals active), 'Past Due' for a
 * past-due one (spec §4's wording), and 'Free' otherwise (no subscription, or one that ended).
 * @param subscription `subscription` of `GET /api/auth/user`
 */
export function planLabel(subscription: Subscription | null): string {
  if (!subscription) return PLAN_TIERS.free.name;
  if (subscription.status === 'past_due') return NAVIGATION_TEXTS.pastDue;
  if (subscription.status !== 'active') return PLAN_TIERS.free.name;
  if (subscription.plan === 'unlimited' || subscription.credits_remaining >= UNLIMITED_CREDITS_THRESHOLD) return NAVIGATION_TEXTS.vipPlan;
  if (subscription.plan === 'monthly' || subscription.plan === 'yearly') return PLAN_TIERS[subscription.plan].name;
  return PLAN_TIERS.free.name;
}
