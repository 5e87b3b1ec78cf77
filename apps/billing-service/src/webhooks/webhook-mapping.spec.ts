import { describe, expect, it } from '@jest/globals';
import { mapStripeEvent, planOfPrice, type PlanPrices } from './webhook-mapping.js';

const USER = '6f1c2a9e-4b7d-4c1e-9a3f-2d5e8b7c6a10';
const OTHER_USER = '0b9d8c7a-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const noPrices: PlanPrices = {};
const event = (type: string, object: Record<string, unknown>) => ({ type, data: { object } });

describe('planOfPrice', () => {
  it('reads the configured price ids first', () => {
    const prices = { monthly: 'price_m', yearly: 'price_y' };
    expect(planOfPrice({ id: 'price_m', recurring: { interval: 'year' } }, prices)).toBe('monthly');
    expect(planOfPrice({ id: 'price_y' }, prices)).toBe('yearly');
  });

  it('then the lookup keys, then the recurring interval', () => {
    expect(planOfPrice({ lookup_key: 'archlens_pro_monthly', recurring: { interval: 'year' } }, noPrices)).toBe('monthly');
    expect(planOfPrice({ lookup_key: 'archlens_pro_yearly' }, noPrices)).toBe('yearly');
    expect(planOfPrice({ id: 'price_x', recurring: { interval: 'month' } }, noPrices)).toBe('monthly');
    expect(planOfPrice({ recurring: { interval: 'year' } }, noPrices)).toBe('yearly');
  });

  it('names no plan for anything else', () => {
    expect(planOfPrice({ recurring: { interval: 'week' } }, noPrices)).toBeNull();
    expect(planOfPrice('price_123', noPrices)).toBeNull();
    expect(planOfPrice(undefined, noPrices)).toBeNull();
  });
});

describe('checkout.session.completed', () => {
  const session = {
    id: 'cs_1',
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: USER,
    customer: 'cus_1',
    subscription: 'sub_1',
    invoice: 'in_1',
    metadata: { userId: OTHER_USER, planType: 'monthly' },
  };

  it("makes the reference's user active on the metadata's plan, granting the first period under the invoice id", () => {
    expect(mapStripeEvent(event('checkout.session.completed', session), noPrices)).toEqual({
      label: 'checkout.session.completed',
      objectId: 'cs_1',
      users: [{ userId: USER }],
      state: { status: 'active', plan: 'monthly', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1' },
      grantReference: 'in_1',
    });
  });

  it("grants under the same reference as that invoice's invoice.paid, so the period is granted once", () => {
    const checkout = mapStripeEvent(event('checkout.session.completed', session), noPrices);
    const paid = mapStripeEvent(event('invoice.paid', { id: 'in_1', customer: 'cus_1' }), noPrices);
    expect(checkout?.grantReference).toBe(paid?.grantReference);
  });

  it('falls back to the metadata user, expanded objects, the yearly plan and the session id', () => {
    const effect = mapStripeEvent(
      event('checkout.session.completed', {
        ...session,
        client_reference_id: 'not-a-uuid',
        customer: { id: 'cus_2' },
        subscription: { id: 'sub_2' },
        invoice: null,
        metadata: { userId: OTHER_USER, planType: 'yearly' },
      }),
      noPrices,
    );
    expect(effect).toMatchObject({
      users: [{ userId: OTHER_USER }],
      state: { status: 'active', plan: 'yearly', stripeCustomerId: 'cus_2', stripeSubscriptionId: 'sub_2' },
      grantReference: 'cs_1',
    });
  });

  it('leaves the plan to the stored one when the metadata names none, and finds no user without ids', () => {
    const effect = mapStripeEvent(event('checkout.session.completed', { ...session, client_reference_id: null, metadata: {} }), noPrices);
    expect(effect).toMatchObject({ users: [], state: { status: 'active', plan: undefined } });
  });

  it('ignores a session that is not a subscription', () => {
    expect(mapStripeEvent(event('checkout.session.completed', { ...session, mode: 'payment' }), noPrices)).toBeNull();
  });
});

describe('customer.subscription.created, updated and deleted', () => {
  const subscription = (status: unknown) => ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status,
    metadata: { userId: USER },
    items: { data: [{ current_period_end: 1_800_000_000, price: { id: 'price_year', recurring: { interval: 'year' } } }] },
  });

  it.each(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'])(
    '%s sets status, plan, ids and the period end, finding the user by metadata then by customer',
    (type) => {
      expect(mapStripeEvent(event(type, subscription('active')), noPrices)).toEqual({
        label: 'customer.subscription.*',
        objectId: 'sub_1',
        users: [{ userId: USER }, { customerId: 'cus_1' }],
        state: {
          status: 'active',
          plan: 'yearly',
          stripeCustomerId: 'cus_1',
          stripeSubscriptionId: 'sub_1',
          currentPeriodEnd: new Date(1_800_000_000_000),
        },
      });
    },
  );

  it('reads a deleted subscription without a status as canceled, and the period end off the subscription', () => {
    const effect = mapStripeEvent(
      event('customer.subscription.deleted', {
        ...subscription(undefined),
        items: { data: [] },
        current_period_end: 1_700_000_000,
        metadata: {},
      }),
      noPrices,
    );
    expect(effect).toMatchObject({
      users: [{ customerId: 'cus_1' }],
      state: { status: 'canceled', plan: undefined, currentPeriodEnd: new Date(1_700_000_000_000) },
    });
    expect(effect?.grantReference).toBeUndefined();
  });
});

describe('invoice.paid and invoice.payment_failed', () => {
  const invoice = {
    id: 'in_7',
    object: 'invoice',
    customer: 'cus_1',
    subscription_details: { metadata: { userId: USER } },
    lines: { data: [{ period: { start: 1_790_000_000, end: 1_792_592_000 }, price: { recurring: { interval: 'month' } } }] },
  };

  it("invoice.paid makes the customer's user active on the line's plan and grants the period under the invoice id", () => {
    expect(mapStripeEvent(event('invoice.paid', invoice), noPrices)).toEqual({
      label: 'invoice.paid',
      objectId: 'in_7',
      users: [{ customerId: 'cus_1' }, { userId: USER }],
      state: { status: 'active', plan: 'monthly', stripeCustomerId: 'cus_1', currentPeriodEnd: new Date(1_792_592_000_000) },
      grantReference: 'in_7',
    });
  });

  it("reads the price of newer API versions' lines, and the subscription details under parent", () => {
    const effect = mapStripeEvent(
      event('invoice.paid', {
        id: 'in_8',
        parent: { subscription_details: { metadata: { userId: USER } } },
        lines: { data: [{ pricing: { price_details: { price: { lookup_key: 'archlens_pro_yearly' } } } }] },
      }),
      noPrices,
    );
    expect(effect).toMatchObject({ users: [{ userId: USER }], state: { status: 'active', plan: 'yearly' }, grantReference: 'in_8' });
  });

  it("leaves the plan to the stored one when the line's price names none", () => {
    const effect = mapStripeEvent(event('invoice.paid', { ...invoice, lines: { data: [{ price: 'price_123' }] } }), noPrices);
    expect(effect?.state.plan).toBeUndefined();
    expect(effect?.grantReference).toBe('in_7');
  });

  it('invoice.payment_failed makes the user past_due and grants nothing', () => {
    expect(mapStripeEvent(event('invoice.payment_failed', invoice), noPrices)).toEqual({
      label: 'invoice.payment_failed',
      objectId: 'in_7',
      users: [{ customerId: 'cus_1' }, { userId: USER }],
      state: { status: 'past_due', stripeCustomerId: 'cus_1' },
    });
  });
});

describe('other events', () => {
  it.each(['customer.created', 'invoice.created', 'payment_intent.succeeded'])('%s is recorded and ignored', (type) => {
    expect(mapStripeEvent(event(type, { id: 'x_1', customer: 'cus_1' }), noPrices)).toBeNull();
  });

  it('maps the same event the same way every time (a redelivery changes nothing more)', () => {
    const paid = event('invoice.paid', {
      id: 'in_9',
      customer: 'cus_1',
      lines: { data: [{ price: { recurring: { interval: 'year' } } }] },
    });
    expect(mapStripeEvent(paid, noPrices)).toEqual(mapStripeEvent(paid, noPrices));
  });
});
