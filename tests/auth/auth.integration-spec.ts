import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { QUEUES } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';
import { createHash } from 'node:crypto';
import { sealedPasswordContext } from '@archlens/contracts/auth';
import { sealSecret } from '@archlens/platform/sealing';
import { GATEWAY_CONFIG, type GatewayConfig } from '@archlens/gateway';
import { startStack, type Stack } from '../support/stack.js';

/** `SESSION_TTL_SECONDS` when unset (gateway config): 7 days. */
const SESSION_TTL_DEFAULT_SECONDS = 7 * 24 * 3600;

/** Cookie header value of the session cookie set by a response. */
function sessionCookie(res: request.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith('archlens_sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

describe('accounts and sessions (gateway → auth queue → auth-service → PostgreSQL, sessions in Redis)', () => {
  let stack: Stack;
  const email = `Ada.Lovelace+${Date.now()}@Example.com`;
  const password = 'difference-engine';

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('signs up, sets an HttpOnly SameSite=Lax session cookie and returns the user without secrets', async () => {
    const res = await request(stack.http)
      .post('/api/auth/signup')
      .send({ email, first_name: 'Ada', last_name: 'Lovelace', password })
      .expect(201);
    expect(res.body).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'Ada',
      last_name: 'Lovelace',
      profile_image_url: null,
      subscription: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(password);
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP on loopback

    const me = await request(stack.http).get('/api/auth/user').set('Cookie', cookie.split(';')[0]).expect(200);
    expect(me.body).toMatchObject({ first_name: 'Ada', profile_image_url: null, subscription: null });
  });

  it('stores an argon2id hash and the e-mail lower-cased', async () => {
    const { rows } = await stack.db.query<{ email: string; password_hash: string }>(
      'SELECT email, password_hash FROM auth.users WHERE email = $1',
      [email.toLowerCase()],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$/);
  });

  it('leaves no plaintext password in Redis once the command has run', async () => {
    // The gateway deletes each job once it has read the answer; this job is kept, so what the
    // auth-service leaves in Redis after running it can be read.
    const connection = redisConnection(process.env.REDIS_URL!);
    const queue = new Queue(QUEUES.auth, { connection });
    const events = new QueueEvents(QUEUES.auth, { connection });
    const redis = new Redis(process.env.REDIS_URL!);
    const secret = `kept-job-secret-${Date.now()}`;
    try {
      await events.waitUntilReady();
      // The gateway seals the password to auth-service's key; a job sent as it sends one.
      const { AUTH_SEALING_PUBLIC_KEY } = stack.gateway.get<symbol, GatewayConfig>(GATEWAY_CONFIG);
      const keptEmail = `kept-${Date.now()}@example.com`;
      const sealedPassword = sealSecret(secret, AUTH_SEALING_PUBLIC_KEY, sealedPasswordContext('auth.sign-up', keptEmail));
      const job = await queue.add('auth.sign-up', { email: keptEmail, firstName: 'Kept', lastName: 'Job', sealedPassword });
      expect(await job.waitUntilFinished(events, 10_000)).toMatchObject({ ok: true });
      // The job is still there for the scan below to read (its data names the account).
      const stored = await redis.hgetall(`bull:${QUEUES.auth}:${job.id}`);
      expect(stored.data).toContain(keptEmail);
      // Nowhere in the queue's keys: job hashes, lists, sets and the event stream.
      for (const key of await redis.keys(`bull:${QUEUES.auth}:*`)) {
        const type = await redis.type(key);
        const dump =
          type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'string'
              ? ((await redis.get(key)) ?? '')
              : type === 'list'
                ? JSON.stringify(await redis.lrange(key, 0, -1))
                : type === 'zset'
                  ? JSON.stringify(await redis.zrange(key, 0, -1))
                  : type === 'set'
                    ? JSON.stringify(await redis.smembers(key))
                    : type === 'stream'
                      ? JSON.stringify(await redis.xrange(key, '-', '+'))
                      : '';
        expect(dump).not.toContain(secret);
        expect(dump).not.toContain(password);
      }
    } finally {
      await Promise.all([queue.close(), events.close(), redis.quit()]);
    }
  });

  it('refuses a second account for the same e-mail in another letter case', async () => {
    const res = await request(stack.http)
      .post('/api/auth/signup')
      .send({ email: email.toUpperCase(), first_name: 'Ada', last_name: 'Byron', password })
      .expect(409);
    expect(res.body).toEqual({ code: 'auth.email-taken', message: 'An account with this email already exists' });
  });

  it('validates sign-up and sign-in bodies with the spec §5 texts, and says what is wrong with an over-long value or a body it cannot read', async () => {
    const cases: Array<[string, object, string]> = [
      ['/api/auth/signup', { email: 'not-an-email', first_name: 'A', last_name: 'B', password }, 'Please enter a valid email address'],
      [
        '/api/auth/signup',
        { email: 'a@b.co', first_name: 'A', last_name: 'B', password: '12345' },
        'Password must be at least 6 characters',
      ],
      ['/api/auth/signup', { email: 'a@b.co', first_name: '  ', last_name: 'B', password }, 'First name is required'],
      ['/api/auth/signup', { email: 'a@b.co', first_name: 'A', password }, 'Last name is required'],
      ['/api/auth/signin', { email: 'a@b.co' }, 'Password must be at least 6 characters'],
      // Over-long values say what is wrong, not that the field is missing.
      [
        '/api/auth/signup',
        { email: 'a@b.co', first_name: 'A'.repeat(101), last_name: 'B', password },
        'First name must be at most 100 characters',
      ],
      [
        '/api/auth/signup',
        { email: 'a@b.co', first_name: 'A', last_name: 'B'.repeat(101), password },
        'Last name must be at most 100 characters',
      ],
      ['/api/auth/signin', [{ email: 'a@b.co', password }], 'The request body must be a JSON object.'],
    ];
    for (const [path, body, message] of cases) {
      const res = await request(stack.http).post(path).send(body).expect(400);
      const notAnObject = message === 'The request body must be a JSON object.';
      expect(res.body).toEqual(
        notAnObject ? { code: 'request.not-an-object', message } : { code: 'request.invalid', message, params: { reason: message } },
      );
    }
    const malformed = await request(stack.http)
      .post('/api/auth/signin')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(malformed.body).toEqual({ code: 'request.malformed-json', message: 'Malformed JSON body.' });
    const notAnObject = await request(stack.http)
      .post('/api/auth/signin')
      .set('Content-Type', 'application/json')
      .send('"a@b.co"')
      .expect(400);
    expect(notAnObject.body).toEqual({ code: 'request.not-an-object', message: 'The request body must be a JSON object.' });
    const latin1 = await request(stack.http)
      .post('/api/auth/signin')
      .set('Content-Type', 'application/json; charset=latin1')
      .send(JSON.stringify({ email: 'a@b.co', password }))
      .expect(415);
    expect(latin1.body).toEqual({
      code: 'request.unsupported-charset',
      message: 'Unsupported charset "LATIN1": send the JSON body as UTF-8.',
      params: { charset: 'LATIN1' },
    });
  });

  it('gives the same refusal for a wrong password and an unknown e-mail', async () => {
    const wrong = await request(stack.http).post('/api/auth/signin').send({ email, password: 'not-the-password' }).expect(401);
    const unknown = await request(stack.http)
      .post('/api/auth/signin')
      .send({ email: `nobody-${Date.now()}@example.com`, password })
      .expect(401);
    expect(wrong.body).toEqual({ code: 'auth.invalid-credentials', message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('signs in case-insensitively, and logout ends that session and redirects home', async () => {
    const res = await request(stack.http).post('/api/auth/signin').send({ email: email.toUpperCase(), password }).expect(200);
    expect(res.body.first_name).toBe('Ada');
    const cookie = sessionCookie(res).split(';')[0];
    await request(stack.http).get('/api/auth/user').set('Cookie', cookie).expect(200);

    const out = await request(stack.http).get('/api/logout').set('Cookie', cookie).expect(302);
    expect(out.headers.location).toBe('/');
    expect(String(out.headers['set-cookie'])).toMatch(/archlens_sid=;/);
    const after = await request(stack.http).get('/api/auth/user').set('Cookie', cookie).expect(401);
    expect(after.body).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
  });

  it('keeps the session in Redis under a hash of its id, with a TTL that each use renews and whose end signs out', async () => {
    const res = await request(stack.http).post('/api/auth/signin').send({ email, password }).expect(200);
    const cookie = sessionCookie(res).split(';')[0];
    const sessionId = cookie.slice('archlens_sid='.length);
    const key = `archlens:session:${createHash('sha256').update(sessionId).digest('hex')}`;
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      expect(await redis.exists(`archlens:session:${sessionId}`)).toBe(0); // the raw id is not a key
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(SESSION_TTL_DEFAULT_SECONDS - 60);
      expect(ttl).toBeLessThanOrEqual(SESSION_TTL_DEFAULT_SECONDS);

      await redis.expire(key, 100);
      await request(stack.http).get('/api/auth/user').set('Cookie', cookie).expect(200);
      expect(await redis.ttl(key)).toBeGreaterThan(SESSION_TTL_DEFAULT_SECONDS - 60);

      await redis.pexpire(key, 1);
      await new Promise((r) => setTimeout(r, 20));
      const expired = await request(stack.http).get('/api/auth/user').set('Cookie', cookie).expect(401);
      expect(expired.body).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
    } finally {
      await redis.quit();
    }
  });

  it('answers 401 without a session or with a forged one, and /api/login opens the sign-in dialog on the page asked for', async () => {
    expect((await request(stack.http).get('/api/auth/user').expect(401)).body).toEqual({
      code: 'auth.unauthorized',
      message: 'Unauthorized',
    });
    await request(stack.http)
      .get('/api/auth/user')
      .set('Cookie', `archlens_sid=${'A'.repeat(43)}`)
      .expect(401);
    const login = await request(stack.http).get('/api/login').expect(302);
    expect(login.headers.location).toBe('/?signin=1');
    // The page asked for is where the dialog opens (and where the user is after sign-in); an
    // address off the site is refused for the landing.
    const next = await request(stack.http).get('/api/login?next=%2Faccount').expect(302);
    expect(next.headers.location).toBe('/account?signin=1');
    for (const offSite of ['//evil.com', 'https://evil.com', '/\\evil']) {
      const refused = await request(stack.http)
        .get(`/api/login?next=${encodeURIComponent(offSite)}`)
        .expect(302);
      expect(refused.headers.location).toBe('/?signin=1');
    }
  });

  it('keeps answering who is signed in while sign-ins queue up behind a stalled auth queue', async () => {
    const signUp = await request(stack.http)
      .post('/api/auth/signup')
      .send({ email: `lookup-${Date.now()}@example.com`, first_name: 'Grace', last_name: 'Hopper', password })
      .expect(201);
    const cookie = sessionCookie(signUp).split(';')[0];
    // Sign-in traffic that nobody is taking: the `auth` queue paused, its sign-ins waiting.
    const auth = new Queue(QUEUES.auth, { connection: redisConnection(process.env.REDIS_URL!) });
    await auth.pause();
    try {
      const waiting = Array.from({ length: 5 }, (_, i) =>
        // `.then` sends it now (a supertest request is sent when it is first awaited).
        request(stack.http)
          .post('/api/auth/signin')
          .send({ email: `nobody-${i}@example.com`, password })
          .then((r) => r),
      );
      while ((await auth.getWaitingCount()) < 5) await new Promise((r) => setTimeout(r, 20));
      // The session look-up has its own queue (`auth-lookup`): it is answered all the same.
      const me = await request(stack.http).get('/api/auth/user').set('Cookie', cookie).expect(200);
      expect(me.body.first_name).toBe('Grace');
      await auth.resume();
      expect((await Promise.all(waiting)).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    } finally {
      await auth.resume();
      await auth.close();
    }
  });
});
