import { describe, expect, it } from '@jest/globals';
import { invoiceTarget, isFullRefund, mapStripeEvent, planOfPrice, type PlanPrices, type SubscriptionEffect } from './webhook-mapping.js';

const USER = '6f1c2a9e-4b7d-4c1e-9a3f-2d5e8b7c6a10';
const OTHER_USER = '0b9d8c7a-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const noPrices: PlanPrices = {};
const event = (type: string, object: Record<string, unknown>) => ({ type, data: { object } });
/** The effect of a subscription event (fails the test for any other kind). */
const subscriptionEffect = (type: string, object: Record<string, unknown>, prices: PlanPrices = noPrices): SubscriptionEffect => {
  const effect = mapStripeEvent(event(type, object), prices);
  if (effect?.kind !== 'subscription') throw new Error(`${type} mapped to ${JSON.stringify(effect)}`);
  return effect;
};

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
    payment_status: 'paid',
    client_reference_id: USER,
    customer: 'cus_1',
    subscription: 'sub_1',
    invoice: 'in_1',
    metadata: { userId: OTHER_USER, planType: 'monthly' },
  };

  it("paid: the session's subscription becomes active on the metadata's plan for the reference's user, granting the first period under the invoice id", () => {
    expect(mapStripeEvent(event('checkout.session.completed', session), noPrices)).toEqual({
      kind: 'subscription',
      label: 'checkout.session.completed',
      objectId: 'cs_1',
      users: [{ userId: USER }],
      subscriptionId: 'sub_1',
      state: { status: 'active', plan: 'monthly', stripeCustomerId: 'cus_1' },
      grantReference: 'in_1',
    });
  });

  it('unpaid, or nothing paid: the subscription is recorded on its plan, not activated, and nothing is granted', () => {
    for (const paymentStatus of ['unpaid', 'no_payment_required', undefined]) {
      const effect = subscriptionEffect('checkout.session.completed', { ...session, payment_status: paymentStatus });
      expect(effect).toMatchObject({ subscriptionId: 'sub_1', state: { plan: 'monthly', stripeCustomerId: 'cus_1' } });
      expect(effect.state.status).toBeUndefined();
      expect(effect.grantReference).toBeUndefined();
    }
  });

  it('an asynchronous payment that succeeds later activates the session like a paid one', () => {
    const effect = subscriptionEffect('checkout.session.async_payment_succeeded', session);
    expect(effect).toMatchObject({
      label: 'checkout.session.async_payment_succeeded',
      state: { status: 'active' },
      grantReference: 'in_1',
    });
  });

  it("grants under the same reference as that invoice's invoice.paid, so the period is granted once", () => {
    const checkout = subscriptionEffect('checkout.session.completed', session);
    const paid = subscriptionEffect('invoice.paid', { id: 'in_1', customer: 'cus_1' });
    expect(checkout.grantReference).toBe(paid.grantReference);
  });

  it('falls back to the metadata user, expanded objects, the yearly plan and the session id', () => {
    const effect = subscriptionEffect('checkout.session.completed', {
      ...session,
      client_reference_id: 'not-a-uuid',
      customer: { id: 'cus_2' },
      subscription: { id: 'sub_2' },
      invoice: null,
      metadata: { userId: OTHER_USER, planType: 'yearly' },
    });
    expect(effect).toMatchObject({
      users: [{ userId: OTHER_USER }],
      subscriptionId: 'sub_2',
      state: { status: 'active', plan: 'yearly', stripeCustomerId: 'cus_2' },
      grantReference: 'cs_1',
    });
  });

  it('leaves the plan to the stored one when the metadata names none, and finds no user without ids', () => {
    const effect = subscriptionEffect('checkout.session.completed', { ...session, client_reference_id: null, metadata: {} });
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
        kind: 'subscription',
        label: 'customer.subscription.*',
        objectId: 'sub_1',
        users: [{ userId: USER }, { customerId: 'cus_1' }],
        subscriptionId: 'sub_1',
        state: {
          status: 'active',
          plan: 'yearly',
          stripeCustomerId: 'cus_1',
          currentPeriodEnd: new Date(1_800_000_000_000),
        },
      });
    },
  );

  it('reads a deleted subscription without a status as canceled, and the period end off the subscription', () => {
    const effect = subscriptionEffect('customer.subscription.deleted', {
      ...subscription(undefined),
      items: { data: [] },
      current_period_end: 1_700_000_000,
      metadata: {},
    });
    expect(effect).toMatchObject({
      users: [{ customerId: 'cus_1' }],
      state: { status: 'canceled', plan: undefined, currentPeriodEnd: new Date(1_700_000_000_000) },
    });
    expect(effect.grantReference).toBeUndefined();
  });
});

describe('invoice.paid and invoice.payment_failed', () => {
  const invoice = {
    id: 'in_7',
    object: 'invoice',
    customer: 'cus_1',
    subscription: 'sub_1',
    subscription_details: { metadata: { userId: USER } },
    lines: { data: [{ period: { start: 1_790_000_000, end: 1_792_592_000 }, price: { recurring: { interval: 'month' } } }] },
  };

  it("invoice.paid makes the invoice's subscription active on the line's plan for the customer's user and grants the period under the invoice id", () => {
    expect(mapStripeEvent(event('invoice.paid', invoice), noPrices)).toEqual({
      kind: 'subscription',
      label: 'invoice.paid',
      objectId: 'in_7',
      users: [{ customerId: 'cus_1' }, { userId: USER }],
      subscriptionId: 'sub_1',
      state: { status: 'active', plan: 'monthly', stripeCustomerId: 'cus_1', currentPeriodEnd: new Date(1_792_592_000_000) },
      grantReference: 'in_7',
    });
  });

  it("reads the price of newer API versions' lines, and the subscription and its details under parent", () => {
    const effect = subscriptionEffect('invoice.paid', {
      id: 'in_8',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_8', metadata: { userId: USER } } },
      lines: { data: [{ pricing: { price_details: { price: { lookup_key: 'archlens_pro_yearly' } } } }] },
    });
    expect(effect).toMatchObject({
      users: [{ userId: USER }],
      subscriptionId: 'sub_8',
      state: { status: 'active', plan: 'yearly' },
      grantReference: 'in_8',
    });
    const byId = subscriptionEffect(
      'invoice.paid',
      { id: 'in_9', lines: { data: [{ pricing: { price_details: { price: 'price_y' } } }] } },
      { monthly: 'price_m', yearly: 'price_y' },
    );
    expect(byId.state.plan).toBe('yearly');
  });

  it('a plan change in the billing portal: the credit for the unused plan is passed over, the new plan is read', () => {
    const change = subscriptionEffect('invoice.paid', {
      ...invoice,
      lines: {
        data: [
          { amount: -3000, period: { start: 1, end: 2 }, price: { recurring: { interval: 'month' } } },
          { amount: 49_900, period: { start: 1_790_000_000, end: 1_821_536_000 }, price: { recurring: { interval: 'year' } } },
        ],
      },
    });
    expect(change.state).toMatchObject({ plan: 'yearly', currentPeriodEnd: new Date(1_821_536_000_000) });
  });

  it("leaves the plan to the stored one when the line's price names none", () => {
    const effect = subscriptionEffect('invoice.paid', { ...invoice, lines: { data: [{ price: 'price_123' }] } });
    expect(effect.state.plan).toBeUndefined();
    expect(effect.grantReference).toBe('in_7');
  });

  it('an invoice of no subscription (a one-off charge) names none, so it changes nothing', () => {
    const { subscription: _none, ...oneOff } = invoice;
    expect(subscriptionEffect('invoice.paid', oneOff).subscriptionId).toBeUndefined();
  });

  it("invoice.payment_failed makes the invoice's subscription past_due and grants nothing", () => {
    expect(mapStripeEvent(event('invoice.payment_failed', invoice), noPrices)).toEqual({
      kind: 'subscription',
      label: 'invoice.payment_failed',
      objectId: 'in_7',
      users: [{ customerId: 'cus_1' }, { userId: USER }],
      subscriptionId: 'sub_1',
      state: { status: 'past_due', stripeCustomerId: 'cus_1' },
    });
  });
});

describe('charge.refunded and charge.dispute.created', () => {
  const charge = {
    id: 'ch_1',
    object: 'charge',
    amount: 4999,
    amount_captured: 4999,
    amount_refunded: 0,
    refunded: false,
    customer: 'cus_1',
    payment_intent: 'pi_1',
  };

  it('a full refund is a reversal under the charge id, to be traced through its PaymentIntent', () => {
    expect(mapStripeEvent(event('charge.refunded', { ...charge, amount_refunded: 4999, refunded: true }), noPrices)).toEqual({
      kind: 'reversal',
      label: 'charge.refunded',
      objectId: 'ch_1',
      reason: 'refund',
      reference: 'ch_1',
      paymentIntentId: 'pi_1',
    });
  });

  it('a partial refund changes nothing', () => {
    expect(mapStripeEvent(event('charge.refunded', { ...charge, amount_refunded: 1000 }), noPrices)).toBeNull();
    expect(mapStripeEvent(event('charge.refunded', { ...charge, amount_refunded: 4998 }), noPrices)).toBeNull();
  });

  it('reads a full refund from refunded, or from amount_refunded reaching the amount', () => {
    expect(isFullRefund({ ...charge, refunded: true })).toBe(true);
    expect(isFullRefund({ ...charge, amount_refunded: 4999 })).toBe(true);
    expect(isFullRefund({ ...charge, amount_refunded: 4998 })).toBe(false);
    expect(isFullRefund({ ...charge, amount: 0, amount_refunded: 0 })).toBe(false);
    expect(isFullRefund({})).toBe(false);
  });

  it('a dispute is a reversal under the dispute id, traced through its PaymentIntent (or its expanded charge’s)', () => {
    const dispute = { id: 'dp_1', object: 'dispute', amount: 4999, charge: 'ch_1', payment_intent: 'pi_1', reason: 'fraudulent' };
    expect(mapStripeEvent(event('charge.dispute.created', dispute), noPrices)).toEqual({
      kind: 'reversal',
      label: 'charge.dispute.created',
      objectId: 'dp_1',
      reason: 'dispute',
      reference: 'dp_1',
      paymentIntentId: 'pi_1',
    });
    const expanded = mapStripeEvent(event('charge.dispute.created', { ...dispute, payment_intent: null, charge: charge }), noPrices);
    expect(expanded).toMatchObject({ paymentIntentId: 'pi_1' });
  });

  it("the invoice a payment paid names the subscription and its users, in both API versions' shapes", () => {
    expect(invoiceTarget({ id: 'in_1', customer: 'cus_1', subscription: 'sub_1' })).toEqual({
      subscriptionId: 'sub_1',
      users: [{ customerId: 'cus_1' }],
    });
    expect(
      invoiceTarget({
        id: 'in_2',
        customer: { id: 'cus_2' },
        parent: { subscription_details: { subscription: { id: 'sub_2' }, metadata: { userId: USER } } },
      }),
    ).toEqual({ subscriptionId: 'sub_2', users: [{ customerId: 'cus_2' }, { userId: USER }] });
    expect(invoiceTarget(undefined)).toEqual({ subscriptionId: undefined, users: [] });
  });
});

describe('other events', () => {
  it.each(['customer.created', 'invoice.created', 'payment_intent.succeeded', 'charge.dispute.closed'])(
    '%s is recorded and ignored',
    (type) => {
      expect(mapStripeEvent(event(type, { id: 'x_1', customer: 'cus_1' }), noPrices)).toBeNull();
    },
  );

  it('maps the same event the same way every time (a redelivery changes nothing more)', () => {
    const paid = event('invoice.paid', {
      id: 'in_9',
      customer: 'cus_1',
      lines: { data: [{ price: { recurring: { interval: 'year' } } }] },
    });
    expect(mapStripeEvent(paid, noPrices)).toEqual(mapStripeEvent(paid, noPrices));
  });
});
