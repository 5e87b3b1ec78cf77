import type { Subscription } from '@archlens/contracts/auth';
import { PLAN_TIERS, UNLIMITED_CREDITS_THRESHOLD } from '@archlens/contracts/plans';
import { ACCOUNT_TEXTS } from './texts';

/**
 * Whether the subscription is the VIP's: the active unlimited plan (spec §6), which billing-service
 * grants at VIP sign-in and `GET /api/auth/user` reports as `{plan: 'unlimited', status: 'active'}`
 * with 999,999 credits. The one test of VIP access in the SPA: a VIP is shown its own plan, never a
 * Pro plan to buy, and no billing portal (the server refuses both with `billing.vip-plan`).
 */
export function isVipSubscription(subscription: Subscription | null | undefined): boolean {
  return subscription?.plan === 'unlimited' && subscription.status === 'active';
}

/**
 * The name of the user's plan as home's plan tile and /account show it: 'Free' with no plan,
 * 'Pro Monthly', 'Pro Yearly' (spec §3 plan names) or 'VIP (unlimited)'.
 */
export function planDisplayName(subscription: Subscription | null | undefined): string {
  return ACCOUNT_TEXTS.planNames[subscription?.plan ?? 'free'];
}

export interface StatusDisplay {
  label: string;
  /** MUI palette colour: green, orange, red, or neutral for Free. */
  color: 'success' | 'warning' | 'error' | 'default';
}

/** Spec §4 subscription display: active → PRO in green; past_due → 'Past Due' in orange; any other → the raw status in red; none → Free. */
export function subscriptionStatusDisplay(subscription: Subscription | null): StatusDisplay {
  if (!subscription) return { label: ACCOUNT_TEXTS.statusFree, color: 'default' };
  if (subscription.status === 'active') return { label: ACCOUNT_TEXTS.statusPro, color: 'success' };
  if (subscription.status === 'past_due') return { label: ACCOUNT_TEXTS.statusPastDue, color: 'warning' };
  return { label: subscription.status, color: 'error' };
}

export interface CreditUsage {
  /** True at 999,999 credits or more (spec §6, §9: shown as Unlimited). */
  unlimited: boolean;
  remaining: number;
  /** The plan's allowance (spec §9: 200 monthly, 2,400 yearly), 0 with no paid plan. */
  allowance: number;
  /** Share of the allowance remaining, 0 to 100. */
  percent: number;
  /** The bar's drawn width in percent: at least 5 (spec §2 "minimum width of 5%"). */
  barWidth: number;
}

/** Spec §2 Credit Usage: credits remaining of the plan's allowance, drawn at least 5% wide. */
export function creditUsage(subscription: Subscription | null): CreditUsage {
  const remaining = Math.max(0, subscription?.credits_remaining ?? 0);
  if (remaining >= UNLIMITED_CREDITS_THRESHOLD) return { unlimited: true, remaining, allowance: remaining, percent: 100, barWidth: 100 };
  const plan = subscription?.plan;
  const allowance = plan === 'monthly' || plan === 'yearly' ? PLAN_TIERS[plan].credits : 0;
  const percent = allowance > 0 ? Math.min(100, (remaining / allowance) * 100) : 0;
  return { unlimited: false, remaining, allowance, percent, barWidth: Math.max(5, percent) };
}
