import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { errorText } from '@archlens/contracts/errors';
import { CommandClient } from '@archlens/platform/messaging';
import { startBillingService } from '@archlens/billing-service';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { startStack, type Stack } from '../support/stack.js';
import type { SignedInUser } from '../support/accounts.js';
import { balanceOf, jobRow, objectsUnder, postGeneration, proUser, reservationsOf } from './generation-requests.js';

/**
 * A generation whose credits cannot be captured once the provider has rendered it is never left
 * pending and never delivered free: the capture is asked again while billing does not answer
 * (`GENERATION_CAPTURE_ATTEMPTS`, 3 here, `GENERATION_CAPTURE_RETRY_MS` 50 ms apart at first), then
 * the credits are released and the generation fails uncharged, its images removed; a repeat of its
 * job id answers the same refusal, without the images and without asking the provider again.
 * billing-service runs in this process as its own app, so that a test can stop it mid-generation.
 */
const REFUSAL = { code: 'generation.credits-not-captured', message: errorText('generation.credits-not-captured') };

let stack: Stack;
let fake: FakeImageProviders;
let billing: INestApplicationContext | undefined;
let commands: CommandClient;

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({
    env: {
      STABILITY_API_KEY: 'sk-stability-loopback',
      STABILITY_API_BASE: fake.stabilityBaseUrl,
      GENERATION_CAPTURE_ATTEMPTS: '3',
      GENERATION_CAPTURE_RETRY_MS: '50',
    },
    inProcess: { billingService: false },
  });
  billing = await startBillingService(stack.env, { logger: ['error'] });
  commands = new CommandClient(process.env.REDIS_URL!);
});
afterAll(async () => {
  await commands?.close();
  await billing?.close();
  await stack?.close();
  await fake?.close();
});

/** A promise the test settles: the provider holds its answer until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * Starts a Stability generation of `jobId` whose provider answer is held until `held.open()`; waits
 * until the provider has been called (credits reserved, inputs read).
 * @returns `answer`, the generation's answer once it comes (wrapped: an async function returning it would wait for it)
 */
async function generationHeldAtProvider(user: SignedInUser, jobId: string, held: ReturnType<typeof gate>) {
  fake.rule({ provider: 'stability-ai', match: (r) => r.fields.seed?.[0] === '700', behaviour: { kind: 'hold', until: held.opened } });
  const answer = postGeneration(stack, user, { jobId, provider: 'stability-ai', seed: 700 }).then((res) => res);
  await fake.waitFor((r) => r.fields.seed?.[0] === '700' && r.outcome === 'held');
  return { answer };
}

/** Makes the reservation of `jobId` due now, and runs billing's expiry sweep (as its schedule would). */
async function expireReservation(jobId: string): Promise<void> {
  await stack.db.query(`UPDATE billing.credit_reservations SET expires_at = now() - interval '1 second' WHERE reference = $1`, [jobId]);
  await commands.request('billing.expire-reservations', {});
}

/** What a user who asks again with the same job id gets, and whether the provider was asked again. */
async function repeat(user: SignedInUser, jobId: string) {
  const calls = fake.requests.length;
  const again = await postGeneration(stack, user, { jobId, provider: 'stability-ai', seed: 700 });
  const download = await request(stack.http).get(`/api/download/${jobId}/1`).set('Cookie', user.cookie);
  return { status: again.status, body: again.body as unknown, download: download.status, providerCalls: fake.requests.length - calls };
}

describe('a generation whose credits cannot be captured', () => {
  it('fails uncharged when its reservation expired while the provider rendered: no images, none to a repeat', async () => {
    const user = await proUser(stack, 100);
    const jobId = randomUUID();
    const held = gate();
    const { answer } = await generationHeldAtProvider(user, jobId, held);
    expect(await balanceOf(stack, user.userId)).toBe(90);

    // The provider takes longer than the reservation lasts: billing's sweep gives the credits back.
    await expireReservation(jobId);
    expect(await balanceOf(stack, user.userId)).toBe(100);
    held.open();

    const res = await answer;
    expect([res.status, res.body]).toEqual([503, REFUSAL]);
    expect(await jobRow(stack, jobId)).toMatchObject({ status: 'failed', credits_spent: 0 });
    expect(await objectsUnder(stack, `generations/${user.userId}/`)).toEqual([]);
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'expired', amount: 10 }]);
    expect(await balanceOf(stack, user.userId)).toBe(100);
    expect(fake.requests.filter((r) => r.fields.seed?.[0] === '700').map((r) => r.outcome)).toEqual(['answered']);

    expect(await repeat(user, jobId)).toEqual({ status: 503, body: REFUSAL, download: 404, providerCalls: 0 });
    expect(await balanceOf(stack, user.userId)).toBe(100);
  });

  it('fails uncharged when billing stops while the provider renders: the held credits come back by the expiry sweep', async () => {
    const user = await proUser(stack, 100);
    const jobId = randomUUID();
    const held = gate();
    const { answer } = await generationHeldAtProvider(user, jobId, held);

    await billing?.close();
    billing = undefined;
    held.open();

    const res = await answer;
    expect([res.status, res.body]).toEqual([503, REFUSAL]);
    expect(await jobRow(stack, jobId)).toMatchObject({ status: 'failed', credits_spent: 0 });
    expect(await objectsUnder(stack, `generations/${user.userId}/`)).toEqual([]);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
    const images = await stack.db.query('SELECT 1 FROM generation.generation_images WHERE job_id = $1', [jobId]);
    expect(images.rows).toHaveLength(0);

    // Billing comes back: the release never reached it, so the reservation is still held, until it expires.
    billing = await startBillingService(stack.env, { logger: ['error'] });
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'reserved', amount: 10 }]);
    await expireReservation(jobId);
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'expired', amount: 10 }]);
    expect(await balanceOf(stack, user.userId)).toBe(100);

    expect(await repeat(user, jobId)).toEqual({ status: 503, body: REFUSAL, download: 404, providerCalls: 0 });
    expect(await balanceOf(stack, user.userId)).toBe(100);
  });
});
