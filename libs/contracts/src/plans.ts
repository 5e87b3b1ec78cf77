/**
 * The pricing tiers of spec §1, §3 and §9, word for word: shown on the landing and the pricing
 * page, and charged by billing. Prices in major units of their currency. No zod here: the
 * signed-out landing imports this module and loads no schema; request schemas
 * build on `PAID_PLAN_TYPES` with `z.enum`.
 */

/** Spec §3: the paid plans a checkout session is created for (`POST /api/create-checkout-session`). */
export const PAID_PLAN_TYPES = ['monthly', 'yearly'] as const;
export type PaidPlanType = (typeof PAID_PLAN_TYPES)[number];

export interface PlanTier {
  /** Plan name as the spec writes it. */
  name: string;
  /** Price as shown, e.g. "49.99". */
  price: string;
  /** Currency as shown next to the price ("$" before it for Free, "SGD" after it for Pro). */
  currency: '$' | 'SGD';
  /** What the price buys: "forever", "month" or "year". */
  period: 'forever' | 'month' | 'year';
  /** Credits granted per period, or null for the free tier (no generation credits). */
  credits: number | null;
  /** Saving against paying monthly for a year, in percent (spec §9: 17% for yearly). */
  savingsPercent: number | null;
}

/** Spec §1 pricing tiers: Free $0 forever; Pro Monthly 49.99 SGD a month, 200 credits; Pro Yearly 499 SGD a year, 2400 credits, 17% savings. */
export const PLAN_TIERS = {
  free: { name: 'Free', price: '0', currency: '$', period: 'forever', credits: null, savingsPercent: null },
  monthly: { name: 'Pro Monthly', price: '49.99', currency: 'SGD', period: 'month', credits: 200, savingsPercent: null },
  yearly: { name: 'Pro Yearly', price: '499', currency: 'SGD', period: 'year', credits: 2400, savingsPercent: 17 },
} as const satisfies Record<'free' | PaidPlanType, PlanTier>;

export type PlanTierId = keyof typeof PLAN_TIERS;

/** Spec §9: credits at or above this are shown as Unlimited (the VIP plan). */
export const UNLIMITED_CREDITS_THRESHOLD = 999_999;

/** Spec §9: a 30-day money-back guarantee is stated. */
export const MONEY_BACK_GUARANTEE_DAYS = 30;
