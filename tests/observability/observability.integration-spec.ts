import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Queue } from 'bullmq';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient, redisConnection } from '@archlens/platform/messaging';
import { startEmailWorker } from '@archlens/email-worker';
import { createGatewayApp, loadGatewayConfig } from '@archlens/gateway';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { smallPng } from '../support/images.js';
import { startS3Proxy } from '../support/s3-proxy.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * /metrics exposes the named series, checked by scraping after a few requests:
 * the gateway's and a worker's `/metrics`, both apps' `/health/live` and `/health/ready` (503 naming
 * the check when object storage is gone), and JSON log lines that carry one request's id in the
 * gateway and in the worker that ran its job. The stack runs in this process with `LOG_LEVEL=info`
 * and `HEALTH_PORT=0` (each worker's health server on a port the OS picks, read from its log line).
 */
describe('observability: health, metrics and logs', () => {
  let stack: Stack;
  let user: SignedInUser;
  const written: string[] = [];
  const originalWrite = process.stdout.write.bind(process.stdout);
  const PASSWORD = `obs-${randomUUID()}`;

  /** Every JSON log line written so far. */
  function logLines(): Array<Record<string, unknown>> {
    return written
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
  }

  /** The health port the named worker logged last (`health and metrics on …`). */
  function healthPortOf(service: string): number {
    const line = logLines()
      .filter((l) => l.service === service && typeof l.healthPort === 'number')
      .at(-1);
    if (!line) throw new Error(`${service} logged no health port`);
    return line.healthPort as number;
  }

  async function scrape(url: string): Promise<string> {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  }

  /** The value of one sample line (`name{labels} value`), or undefined. */
  function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
      if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return undefined;
  }

  beforeAll(async () => {
    process.stdout.write = (chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    };
    stack = await startStack({ env: { LOG_LEVEL: 'info', HEALTH_PORT: '0' } });
    user = await signUp(stack, 'Olga');
  });
  afterAll(async () => {
    await stack?.close();
    process.stdout.write = originalWrite;
  });

  it('counts requests per route pattern, queue depths, jobs, credits and e-mails', async () => {
    await request(stack.http).get('/api/auth/user').set('Cookie', user.cookie).expect(200);
    await request(stack.http).get('/api/analyses/00000000-0000-4000-8000-000000000000/pdf').set('Cookie', user.cookie);
    await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', user.cookie)
      .attach('images', await smallPng(3), 'p.png')
      .expect(200);
    await request(stack.http)
      .post('/api/auth/forgot-password')
      .send({ email: `nobody-${randomUUID()}@example.com` });
    // An e-mail: a temporary password for the user who exists.
    const { rows } = await stack.db.query<{ email: string }>('SELECT email FROM auth.users WHERE id = $1', [user.userId]);
    await request(stack.http).post('/api/auth/forgot-password').send({ email: rows[0].email }).expect(200);
    // A reservation, as the generation worker makes one.
    await stack.db.query(
      `INSERT INTO billing.credit_balances (user_id, balance) VALUES ($1, 50) ON CONFLICT (user_id) DO UPDATE SET balance = 50`,
      [user.userId],
    );
    const commands = new CommandClient(stack.env.REDIS_URL!);
    try {
      const { reservationId } = await commands.request('billing.reserve-credits', {
        userId: user.userId,
        amount: 7,
        reference: `obs-${randomUUID()}`,
      });
      await commands.request('billing.release-credits', { reservationId });
    } finally {
      await commands.close();
    }
    // The e-mail is sent after the forgot-password answer: wait for its job.
    const workerMetrics = `http://127.0.0.1:${healthPortOf('email-worker')}/metrics`;
    let worker = '';
    for (let i = 0; i < 100; i++) {
      worker = await scrape(workerMetrics);
      if ((sample(worker, 'archlens_emails_sent_total') ?? 0) >= 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    // A job left waiting an hour on the generation-lookup queue: the depth gauge must count it.
    const lookups = new Queue(QUEUES.generationLookup, { connection: redisConnection(stack.env.REDIS_URL!) });
    let gateway: string;
    try {
      const parked = await lookups.add('generation.list', { userId: user.userId }, { delay: 3_600_000 });
      try {
        gateway = (await request(stack.http).get('/metrics').expect(200)).text;
      } finally {
        await parked.remove();
      }
    } finally {
      await lookups.close();
    }
    expect(sample(gateway, 'archlens_queue_jobs', { queue: QUEUES.generationLookup, state: 'delayed' })).toBeGreaterThanOrEqual(1);
    expect(
      sample(gateway, 'archlens_http_request_duration_seconds_count', { method: 'GET', route: '/api/auth/user', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(gateway, 'archlens_http_request_duration_seconds_count', { route: '/api/analyze', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    // The pattern, never the id of the URL.
    expect(sample(gateway, 'archlens_http_request_duration_seconds_count', { route: '/api/analyses/:id/pdf' })).toBeGreaterThanOrEqual(1);
    expect(gateway).not.toContain('00000000-0000-4000-8000-000000000000');
    // Every queue's depth is exported in every state (a missing series is undefined and fails).
    for (const queue of ['auth', 'analysis', 'analysis-lookup', 'email', 'billing', 'generation', 'generation-lookup', 'leads.events']) {
      for (const state of ['waiting', 'active', 'delayed'])
        expect(sample(gateway, 'archlens_queue_jobs', { queue, state })).toEqual(expect.any(Number));
    }
    expect(sample(gateway, 'archlens_process_resident_memory_bytes')).toBeGreaterThan(0);

    // Every service of the stack shares this process's one registry; the e-mail worker's port serves it.
    expect(
      sample(worker, 'archlens_job_duration_seconds_count', { queue: 'analysis', job: 'analysis.analyse-images', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(worker, 'archlens_job_duration_seconds_sum', { job: 'analysis.analyse-images', outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(worker, 'archlens_credits_reserved_total')).toBeGreaterThanOrEqual(7);
    expect(sample(worker, 'archlens_credits_released_total', { reason: 'released' })).toBeGreaterThanOrEqual(7);
    expect(sample(worker, 'archlens_credit_operations_total', { operation: 'reserve' })).toBeGreaterThanOrEqual(1);
    expect(sample(worker, 'archlens_emails_sent_total', { template: 'temporary-password', transport: 'outbox' })).toBeGreaterThanOrEqual(1);
    expect(worker).toContain('# TYPE archlens_job_failures_total counter');
    expect(worker).toContain('# TYPE archlens_emails_failed_total counter');
  });

  it('answers /health/live and /health/ready on the gateway and on each worker', async () => {
    await request(stack.http).get('/health/live').expect(200);
    const ready = await request(stack.http).get('/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', info: { redis: { status: 'up' }, storage: { status: 'up' } } });
    for (const service of ['auth-service', 'analysis-worker', 'email-worker', 'leads-service', 'billing-service', 'generation-worker']) {
      const port = healthPortOf(service);
      expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
      const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
      const body = (await res.json()) as { status: string; checks: Record<string, { status: string }> };
      expect({ service, status: res.status, body }).toMatchObject({ service, status: 200, body: { status: 'ok' } });
      expect(body.checks.database).toEqual({ status: 'up' });
      expect(body.checks.redis).toEqual({ status: 'up' });
    }
  });

  it('carries one request id through the gateway and the worker log lines, without secrets', async () => {
    const requestId = `obs-${randomUUID()}`;
    await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', user.cookie)
      .set('X-Request-Id', requestId)
      .attach('images', await smallPng(4), 'p.png')
      .expect(200);
    await request(stack.http)
      .post('/api/auth/signin')
      .set('Authorization', 'Bearer should-not-be-logged')
      .send({ email: `someone-${randomUUID()}@example.com`, password: PASSWORD });
    let mine: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 50; i++) {
      mine = logLines().filter((l) => l.requestId === requestId);
      if (mine.some((l) => l.service === 'analysis-worker')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // The gateway's access line and the worker's job line, both JSON with the same id.
    expect(mine.some((l) => l.service === 'gateway' && (l.req as { path?: string } | undefined)?.path === '/api/analyze')).toBe(true);
    expect(mine.some((l) => l.service === 'analysis-worker' && l.job === 'analysis.analyse-images' && l.outcome === 'ok')).toBe(true);
    for (const line of mine) expect(typeof line.time === 'string' && typeof line.level === 'string').toBe(true);
    const all = written.join('');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain('should-not-be-logged');
    expect(all).not.toContain(user.cookie.split('=')[1]);
  });

  it('answers 503 naming the storage check when object storage is unreachable', async () => {
    const proxy = await startS3Proxy(stack.env.S3_ENDPOINT!, { kind: 'delay', ms: 0 }, Number.MAX_SAFE_INTEGER);
    const env = { ...stack.env, S3_ENDPOINT: proxy.endpoint, HEALTH_PORT: '0' };
    let gateway: NestExpressApplication | undefined;
    let email: INestApplicationContext | undefined;
    try {
      gateway = await createGatewayApp(loadGatewayConfig({ ...env, FRONTEND_DIST: '/nonexistent-spa' }), { logger: ['error'] });
      await gateway.init();
      const before = logLines().filter((l) => l.service === 'email-worker' && typeof l.healthPort === 'number').length;
      email = await startEmailWorker(env);
      const lines = logLines().filter((l) => l.service === 'email-worker' && typeof l.healthPort === 'number');
      expect(lines.length).toBe(before + 1);
      const port = lines.at(-1)!.healthPort as number;
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
      await proxy.close();

      const gatewayReady = await request(gateway.getHttpServer()).get('/health/ready');
      expect(gatewayReady.status).toBe(503);
      expect(gatewayReady.body).toMatchObject({
        status: 'error',
        error: { storage: { status: 'down' } },
        info: { redis: { status: 'up' } },
      });
      await request(gateway.getHttpServer()).get('/health/live').expect(200);

      const workerReady = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(workerReady.status).toBe(503);
      const body = (await workerReady.json()) as { status: string; checks: Record<string, { status: string; reason?: string }> };
      expect(body.status).toBe('error');
      expect(body.checks.storage.status).toBe('down');
      expect(body.checks.database).toEqual({ status: 'up' });
      expect(body.checks.redis).toEqual({ status: 'up' });
      expect(JSON.stringify(body)).not.toMatch(/S3RVER|secret|password/i);
      expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
    } finally {
      await email?.close();
      await gateway?.close();
      await proxy.close().catch(() => undefined);
    }
  });
});
