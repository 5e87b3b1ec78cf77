import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import request from 'supertest';
import { BILLING_MESSAGES } from '@archlens/contracts/billing';
import { CommandClient } from '@archlens/platform/messaging';
import { signUpVerified, type SignedInUser } from '../support/accounts.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.server.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * One subscription per customer, and billing that never charges twice: a second Checkout is refused
 * while a subscription is in force (plan changes go through the billing portal); each Stripe
 * subscription keeps its own state, and events of a subscription that is not the user's current one
 * change neither the account nor its credits; a Checkout activates only once paid; a full refund or a
 * dispute ends Pro, takes the period's unspent credits back through the ledger and cancels the
 * subscription at Stripe, while a partial refund changes nothing. Webhooks are signed as Stripe signs
 * them, and their objects come from the loopback Stripe, shaped as the SDK's API version writes them.
 */
const API_KEY = 'sk_test_archlens_one_subscription';
const WEBHOOK_SECRET = 'whsec_archlens_one_subscription';
const APP_URL = 'http://localhost:3998';

let stack: Stack;
let stripe: FakeStripe;
let commands: CommandClient;

beforeAll(async () => {
  stripe = await startFakeStripe({ apiKey: API_KEY, appUrl: APP_URL });
  stack = await startStack({
    env: { STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.baseUrl, APP_URL },
  });
  commands = new CommandClient(process.env.REDIS_URL!);
});
afterAll(async () => {
  await commands?.close();
  await stack?.close();
  await stripe?.close();
});

/** Seconds since the epoch, moved on by one for every event, so that each event is newer than the one before. */
let clock = Math.floor(Date.now() / 1000);

/** Delivers one event of `type` about `object`, signed with the webhook secret; expects 200. @returns the event */
async function deliver(type: string, object: Record<string, unknown>, event = { id: `evt_${randomUUID()}`, created: ++clock }) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: event.created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  await request(stack.http)
    .post('/api/webhooks/stripe')
    .set('content-type', 'application/json')
    .set('stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
    .send(payload)
    .expect(200);
  return event;
}

/** `POST /api/create-checkout-session` as /pricing sends it. */
const checkout = (user: SignedInUser, planType: 'monthly' | 'yearly') =>
  request(stack.http).post('/api/create-checkout-session').set('Cookie', user.cookie).send({ planType });

/** A checkout the gateway answered 200: the Checkout session's id, from its URL. */
async function checkoutSession(user: SignedInUser, planType: 'monthly' | 'yearly'): Promise<string> {
  const res = await checkout(user, planType).expect(200);
  return (res.body as { url: string }).url.split('/c/pay/')[1];
}

/** The user's subscription as `GET /api/auth/user` shows it. */
async function account(user: SignedInUser) {
  const res = await request(stack.http).get('/api/auth/user').set('Cookie', user.cookie).expect(200);
  return (
    res.body as { subscription: { status: string; plan: string | null; credits_remaining: number; currentPeriodEnd: string | null } | null }
  ).subscription;
}

async function customerOf(user: SignedInUser): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>('SELECT stripe_customer_id AS id FROM billing.subscriptions WHERE user_id = $1', [
    user.userId,
  ]);
  return rows[0].id;
}

async function ledger(user: SignedInUser): Promise<Array<{ reason: string; reference: string; delta: number }>> {
  const { rows } = await stack.db.query<{ reason: string; reference: string; delta: number }>(
    'SELECT reason, reference, delta FROM billing.credit_ledger WHERE user_id = $1 ORDER BY id',
    [user.userId],
  );
  return rows;
}

/** Spends `credits` as a generation does: a reservation, then its capture. */
async function spend(user: SignedInUser, credits: number): Promise<void> {
  const held = await commands.request('billing.reserve-credits', { userId: user.userId, amount: credits, reference: randomUUID() });
  await commands.request('billing.capture-credits', { reservationId: held.reservationId });
}

/**
 * A user who paid for `plan` through Checkout: the session completed paid, and the invoice it paid.
 * @returns the subscription's id, the invoice and the charge that paid it
 */
async function subscriber(firstName: string, plan: 'monthly' | 'yearly' = 'monthly') {
  const user = await signUpVerified(stack, firstName);
  const session = await checkoutSession(user, plan);
  const customer = await customerOf(user);
  const subscription = `sub_${randomUUID().slice(0, 14)}`;
  const paid = stripe.paidInvoice({ customer, subscription, userId: user.userId, plan });
  await deliver(
    'checkout.session.completed',
    stripe.completedSession(session, { paymentStatus: 'paid', subscription, invoice: paid.invoice.id as string }),
  );
  await deliver('invoice.paid', paid.invoice);
  return { user, customer, subscription, ...paid };
}

/** A `customer.subscription.*` object as Stripe sends it. */
function subscriptionObject(id: string, customer: string, userId: string, status: string, plan: 'monthly' | 'yearly') {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    metadata: { userId, planType: plan },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          current_period_end: clock + (plan === 'monthly' ? 30 : 365) * 86_400,
          price: {
            id: stripe.prices[`archlens_pro_${plan}`],
            object: 'price',
            lookup_key: `archlens_pro_${plan}`,
            recurring: { interval: plan === 'monthly' ? 'month' : 'year' },
          },
        },
      ],
    },
  };
}

describe('one subscription per customer', () => {
  it('refuses a second checkout with 409 while the subscription is active or past due: a monthly subscriber cannot start Yearly', async () => {
    const { user, customer, subscription } = await subscriber('Monthly');
    expect(await account(user)).toMatchObject({ status: 'active', plan: 'monthly', credits_remaining: 200 });
    const sessionsBefore = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;

    const yearly = await checkout(user, 'yearly');
    expect([yearly.status, yearly.body]).toEqual([
      409,
      { code: 'billing.subscription-exists', message: BILLING_MESSAGES.subscriptionExists },
    ]);
    expect(yearly.body.message).toBe('You already have a Pro plan. Manage it from your account.');
    await checkout(user, 'monthly').expect(409);

    // Past due: Stripe still retries the payment, so the subscription is still in force.
    await deliver('customer.subscription.updated', subscriptionObject(subscription, customer, user.userId, 'past_due', 'monthly'));
    expect(await account(user)).toMatchObject({ status: 'past_due' });
    expect((await checkout(user, 'yearly')).status).toBe(409);
    // No Checkout session was even asked of Stripe.
    expect(stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')).toHaveLength(sessionsBefore);
    // Plan changes go through the billing portal, which stays open to the subscriber.
    await request(stack.http).post('/api/create-portal-session').set('Cookie', user.cookie).send({}).expect(200);

    // Once the subscription has ended, a new Checkout is taken.
    await deliver('customer.subscription.deleted', subscriptionObject(subscription, customer, user.userId, 'canceled', 'monthly'));
    expect(await account(user)).toMatchObject({ status: 'canceled' });
    await checkout(user, 'yearly').expect(200);
  });

  it("a new checkout expires the user's earlier one that is still open, so only the newest can be paid", async () => {
    const user = await signUpVerified(stack, 'Tabs');
    const first = await checkoutSession(user, 'monthly');
    expect(stripe.sessionStatus(first)).toBe('open');
    const second = await checkoutSession(user, 'yearly');
    expect([stripe.sessionStatus(first), stripe.sessionStatus(second)]).toEqual(['expired', 'open']);
    expect(stripe.requests.filter((r) => r.path.endsWith('/expire')).every((r) => r.refusal === null)).toBe(true);
  });

  it("events of another subscription of the user change neither the account nor its credits; the current one's still do", async () => {
    const { user, customer, subscription, invoice } = await subscriber('Second');
    await spend(user, 50);
    const before = await account(user);
    expect(before).toMatchObject({ status: 'active', plan: 'monthly', credits_remaining: 150 });

    // A second subscription paid in the same moment as the first (a Checkout of another tab that
    // was already open): Stripe completes it and sends its events.
    const direct = new Stripe(API_KEY, {
      host: '127.0.0.1',
      port: Number(new URL(stripe.baseUrl).port),
      protocol: 'http',
      telemetry: false,
    });
    const other = await direct.checkout.sessions.create({
      mode: 'subscription',
      currency: 'sgd',
      customer,
      line_items: [{ price: stripe.prices.archlens_pro_yearly, quantity: 1 }],
      success_url: `${APP_URL}/account?checkout=success`,
      cancel_url: `${APP_URL}/pricing`,
      client_reference_id: user.userId,
      metadata: { userId: user.userId, planType: 'yearly' },
    });
    const second = `sub_${randomUUID().slice(0, 14)}`;
    const secondPaid = stripe.paidInvoice({ customer, subscription: second, userId: user.userId, plan: 'yearly' });
    await deliver('customer.subscription.created', subscriptionObject(second, customer, user.userId, 'active', 'yearly'));
    await deliver(
      'checkout.session.completed',
      stripe.completedSession(other.id, { paymentStatus: 'paid', subscription: second, invoice: secondPaid.invoice.id as string }),
    );
    await deliver('invoice.paid', secondPaid.invoice);
    await deliver('invoice.payment_failed', secondPaid.invoice);
    await deliver('customer.subscription.deleted', subscriptionObject(second, customer, user.userId, 'canceled', 'yearly'));
    await deliver('charge.refunded', stripe.refunded(secondPaid.charge));

    // The first subscription stays in force, with its plan, period and credits.
    expect(await account(user)).toEqual(before);
    expect((await ledger(user)).map((entry) => entry.reason)).toEqual(['period_grant', 'reserve']);
    expect(stripe.cancelled).not.toContain(subscription);
    // The second is on record for the operator, under its own id.
    const { rows } = await stack.db.query<{ id: string; user_id: string; status: string; plan: string }>(
      'SELECT id, user_id, status, plan FROM billing.stripe_subscriptions WHERE user_id = $1 ORDER BY created_at',
      [user.userId],
    );
    expect(rows).toEqual([
      { id: subscription, user_id: user.userId, status: 'active', plan: 'monthly' },
      { id: second, user_id: user.userId, status: 'canceled', plan: 'yearly' },
    ]);

    // The current subscription's renewal still resets the month's credits.
    const renewal = stripe.paidInvoice({ customer, subscription, userId: user.userId, plan: 'monthly' });
    expect(renewal.invoice.id).not.toBe(invoice.id);
    await deliver('invoice.paid', renewal.invoice);
    expect(await account(user)).toMatchObject({ status: 'active', plan: 'monthly', credits_remaining: 200 });
  });
});

describe('activation needs a payment', () => {
  it('a Checkout completed before its payment arrived does not make the user Pro; the invoice.paid that follows does, once', async () => {
    const user = await signUpVerified(stack, 'Unpaid');
    const session = await checkoutSession(user, 'yearly');
    const customer = await customerOf(user);
    const subscription = `sub_${randomUUID().slice(0, 14)}`;
    const paid = stripe.paidInvoice({ customer, subscription, userId: user.userId, plan: 'yearly' });

    await deliver(
      'checkout.session.completed',
      stripe.completedSession(session, { paymentStatus: 'unpaid', subscription, invoice: paid.invoice.id as string }),
    );
    expect(await account(user)).toMatchObject({ status: 'incomplete', plan: 'yearly', credits_remaining: 0 });
    await request(stack.http).get('/api/generations').set('Cookie', user.cookie).expect(200);
    expect(await ledger(user)).toEqual([]);

    await deliver('invoice.paid', paid.invoice);
    expect(await account(user)).toMatchObject({ status: 'active', plan: 'yearly', credits_remaining: 2400 });
    // Stripe's word that the delayed payment succeeded grants nothing more: the same invoice.
    await deliver('checkout.session.async_payment_succeeded', {
      ...stripe.completedSession(session, { paymentStatus: 'paid', subscription, invoice: paid.invoice.id as string }),
    });
    expect(await account(user)).toMatchObject({ status: 'active', credits_remaining: 2400 });
    expect(await ledger(user)).toEqual([{ reason: 'period_grant', reference: paid.invoice.id, delta: 2400 }]);
  });
});

describe('refunds and disputes', () => {
  it("a full refund ends Pro, takes the period's unspent credits back through the ledger and cancels the subscription at Stripe", async () => {
    const { user, customer, subscription, charge } = await subscriber('Refund', 'yearly');
    await spend(user, 400);
    expect(await account(user)).toMatchObject({ status: 'active', plan: 'yearly', credits_remaining: 2000 });

    const refund = await deliver('charge.refunded', stripe.refunded(charge));
    expect(await account(user)).toMatchObject({ status: 'canceled', plan: 'yearly', credits_remaining: 0 });
    expect((await ledger(user)).at(-1)).toEqual({ reason: 'refund', reference: charge.id, delta: -2000 });
    expect(stripe.cancelled).toEqual(expect.arrayContaining([subscription]));
    const cancellation = stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription}`);
    expect(cancellation.map((r) => r.refusal)).toEqual([null]);

    // The same event again, and the subscription's later events, change nothing.
    await deliver('charge.refunded', stripe.refunded(charge), { ...refund });
    await deliver('customer.subscription.updated', subscriptionObject(subscription, customer, user.userId, 'active', 'yearly'));
    await deliver('invoice.paid', stripe.paidInvoice({ customer, subscription, userId: user.userId, plan: 'yearly' }).invoice);
    await deliver('customer.subscription.deleted', subscriptionObject(subscription, customer, user.userId, 'canceled', 'yearly'));
    expect(await account(user)).toMatchObject({ status: 'canceled', credits_remaining: 0 });
    expect((await ledger(user)).filter((entry) => entry.reason === 'refund')).toHaveLength(1);
    // Not Pro any more: a new Checkout is taken.
    await checkout(user, 'monthly').expect(200);
  });

  it('a dispute ends Pro and takes the unspent credits back likewise', async () => {
    const { user, subscription, charge } = await subscriber('Dispute');
    await spend(user, 30);
    const dispute = stripe.dispute(charge);
    await deliver('charge.dispute.created', dispute);
    expect(await account(user)).toMatchObject({ status: 'canceled', credits_remaining: 0 });
    expect((await ledger(user)).at(-1)).toEqual({ reason: 'dispute', reference: dispute.id, delta: -170 });
    expect(stripe.cancelled).toContain(subscription);
  });

  it('a partial refund changes nothing', async () => {
    const { user, subscription, charge } = await subscriber('Partial');
    await spend(user, 20);
    const before = await account(user);
    await deliver('charge.refunded', stripe.refunded(charge, 1000));
    expect(await account(user)).toEqual(before);
    expect(before).toMatchObject({ status: 'active', credits_remaining: 180 });
    expect((await ledger(user)).map((entry) => entry.reason)).toEqual(['period_grant', 'reserve']);
    expect(stripe.cancelled).not.toContain(subscription);
  });
});
