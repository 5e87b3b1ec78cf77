import { describe, expect, it } from '@jest/globals';
import type { Subscription } from '@archlens/contracts/auth';
import { planLabel } from './plan-label';

const subscription = (over: Partial<Subscription>): Subscription => ({
  status: 'active',
  plan: 'monthly',
  credits_remaining: 200,
  currentPeriodEnd: null,
  ...over,
});

describe('planLabel: the plan under the name in the navigation', () => {
  it('reads VIP (unlimited) for the VIP account', () => {
    expect(planLabel(subscription({ plan: 'unlimited', credits_remaining: 999_999 }))).toBe('VIP (unlimited)');
    // Unlimited credits read as VIP whatever the plan is called.
    expect(planLabel(subscription({ plan: null, credits_remaining: 1_000_000 }))).toBe('VIP (unlimited)');
  });

  it('names an active Pro plan', () => {
    expect(planLabel(subscription({ plan: 'monthly' }))).toBe('Pro Monthly');
    expect(planLabel(subscription({ plan: 'yearly', credits_remaining: 2400 }))).toBe('Pro Yearly');
  });

  it('says Past Due for a past-due subscription, and Free without an active one', () => {
    expect(planLabel(subscription({ status: 'past_due' }))).toBe('Past Due');
    expect(planLabel(subscription({ status: 'canceled' }))).toBe('Free');
    expect(planLabel(subscription({ status: 'canceled', plan: 'unlimited', credits_remaining: 999_999 }))).toBe('Free');
    expect(planLabel(null)).toBe('Free');
  });
});
