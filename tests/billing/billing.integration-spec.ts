import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import request from 'supertest';
import { BILLING_MESSAGES } from '@archlens/contracts/billing';
import { CommandClient, DomainError } from '@archlens/platform/messaging';
import { signUpVerified, type SignedInUser } from '../support/accounts.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.server.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Checkout and portal against a loopback Stripe, signed webhooks moving state
 * (once, in order), and credit reservations under contention.
 */
const API_KEY = 'sk_test_archlens_loopback';
const WEBHOOK_SECRET = 'whsec_archlens_loopback_secret';
const APP_URL = 'http://localhost:3999';

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

/** A Stripe event as Stripe sends it (the fields billing-service reads), with a fresh id unless given. */
function stripeEvent(type: string, object: Record<string, unknown>, created: number, id = `evt_${randomUUID()}`) {
  return {
    id,
    object: 'event',
    type,
    created,
    api_version: '2025-11-17',
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  };
}

/** Posts a body to the webhook with a signature made by `generateTestHeaderString` (or `signature` as given). */
function deliver(
  payload: string,
  signature: string | null = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  const req = request(stack.http).post('/api/webhooks/stripe').set('content-type', 'application/json');
  return (signature === null ? req : req.set('stripe-signature', signature)).send(payload);
}

async function currentSubscription(user: SignedInUser) {
  const res = await request(stack.http).get('/api/auth/user').set('Cookie', user.cookie).expect(200);
  return (
    res.body as { subscription: { status: string; plan: string | null; credits_remaining: number; currentPeriodEnd: string | null } | null }
  ).subscription;
}

async function balanceOf(userId: string): Promise<number> {
  const { rows } = await stack.db.query<{ balance: number }>('SELECT balance FROM billing.credit_balances WHERE user_id = $1', [userId]);
  return rows[0]?.balance ?? 0;
}

async function setBalance(userId: string, balance: number): Promise<void> {
  await stack.db.query(
    `INSERT INTO billing.credit_balances (user_id, balance) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET balance = EXCLUDED.balance`,
    [userId, balance],
  );
}

/** A user who went through checkout: their Stripe customer id (created by the checkout). */
async function checkedOut(user: SignedInUser, planType: 'monthly' | 'yearly' = 'monthly'): Promise<string> {
  await request(stack.http).post('/api/create-checkout-session').set('Cookie', user.cookie).send({ planType }).expect(200);
  const { rows } = await stack.db.query<{ stripe_customer_id: string }>(
    'SELECT stripe_customer_id FROM billing.subscriptions WHERE user_id = $1',
    [user.userId],
  );
  return rows[0].stripe_customer_id;
}

/** The one subscription of a customer in these tests (billing-service keeps one subscription per customer). */
const subscriptionIdOf = (customer: string) => `sub_${customer.slice('cus_'.length)}`;

function subscriptionObject(customer: string, userId: string, status: string, interval: 'month' | 'year', periodEnd: number) {
  return {
    id: subscriptionIdOf(customer),
    object: 'subscription',
    customer,
    status,
    metadata: { userId },
    items: { data: [{ current_period_end: periodEnd, price: { id: `price_${interval}`, recurring: { interval } } }] },
  };
}

function invoiceObject(customer: string, interval: 'month' | 'year', id = `in_${randomUUID()}`) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'invoice',
    customer,
    subscription: subscriptionIdOf(customer),
    lines: { data: [{ period: { start: now, end: now + (interval === 'month' ? 30 : 365) * 86400 }, price: { recurring: { interval } } }] },
  };
}

describe('checkout and portal against a loopback Stripe', () => {
  it('creates a subscription-mode SGD checkout for the plan price, reusing one customer per user', async () => {
    const user = await signUpVerified(stack, 'Checkout');
    const first = await request(stack.http).post('/api/create-checkout-session').set('Cookie', user.cookie).send({ planType: 'monthly' });
    expect(first.status).toBe(200);
    expect((first.body as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    const second = await request(stack.http).post('/api/create-checkout-session').set('Cookie', user.cookie).send({ planType: 'yearly' });
    expect(second.status).toBe(200);

    const sessions = stripe.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.fields['client_reference_id']?.[0] === user.userId,
    );
    expect(sessions.map((s) => s.refusal)).toEqual([null, null]);
    expect(sessions.map((s) => s.fields['line_items[0][price]'][0])).toEqual(['price_monthly_test', 'price_yearly_test']);
    expect(new Set(sessions.map((s) => s.fields['customer'][0])).size).toBe(1);
    expect(sessions[0].fields['metadata[userId]']).toEqual([user.userId]);
    const customers = stripe.requests.filter((r) => r.path === '/v1/customers' && r.fields['metadata[userId]']?.[0] === user.userId);
    expect(customers).toHaveLength(1);
  });

  it('opens the billing portal for the customer, and refuses bad plans and signed-out calls', async () => {
    const user = await signUpVerified(stack, 'Portal');
    await request(stack.http).post('/api/create-portal-session').set('Cookie', user.cookie).send({}).expect(404);
    await checkedOut(user);
    const portal = await request(stack.http).post('/api/create-portal-session').set('Cookie', user.cookie).send({}).expect(200);
    expect((portal.body as { url: string }).url).toMatch(/\/p\/session\/bps_/);
    expect(stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').every((r) => r.refusal === null)).toBe(true);
    await request(stack.http).post('/api/create-checkout-session').set('Cookie', user.cookie).send({ planType: 'weekly' }).expect(400);
    await request(stack.http).post('/api/create-checkout-session').send({ planType: 'monthly' }).expect(401);
    await request(stack.http).post('/api/create-portal-session').send({}).expect(401);
  });
});

describe('Stripe webhooks', () => {
  it('checkout.session.completed makes the user PRO with 200 credits', async () => {
    const user = await signUpVerified(stack, 'Completed');
    const customer = await checkedOut(user);
    const now = Math.floor(Date.now() / 1000);
    const session = {
      id: `cs_${randomUUID()}`,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: user.userId,
      customer,
      subscription: subscriptionIdOf(customer),
      invoice: `in_${randomUUID()}`,
      metadata: { userId: user.userId, planType: 'monthly' },
    };
    const res = await deliver(JSON.stringify(stripeEvent('checkout.session.completed', session, now)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await currentSubscription(user)).toMatchObject({ status: 'active', plan: 'monthly', credits_remaining: 200 });
    // The same period's invoice.paid grants nothing more (same invoice id).
    await deliver(JSON.stringify(stripeEvent('invoice.paid', { ...invoiceObject(customer, 'month', session.invoice) }, now + 1))).expect(
      200,
    );
    expect(await balanceOf(user.userId)).toBe(200);
  });

  it('the same event delivered 10 times at once grants once', async () => {
    const user = await signUpVerified(stack, 'Repeat');
    const customer = await checkedOut(user);
    await setBalance(user.userId, 37);
    const payload = JSON.stringify(stripeEvent('invoice.paid', invoiceObject(customer, 'month'), Math.floor(Date.now() / 1000)));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(user.userId)).toBe(200);
    const { rows } = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM billing.credit_ledger WHERE user_id = $1 AND reason = 'period_grant'`,
      [user.userId],
    );
    expect(Number(rows[0].n)).toBe(1);
  });

  it('an unsigned or tampered event gets 400 and changes nothing', async () => {
    const user = await signUpVerified(stack, 'Tamper');
    const customer = await checkedOut(user);
    const event = stripeEvent('invoice.paid', invoiceObject(customer, 'year'), Math.floor(Date.now() / 1000));
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const unsigned = await deliver(payload, null);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({ message: BILLING_MESSAGES.invalidSignature });
    const tampered = await deliver(payload.replace('"year"', '"month"'), signature);
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({ message: BILLING_MESSAGES.invalidSignature });
    const forged = await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
    expect(forged.status).toBe(400);
    expect(await balanceOf(user.userId)).toBe(0);
    const { rows } = await stack.db.query('SELECT 1 FROM billing.stripe_events WHERE id = $1', [event.id]);
    expect(rows).toHaveLength(0);
    expect(await currentSubscription(user)).toBeNull();
  });

  it('a signature longer than Stripe sends gets 400, a body past what the webhook job takes 413: nothing queued, nothing changed', async () => {
    const user = await signUpVerified(stack, 'Oversize');
    const customer = await checkedOut(user);
    const before = (await stack.footprint()).jobsAdded.billing;
    const event = stripeEvent('invoice.paid', invoiceObject(customer, 'month'), Math.floor(Date.now() / 1000));
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const longSignature = await deliver(payload, `${signature},v1=${'a'.repeat(3000 - signature.length - 4)}`);
    expect([longSignature.status, longSignature.body]).toEqual([
      400,
      { code: 'billing.invalid-signature', message: BILLING_MESSAGES.invalidSignature },
    ]);
    // 100,500 bytes: within the gateway's 100 KB body limit (102,400 bytes), past the job's 100,000 characters.
    const padded = JSON.stringify({ ...event, data: { object: { ...event.data.object, note: '' } } });
    const large = padded.replace('"note":""', `"note":"${'x'.repeat(100_500 - padded.length)}"`);
    expect(Buffer.byteLength(large)).toBe(100_500);
    const tooLarge = await deliver(large, Stripe.webhooks.generateTestHeaderString({ payload: large, secret: WEBHOOK_SECRET }));
    expect([tooLarge.status, tooLarge.body]).toEqual([413, { code: 'request.too-large', message: 'Request body too large.' }]);
    expect((await stack.footprint()).jobsAdded.billing).toBe(before);
    const { rows } = await stack.db.query('SELECT 1 FROM billing.stripe_events WHERE id = $1', [event.id]);
    expect(rows).toHaveLength(0);
    expect(await balanceOf(user.userId)).toBe(0);
    // The same event within the limits is applied.
    await deliver(payload, signature).expect(200);
    expect(await balanceOf(user.userId)).toBe(200);
  });

  it('subscription created, updated, deleted move the status; an older update after a newer one does not win', async () => {
    const user = await signUpVerified(stack, 'Ordering');
    const customer = await checkedOut(user, 'yearly');
    const t = Math.floor(Date.now() / 1000);
    const periodEnd = t + 365 * 86400;
    await deliver(
      JSON.stringify(
        stripeEvent('customer.subscription.created', subscriptionObject(customer, user.userId, 'incomplete', 'year', periodEnd), t),
      ),
    ).expect(200);
    expect(await currentSubscription(user)).toMatchObject({ status: 'incomplete', plan: 'yearly' });
    await deliver(
      JSON.stringify(
        stripeEvent('customer.subscription.updated', subscriptionObject(customer, user.userId, 'active', 'year', periodEnd), t + 20),
      ),
    ).expect(200);
    // An older update (created before the last one) arrives late: it must not win.
    await deliver(
      JSON.stringify(
        stripeEvent('customer.subscription.updated', subscriptionObject(customer, user.userId, 'past_due', 'year', periodEnd), t + 10),
      ),
    ).expect(200);
    const active = await currentSubscription(user);
    expect(active).toMatchObject({ status: 'active', plan: 'yearly', currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
    await deliver(JSON.stringify(stripeEvent('invoice.payment_failed', invoiceObject(customer, 'year'), t + 30))).expect(200);
    expect(await currentSubscription(user)).toMatchObject({ status: 'past_due' });
    await deliver(
      JSON.stringify(
        stripeEvent('customer.subscription.deleted', subscriptionObject(customer, user.userId, 'canceled', 'year', periodEnd), t + 40),
      ),
    ).expect(200);
    expect(await currentSubscription(user)).toMatchObject({ status: 'canceled' });
  });

  it('a monthly renewal resets the balance to 200; a yearly renewal grants a 2,400 pool', async () => {
    const monthly = await signUpVerified(stack, 'Monthly');
    const monthlyCustomer = await checkedOut(monthly, 'monthly');
    const t = Math.floor(Date.now() / 1000);
    await deliver(JSON.stringify(stripeEvent('invoice.paid', invoiceObject(monthlyCustomer, 'month'), t))).expect(200);
    await setBalance(monthly.userId, 13); // most of the month spent
    await deliver(JSON.stringify(stripeEvent('invoice.paid', invoiceObject(monthlyCustomer, 'month'), t + 1))).expect(200);
    expect(await currentSubscription(monthly)).toMatchObject({ status: 'active', plan: 'monthly', credits_remaining: 200 });

    const yearly = await signUpVerified(stack, 'Yearly');
    const yearlyCustomer = await checkedOut(yearly, 'yearly');
    await deliver(JSON.stringify(stripeEvent('invoice.paid', invoiceObject(yearlyCustomer, 'year'), t))).expect(200);
    expect(await currentSubscription(yearly)).toMatchObject({ status: 'active', plan: 'yearly', credits_remaining: 2400 });
    await setBalance(yearly.userId, 5);
    await deliver(JSON.stringify(stripeEvent('invoice.paid', invoiceObject(yearlyCustomer, 'year'), t + 1))).expect(200);
    expect(await balanceOf(yearly.userId)).toBe(2400);
  });
});

describe('credit reservations', () => {
  const reserve = (userId: string, amount: number, reference: string = randomUUID(), ttlSeconds?: number) =>
    commands.request('billing.reserve-credits', { userId, amount, reference, ...(ttlSeconds ? { ttlSeconds } : {}) });

  it('50 parallel reservations of 10 against 100: exactly 10 succeed and the balance ends at 0', async () => {
    const userId = randomUUID();
    await setBalance(userId, 100);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => reserve(userId, 10)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    for (const refusal of lost) {
      expect(refusal.reason).toBeInstanceOf(DomainError);
      expect((refusal.reason as DomainError).code).toBe('credits.insufficient');
      expect((refusal.reason as DomainError).params).toEqual({ overBy: 10 });
      expect((refusal.reason as DomainError).message).toMatch(/^Insufficient credits for this generation \(10 over limit\)$/);
    }
    expect(await balanceOf(userId)).toBe(0);
  });

  it('a released reservation comes back; a captured one is spent; a repeated reference holds once', async () => {
    const userId = randomUUID();
    await setBalance(userId, 100);
    const held = await reserve(userId, 30, 'gen-1');
    expect(held.balance).toBe(70);
    expect((await reserve(userId, 30, 'gen-1')).reservationId).toBe(held.reservationId);
    expect(await balanceOf(userId)).toBe(70);
    const released = await commands.request('billing.release-credits', { reservationId: held.reservationId });
    expect(released).toMatchObject({ status: 'released', balance: 100 });
    await commands.request('billing.release-credits', { reservationId: held.reservationId });
    expect(await balanceOf(userId)).toBe(100);

    const spent = await reserve(userId, 25, 'gen-2');
    expect(await commands.request('billing.capture-credits', { reservationId: spent.reservationId })).toMatchObject({
      status: 'captured',
      balance: 75,
    });
    await expect(commands.request('billing.release-credits', { reservationId: spent.reservationId })).rejects.toMatchObject({
      code: 'credits.reservation-not-held',
    });
    expect(await balanceOf(userId)).toBe(75);
  });

  it('an expired reservation comes back once', async () => {
    const userId = randomUUID();
    await setBalance(userId, 50);
    const held = await reserve(userId, 20, 'gen-expiring', 1);
    expect(held.balance).toBe(30);
    await new Promise((r) => setTimeout(r, 1200));
    const sweeps = await Promise.all([
      commands.request('billing.expire-reservations', {}),
      commands.request('billing.expire-reservations', {}),
    ]);
    await commands.request('billing.expire-reservations', {});
    expect(await balanceOf(userId)).toBe(50);
    expect(sweeps.reduce((n, s) => n + s.expired, 0)).toBeGreaterThanOrEqual(1);
    await expect(commands.request('billing.capture-credits', { reservationId: held.reservationId })).rejects.toMatchObject({
      code: 'credits.reservation-not-held',
    });
    const { rows } = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM billing.credit_ledger WHERE reference = $1 AND reason = 'return'`,
      [held.reservationId],
    );
    expect(Number(rows[0].n)).toBe(1);
  });

  it('the unlimited (VIP) plan skips the credit check and shows 999999', async () => {
    const user = await signUpVerified(stack, 'Vip');
    await commands.request('billing.grant-unlimited', { userId: user.userId });
    const held = await reserve(user.userId, 5000);
    expect(held.balance).toBe(999_999);
    expect(await currentSubscription(user)).toMatchObject({ status: 'active', plan: 'unlimited', credits_remaining: 999_999 });
  });
});
