import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { QUEUES } from '@archlens/contracts/queues';
import type { GenerateResponse } from '@archlens/contracts/generation';
import { redisConnection } from '@archlens/platform/messaging';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { startStack, type Stack } from '../support/stack.js';
import { balanceOf, jobRow, ledgerReasons, postGeneration, proUser, reservationsOf } from './generation-requests.js';

/**
 * Fault: `kill -9` of a generation worker mid-job. The worker runs as a child
 * process (`node apps/generation-worker/dist/main.js`, built by `npm test` before this tier) with a
 * 2-second lock (`GENERATION_LOCK_DURATION_MS`), so that its job is found stalled within seconds; a
 * second worker resumes it. The job completes once, each image is asked of the provider once
 * (the one held when the worker died, once more), and the credits are reserved and captured once.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WORKER_MAIN = path.join(repoRoot, 'apps/generation-worker/dist/main.js');
const LOCK_MS = 2_000;

let stack: Stack;
let fake: FakeImageProviders;
let workerEnv: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];
const logs: string[] = [];

/** Starts a generation-worker process and waits until it listens on the queue (one more worker on this Redis database). */
async function startWorkerProcess(name: string): Promise<ChildProcess> {
  const queue = new Queue(QUEUES.generation, { connection: redisConnection(workerEnv.REDIS_URL!) });
  const db = redisConnection(workerEnv.REDIS_URL!).db;
  const count = async () => (await queue.getWorkers()).filter((w) => Number(w.db) === db).length;
  try {
    const before = await count();
    const child = spawn(process.execPath, [WORKER_MAIN], { cwd: repoRoot, env: workerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => logs.push(`[${name}] ${chunk.toString()}`));
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${logs.join('')}`);
      if ((await count()) > before) return child;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${name} did not start listening:\n${logs.join('')}`);
  } finally {
    await queue.close();
  }
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

beforeAll(async () => {
  if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: build first (npm run build).`);
  fake = await startFakeImageProviders();
  const env = {
    STABILITY_API_KEY: 'sk-stability-loopback',
    STABILITY_API_BASE: fake.stabilityBaseUrl,
    GENERATION_LOCK_DURATION_MS: String(LOCK_MS),
  };
  stack = await startStack({ env, generationWorker: false });
  workerEnv = stack.env;
});
afterAll(async () => {
  for (const child of children) await stop(child, 'SIGTERM');
  await stack?.close();
  await fake?.close();
});

describe('a generation worker killed mid-job', () => {
  it('is resumed by another worker: the job completes once, each image asked for once, credits captured once', async () => {
    const first = await startWorkerProcess('worker-1');
    const user = await proUser(stack, 100);
    const jobId = randomUUID();
    // Image 2 (seed 501) is held: its answer never comes while the first worker lives.
    fake.rule({ provider: 'stability-ai', match: (r) => r.fields.seed?.[0] === '501', behaviour: { kind: 'hang' } });
    const answer = postGeneration(stack, user, { jobId, provider: 'stability-ai', variations: 3, seed: 500 }).then((res) => res);
    await fake.waitFor((r) => r.fields.seed?.[0] === '501' && r.outcome === 'held');
    // Images 1 and 3 are answered and stored before the kill.
    for (let i = 0; i < 100; i++) {
      const { rows } = await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM generation.generation_images WHERE job_id = $1', [
        jobId,
      ]);
      if (Number(rows[0].n) === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    await stop(first, 'SIGKILL');
    await startWorkerProcess('worker-2');
    const res = await answer;

    expect(res.status).toBe(200);
    const body = res.body as GenerateResponse;
    expect(body.images.map((i) => [i.index, i.seed])).toEqual([
      [0, 500],
      [1, 501],
      [2, 502],
    ]);
    expect(body.creditsUsed).toBe(30);
    // The provider answered each image once; the held call died with the first worker.
    const answered = fake.requests.filter((r) => r.outcome === 'answered').map((r) => r.fields.seed[0]);
    expect(answered.sort()).toEqual(['500', '501', '502']);
    expect(fake.requests.filter((r) => r.outcome === 'aborted').map((r) => r.fields.seed[0])).toEqual(['501']);
    expect(fake.requests).toHaveLength(4);
    // One reservation, reserved once and captured once.
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'captured', amount: 30 }]);
    expect(await ledgerReasons(stack, user.userId)).toEqual(['reserve']);
    expect(await balanceOf(stack, user.userId)).toBe(70);
    expect(await jobRow(stack, jobId)).toMatchObject({ status: 'succeeded', attempts: 2, credits_spent: 30 });
  });
});
