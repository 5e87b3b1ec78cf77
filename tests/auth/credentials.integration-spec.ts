import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { sealedPasswordContext } from '@archlens/contracts/auth';
import { QUEUES } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';
import { generateSealingKeyPair, sealSecret } from '@archlens/platform/sealing';
import { GATEWAY_CONFIG, type GatewayConfig } from '@archlens/gateway';
import { startStack, type Stack } from '../support/stack.js';
import { expectNoPasswordInRedis, type RedisEntry } from '../support/redis-scan.js';

/*
 * Issue "Foundation" point 4: no password is ever written to Redis in plain text, whether the
 * command succeeded, was refused, or is still sitting in the queue because auth-service died.
 */

const run = Date.now().toString(36);
/** A job payload's sealed password, as a job hash's `data` field holds it. */
const SEALED_PAYLOAD = /"sealedPassword":"v1\.[A-Za-z0-9_-]{100,}\./;

/** Keys whose strings carry a job payload's sealed password. */
function sealedPayloads(dump: RedisEntry[]): RedisEntry[] {
  return dump.filter(({ values }) => values.some((value) => SEALED_PAYLOAD.test(value)));
}

describe('credentials never reach Redis in plain text (sealed passwords)', () => {
  let stack: Stack;
  let redis: Redis;
  const submitted: string[] = [];
  const email = `grace.hopper+${run}@example.com`;
  const password = `Sëaled"pw\\${run}-cobol`;

  beforeAll(async () => {
    stack = await startStack();
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await redis?.quit();
    await stack?.close();
  }, 30_000);

  it('after sign-ups and sign-ins, successful and refused, holds none of their passwords', async () => {
    const second = { email: `second+${run}@example.com`, password: `second-account-${run}-建築🏛️` };
    const long = { email: `long+${run}@example.com`, password: `L${run}-`.padEnd(256, 'ωx') };
    const wrong = `wrong-guess-${run}-🔑`;
    const taken = `taken-email-${run}-pw`;
    const unknown = `unknown-user-${run}-pw`;
    submitted.push(password, second.password, long.password, wrong, taken, unknown);

    await request(stack.http).post('/api/auth/signup').send({ email, first_name: 'Grace', last_name: 'Hopper', password }).expect(201);
    await request(stack.http)
      .post('/api/auth/signup')
      .send({ ...second, first_name: 'Second', last_name: 'User' })
      .expect(201);
    await request(stack.http)
      .post('/api/auth/signup')
      .send({ ...long, first_name: 'Long', last_name: 'Password' })
      .expect(201);
    await request(stack.http)
      .post('/api/auth/signup')
      .send({ email, first_name: 'Grace', last_name: 'Again', password: taken })
      .expect(409);
    await request(stack.http).post('/api/auth/signin').send({ email: email.toUpperCase(), password }).expect(200);
    await request(stack.http).post('/api/auth/signin').send(second).expect(200);
    await request(stack.http).post('/api/auth/signin').send(long).expect(200);
    await request(stack.http).post('/api/auth/signin').send({ email, password: wrong }).expect(401);
    await request(stack.http)
      .post('/api/auth/signin')
      .send({ email: `nobody+${run}@example.com`, password: unknown })
      .expect(401);

    await expectNoPasswordInRedis(redis, submitted);
  });

  it('answers INVALID_CREDENTIALS for a sign-in whose sealed password does not open, and fails such a sign-up', async () => {
    const connection = redisConnection(process.env.REDIS_URL!);
    const queue = new Queue(QUEUES.auth, { connection });
    const events = new QueueEvents(QUEUES.auth, { connection });
    const { AUTH_SEALING_PUBLIC_KEY } = stack.gateway.get<symbol, GatewayConfig>(GATEWAY_CONFIG);
    const stranger = generateSealingKeyPair();
    try {
      await events.waitUntilReady();
      // The right password, sealed to another key, and sealed for another command.
      const otherKey = await queue.add('auth.sign-in', {
        email,
        sealedPassword: sealSecret(password, stranger.publicKeyPem, sealedPasswordContext('auth.sign-in', email)),
      });
      const otherCommand = await queue.add('auth.sign-in', {
        email,
        sealedPassword: sealSecret(password, AUTH_SEALING_PUBLIC_KEY, sealedPasswordContext('auth.sign-up', email)),
      });
      for (const job of [otherKey, otherCommand]) {
        expect(JSON.stringify(await job.waitUntilFinished(events, 10_000))).toContain('"code":"INVALID_CREDENTIALS"');
      }
      const signUpEmail = `unopened+${run}@example.com`;
      const signUp = await queue.add('auth.sign-up', {
        email: signUpEmail,
        firstName: 'Never',
        lastName: 'Created',
        sealedPassword: sealSecret(
          `never-stored-${run}`,
          AUTH_SEALING_PUBLIC_KEY,
          sealedPasswordContext('auth.sign-up', `other+${run}@example.com`),
        ),
      });
      submitted.push(`never-stored-${run}`);
      await expect(signUp.waitUntilFinished(events, 10_000)).rejects.toThrow(/did not open/);
      const { rows } = await stack.db.query('SELECT 1 FROM auth.users WHERE email = $1', [signUpEmail]);
      expect(rows).toHaveLength(0);
    } finally {
      await Promise.all([queue.close(), events.close()]);
    }
    await expectNoPasswordInRedis(redis, submitted);
  });

  it('holds none either while sign-ins wait for an auth-service that died mid-job, nor after they time out', async () => {
    await stack.stopAuthService();
    // A stand-in for an auth-service process killed mid-job: it takes one job and never finishes
    // it, so that job stays active (as after a crash, until its lock expires) and the next one waits.
    const taken: Array<Record<string, unknown>> = [];
    const dying = new Worker(
      QUEUES.auth,
      (job: Job) => {
        taken.push(job.data as Record<string, unknown>);
        return new Promise<never>(() => undefined);
      },
      { connection: redisConnection(process.env.REDIS_URL!), concurrency: 1 },
    );
    const queue = new Queue(QUEUES.auth, { connection: redisConnection(process.env.REDIS_URL!) });
    let replies: Array<Promise<request.Response>> = [];
    try {
      await dying.waitUntilReady();
      const stranded = [`stranded-active-${run}-pw`, `stranded-waiting-${run}-pw`];
      submitted.push(...stranded);
      replies = stranded.map((pw) =>
        request(stack.http)
          .post('/api/auth/signin')
          .send({ email, password: pw })
          .then((res) => res),
      );
      let counts: Record<string, number> = {};
      for (let i = 0; i < 100; i++) {
        counts = await queue.getJobCounts('active', 'waiting');
        if (counts.active === 1 && counts.waiting === 1) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(counts).toEqual({ active: 1, waiting: 1 });
      expect(taken).toHaveLength(1);
      expect(taken[0]).not.toHaveProperty('password');
      expect(taken[0].sealedPassword).toMatch(/^v1\./);

      const whileQueued = await expectNoPasswordInRedis(redis, submitted);
      // The scan did read the stranded jobs' payloads: both sealed passwords are in it.
      expect(sealedPayloads(whileQueued).length).toBeGreaterThanOrEqual(2);

      for (const res of await Promise.all(replies)) expect(res.status).toBe(504);
      // The waiting job was withdrawn by the gateway; the active one stays until its lock expires.
      const afterTimeout = await expectNoPasswordInRedis(redis, submitted);
      expect(sealedPayloads(afterTimeout).length).toBeGreaterThanOrEqual(1);
    } finally {
      await Promise.allSettled(replies);
      await dying.close(true);
      await queue.close();
    }
  }, 60_000);
});
