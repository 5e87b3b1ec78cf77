import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient, redisConnection } from '@archlens/platform/messaging';
import { startEmailWorker } from '@archlens/email-worker';
import { signUp, signUpVerified } from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * The Redis ACL users of deploy/redis/acl-users.conf, applied to the test Redis with `ACL SETUSER`
 * (under names of this run, removed afterwards): a real email-worker runs as its service's user
 * and sends what the gateway queues; a command client as the generation-worker's user asks
 * billing-service and gets its answer; and neither can touch another service's queue, the
 * gateway's sessions, or a dangerous command.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = randomUUID().slice(0, 8);

/** The rules of one user of the ACL file. */
function rulesOf(user: string): string[] {
  const line = readFileSync(path.join(root, 'deploy/redis/acl-users.conf'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user} `));
  if (!line) throw new Error(`no ACL user ${user}`);
  return line.trim().split(/\s+/).slice(1);
}

describe('Redis ACL users of the services, on a real Redis', () => {
  let stack: Stack;
  let admin: Redis;
  let emailWorker: INestApplicationContext | undefined;
  const passwords = new Map<string, string>();
  const users = ['email-worker', 'generation-worker'];
  /** The REDIS_URL of the stack with this run's copy of `user`. */
  const urlAs = (user: string) => {
    const url = new URL(process.env.REDIS_URL!);
    url.username = `acl-test-${run}-${user}`;
    url.password = passwords.get(user)!;
    return url.toString();
  };

  beforeAll(async () => {
    admin = new Redis(redisConnection(process.env.REDIS_URL!));
    for (const user of users) {
      passwords.set(user, randomBytes(16).toString('hex'));
      await admin.call('ACL', 'SETUSER', `acl-test-${run}-${user}`, 'reset', 'on', `>${passwords.get(user)}`, ...rulesOf(user));
    }
    stack = await startStack({ inProcess: { emailWorker: false } });
    emailWorker = await startEmailWorker({ ...stack.env, REDIS_URL: urlAs('email-worker'), HEALTH_PORT: '0' }, { logger: ['error'] });
  });
  afterAll(async () => {
    await emailWorker?.close();
    await stack?.close();
    for (const user of users) await admin.call('ACL', 'DELUSER', `acl-test-${run}-${user}`);
    await admin.quit();
  });

  it('runs the email-worker as its own user: a clipboard e-mail queued by the gateway is delivered', async () => {
    const user = await signUpVerified(stack, 'Acl');
    const to = `acl-${run}@example.org`;
    await request(stack.http)
      .post('/api/email-clipboard')
      .set('Cookie', user.cookie)
      .send({ email: to, firstName: 'Ada', lastName: 'Acl', clipboardText: 'Sent by a worker on its own Redis user.' })
      .expect(200);
    const until = Date.now() + 20_000;
    const delivered = () =>
      existsSync(stack.outboxDir) &&
      readdirSync(stack.outboxDir).some((name) => readFileSync(path.join(stack.outboxDir, name), 'utf8').includes(`To: ${to}`));
    while (!delivered() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(delivered()).toBe(true);
  });

  it('lets the generation-worker’s user ask billing-service and read its answer (request and reply)', async () => {
    const user = await signUp(stack, 'AclBilling');
    const commands = new CommandClient(urlAs('generation-worker'));
    try {
      const account = await commands.request('billing.get-account', { userId: user.userId });
      expect(account).toMatchObject({ subscription: null });
    } finally {
      await commands.close();
    }
  });

  it('keeps each user to its own queues: no other queue, no session, no dangerous command', async () => {
    const billing = new Queue(QUEUES.billing, { connection: redisConnection(process.env.REDIS_URL!) });
    const before = await billing.getJobCounts();
    const asEmailWorker = new Redis(redisConnection(urlAs('email-worker')));
    const emailWorkersBilling = new Queue(QUEUES.billing, { connection: redisConnection(urlAs('email-worker')) });
    const generationCommands = new CommandClient(urlAs('generation-worker'));
    try {
      await expect(emailWorkersBilling.add('billing.grant-unlimited', { userId: randomUUID() })).rejects.toThrow(/NOPERM/);
      await expect(emailWorkersBilling.getJobCounts()).rejects.toThrow(/NOPERM/);
      await expect(asEmailWorker.set(`bull:${QUEUES.auth}:1`, 'x')).rejects.toThrow(/NOPERM/);
      await expect(asEmailWorker.get('archlens:session:any')).rejects.toThrow(/NOPERM/);
      await expect(asEmailWorker.keys('*')).rejects.toThrow(/NOPERM/);
      await expect(asEmailWorker.flushdb()).rejects.toThrow(/NOPERM/);
      await expect(asEmailWorker.call('CONFIG', 'GET', 'maxmemory')).rejects.toThrow(/NOPERM/);
      await expect(asEmailWorker.publish('anything', 'x')).rejects.toThrow(/NOPERM/);
      // Its own queue is open to it.
      expect(await asEmailWorker.exists(`bull:${QUEUES.email}:meta`)).toBeGreaterThanOrEqual(0);
      // The generation-worker's user may not send e-mail: Redis refuses the job (the client reports Redis as unavailable).
      const refused = await generationCommands
        .enqueue('email.send', {
          messageId: randomUUID(),
          to: 'someone@example.org',
          template: 'clipboard',
          data: { firstName: 'A', lastName: 'B', clipboardText: 'x' },
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      const causes: string[] = [];
      for (let e = refused as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) causes.push(String(e.message));
      expect(causes.join(' ← ')).toMatch(/NOPERM/);
      expect(await billing.getJobCounts()).toEqual(before);
    } finally {
      await generationCommands.close();
      await emailWorkersBilling.close().catch(() => undefined);
      asEmailWorker.disconnect();
      await billing.close();
    }
  });
});
