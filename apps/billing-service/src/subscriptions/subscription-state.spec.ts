import { describe, expect, it } from '@jest/globals';
import {
  accountFollowing,
  billingAccount,
  followsSubscription,
  isLiveStatus,
  mergeSubscriptionState,
  type StripeSubscriptionFields,
  type SubscriptionFields,
} from './subscription-state.js';

const T = 1_790_000_000;
const periodEnd = new Date('2027-01-01T00:00:00.000Z');

const stored: StripeSubscriptionFields = {
  status: 'active',
  plan: 'yearly',
  currentPeriodEnd: periodEnd,
  lastEventCreated: String(T),
};

describe('mergeSubscriptionState', () => {
  it('a first event makes the row: what it names, null for the rest', () => {
    expect(mergeSubscriptionState(null, { status: 'past_due', stripeCustomerId: 'cus_9' }, T)).toEqual({
      status: 'past_due',
      plan: null,
      currentPeriodEnd: null,
      lastEventCreated: String(T),
    });
  });

  it('a first event that settles no status (a Checkout not paid yet) leaves the subscription incomplete', () => {
    expect(mergeSubscriptionState(null, { plan: 'monthly' }, T)).toMatchObject({ status: 'incomplete', plan: 'monthly' });
  });

  it('a newer event sets the status and what it names; the rest keeps its stored value', () => {
    expect(mergeSubscriptionState(stored, { status: 'past_due' }, T + 10)).toEqual({
      ...stored,
      status: 'past_due',
      lastEventCreated: String(T + 10),
    });
    const later = new Date('2028-01-01T00:00:00.000Z');
    expect(mergeSubscriptionState(stored, { status: 'active', plan: 'monthly', currentPeriodEnd: later }, T + 10)).toEqual({
      status: 'active',
      plan: 'monthly',
      currentPeriodEnd: later,
      lastEventCreated: String(T + 10),
    });
  });

  it('a null plan or period end in the event keeps the stored one; no status keeps the stored status', () => {
    const merged = mergeSubscriptionState(stored, { status: 'canceled', plan: null, currentPeriodEnd: null }, T + 1);
    expect(merged).toMatchObject({ status: 'canceled', plan: 'yearly', currentPeriodEnd: periodEnd });
    expect(mergeSubscriptionState({ ...stored, status: 'past_due' }, {}, T + 1)).toMatchObject({ status: 'past_due' });
  });

  it('an event older than the last applied changes nothing', () => {
    expect(mergeSubscriptionState(stored, { status: 'past_due' }, T - 1)).toBeNull();
    expect(mergeSubscriptionState(stored, { status: 'incomplete', plan: 'monthly' }, T - 3600)).toBeNull();
  });

  it('events of the same second both apply, in arrival order', () => {
    expect(mergeSubscriptionState(stored, { status: 'past_due' }, T)).toMatchObject({ status: 'past_due', lastEventCreated: String(T) });
  });

  it('updated, a late older update, then deleted: the newer states win', () => {
    let row: StripeSubscriptionFields | null = mergeSubscriptionState(null, { status: 'incomplete', plan: 'yearly' }, T);
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
});

describe('isLiveStatus', () => {
  it('active, trialing and past_due are in force; the rest, and no status, are not', () => {
    expect(['active', 'trialing', 'past_due'].map(isLiveStatus)).toEqual([true, true, true]);
    expect(['none', 'incomplete', 'incomplete_expired', 'canceled', 'unpaid', 'paused'].map(isLiveStatus)).toEqual(Array(6).fill(false));
    expect(isLiveStatus(null)).toBe(false);
    expect(isLiveStatus(undefined)).toBe(false);
  });
});

describe('followsSubscription: one subscription per customer', () => {
  const live = { status: 'active', endedBy: null };
  const account = (status: string, stripeSubscriptionId: string | null, plan: SubscriptionFields['plan'] = 'monthly') => ({
    status,
    plan,
    stripeSubscriptionId,
  });

  it("the account's current subscription is followed, whatever its status", () => {
    expect(followsSubscription(account('active', 'sub_1'), 'sub_1', live)).toBe(true);
    expect(followsSubscription(account('past_due', 'sub_1'), 'sub_1', { status: 'canceled', endedBy: null })).toBe(true);
  });

  it('a second subscription beside a current one in force is left aside: active, trialing or past due', () => {
    for (const status of ['active', 'trialing', 'past_due']) {
      expect(followsSubscription(account(status, 'sub_1'), 'sub_2', live)).toBe(false);
    }
  });

  it('another subscription becomes the current one when nothing is in force, unless it has ended', () => {
    expect(followsSubscription(null, 'sub_2', live)).toBe(true);
    expect(followsSubscription(account('none', null, null), 'sub_2', { status: 'incomplete', endedBy: null })).toBe(true);
    expect(followsSubscription(account('canceled', 'sub_1'), 'sub_2', live)).toBe(true);
    expect(followsSubscription(account('incomplete', 'sub_1'), 'sub_2', live)).toBe(true);
    // A late event of an old subscription that has ended never takes the account back.
    expect(followsSubscription(account('incomplete', 'sub_2'), 'sub_1', { status: 'canceled', endedBy: null })).toBe(false);
    expect(followsSubscription(account('none', null, null), 'sub_1', { status: 'incomplete_expired', endedBy: null })).toBe(false);
  });

  it('a subscription a refund or a dispute ended is never followed again, even as the current one', () => {
    expect(followsSubscription(account('canceled', 'sub_1'), 'sub_1', { status: 'active', endedBy: 'refund' })).toBe(false);
    expect(followsSubscription(account('canceled', 'sub_2'), 'sub_1', { status: 'active', endedBy: 'dispute' })).toBe(false);
  });

  it('the active VIP plan is replaced by no Stripe subscription, not even its own earlier one', () => {
    expect(followsSubscription(account('active', null, 'unlimited'), 'sub_1', live)).toBe(false);
    expect(followsSubscription(account('active', 'sub_1', 'unlimited'), 'sub_1', live)).toBe(false);
  });
});

describe('accountFollowing', () => {
  const subscription: StripeSubscriptionFields = {
    status: 'past_due',
    plan: 'yearly',
    currentPeriodEnd: periodEnd,
    lastEventCreated: String(T),
  };

  it("takes the subscription's status, plan, period end and id; keeps the stored customer, else the event's", () => {
    expect(accountFollowing({ stripeCustomerId: 'cus_1' }, 'sub_2', subscription, 'cus_other')).toEqual({
      status: 'past_due',
      plan: 'yearly',
      currentPeriodEnd: periodEnd,
      stripeSubscriptionId: 'sub_2',
      stripeCustomerId: 'cus_1',
    });
    expect(accountFollowing(null, 'sub_2', subscription, 'cus_9').stripeCustomerId).toBe('cus_9');
    expect(accountFollowing({ stripeCustomerId: null }, 'sub_2', subscription, undefined).stripeCustomerId).toBeNull();
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
