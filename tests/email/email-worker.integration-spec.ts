import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { temporaryPasswordSealContext, type SendEmailJob } from '@archlens/contracts/email';
import { QUEUE_SETTINGS, QUEUES, REQUEST_ID_FIELD } from '@archlens/contracts/queues';
import { CommandClient, redisConnection } from '@archlens/platform/messaging';
import { runWithRequestContext } from '@archlens/platform/request-context';
import { pemFromEnv, sealSecret } from '@archlens/platform/sealing';
import { startFakeSendGrid, type FakeSendGrid } from '../support/fake-sendgrid.server.js';
import { expectNoPasswordInRedis } from '../support/redis-scan.js';
import { startStack, type Stack } from '../support/stack.js';

/*
 * The email-worker sends `email.send` through SendGrid (here a loopback server
 * speaking v3 mail/send) or, with no key, writes an .eml file to the outbox; it keeps a delivery
 * log, retries 5xx and 429 with backoff, not other 4xx, and sends a message id once.
 */

const run = Date.now().toString(36);
const API_KEY = `SG.test-${run}`;
const FROM = 'no-reply@archlens.local';

interface MessageRow {
  id: string;
  to: string;
  template: string;
  subject: string;
  status: string;
  attempts: number;
  provider_message_id: string | null;
  last_error: string | null;
}

/** The `email.send` payload of a temporary-password message, its password sealed to the stack's key. */
function temporaryPasswordJob(stack: Stack, to: string, password: string, messageId = randomUUID()): SendEmailJob {
  return {
    messageId,
    to,
    template: 'temporary-password',
    data: {
      firstName: 'Ada',
      sealedTemporaryPassword: sealSecret(password, pemFromEnv(stack.emailSealingPublicKey), temporaryPasswordSealContext(to)),
      validMinutes: 60,
    },
  };
}

/** The message's delivery-log row once `done` says it is settled; fails after `timeoutMs`. */
async function waitForRow(stack: Stack, id: string, done: (row: MessageRow) => boolean, timeoutMs = 20_000): Promise<MessageRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await stack.db.query<MessageRow>('SELECT * FROM email.messages WHERE id = $1', [id]);
    if (rows[0] && done(rows[0])) return rows[0];
    if (Date.now() > until) throw new Error(`message ${id} did not settle: ${JSON.stringify(rows[0] ?? null)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the BullMQ job has finished (completed or failed for good) and returns it. */
async function waitForJob(queue: Queue, jobId: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.getJob(jobId);
    const state = job ? await job.getState() : 'missing';
    if (job && (state === 'completed' || state === 'failed')) return { job, state };
    if (Date.now() > until) throw new Error(`job ${jobId} is still ${state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The decoded bodies of an .eml file's parts, by content type (7bit, quoted-printable or base64). */
function emlParts(eml: string): Map<string, string> {
  const parts = new Map<string, string>();
  const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
  if (!boundary) return parts;
  for (const section of eml.split(`--${boundary}`).slice(1, -1)) {
    const [head, ...rest] = section.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const raw = rest.join('\n\n');
    const type = /content-type:\s*([^;\s]+)/i.exec(head)?.[1]?.toLowerCase() ?? '';
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
    const decoded =
      encoding === 'base64'
        ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ).toString('utf8')
          : raw;
    parts.set(type, decoded);
  }
  return parts;
}

describe('email-worker through SendGrid (a loopback v3 mail/send server)', () => {
  let stack: Stack;
  let fake: FakeSendGrid;
  let client: CommandClient;
  let queue: Queue;
  let redis: Redis;
  const passwords: string[] = [];
  const password = (label: string) => {
    const value = `Tmp-${label}-${run}-Quartz7`;
    passwords.push(value);
    return value;
  };

  beforeAll(async () => {
    fake = await startFakeSendGrid({ apiKey: API_KEY, from: FROM });
    stack = await startStack({ env: { SENDGRID_API_KEY: API_KEY, SENDGRID_BASE_URL: fake.baseUrl } });
    client = new CommandClient(process.env.REDIS_URL!);
    queue = new Queue(QUEUES.email, { connection: redisConnection(process.env.REDIS_URL!) });
    redis = new Redis(process.env.REDIS_URL!);
  });

  afterAll(async () => {
    await client?.close();
    await queue?.close();
    await redis?.quit();
    await stack?.close();
    await fake?.close();
  });

  it('enqueue returns the job id at once, with the queue’s retries and the request id', async () => {
    const job = temporaryPasswordJob(stack, `enqueue+${run}@example.com`, password('enqueue'));
    const jobId = await runWithRequestContext({ requestId: `req-${run}` }, () => client.enqueue('email.send', job));
    const added = await queue.getJob(jobId);
    expect(added?.opts.attempts).toBe(QUEUE_SETTINGS.email.attempts);
    expect(added?.opts.backoff).toEqual({ type: 'exponential', delay: QUEUE_SETTINGS.email.backoffMs });
    expect((added?.data as Record<string, unknown>)[REQUEST_ID_FIELD]).toBe(`req-${run}`);
    await waitForJob(queue, jobId);
  });

  it('(a) sends a message: both bodies carry the password, the row is sent with SendGrid’s message id', async () => {
    const to = `ada.lovelace+a${run}@example.com`;
    const secret = password('a');
    const job = temporaryPasswordJob(stack, to, secret);
    const before = fake.requests.length;
    await client.enqueue('email.send', job);
    const row = await waitForRow(stack, job.messageId, (r) => r.status !== 'pending');

    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      to,
      template: 'temporary-password',
      subject: 'Your ArchLens temporary password',
    });
    const seen = fake.requests.slice(before);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request.refusal).toBeNull();
    expect(row.provider_message_id).toMatch(/^fake-/);
    expect(request.body.personalizations?.[0]?.to?.[0]?.email).toBe(to);
    expect(request.body.from).toEqual({ email: FROM, name: 'ArchLens' });
    expect(request.body.subject).toBe('Your ArchLens temporary password');
    expect(request.body.custom_args).toEqual({ archlens_message_id: job.messageId });
    const content = new Map((request.body.content ?? []).map((c) => [c.type, c.value ?? '']));
    expect(content.get('text/plain')).toContain(secret);
    expect(content.get('text/html')).toContain(secret);
    expect(content.get('text/plain')).toContain('Hello Ada,');
  });

  it('(b) a 500 then a 202: retried once with backoff, the row is sent after 2 attempts', async () => {
    const job = temporaryPasswordJob(stack, `b+${run}@example.com`, password('b'));
    fake.script([500, 202]);
    const before = fake.requests.length;
    const jobId = await client.enqueue('email.send', job);
    const pending = await waitForRow(stack, job.messageId, (r) => r.attempts >= 1);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SendGrid answered 500' });
    const row = await waitForRow(stack, job.messageId, (r) => r.status !== 'pending');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(fake.requests.slice(before).map((r) => r.status)).toEqual([500, 202]);
    const { state, job: finished } = await waitForJob(queue, jobId);
    expect(state).toBe('completed');
    expect(finished.attemptsMade).toBe(2); // BullMQ counts both tries
  });

  it('(c) a 400: not retried, the row is failed, SendGrid saw exactly one request', async () => {
    const job = temporaryPasswordJob(stack, `c+${run}@example.com`, password('c'));
    fake.script([400]);
    const before = fake.requests.length;
    const jobId = await client.enqueue('email.send', job);
    const row = await waitForRow(stack, job.messageId, (r) => r.status !== 'pending');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, provider_message_id: null });
    expect(row.last_error).toBe('SendGrid answered 400 (fields: subject)');
    const { state } = await waitForJob(queue, jobId);
    expect(state).toBe('failed');
    await new Promise((r) => setTimeout(r, QUEUE_SETTINGS.email.backoffMs + 500)); // a retry would have come by now
    expect(fake.requests.slice(before)).toHaveLength(1);
  });

  it('(e) a redelivered message id is not sent twice: the stored result is returned', async () => {
    const job = temporaryPasswordJob(stack, `e+${run}@example.com`, password('e'));
    const before = fake.requests.length;
    await client.enqueue('email.send', job);
    const row = await waitForRow(stack, job.messageId, (r) => r.status !== 'pending');
    expect(row.status).toBe('sent');
    const again = await client.enqueue('email.send', job);
    const { job: repeated, state } = await waitForJob(queue, again);
    expect(state).toBe('completed');
    expect(repeated.returnvalue).toEqual({
      ok: true,
      value: { messageId: job.messageId, status: 'sent', providerMessageId: row.provider_message_id },
    });
    expect(fake.requests.slice(before)).toHaveLength(1);
    expect((await waitForRow(stack, job.messageId, () => true)).attempts).toBe(1);
  });

  it('(f) no Redis key or value holds a temporary password', async () => {
    expect(passwords.length).toBeGreaterThanOrEqual(4);
    await expectNoPasswordInRedis(redis, passwords);
  });
});

describe('email-worker without SENDGRID_API_KEY (file outbox)', () => {
  let stack: Stack;
  let client: CommandClient;

  beforeAll(async () => {
    stack = await startStack();
    client = new CommandClient(process.env.REDIS_URL!);
  });

  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  it('(d) writes one .eml with recipient, subject, both parts and the password; the row is outbox', async () => {
    const to = `grace.hopper+d${run}@example.com`;
    const secret = `Tmp-d-${run}-Quartz7`;
    const job = temporaryPasswordJob(stack, to, secret);
    await client.enqueue('email.send', job);
    const row = await waitForRow(stack, job.messageId, (r) => r.status !== 'pending');
    expect(row).toMatchObject({ status: 'outbox', attempts: 1, provider_message_id: `${job.messageId}.eml` });

    const eml = await readFile(path.join(stack.outboxDir, `${job.messageId}.eml`), 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(eml).toMatch(/^From: ArchLens <no-reply@archlens\.local>$/m);
    expect(eml).toMatch(/^Subject: Your ArchLens temporary password$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    const parts = emlParts(eml);
    expect(parts.get('text/plain')).toContain(secret);
    expect(parts.get('text/html')).toContain(secret);
  });
});
