import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import request from 'supertest';
import { QUEUES, type QueueName } from '@archlens/contracts/queues';
import { CommandClient, redisConnection } from '@archlens/platform/messaging';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { startFakeSendGrid } from '../support/fake-sendgrid.server.js';
import { fixturePhoto, THREE_PHOTOS } from '../support/images.js';
import { freePort, isListening, startServiceProcess, type AppName, type ServiceProcess } from '../support/service-process.js';
import { startStack, type Stack } from '../support/stack.js';
import { postGeneration, proUser } from '../generation/generation-requests.js';
import { printTable, recordRow } from './chaos-table.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/**
 * The chaos suite. Each case breaks one thing while work is in flight (a worker
 * killed with `kill -9` and restarted, Redis killed and restarted, PostgreSQL connections
 * terminated, object storage cut off, a provider that never answers), then counts what completed,
 * what failed cleanly (a clear error to the caller, nothing charged), what was lost, and double
 * charges; it asserts lost = 0 and double charges = 0, and prints one table row. The workers run as
 * their own processes (`apps/<app>/dist/main.js`) with 2-second job locks (`JOB_LOCK_DURATION_MS`,
 * `GENERATION_LOCK_DURATION_MS`), so a killed worker's job is found stalled within seconds.
 * `CHAOS_SHORT=1` (what `npm test` runs) keeps the generation-worker kill, PostgreSQL and provider
 * cases; `npm run test:chaos` runs them all.
 */
const SHORT = process.env.CHAOS_SHORT === '1';
const fullOnly = SHORT ? it.skip : it;
const PROVIDER_DELAY_MS = 1_500;

const WORKER_ENV: NodeJS.ProcessEnv = {
  GENERATION_LOCK_DURATION_MS: '2000',
  JOB_LOCK_DURATION_MS: '2000',
  GENERATION_PROVIDER_TIMEOUT_MS: '4000',
  SHUTDOWN_GRACE_MS: '5000',
  ANALYSIS_REPLY_TIMEOUT_MS: '30000',
};

afterAll(() => printTable());

/** One caller's outcome: an HTTP answer or a transport error. */
type Outcome = { status: number; message?: string } | { error: string };

/** Sends `send()` and keeps what came back, whatever it was. */
async function outcomeOf(send: () => PromiseLike<request.Response>): Promise<Outcome> {
  try {
    const res = await send();
    const message = (res.body as { message?: unknown } | undefined)?.message;
    return { status: res.status, message: typeof message === 'string' ? message : undefined };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A failure the caller can act on: an error status with a message in the API's error shape. */
function isCleanFailure(o: Outcome): boolean {
  return 'status' in o && o.status >= 400 && typeof o.message === 'string' && o.message.length > 0;
}

/** What a client must never read in an error message: a driver's error, an address, a stack frame. */
const LEAKED_INTERNALS = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ioredis|redis:\/\/|127\.0\.0\.1|localhost:\d|\bat \S+ \(|Error:/i;

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * Counts generations: completed (200 and the job row succeeded), failed cleanly (an error with a
 * message, and its reservation not captured), lost (anything else); double charges per job (more than
 * one reservation, a reservation with more than one `reserve` or `return` row, a failed job captured)
 * and the user's balance against the reservations still holding credits.
 */
async function accountGenerations(
  stack: Stack,
  user: SignedInUser,
  initialCredits: number,
  jobs: Array<{ jobId: string; outcome: Outcome }>,
) {
  let completed = 0;
  let failedCleanly = 0;
  let lost = 0;
  let doubleCharges = 0;
  for (const { jobId, outcome } of jobs) {
    const { rows: reservations } = await stack.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM billing.credit_reservations WHERE user_id = $1 AND reference = $2',
      [user.userId, jobId],
    );
    if (reservations.length > 1) doubleCharges += reservations.length - 1;
    for (const r of reservations) {
      const { rows } = await stack.db.query<{ reason: string; n: string }>(
        'SELECT reason, count(*) AS n FROM billing.credit_ledger WHERE reference = $1 GROUP BY reason',
        [r.id],
      );
      for (const row of rows) if (Number(row.n) > 1) doubleCharges += Number(row.n) - 1;
    }
    const { rows: job } = await stack.db.query<{ status: string }>('SELECT status FROM generation.generation_jobs WHERE id = $1', [jobId]);
    if ('status' in outcome && outcome.status === 200) {
      if (job[0]?.status === 'succeeded') completed++;
      else lost++;
    } else if (isCleanFailure(outcome)) {
      failedCleanly++;
      if (reservations.some((r) => r.status === 'captured')) doubleCharges++;
    } else lost++;
  }
  const { rows: held } = await stack.db.query<{ total: string | null }>(
    `SELECT sum(amount) AS total FROM billing.credit_reservations WHERE user_id = $1 AND status IN ('captured', 'reserved')`,
    [user.userId],
  );
  const { rows: balance } = await stack.db.query<{ balance: number }>('SELECT balance FROM billing.credit_balances WHERE user_id = $1', [
    user.userId,
  ]);
  if (initialCredits - balance[0].balance !== Number(held[0].total ?? 0)) doubleCharges++;
  return { completed, failedCleanly, lost, doubleCharges };
}

describe('chaos: workers killed, PostgreSQL connections dropped, object storage cut, provider timeouts', () => {
  let stack: Stack;
  let fake: FakeImageProviders;
  const processes = new Map<AppName, ServiceProcess>();
  const everyProcess: ServiceProcess[] = [];
  let commands: CommandClient;

  const QUEUE_OF: Partial<Record<AppName, QueueName>> = {
    'generation-worker': QUEUES.generation,
    'analysis-worker': QUEUES.analysis,
    'email-worker': QUEUES.email,
    'billing-service': QUEUES.billing,
  };

  async function start(app: AppName, env: NodeJS.ProcessEnv = stack.env): Promise<ServiceProcess> {
    const service = await startServiceProcess(app, env, { queue: QUEUE_OF[app]! }, `${app}-${everyProcess.length + 1}`);
    processes.set(app, service);
    everyProcess.push(service);
    return service;
  }

  /** `kill -9` of the app's process; checks it died of the signal. */
  async function crash(app: AppName): Promise<void> {
    const exit = await processes.get(app)!.stop('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
  }

  beforeAll(async () => {
    fake = await startFakeImageProviders({ delayMs: PROVIDER_DELAY_MS });
    stack = await startStack({
      env: { STABILITY_API_KEY: 'sk-stability-loopback', STABILITY_API_BASE: fake.stabilityBaseUrl, ...WORKER_ENV },
      generationWorker: false,
      inProcess: { analysisWorker: false, emailWorker: false, billingService: false },
    });
    stack.db.on('error', () => undefined); // the PostgreSQL case terminates this pool's connections too
    for (const app of ['billing-service', 'generation-worker', 'analysis-worker', 'email-worker'] as const) await start(app);
    commands = new CommandClient(stack.env.REDIS_URL!);
  });
  afterAll(async () => {
    await commands?.close();
    for (const service of everyProcess) await service.stop('SIGTERM');
    await stack?.close();
    await fake?.close();
  });

  it('kill -9 generation-worker mid-job, then a new one: every generation completes once, charged once', async () => {
    const user = await proUser(stack, 1000);
    fake.reset();
    const jobIds = Array.from({ length: 4 }, () => randomUUID());
    const sent = jobIds.map((jobId, i) =>
      outcomeOf(() => postGeneration(stack, user, { jobId, provider: 'stability-ai', variations: 2, seed: 1000 + 10 * i })),
    );
    await waitUntil(async () => fake.requests.length >= 4, 20_000, 'four provider calls');
    await crash('generation-worker');
    await start('generation-worker');
    const outcomes = await Promise.all(sent);
    const counts = await accountGenerations(
      stack,
      user,
      1000,
      jobIds.map((jobId, i) => ({ jobId, outcome: outcomes[i] })),
    );
    recordRow({
      case: 'kill -9 generation-worker',
      inFlight: '4 generations × 2 images (provider answering after 1.5 s)',
      ...counts,
      notes: 'resumed by the new worker (stalled job, 2 s lock)',
    });
    expect(counts.lost).toBe(0);
    expect(counts.doubleCharges).toBe(0);
    expect(counts.completed).toBe(4);
  });

  fullOnly('kill -9 analysis-worker mid-job beside a second copy: every analysis answers', async () => {
    // One user per analysis: a user may run 2 at once, and a 429 is not what this case tests.
    const users = await Promise.all(Array.from({ length: 8 }, () => signUp(stack, 'Chaos')));
    // A second copy is already running (as in a scaled deployment), so calls that arrive after the
    // kill are served instead of refused; the killed copy's jobs come back to it as stalled.
    const doomed = processes.get('analysis-worker')!;
    await start('analysis-worker');
    // Three photos each, so that a job lasts long enough to be caught in progress.
    const send = (user: SignedInUser) => () => {
      let req = request(stack.http).post('/api/analyze').set('Cookie', user.cookie);
      for (const name of THREE_PHOTOS) req = req.attach('images', fixturePhoto(name), name);
      return req;
    };
    const sent = users.map((user) => outcomeOf(send(user)));
    const queue = new Queue(QUEUES.analysis, { connection: redisConnection(stack.env.REDIS_URL!) });
    let active = 0;
    try {
      const deadline = Date.now() + 20_000;
      while (active === 0 && Date.now() < deadline) {
        active = await queue.getActiveCount();
        if (active === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await queue.close();
    }
    // Killed mid-job, or the case proves nothing: at least one analysis was being processed.
    expect(active).toBeGreaterThan(0);
    expect((await doomed.stop('SIGKILL')).signal).toBe('SIGKILL');
    const outcomes = await Promise.all(sent);
    const completed = outcomes.filter((o) => 'status' in o && o.status === 200).length;
    const failedCleanly = outcomes.filter((o) => !('status' in o && o.status === 200) && isCleanFailure(o)).length;
    const lost = outcomes.length - completed - failedCleanly;
    recordRow({
      case: 'kill -9 analysis-worker (2 copies)',
      inFlight: `8 analyses (${active} active at the kill)`,
      completed,
      failedCleanly,
      lost,
      doubleCharges: 0,
      notes: "no credits involved; the killed copy's jobs re-run on the other as stalled",
    });
    expect(lost).toBe(0);
  });

  fullOnly('kill -9 billing-service under reserve/capture load, then a new one: no reservation lost or charged twice', async () => {
    const user = await proUser(stack, 1000, 'monthly', 'Ledger');
    const references = Array.from({ length: 30 }, () => `chaos-${randomUUID()}`);
    let done = 0;
    let cleanFailures = 0;
    /** A caller that retries with the same reference (billing is idempotent on it) until it succeeds or 60 s pass. */
    const reserveAndCapture = async (reference: string): Promise<'captured' | 'failed'> => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        try {
          const reserved = await commands.request(
            'billing.reserve-credits',
            { userId: user.userId, amount: 10, reference },
            { timeoutMs: 3_000 },
          );
          await commands.request('billing.capture-credits', { reservationId: reserved.reservationId }, { timeoutMs: 3_000 });
          done++;
          return 'captured';
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      cleanFailures++;
      return 'failed';
    };
    const sent = references.map((reference, i) => new Promise((r) => setTimeout(r, i * 30)).then(() => reserveAndCapture(reference)));
    await waitUntil(async () => done >= 5, 20_000, 'five captures');
    const before = done;
    await crash('billing-service');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await start('billing-service');
    const results = await Promise.all(sent);
    const { rows } = await stack.db.query<{ reference: string; status: string; id: string }>(
      'SELECT reference, status, id FROM billing.credit_reservations WHERE user_id = $1',
      [user.userId],
    );
    const byReference = new Map<string, typeof rows>();
    for (const row of rows) byReference.set(row.reference, [...(byReference.get(row.reference) ?? []), row]);
    let doubleCharges = 0;
    let lost = 0;
    for (const [i, reference] of references.entries()) {
      const found = byReference.get(reference) ?? [];
      if (found.length > 1) doubleCharges += found.length - 1;
      if (results[i] === 'captured' && found[0]?.status !== 'captured') lost++;
    }
    const { rows: ledger } = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM billing.credit_ledger WHERE user_id = $1 AND reason = 'reserve'`,
      [user.userId],
    );
    if (Number(ledger[0].n) !== rows.length) doubleCharges += Math.abs(Number(ledger[0].n) - rows.length);
    const { rows: balance } = await stack.db.query<{ balance: number }>('SELECT balance FROM billing.credit_balances WHERE user_id = $1', [
      user.userId,
    ]);
    const charged = rows.filter((r) => r.status === 'captured' || r.status === 'reserved').length * 10;
    if (1000 - balance[0].balance !== charged) doubleCharges++;
    recordRow({
      case: 'kill -9 billing-service',
      inFlight: `30 reserve+capture pairs (${before} done at the kill)`,
      completed: results.filter((r) => r === 'captured').length,
      failedCleanly: cleanFailures,
      lost,
      doubleCharges,
      notes: 'callers retry with the same reference; reserve ledger rows = reservations',
    });
    expect(lost).toBe(0);
    expect(doubleCharges).toBe(0);
  });

  fullOnly(
    'kill -9 email-worker mid-burst, then a new one: every e-mail leaves, a second time only if it was under way at the kill',
    async () => {
      // The workers of this case deliver to a loopback SendGrid that records every request: the file
      // outbox names its file by message id, so a second delivery would overwrite the first unseen.
      const apiKey = `SG.chaos-${randomUUID()}`;
      const sendGrid = await startFakeSendGrid({ apiKey });
      const sendGridEnv: NodeJS.ProcessEnv = { ...stack.env, SENDGRID_API_KEY: apiKey, SENDGRID_BASE_URL: sendGrid.baseUrl };
      await processes.get('email-worker')!.stop('SIGTERM');
      await start('email-worker', sendGridEnv);
      try {
        const ids = Array.from({ length: 40 }, () => randomUUID());
        /** SendGrid requests per message id (the adapter sends it as `custom_args.archlens_message_id`), and how many it accepted. */
        const requestsPerId = () => {
          const counts = new Map<string, { requests: number; accepted: number }>();
          for (const r of sendGrid.requests) {
            const id = r.body.custom_args?.archlens_message_id;
            if (id === undefined) continue;
            const count = counts.get(id) ?? { requests: 0, accepted: 0 };
            count.requests++;
            if (r.status === 202) count.accepted++;
            counts.set(id, count);
          }
          return counts;
        };
        const delivered = () => {
          const counts = requestsPerId();
          return ids.filter((id) => (counts.get(id)?.accepted ?? 0) > 0).length;
        };
        /** E-mails that left more than once: every accepted request beyond the first for an id. */
        const doubleSends = () => [...requestsPerId().values()].reduce((sum, c) => sum + Math.max(0, c.accepted - 1), 0);
        let refusals = 0;
        // Sent one after another while the worker delivers them; it is killed once a few have left.
        const enqueued = (async () => {
          for (const messageId of ids) {
            // While no email-worker runs, `enqueue` refuses (NoWorkerError, a 503 for a user): the sender tries again.
            for (;;) {
              try {
                await commands.enqueue('email.send', {
                  messageId,
                  to: 'chaos@example.com',
                  template: 'clipboard',
                  data: { firstName: 'Chaos', lastName: 'Monkey', clipboardText: `message ${messageId}` },
                });
                break;
              } catch {
                refusals++;
                await new Promise((resolve) => setTimeout(resolve, 100));
              }
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        await waitUntil(async () => delivered() >= 3, 20_000, 'three e-mails accepted by SendGrid');
        const sentBefore = delivered();
        await crash('email-worker');
        // The jobs the dead worker held stay active until their locks lapse: exactly those under way at the kill.
        const underWay = new Queue(QUEUES.email, { connection: redisConnection(stack.env.REDIS_URL!) });
        const idsUnderWay = await underWay
          .getJobs(['active'])
          .then((jobs) => jobs.map((job) => (job.data as { messageId: string }).messageId))
          .finally(() => underWay.close());
        const activeAtKill = idsUnderWay.length;
        await start('email-worker', sendGridEnv);
        await enqueued;
        // Settled: every message accepted once at least, and no job left to run (a stalled job of the
        // killed worker re-runs before that, so a second send of it is counted below).
        const email = new Queue(QUEUES.email, { connection: redisConnection(stack.env.REDIS_URL!) });
        try {
          await waitUntil(
            async () => {
              if (delivered() < ids.length) return false;
              const counts = await email.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
              return Object.values(counts).every((n) => n === 0);
            },
            30_000,
            'every e-mail accepted by SendGrid and the email queue idle',
          ).catch((error: unknown) => {
            throw new Error(
              `${error instanceof Error ? error.message : String(error)}: ${delivered()} of ${ids.length} e-mails accepted, ${doubleSends()} sent twice`,
            );
          });
        } finally {
          await email.close();
        }
        const counts = requestsPerId();
        const completed = delivered();
        const sentTwice = ids.filter((id) => (counts.get(id)?.accepted ?? 0) > 1);
        recordRow({
          case: 'kill -9 email-worker',
          inFlight: `40 e-mails sent over 1 s (${sentBefore} delivered, ${activeAtKill} active at the kill)`,
          completed,
          failedCleanly: 0,
          lost: ids.length - completed,
          doubleCharges: 0,
          notes:
            `to a loopback SendGrid, ${sendGrid.requests.length} requests; ${sentTwice.length} e-mail(s) sent twice ` +
            `(at least once: a kill between SendGrid's 202 and the delivery log's commit re-sends); ` +
            `enqueue refused ${refusals}× while no worker ran (sender retried)`,
        });
        // None lost: every message accepted by SendGrid.
        expect(completed).toBe(ids.length);
        // Sent again only what the killed worker had under way: SendGrid has no idempotency key, so a
        // message whose acceptance the worker did not live to record goes out a second time. Anything
        // else (a message finished before the kill, one sent twice by the new worker) is a defect.
        expect(sentTwice.filter((id) => !idsUnderWay.includes(id))).toEqual([]);
        const farTooMany = ids.filter((id) => (counts.get(id)?.accepted ?? 0) > 2);
        expect(farTooMany).toEqual([]);
      } finally {
        await processes.get('email-worker')!.stop('SIGTERM');
        await start('email-worker');
        await sendGrid.close();
      }
    },
  );

  it('PostgreSQL connections terminated mid-generation: each generation completes or fails cleanly, nothing charged twice', async () => {
    const user = await proUser(stack, 1000, 'monthly', 'Postgres');
    fake.reset();
    const jobIds = Array.from({ length: 3 }, () => randomUUID());
    const sent = jobIds.map((jobId, i) =>
      outcomeOf(() => postGeneration(stack, user, { jobId, provider: 'stability-ai', variations: 1, seed: 2000 + i })),
    );
    await waitUntil(async () => fake.requests.length >= 3, 20_000, 'three provider calls');
    const { rows: killed } = await stack.db.query<{ n: string }>(
      `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    const outcomes = await Promise.all(sent);
    // The services reconnect by themselves: a generation afterwards works.
    const after = randomUUID();
    const afterOutcome = await outcomeOf(() =>
      postGeneration(stack, user, { jobId: after, provider: 'stability-ai', variations: 1, seed: 2100 }),
    );
    const counts = await accountGenerations(stack, user, 1000, [
      ...jobIds.map((jobId, i) => ({ jobId, outcome: outcomes[i] })),
      { jobId: after, outcome: afterOutcome },
    ]);
    recordRow({
      case: 'PostgreSQL connections terminated',
      inFlight: `3 generations (${killed[0].n} backends terminated), then 1 more`,
      ...counts,
      notes: 'pg_terminate_backend on every connection of the test database',
    });
    expect(counts.lost).toBe(0);
    expect(counts.doubleCharges).toBe(0);
    expect('status' in afterOutcome && afterOutcome.status).toBe(200);
  });

  fullOnly('object storage unavailable: generations fail cleanly and release their credits, then work once it is back', async () => {
    const user = await proUser(stack, 1000, 'monthly', 'Storage');
    const proxy: TcpProxy = await startTcpProxy(stack.env.S3_ENDPOINT!);
    try {
      await processes.get('generation-worker')!.stop('SIGTERM');
      await start('generation-worker', { ...stack.env, S3_ENDPOINT: proxy.endpoint });
      fake.reset();
      proxy.cut();
      const down = Array.from({ length: 2 }, () => randomUUID());
      const outcomesDown = await Promise.all(
        down.map((jobId, i) =>
          outcomeOf(() => postGeneration(stack, user, { jobId, provider: 'stability-ai', variations: 1, seed: 3000 + i })),
        ),
      );
      proxy.restore();
      const up = randomUUID();
      const outcomeUp = await outcomeOf(() =>
        postGeneration(stack, user, { jobId: up, provider: 'stability-ai', variations: 1, seed: 3100 }),
      );
      const counts = await accountGenerations(stack, user, 1000, [
        ...down.map((jobId, i) => ({ jobId, outcome: outcomesDown[i] })),
        { jobId: up, outcome: outcomeUp },
      ]);
      const statuses = outcomesDown.map((o) => ('status' in o ? o.status : o.error)).join(', ');
      recordRow({
        case: 'object storage unavailable',
        inFlight: '2 generations while cut, 1 after',
        ...counts,
        notes: `answers while cut: ${statuses}`,
      });
      expect(counts.lost).toBe(0);
      expect(counts.doubleCharges).toBe(0);
      expect('status' in outcomeUp && outcomeUp.status).toBe(200);
    } finally {
      proxy.restore();
      await processes.get('generation-worker')!.stop('SIGTERM');
      await start('generation-worker');
      await proxy.close();
    }
  });

  it('provider timeout: a provider that never answers fails the generation cleanly and returns the credits', async () => {
    const user = await proUser(stack, 1000, 'monthly', 'Timeout');
    fake.reset();
    fake.rule({ provider: 'stability-ai', behaviour: { kind: 'hang' }, times: 1 });
    const hung = randomUUID();
    const started = Date.now();
    const hungOutcome = await outcomeOf(() =>
      postGeneration(stack, user, { jobId: hung, provider: 'stability-ai', variations: 1, seed: 4000 }),
    );
    const tookMs = Date.now() - started;
    const fine = randomUUID();
    const fineOutcome = await outcomeOf(() =>
      postGeneration(stack, user, { jobId: fine, provider: 'stability-ai', variations: 1, seed: 4001 }),
    );
    const counts = await accountGenerations(stack, user, 1000, [
      { jobId: hung, outcome: hungOutcome },
      { jobId: fine, outcome: fineOutcome },
    ]);
    recordRow({
      case: 'provider timeout',
      inFlight: '1 generation on a hung provider, 1 after',
      ...counts,
      notes: `hung call answered ${'status' in hungOutcome ? hungOutcome.status : hungOutcome.error} after ${(tookMs / 1000).toFixed(1)} s (GENERATION_PROVIDER_TIMEOUT_MS 4 s)`,
    });
    expect(counts.lost).toBe(0);
    expect(counts.doubleCharges).toBe(0);
    expect(isCleanFailure(hungOutcome)).toBe(true);
  });
});

/** A private redis-server on `port` with an append-only file synced on every write, in `dir`. */
async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir],
    { stdio: 'ignore' },
  );
  await waitUntil(() => isListening(port), 10_000, `redis-server on ${port}`);
  return child;
}

describe('chaos: Redis restarted under load (a private redis-server)', () => {
  let stack: Stack;
  let redis: ChildProcess;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    if (SHORT) return;
    port = await freePort();
    dir = mkdtempSync(path.join(os.tmpdir(), 'archlens-chaos-redis-'));
    redis = await startRedis(port, dir);
    stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${port}/0`, ANALYSIS_REPLY_TIMEOUT_MS: '30000' } });
  });
  afterAll(async () => {
    await stack?.close();
    if (redis && redis.exitCode === null) redis.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  fullOnly('kill -9 of Redis mid-load and a restart: every call completes or fails cleanly with 503, and the stack recovers', async () => {
    // One user per analysis: a user may run 2 at once, and a 429 is not what this case tests.
    const users = await Promise.all(Array.from({ length: 13 }, () => signUp(stack, 'Redis')));
    const send = (i: number) => () =>
      request(stack.http)
        .post('/api/analyze')
        .set('Cookie', users[i].cookie)
        .attach('images', fixturePhoto(THREE_PHOTOS[i % 3]), THREE_PHOTOS[i % 3]);
    const answeredAt: Array<{ at: number; ok: boolean }> = [];
    const sent = Array.from({ length: 12 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 500)).then(async () => {
        const at = Date.now();
        const outcome = await outcomeOf(send(i));
        answeredAt[i] = { at, ok: 'status' in outcome && outcome.status === 200 };
        return outcome;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill('SIGKILL');
    await exited;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    redis = await startRedis(port, dir);
    const backAt = Date.now();
    const outcomes = await Promise.all(sent);
    // Recovery: the same processes serve again without a restart.
    let recovered: Outcome = { error: 'not tried' };
    for (let i = 0; i < 40; i++) {
      recovered = await outcomeOf(send(12));
      if ('status' in recovered && recovered.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const completed = outcomes.filter((o) => 'status' in o && o.status === 200).length;
    const failedCleanly = outcomes.filter((o) => !('status' in o && o.status === 200) && isCleanFailure(o)).length;
    const lost = outcomes.length - completed - failedCleanly;
    const firstAfter = answeredAt.filter((a) => a.ok && a.at >= backAt).map((a) => a.at - backAt)[0];
    const statuses = [...new Set(outcomes.map((o) => ('status' in o ? o.status : 'error')))].join('/');
    recordRow({
      case: 'Redis kill -9 + restart (AOF)',
      inFlight: '12 analyses, one every 0.5 s (Redis down from 0.4 s to about 1.5 s)',
      completed,
      failedCleanly,
      lost,
      doubleCharges: 0,
      notes: `answers ${statuses} (503 while Redis was down or reconnecting); first 200 sent ${firstAfter === undefined ? '—' : `${(firstAfter / 1000).toFixed(1)} s`} after Redis was back, no app restart`,
    });
    expect(lost).toBe(0);
    // "Fail cleanly" means 503 with our own message: every answer that is not a 200 is exactly that.
    const failures = outcomes.filter((o): o is { status: number; message?: string } => 'status' in o && o.status !== 200);
    expect(failures.map((o) => o.status)).toEqual(failures.map(() => 503));
    for (const failure of failures) {
      expect(typeof failure.message).toBe('string');
      expect(failure.message).not.toMatch(LEAKED_INTERNALS);
    }
    expect('status' in recovered && recovered.status).toBe(200);
  });
});
