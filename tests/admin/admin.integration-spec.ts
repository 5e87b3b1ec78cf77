import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import request from 'supertest';
import { ADMIN_MESSAGES, type AdminLoginResponse } from '@archlens/contracts/leads';
import { QUEUE_DASHBOARD_PATH } from '@archlens/contracts/paths';
import { redisConnection } from '@archlens/platform/messaging';
import { adminToken } from '../support/admin-session.js';
import { expectNoPasswordInRedis } from '../support/redis-scan.js';
import { startStack, type Stack } from '../support/stack.js';

/*
 * Admin sign-in with credentials from configuration (argon2id hash), a signed,
 * expiring bearer token, and every /api/admin/* route but login refusing a missing, expired,
 * malformed or forged token with 401 on the server.
 */

/** Every admin route behind the token, as the admin console calls them. */
const GUARDED = ['/api/admin/verify', '/api/admin/leads', '/api/admin/leads/stats', '/api/admin/leads/export'];

/** A token shaped as the gateway's, signed with `secret`; `claims` replaces any of its parts. */
async function signToken(
  secret: string,
  claims: { sub?: string; iss?: string; aud?: string; exp?: number; iat?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub ?? 'admin')
    .setIssuer(claims.iss ?? 'archlens-gateway')
    .setAudience(claims.aud ?? 'archlens-admin')
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + 3600)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
}

describe('admin sign-in and the admin token', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const login = (body: object) => request(stack.http).post('/api/admin/login').send(body);
  const expectRefused = async (authorization: string | undefined) => {
    for (const path of GUARDED) {
      const call = request(stack.http).get(path);
      const response = await (authorization === undefined ? call : call.set('Authorization', authorization));
      expect([path, response.status, response.body]).toEqual([
        path,
        401,
        { code: 'admin.unauthorized', message: ADMIN_MESSAGES.unauthorised },
      ]);
    }
  };

  it('signs the admin in with the configured username and password: a token that verify accepts until it expires', async () => {
    const before = Date.now();
    const response = await login({ username: stack.admin.username, password: stack.admin.password });
    const after = Date.now();
    expect(response.status).toBe(200);
    const { token, expiresAt } = response.body as AdminLoginResponse;
    // Default lifetime 8 hours (ADMIN_TOKEN_TTL_SECONDS) from the sign-in, in whole seconds: the
    // expiry lies between the request's start and its answer, plus 8 hours.
    expect(Date.parse(expiresAt)).toBeGreaterThan(before - 1000 + 8 * 3600 * 1000);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(after + 8 * 3600 * 1000);
    const verify = await request(stack.http).get('/api/admin/verify').set('Authorization', `Bearer ${token}`);
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ valid: true, username: stack.admin.username, expiresAt });
    // The scheme is case-insensitive (RFC 6750 §2.1).
    expect((await request(stack.http).get('/api/admin/leads/stats').set('Authorization', `bearer ${token}`)).status).toBe(200);
  });

  it('refuses a wrong password and an unknown username alike with 401 "Invalid credentials"', async () => {
    for (const body of [
      { username: stack.admin.username, password: `${stack.admin.password}x` },
      { username: 'root', password: stack.admin.password },
      { username: 'Admin', password: stack.admin.password },
    ]) {
      const response = await login(body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 'admin.invalid-credentials', message: ADMIN_MESSAGES.invalidCredentials });
    }
  });

  it('refuses a sign-in without username or password with 400 and the spec text', async () => {
    for (const body of [{}, { username: 'admin' }, { username: '  ', password: 'x' }, { username: 'admin', password: '' }]) {
      const response = await login(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'request.invalid',
        message: ADMIN_MESSAGES.credentialsRequired,
        params: { reason: ADMIN_MESSAGES.credentialsRequired },
      });
    }
  });

  it('refuses every admin route without a token', async () => {
    await expectRefused(undefined);
    await expectRefused('');
  });

  it('refuses an expired token, even one signed with the right key', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(`Bearer ${await signToken(stack.admin.tokenSecret, { iat: now - 7200, exp: now - 60 })}`);
  });

  it('refuses a forged token: signed with another key, for another user, issuer or audience, or unsigned', async () => {
    await expectRefused(`Bearer ${await signToken(randomBytes(48).toString('base64'))}`);
    await expectRefused(`Bearer ${await signToken(stack.admin.tokenSecret, { sub: 'someone-else' })}`);
    await expectRefused(`Bearer ${await signToken(stack.admin.tokenSecret, { iss: 'elsewhere' })}`);
    await expectRefused(`Bearer ${await signToken(stack.admin.tokenSecret, { aud: 'archlens-user' })}`);
    const [, payload] = (await signToken(stack.admin.tokenSecret)).split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    await expectRefused(`Bearer ${unsigned}`);
    // A real token with its payload changed (a later expiry) no longer matches its signature.
    const [header, , signature] = (await adminToken(stack)).split('.');
    const tampered = Buffer.from(
      JSON.stringify({ sub: 'admin', iss: 'archlens-gateway', aud: 'archlens-admin', exp: 9_999_999_999 }),
    ).toString('base64url');
    await expectRefused(`Bearer ${header}.${tampered}.${signature}`);
  });

  it('refuses a malformed token or another scheme', async () => {
    const token = await adminToken(stack);
    for (const authorization of [
      'Bearer not-a-token',
      'Bearer a.b.c',
      `Basic ${token}`,
      token,
      `Bearer ${token}x`,
      `Bearer ${'a'.repeat(5000)}`,
    ]) {
      await expectRefused(authorization);
    }
  });

  it('ends a token on the server at logout: every admin route and its dashboard sessions answer 401, other tokens stay valid', async () => {
    const token = await adminToken(stack);
    const otherToken = await adminToken(stack);
    const bearer = `Bearer ${token}`;
    const session = await request(stack.http).post('/api/admin/queues/session').set('Authorization', bearer).expect(200);
    const dashboardCookie = ([] as string[]).concat(session.headers['set-cookie'] ?? [])[0].split(';')[0];
    await request(stack.http).get(`${QUEUE_DASHBOARD_PATH}/api/queues`).set('Cookie', dashboardCookie).expect(200);

    const logout = await request(stack.http).post('/api/admin/logout').set('Authorization', bearer);
    expect([logout.status, logout.body]).toEqual([200, { loggedOut: true }]);
    // The dashboard cookie is cleared in the browser that signed out.
    expect(([] as string[]).concat(logout.headers['set-cookie'] ?? []).join('\n')).toMatch(/archlens_queues=;.*Expires=Thu, 01 Jan 1970/);

    await expectRefused(bearer);
    const dashboardApi = await request(stack.http).get(`${QUEUE_DASHBOARD_PATH}/api/queues`).set('Cookie', dashboardCookie);
    expect([dashboardApi.status, dashboardApi.body]).toEqual([401, { code: 'admin.unauthorized', message: ADMIN_MESSAGES.unauthorised }]);
    const dashboardPage = await request(stack.http).get(QUEUE_DASHBOARD_PATH).set('Cookie', dashboardCookie).set('Accept', 'text/html');
    expect([dashboardPage.status, dashboardPage.headers.location]).toEqual([302, '/admin-login']);
    // Nothing more can be bought or revoked with it.
    expect((await request(stack.http).post('/api/admin/queues/session').set('Authorization', bearer)).status).toBe(401);
    expect((await request(stack.http).post('/api/admin/logout').set('Authorization', bearer)).status).toBe(401);
    // Another sign-in's token is not touched.
    await request(stack.http).get('/api/admin/verify').set('Authorization', `Bearer ${otherToken}`).expect(200);

    // Redis keeps the token's id until the token would have expired (8 hours by default), never the token.
    const jti = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { jti: string }).jti;
    const redis = new Redis(redisConnection(process.env.REDIS_URL!));
    try {
      const ttl = await redis.ttl(`archlens:admin-revoked:${jti}`);
      expect(ttl).toBeGreaterThan(8 * 3600 - 60);
      expect(ttl).toBeLessThanOrEqual(8 * 3600);
      await expectNoPasswordInRedis(redis, [token]);
    } finally {
      await redis.quit();
    }
  });

  it('keeps the admin password and the token key out of Redis', async () => {
    await adminToken(stack);
    await login({ username: 'admin', password: 'wrong-password' });
    const redis = new Redis(redisConnection(process.env.REDIS_URL!));
    try {
      await expectNoPasswordInRedis(redis, [stack.admin.password, stack.admin.tokenSecret]);
    } finally {
      await redis.quit();
    }
  });
});

describe('admin sign-in limit per address', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_ADMIN_LOGIN_PER_IP: '10' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 429 with Retry-After to the 11th failed sign-in from one address, even with the right password', async () => {
    const login = (password: string) => request(stack.http).post('/api/admin/login').send({ username: stack.admin.username, password });
    // A success gives its point back: it does not count towards the limit.
    expect((await login(stack.admin.password)).status).toBe(200);
    for (let attempt = 1; attempt <= 10; attempt++) expect([attempt, (await login('guess')).status]).toEqual([attempt, 401]);
    const refused = await login('guess');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many admin sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(stack.admin.password)).status).toBe(429);
  });
});
