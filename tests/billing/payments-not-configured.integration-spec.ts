import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { BILLING_MESSAGES } from '@archlens/contracts/billing';
import { signUpVerified } from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';

/** With no `STRIPE_SECRET_KEY`, checkout and portal answer 503 'Payments are not configured'. */
describe('payments without a Stripe key', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 503 for checkout and portal, and the user has no subscription', async () => {
    const user = await signUpVerified(stack, 'Keyless');
    const checkout = await request(stack.http)
      .post('/api/create-checkout-session')
      .set('Cookie', user.cookie)
      .send({ planType: 'monthly' });
    expect(checkout.status).toBe(503);
    expect(checkout.body).toMatchObject({ message: BILLING_MESSAGES.notConfigured });
    const portal = await request(stack.http).post('/api/create-portal-session').set('Cookie', user.cookie).send({});
    expect(portal.status).toBe(503);
    expect(portal.body).toMatchObject({ message: BILLING_MESSAGES.notConfigured });
    const me = await request(stack.http).get('/api/auth/user').set('Cookie', user.cookie).expect(200);
    expect((me.body as { subscription: unknown }).subscription).toBeNull();
  });
});
