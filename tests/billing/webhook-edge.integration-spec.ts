import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import Stripe from 'stripe';
import request from 'supertest';
import { BILLING_MESSAGES } from '@archlens/contracts/billing';
import { QUEUES } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Stripe webhooks are verified at the edge: the gateway checks `Stripe-Signature` (the secret and
 * the timestamp's age) on the raw body before anything goes on the billing queue, so unsigned,
 * forged and stale deliveries cost the billing-service nothing, and one address can only send so
 * many a minute.
 */
const WEBHOOK_SECRET = 'whsec_edge_suite_secret';

/** A Stripe event of a type billing-service records and otherwise ignores. */
function customerCreated(): string {
  return JSON.stringify({
    id: `evt_edge_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: '2025-11-17',
    data: { object: { id: `cus_${randomUUID().slice(0, 8)}`, object: 'customer' } },
  });
}

const signed = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

/** Everything the billing queue holds or ever took: its job counts and the number of jobs ever added. */
async function billingQueueState(stack: Stack, queue: Queue) {
  return { counts: await queue.getJobCounts(), added: (await stack.footprint()).jobsAdded.billing };
}

async function recorded(stack: Stack, payload: string): Promise<boolean> {
  const { id } = JSON.parse(payload) as { id: string };
  const { rows } = await stack.db.query('SELECT 1 FROM billing.stripe_events WHERE id = $1', [id]);
  return rows.length === 1;
}

describe('Stripe webhooks verified at the gateway', () => {
  let stack: Stack;
  let billing: Queue;

  beforeAll(async () => {
    stack = await startStack({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    billing = new Queue(QUEUES.billing, { connection: redisConnection(stack.env.REDIS_URL!) });
  });
  afterAll(async () => {
    await billing?.close();
    await stack?.close();
  });

  const deliver = (payload: string, signature?: string) => {
    const call = request(stack.http).post('/api/webhooks/stripe').set('Content-Type', 'application/json');
    return (signature === undefined ? call : call.set('Stripe-Signature', signature)).send(payload);
  };

  it('refuses 50 forged, 50 unsigned and 50 stale deliveries with 400 and queues none of them', async () => {
    const before = await billingQueueState(stack, billing);
    const fiveMinutesAndOneSecondAgo = Math.floor(Date.now() / 1000) - 301;
    const deliveries = Array.from({ length: 50 }, () => {
      const payload = customerCreated();
      return [
        ['forged', payload, signed(payload, 'whsec_someone_else')],
        ['unsigned', payload, undefined],
        ['stale', payload, signed(payload, WEBHOOK_SECRET, fiveMinutesAndOneSecondAgo)],
      ] as const;
    }).flat();
    const answers = await Promise.all(deliveries.map(([, payload, signature]) => deliver(payload, signature)));
    expect(answers.map((a, i) => [deliveries[i][0], a.status, a.body])).toEqual(
      deliveries.map(([kind]) => [kind, 400, { code: 'billing.invalid-signature', message: BILLING_MESSAGES.invalidSignature }]),
    );
    expect(await billingQueueState(stack, billing)).toEqual(before);
    for (const [, payload] of deliveries.slice(0, 3)) expect(await recorded(stack, payload)).toBe(false);
  });

  it('refuses a signed body that was changed, and a signature for another body', async () => {
    const before = await billingQueueState(stack, billing);
    const payload = customerCreated();
    const tampered = await deliver(payload.replace('"livemode":false', '"livemode":true'), signed(payload));
    expect(tampered.status).toBe(400);
    const elsewhere = await deliver(customerCreated(), signed(payload));
    expect(elsewhere.status).toBe(400);
    expect(await billingQueueState(stack, billing)).toEqual(before);
  });

  it('queues a correctly signed delivery once, and billing-service applies it', async () => {
    const before = await billingQueueState(stack, billing);
    const payload = customerCreated();
    const answer = await deliver(payload, signed(payload));
    expect([answer.status, answer.body]).toEqual([200, { received: true }]);
    expect((await billingQueueState(stack, billing)).added).toBe(before.added + 1);
    expect(await recorded(stack, payload)).toBe(true);
  });
});

describe('the per-address limit of the Stripe webhook', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT_STRIPE_WEBHOOK_PER_IP: '5' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 429 with Retry-After past 5 deliveries a minute from one address, signed or not, and queues nothing then', async () => {
    const deliver = (payload: string, signature: string) =>
      request(stack.http)
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        .send(payload);
    for (let i = 1; i <= 5; i++) {
      const payload = customerCreated();
      expect([i, (await deliver(payload, signed(payload, 'whsec_someone_else'))).status]).toEqual([i, 400]);
    }
    const before = (await stack.footprint()).jobsAdded.billing;
    const payload = customerCreated();
    const refused = await deliver(payload, signed(payload));
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      429,
      'too-many-requests',
      expect.stringMatching(/^Too many webhook deliveries from this address\. Please try again in (\d+ seconds?|1 minute)\.$/),
    ]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await stack.footprint()).jobsAdded.billing).toBe(before);
    expect(await recorded(stack, payload)).toBe(false);
  });
});
