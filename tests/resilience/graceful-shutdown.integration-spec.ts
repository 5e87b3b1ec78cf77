import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { GenerateResponse } from '@archlens/contracts/generation';
import { QUEUES } from '@archlens/contracts/queues';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { freePort, isListening, startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { startStack, type Stack } from '../support/stack.js';
import { jobRow, ledgerReasons, postGeneration, proUser, reservationsOf } from '../generation/generation-requests.js';

/**
 * Graceful shutdown, with the apps as their own processes. On SIGTERM a
 * generation-worker stops taking jobs, finishes the one it holds (the provider answers 3 s later)
 * and exits 0 within its grace period; the job it did not take runs on the next worker. Past a short
 * grace period it hands its job back instead: it exits at once and another copy runs the job. The gateway
 * stops accepting connections at once, still answers the request in flight, then exits 0.
 */
const PROVIDER_DELAY_MS = 3_000;
const GRACE_MS = 15_000;

let stack: Stack;
let fake: FakeImageProviders;
const children: ServiceProcess[] = [];

beforeAll(async () => {
  fake = await startFakeImageProviders({ delayMs: PROVIDER_DELAY_MS });
  stack = await startStack({
    env: {
      STABILITY_API_KEY: 'sk-stability-loopback',
      STABILITY_API_BASE: fake.stabilityBaseUrl,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      // A job handed back is found stalled within seconds (lock and stalled check every 2 s).
      GENERATION_LOCK_DURATION_MS: '2000',
    },
    generationWorker: false,
  });
});
afterAll(async () => {
  for (const child of children) await child.stop('SIGKILL');
  await stack?.close();
  await fake?.close();
});

async function startWorker(name: string, env: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> {
  const worker = await startServiceProcess('generation-worker', { ...stack.env, ...env }, { queue: QUEUES.generation }, name);
  children.push(worker);
  return worker;
}

describe('graceful shutdown', () => {
  it('a worker on SIGTERM finishes its job in flight, takes no new one, and exits 0 within the grace period', async () => {
    const healthPort = await freePort();
    const first = await startWorker('worker-1', { HEALTH_PORT: String(healthPort) });
    const health = (path: string) => fetch(`http://127.0.0.1:${healthPort}${path}`);
    for (let i = 0; i < 100 && !(await isListening(healthPort)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await health('/health/ready')).status).toBe(200);
    const user = await proUser(stack, 100);
    const inFlight = randomUUID();
    const answerA = postGeneration(stack, user, { jobId: inFlight, provider: 'stability-ai', variations: 1, seed: 700 }).then((r) => r);
    await fake.waitFor((r) => r.fields.seed?.[0] === '700');

    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    // A job sent after the signal: the stopping worker must not take it.
    const later = randomUUID();
    const answerB = postGeneration(stack, user, { jobId: later, provider: 'stability-ai', variations: 1, seed: 800 }).then((r) => r);

    // While it drains, its health server still serves: live, but no longer ready.
    let ready = await health('/health/ready');
    for (let i = 0; i < 20 && ready.status === 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = await health('/health/ready');
    }
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: Record<string, unknown> }).checks.shutdown).toEqual({ status: 'down', reason: 'draining' });
    expect((await health('/health/live')).status).toBe(200);

    const exit = await first.exited;
    const tookMs = Date.now() - signalledAt;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(GRACE_MS);
    expect(await isListening(healthPort)).toBe(false); // closed once the jobs had drained
    const a = await answerA;
    expect(a.status).toBe(200);
    expect((a.body as GenerateResponse).images).toHaveLength(1);
    expect(fake.requests.filter((r) => r.fields.seed?.[0] === '800')).toHaveLength(0);

    // The job sent after the signal was not taken by the stopping worker: either the gateway already
    // saw no worker and refused it cleanly (503, nothing reserved; the client sends it again), or it
    // waited in the queue for the next worker. Either way nothing is lost.
    await startWorker('worker-2');
    let b = await answerB;
    if (b.status === 503) {
      expect((b.body as { message: string }).message).toMatch(/not running|try again/i);
      expect(await reservationsOf(stack, user.userId)).toHaveLength(1);
      b = await postGeneration(stack, user, { jobId: later, provider: 'stability-ai', variations: 1, seed: 800 });
    }
    expect(b.status).toBe(200);
    expect(await jobRow(stack, inFlight)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await jobRow(stack, later)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect((await reservationsOf(stack, user.userId)).map((r) => r.status)).toEqual(['captured', 'captured']);
    expect(await ledgerReasons(stack, user.userId)).toEqual(['reserve', 'reserve']);
  });

  it('past the grace period a worker hands its job back: it exits 0 at once and another copy runs the job, charged once', async () => {
    for (const child of children) await child.stop('SIGTERM'); // this worker alone takes the job
    const shortGrace = { ...stack.env, SHUTDOWN_GRACE_MS: '500' };
    const first = await startServiceProcess('generation-worker', shortGrace, { queue: QUEUES.generation }, 'worker-short-grace');
    children.push(first);
    const user = await proUser(stack, 100, 'monthly', 'Handback');
    const jobId = randomUUID();
    const answer = postGeneration(stack, user, { jobId, provider: 'stability-ai', variations: 1, seed: 750 }).then((r) => r);
    await fake.waitFor((r) => r.fields.seed?.[0] === '750');
    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(PROVIDER_DELAY_MS);
    expect(first.logs.join('')).toMatch(/handed back/);
    await startWorker('worker-3'); // finds the job stalled once its 2-second lock lapses
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await jobRow(stack, jobId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await reservationsOf(stack, user.userId)).map((r) => r.status)).toEqual(['captured']);
    expect(await ledgerReasons(stack, user.userId)).toEqual(['reserve']);
  });

  it('the gateway on SIGTERM refuses new connections, answers the request in flight, then exits 0', async () => {
    const port = await freePort();
    const gateway = await startServiceProcess('gateway', { ...stack.env, PORT: String(port), FRONTEND_DIST: '/nonexistent-spa' }, { port });
    children.push(gateway);
    const user = await proUser(stack, 100, 'monthly', 'Drain');
    const viaChild = { ...stack, http: `http://127.0.0.1:${port}` } as unknown as Stack;
    const jobId = randomUUID();
    const answer = postGeneration(viaChild, user, { jobId, provider: 'stability-ai', variations: 1, seed: 900 }).then((r) => r);
    await fake.waitFor((r) => r.fields.seed?.[0] === '900');

    const signalledAt = Date.now();
    gateway.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await isListening(port)).toBe(false);
    const res = await answer;
    expect(res.status).toBe(200);
    expect((res.body as GenerateResponse).images).toHaveLength(1);
    expect(await gateway.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS);
    // The stopped gateway's request was not lost either.
    expect(await jobRow(stack, jobId)).toMatchObject({ status: 'succeeded' });
    await request(stack.http).get('/api/health').expect(200);
  });
});
