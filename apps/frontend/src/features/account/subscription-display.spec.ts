import type { Subscription } from '@archlens/contracts/auth';
import { creditUsage, isVipSubscription, planDisplayName, subscriptionStatusDisplay } from './subscription-display';

const sub = (overrides: Partial<Subscription>): Subscription => ({
  status: 'active',
  plan: 'monthly',
  credits_remaining: 200,
  currentPeriodEnd: null,
  ...overrides,
});

describe('subscription display (spec §4)', () => {
  it('active is PRO in green, past_due is Past Due in orange, anything else the raw status in red, none is Free', () => {
    expect(subscriptionStatusDisplay(sub({}))).toEqual({ label: 'PRO', color: 'success' });
    expect(subscriptionStatusDisplay(sub({ status: 'past_due' }))).toEqual({ label: 'Past Due', color: 'warning' });
    expect(subscriptionStatusDisplay(sub({ status: 'canceled' }))).toEqual({ label: 'canceled', color: 'error' });
    expect(subscriptionStatusDisplay(null)).toEqual({ label: 'Free', color: 'default' });
  });
});

describe('credit usage (spec §2, §9)', () => {
  it('is the share of the plan allowance, drawn at least 5% wide', () => {
    expect(creditUsage(sub({ credits_remaining: 100 }))).toMatchObject({ allowance: 200, percent: 50, barWidth: 50 });
    expect(creditUsage(sub({ plan: 'yearly', credits_remaining: 2400 }))).toMatchObject({ allowance: 2400, percent: 100 });
    expect(creditUsage(sub({ credits_remaining: 2 }))).toMatchObject({ percent: 1, barWidth: 5 });
    expect(creditUsage(null)).toMatchObject({ allowance: 0, percent: 0, barWidth: 5, unlimited: false });
  });

  it('is Unlimited at 999,999 credits or more', () => {
    expect(creditUsage(sub({ plan: 'unlimited', credits_remaining: 999_999 }))).toMatchObject({ unlimited: true, barWidth: 100 });
  });
});

describe('the VIP plan, a plan of its own', () => {
  const vip = sub({ plan: 'unlimited', credits_remaining: 999_999 });

  it('is recognised by the active unlimited plan only', () => {
    expect(isVipSubscription(vip)).toBe(true);
    expect(isVipSubscription(sub({ plan: 'unlimited', status: 'canceled' }))).toBe(false);
    expect(isVipSubscription(sub({ plan: 'yearly' }))).toBe(false);
    expect(isVipSubscription(null)).toBe(false);
    expect(isVipSubscription(undefined)).toBe(false);
  });

  it("names the user's real plan: Free, Pro Monthly, Pro Yearly or VIP (unlimited)", () => {
    expect(planDisplayName(null)).toBe('Free');
    expect(planDisplayName(sub({ plan: null }))).toBe('Free');
    expect(planDisplayName(sub({ plan: 'monthly' }))).toBe('Pro Monthly');
    expect(planDisplayName(sub({ plan: 'yearly' }))).toBe('Pro Yearly');
    expect(planDisplayName(vip)).toBe('VIP (unlimited)');
  });
});
