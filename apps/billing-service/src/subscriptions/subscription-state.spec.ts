import { describe, expect, it } from '@jest/globals';
import { billingAccount, mergeSubscriptionState, type SubscriptionFields } from './subscription-state.js';

const T = 1_790_000_000;
const periodEnd = new Date('2027-01-01T00:00:00.000Z');

const stored: SubscriptionFields = {
  status: 'active',
  plan: 'yearly',
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  currentPeriodEnd: periodEnd,
  lastEventCreated: String(T),
};

describe('mergeSubscriptionState', () => {
  it('a first event makes the row: what it names, null for the rest', () => {
    expect(mergeSubscriptionState(null, { status: 'past_due', stripeCustomerId: 'cus_9' }, T)).toEqual({
      status: 'past_due',
      plan: null,
      stripeCustomerId: 'cus_9',
      stripeSubscriptionId: null,
      currentPeriodEnd: null,
      lastEventCreated: String(T),
    });
  });

  it('a newer event sets the status and what it names; the rest keeps its stored value', () => {
    expect(mergeSubscriptionState(stored, { status: 'past_due' }, T + 10)).toEqual({
      ...stored,
      status: 'past_due',
      lastEventCreated: String(T + 10),
    });
    const later = new Date('2028-01-01T00:00:00.000Z');
    expect(
      mergeSubscriptionState(
        stored,
        { status: 'active', plan: 'monthly', stripeCustomerId: 'cus_2', stripeSubscriptionId: 'sub_2', currentPeriodEnd: later },
        T + 10,
      ),
    ).toEqual({
      status: 'active',
      plan: 'monthly',
      stripeCustomerId: 'cus_2',
      stripeSubscriptionId: 'sub_2',
      currentPeriodEnd: later,
      lastEventCreated: String(T + 10),
    });
  });

  it('a null plan or id in the event keeps the stored one', () => {
    const merged = mergeSubscriptionState(
      stored,
      { status: 'canceled', plan: null, stripeCustomerId: null, currentPeriodEnd: null },
      T + 1,
    );
    expect(merged).toMatchObject({ status: 'canceled', plan: 'yearly', stripeCustomerId: 'cus_1', currentPeriodEnd: periodEnd });
  });

  it('an event older than the last applied changes nothing', () => {
    expect(mergeSubscriptionState(stored, { status: 'past_due' }, T - 1)).toBeNull();
    expect(mergeSubscriptionState(stored, { status: 'incomplete', plan: 'monthly' }, T - 3600)).toBeNull();
  });

  it('events of the same second both apply, in arrival order', () => {
    expect(mergeSubscriptionState(stored, { status: 'past_due' }, T)).toMatchObject({ status: 'past_due', lastEventCreated: String(T) });
  });

  it('updated, a late older update, then deleted: the newer states win', () => {
    let row: SubscriptionFields | null = mergeSubscriptionState(null, { status: 'incomplete', plan: 'yearly' }, T);
    const apply = (status: string, created: number) => {
      const next = mergeSubscriptionState(row, { status }, created);
      if (next) row = next;
      return next !== null;
    };
    expect(apply('active', T + 20)).toBe(true);
    expect(apply('past_due', T + 10)).toBe(false);
    expect(row).toMatchObject({ status: 'active', plan: 'yearly' });
    expect(apply('canceled', T + 40)).toBe(true);
    expect(row).toMatchObject({ status: 'canceled', lastEventCreated: String(T + 40) });
  });

  it('the same event applied again gives the same row', () => {
    const once = mergeSubscriptionState(stored, { status: 'active', plan: 'monthly' }, T + 5);
    expect(mergeSubscriptionState(once, { status: 'active', plan: 'monthly' }, T + 5)).toEqual(once);
  });

  it('a row no event has touched yet (a checkout customer, the VIP grant) takes any event', () => {
    const customerOnly: SubscriptionFields = { ...stored, status: 'none', plan: null, lastEventCreated: null };
    expect(mergeSubscriptionState(customerOnly, { status: 'active', plan: 'monthly' }, 1)).toMatchObject({
      status: 'active',
      plan: 'monthly',
    });
  });
});

describe('billingAccount', () => {
  it('no row, or a row with only a customer, is no subscription; the balance still shows', () => {
    expect(billingAccount(null, 0)).toEqual({ subscription: null, balance: 0 });
    expect(billingAccount({ status: 'none', plan: null, currentPeriodEnd: null }, 12)).toEqual({ subscription: null, balance: 12 });
  });

  it('shows status, plan, credits and the period end as ISO text', () => {
    expect(billingAccount({ status: 'active', plan: 'monthly', currentPeriodEnd: periodEnd }, 175)).toEqual({
      subscription: { status: 'active', plan: 'monthly', credits_remaining: 175, currentPeriodEnd: '2027-01-01T00:00:00.000Z' },
      balance: 175,
    });
    expect(billingAccount({ status: 'past_due', plan: 'yearly', currentPeriodEnd: null }, 0)).toEqual({
      subscription: { status: 'past_due', plan: 'yearly', credits_remaining: 0, currentPeriodEnd: null },
      balance: 0,
    });
  });

  it('the active unlimited plan shows 999999 credits; once not active, the stored balance', () => {
    expect(billingAccount({ status: 'active', plan: 'unlimited', currentPeriodEnd: null }, 0)).toEqual({
      subscription: { status: 'active', plan: 'unlimited', credits_remaining: 999_999, currentPeriodEnd: null },
      balance: 999_999,
    });
    expect(billingAccount({ status: 'canceled', plan: 'unlimited', currentPeriodEnd: null }, 4)).toMatchObject({
      subscription: { credits_remaining: 4 },
      balance: 4,
    });
  });
});
