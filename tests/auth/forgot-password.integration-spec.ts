import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { AUTH_MESSAGES } from '@archlens/contracts/auth';
import { QUEUES } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';
import { startStack, type Stack } from '../support/stack.js';
import { expectNoPasswordInRedis } from '../support/redis-scan.js';

/** The `name=value` of the session cookie a response set. */
function sessionCookie(res: request.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith('archlens_sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

/** A response's headers without the ones that differ on every request (request id, date). */
function stableHeaders(res: request.Response): Record<string, unknown> {
  const { 'x-request-id': _id, date: _date, ...rest } = res.headers as Record<string, unknown>;
  return rest;
}

/**
 * Forgot password (spec §2, §3, §8) through the whole path: gateway → `auth` queue →
 * auth-service (temporary password stored as argon2id) → `email` queue → email-worker → the stack's
 * file outbox, where the test reads the message as its recipient would.
 */
describe('forgot password: one answer for every e-mail, a temporary password by e-mail, single use', () => {
  let stack: Stack;
  let redis: Redis;
  const stamp = Date.now();
  const password = 'original-password';

  /** Signs up a new account. @returns its e-mail, user id and session cookie */
  async function signUp(name: string): Promise<{ email: string; userId: string; cookie: string }> {
    const email = `${name}-${stamp}@example.com`;
    const res = await request(stack.http)
      .post('/api/auth/signup')
      .send({ email, first_name: 'Grace', last_name: 'Hopper', password })
      .expect(201);
    return { email, userId: res.body.id as string, cookie: sessionCookie(res) };
  }

  /**
   * The temporary password of the user's newest message, read from the outbox's `.eml` (its file is
   * named after the message id, which is the temporary password's id), waiting for the email-worker.
   */
  async function temporaryPasswordFromOutbox(userId: string, email: string): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      'SELECT id FROM auth.temporary_passwords WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [userId],
    );
    expect(rows).toHaveLength(1);
    const file = path.join(stack.outboxDir, `${rows[0].id}.eml`);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const eml = await readFile(file, 'utf8').catch(() => null);
      if (eml !== null) {
        expect(eml).toMatch(new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi'));
        // The plain-text part sets the password on a line of its own, indented by four spaces.
        const match = eml.match(/^ {4}([A-Za-z0-9]{12})\r?$/m);
        if (!match) throw new Error(`no temporary password in ${file}:\n${eml}`);
        return match[1];
      }
      if (Date.now() > deadline) throw new Error(`the email-worker wrote no ${file}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    // The per-e-mail limit at its default (5 an hour); every other limit generous (startStack).
    stack = await startStack({ env: { RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: '5' } });
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await redis?.quit();
    await stack?.close();
  });

  it('answers a known and an unknown e-mail identically, and e-mails only the account that exists', async () => {
    const known = await signUp('known');
    const unknownEmail = `nobody-${stamp}@example.com`;
    const a = await request(stack.http).post('/api/auth/forgot-password').send({ email: known.email });
    const b = await request(stack.http).post('/api/auth/forgot-password').send({ email: unknownEmail });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(a.body).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    expect(b.text).toBe(a.text);
    expect(stableHeaders(b)).toEqual(stableHeaders(a));
    expect(a.headers['set-cookie']).toBeUndefined();

    const { rows } = await stack.db.query<{ password_hash: string; expires_at: Date; used_at: Date | null; minutes: number }>(
      `SELECT password_hash, expires_at, used_at, extract(epoch FROM expires_at - created_at) / 60 AS minutes
       FROM auth.temporary_passwords WHERE user_id = $1`,
      [known.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(rows[0].used_at).toBeNull();
    expect(Number(rows[0].minutes)).toBeCloseTo(60, 3);

    const temporary = await temporaryPasswordFromOutbox(known.userId, known.email);
    // Sealed on its way through Redis: the email.send job never holds the password itself.
    await expectNoPasswordInRedis(redis, [temporary]);

    // Both answers came after auth-service had queued whatever it would send; once the e-mail
    // queue is empty, the outbox holds every message of this test, and none to the unknown address.
    const emailQueue = new Queue(QUEUES.email, { connection: redisConnection(process.env.REDIS_URL!) });
    try {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const counts = await emailQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((n) => n === 0)) break;
        if (Date.now() > deadline) throw new Error(`the e-mail queue did not empty: ${JSON.stringify(counts)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await emailQueue.close();
    }
    const recipients = await Promise.all(
      (await readdir(stack.outboxDir))
        .filter((name) => name.endsWith('.eml'))
        .map(async (name) => (await readFile(path.join(stack.outboxDir, name), 'utf8')).match(/^To: (.*)$/im)?.[1]?.trim()),
    );
    expect(recipients).toContain(known.email);
    expect(recipients).not.toContain(unknownEmail);
  });

  it('validates the e-mail with the spec §5 text', async () => {
    for (const body of [{ email: 'not-an-email' }, {}]) {
      const res = await request(stack.http).post('/api/auth/forgot-password').send(body).expect(400);
      expect(res.body).toEqual({
        code: 'request.invalid',
        message: 'Please enter a valid email address',
        params: { reason: 'Please enter a valid email address' },
      });
    }
  });

  it('refuses the 6th request for one e-mail within an hour with 429, whatever its letter case', async () => {
    const email = `limited-${stamp}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      await request(stack.http)
        .post('/api/auth/forgot-password')
        .send({ email: i % 2 === 0 ? email : email.toUpperCase() })
        .expect(200);
    }
    const refused = await request(stack.http).post('/api/auth/forgot-password').send({ email }).expect(429);
    expect(refused.body.message).toMatch(/^Too many password reminders for this email\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Another e-mail from the same address is still answered.
    await request(stack.http)
      .post('/api/auth/forgot-password')
      .send({ email: `other-${stamp}@example.com` })
      .expect(200);
  });

  it('signs in once with the temporary password, ending every other session; the old password works until then', async () => {
    const user = await signUp('reset');
    const second = sessionCookie(await request(stack.http).post('/api/auth/signin').send({ email: user.email, password }).expect(200));
    await request(stack.http).post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const temporary = await temporaryPasswordFromOutbox(user.userId, user.email);

    // Before the temporary password is used, the old one still signs in.
    const third = sessionCookie(await request(stack.http).post('/api/auth/signin').send({ email: user.email, password }).expect(200));
    for (const cookie of [user.cookie, second, third]) await request(stack.http).get('/api/auth/user').set('Cookie', cookie).expect(200);

    const signedIn = await request(stack.http).post('/api/auth/signin').send({ email: user.email, password: temporary }).expect(200);
    expect(signedIn.body).toMatchObject({ id: user.userId, email: user.email, first_name: 'Grace' });
    const fresh = sessionCookie(signedIn);
    await request(stack.http).get('/api/auth/user').set('Cookie', fresh).expect(200);
    for (const cookie of [user.cookie, second, third]) {
      const ended = await request(stack.http).get('/api/auth/user').set('Cookie', cookie).expect(401);
      expect(ended.body).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
    }
    const { rows } = await stack.db.query<{ used_at: Date | null }>('SELECT used_at FROM auth.temporary_passwords WHERE user_id = $1', [
      user.userId,
    ]);
    expect(rows.map((r) => r.used_at)).toEqual([expect.any(Date)]);

    // Single use: the second sign-in with it fails like any wrong password.
    const again = await request(stack.http).post('/api/auth/signin').send({ email: user.email, password: temporary }).expect(401);
    expect(again.body).toEqual({ code: 'auth.invalid-credentials', message: AUTH_MESSAGES.invalidCredentials });
    // The session it started is untouched by the refusal.
    await request(stack.http).get('/api/auth/user').set('Cookie', fresh).expect(200);
  });

  it('lets two sign-ins racing with one temporary password succeed only once', async () => {
    const user = await signUp('race');
    await request(stack.http).post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const temporary = await temporaryPasswordFromOutbox(user.userId, user.email);
    const results = await Promise.all(
      [0, 1, 2].map(() => request(stack.http).post('/api/auth/signin').send({ email: user.email, password: temporary })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired temporary password like any wrong password, and a newer one replaces an older one', async () => {
    const user = await signUp('expired');
    await request(stack.http).post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const first = await temporaryPasswordFromOutbox(user.userId, user.email);
    await stack.db.query(`UPDATE auth.temporary_passwords SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [user.userId]);
    const expired = await request(stack.http).post('/api/auth/signin').send({ email: user.email, password: first }).expect(401);
    expect(expired.body).toEqual({ code: 'auth.invalid-credentials', message: AUTH_MESSAGES.invalidCredentials });
    await request(stack.http).get('/api/auth/user').set('Cookie', user.cookie).expect(200); // nothing ended

    await request(stack.http).post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const second = await temporaryPasswordFromOutbox(user.userId, user.email);
    await request(stack.http).post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const third = await temporaryPasswordFromOutbox(user.userId, user.email);
    await request(stack.http).post('/api/auth/signin').send({ email: user.email, password: second }).expect(401);
    // Until the newest one is used, the account's own password still signs in.
    await request(stack.http).post('/api/auth/signin').send({ email: user.email, password }).expect(200);
    const signedIn = await request(stack.http).post('/api/auth/signin').send({ email: user.email, password: third }).expect(200);
    expect(signedIn.body).toMatchObject({ passwordChangeRequired: true, emailVerified: true });
    // Using it ended the old password: a new one is to be chosen.
    await request(stack.http).post('/api/auth/signin').send({ email: user.email, password }).expect(401);
  });
});
