import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import argon2 from 'argon2';
import request from 'supertest';
import { errorText } from '@archlens/contracts/errors';
import { signUpVerified } from '../support/accounts.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.server.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * The VIP account's unlimited plan is its own: Stripe neither sells nor manages it. With payments
 * configured (the loopback Stripe), the VIP's checkout and billing portal are both refused with 409
 * `billing.vip-plan` before Stripe is asked anything: no customer, no Checkout session, no portal
 * session. An ordinary user's checkout on the same stack still reaches Stripe, so the silence is
 * the refusal's and not a Stripe that was never wired.
 */
const API_KEY = 'sk_test_archlens_vip_plan';
const APP_URL = 'http://localhost:3997';
const VIP = { username: 'vip-plan', password: 'vip-plan-password' };
const VIP_PLAN_TEXT = 'Your VIP access already includes every Pro tool. There is nothing to buy or manage.';

let stack: Stack;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ apiKey: API_KEY, appUrl: APP_URL });
  stack = await startStack({
    env: {
      STRIPE_SECRET_KEY: API_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_archlens_vip_plan',
      STRIPE_API_BASE: stripe.baseUrl,
      APP_URL,
      VIP_USERNAME: VIP.username,
      VIP_PASSWORD_HASH: await argon2.hash(VIP.password, { type: argon2.argon2id }),
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await stripe?.close();
});

/** Signs in through `POST /api/vip-login`. @returns the session cookie and the VIP's user id */
async function signInAsVip(): Promise<{ cookie: string; userId: string }> {
  const res = await request(stack.http).post('/api/vip-login').send(VIP).expect(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0].split(';')[0];
  const user = await request(stack.http).get('/api/auth/user').set('Cookie', cookie).expect(200);
  expect(user.body.subscription).toMatchObject({ status: 'active', plan: 'unlimited' });
  return { cookie, userId: user.body.id as string };
}

describe('billing for the VIP account', () => {
  it('has the catalogue text of billing.vip-plan', () => {
    expect(errorText('billing.vip-plan')).toBe(VIP_PLAN_TEXT);
  });

  it('refuses checkout for either Pro plan and the billing portal with 409 billing.vip-plan, and calls Stripe for none of them', async () => {
    const vip = await signInAsVip();
    const before = stripe.requests.length;

    for (const planType of ['monthly', 'yearly']) {
      const checkout = await request(stack.http).post('/api/create-checkout-session').set('Cookie', vip.cookie).send({ planType });
      expect([checkout.status, checkout.body]).toEqual([409, { code: 'billing.vip-plan', message: VIP_PLAN_TEXT }]);
    }
    const portal = await request(stack.http).post('/api/create-portal-session').set('Cookie', vip.cookie).send({});
    expect([portal.status, portal.body]).toEqual([409, { code: 'billing.vip-plan', message: VIP_PLAN_TEXT }]);

    expect(stripe.requests.slice(before)).toEqual([]);
    const { rows } = await stack.db.query('SELECT plan, status, stripe_customer_id FROM billing.subscriptions WHERE user_id = $1', [
      vip.userId,
    ]);
    expect(rows).toEqual([{ plan: 'unlimited', status: 'active', stripe_customer_id: null }]);
  });

  it('still opens Checkout at Stripe for an ordinary user', async () => {
    const user = await signUpVerified(stack, 'Eileen');
    const before = stripe.requests.length;
    const res = await request(stack.http).post('/api/create-checkout-session').set('Cookie', user.cookie).send({ planType: 'monthly' });
    expect(res.status).toBe(200);
    expect((res.body as { url: string }).url).toContain('/c/pay/');
    expect(stripe.requests.slice(before).map((call) => `${call.method} ${call.path}`)).toContain('POST /v1/checkout/sessions');
  });
});
