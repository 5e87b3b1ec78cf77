import type { PublicUser, Subscription } from '@archlens/contracts/auth';
import { isCurrentActivePlan } from './current-plan';

const user = (subscription: Partial<Subscription> | null): PublicUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  profile_image_url: null,
  emailVerified: true,
  passwordChangeRequired: false,
  subscription: subscription && { status: 'active', plan: 'monthly', credits_remaining: 200, currentPeriodEnd: null, ...subscription },
});

describe('isCurrentActivePlan (spec §2 /pricing: the current active plan’s button is disabled)', () => {
  it('is the active plan only', () => {
    expect(isCurrentActivePlan(user({ plan: 'monthly' }), 'monthly')).toBe(true);
    expect(isCurrentActivePlan(user({ plan: 'monthly' }), 'yearly')).toBe(false);
    expect(isCurrentActivePlan(user({ plan: 'yearly' }), 'yearly')).toBe(true);
    expect(isCurrentActivePlan(user({ plan: 'yearly' }), 'monthly')).toBe(false);
  });

  it('is neither Pro plan on the unlimited (VIP) plan, which is a plan of its own', () => {
    const vip = user({ plan: 'unlimited', credits_remaining: 999_999 });
    expect(isCurrentActivePlan(vip, 'monthly')).toBe(false);
    expect(isCurrentActivePlan(vip, 'yearly')).toBe(false);
  });

  it('is no plan when the subscription is not active, missing, or signed out', () => {
    expect(isCurrentActivePlan(user({ plan: 'monthly', status: 'canceled' }), 'monthly')).toBe(false);
    expect(isCurrentActivePlan(user({ plan: 'unlimited', status: 'past_due' }), 'yearly')).toBe(false);
    expect(isCurrentActivePlan(user({ plan: null }), 'monthly')).toBe(false);
    expect(isCurrentActivePlan(user(null), 'monthly')).toBe(false);
    expect(isCurrentActivePlan(null, 'yearly')).toBe(false);
  });
});
