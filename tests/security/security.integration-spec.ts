import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import request from 'supertest';
import { startStack, type Stack } from '../support/stack.js';

/** The gateway's answer to a cross-site write (apps/gateway/src/security/origin-check.middleware.ts). */
const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';

const password = 'flying-buttress';
/** The sign-in refusal of spec §8. */
const INVALID = { code: 'auth.invalid-credentials', message: 'Invalid email or password' };
/** A 429 of the sign-in limits: the wait in seconds under a minute, else in minutes. */
const SIGN_IN_REFUSAL = /^Too many sign-in attempts\. Please try again in (\d+ seconds?|\d+ minutes?)\.$/;

/** A fresh address from a documentation range (RFC 5737), so no two cases share a counter. */
let lastOctet = 0;
function nextAddress(): string {
  lastOctet += 1;
  return `198.51.100.${lastOctet}`;
}

/** Unique e-mail of this run. */
function freshEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

async function countUsers(stack: Stack, email: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM auth.users WHERE email = $1', [email.toLowerCase()]);
  return Number(rows[0].n);
}

/**
 * Abuse limits with the product defaults (issue "Foundation" point 5): the stack runs behind a
 * "proxy" (`TRUST_PROXY=true`), so each case picks its client address with X-Forwarded-For and the
 * per-address and per-e-mail limits can be tripped separately.
 */
describe('abuse limits (Redis-backed, product defaults: 10 failed sign-ins per address per minute, 10 per e-mail from one address per 15 minutes, 10 sign-ups per address per hour)', () => {
  let stack: Stack;
  let redis: Redis;
  const keyPrefix = `archlens:rl:sec-${randomUUID()}:`;

  beforeAll(async () => {
    stack = await startStack({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_KEY_PREFIX: keyPrefix,
        // undefined: the gateway's own defaults, not the stack's generous test limits.
        RATE_LIMIT_SIGN_IN_PER_IP: undefined,
        RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: undefined,
        RATE_LIMIT_SIGN_UP_PER_IP: undefined,
        RATE_LIMIT_ANALYSES_PER_USER: undefined,
      },
    });
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await redis?.quit();
    await stack?.close();
  });

  const signIn = (email: string, pass: string, address: string) =>
    request(stack.http).post('/api/auth/signin').set('X-Forwarded-For', address).send({ email, password: pass });

  it('answers the 11th failed sign-in within a minute from one address with 429, Retry-After and a clear message', async () => {
    const address = nextAddress();
    for (let i = 1; i <= 10; i += 1) {
      const res = await signIn(freshEmail(`ip-${i}`), password, address);
      expect([i, res.status, res.body]).toEqual([i, 401, INVALID]);
    }
    const eleventh = await signIn(freshEmail('ip-11'), password, address);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toMatch(SIGN_IN_REFUSAL);
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(eleventh.headers['set-cookie']).toBeUndefined();

    // Refused before the password is checked: even the right one waits, for this address only.
    const email = freshEmail('ip-owner');
    await request(stack.http)
      .post('/api/auth/signup')
      .set('X-Forwarded-For', nextAddress())
      .send({ email, first_name: 'Abbot', last_name: 'Suger', password })
      .expect(201);
    expect((await signIn(email, password, address)).status).toBe(429);
    expect((await signIn(email, password, nextAddress())).status).toBe(200);
  });

  it('counts sign-ins sent in parallel: of 16 at once from one address, at most 10 reach the password check', async () => {
    const address = nextAddress();
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(freshEmail(`burst-${i}`), password, address)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const address = nextAddress();
    // The client prepends a new forged address each time; the trusted proxy appends the real one.
    for (let i = 1; i <= 10; i += 1) {
      const res = await request(stack.http)
        .post('/api/auth/signin')
        .set('X-Forwarded-For', `203.0.113.${i}, ${address}`)
        .send({ email: freshEmail(`xff-${i}`), password });
      expect([i, res.status]).toEqual([i, 401]);
    }
    const forged = await request(stack.http)
      .post('/api/auth/signin')
      .set('X-Forwarded-For', `203.0.113.99, ${address}`)
      .send({ email: freshEmail('xff-11'), password });
    expect(forged.status).toBe(429);
  });

  it('answers the 11th failed sign-in for one e-mail from one address in 15 minutes with 429, keeps no e-mail in clear in Redis, and never locks the owner out from elsewhere', async () => {
    const email = freshEmail('Victim');
    await request(stack.http)
      .post('/api/auth/signup')
      .set('X-Forwarded-For', nextAddress())
      .send({ email, first_name: 'Jean', last_name: 'de Chelles', password })
      .expect(201);
    const attacker = nextAddress();
    // Ten failures a minute apart would pass the address's own limit: only the e-mail's is tested.
    for (let i = 1; i <= 10; i += 1) {
      await redis.del(`${keyPrefix}signInPerIp:${attacker}`);
      const res = await signIn(email, `wrong-${i}-password`, attacker);
      expect([i, res.status]).toEqual([i, 401]);
    }
    await redis.del(`${keyPrefix}signInPerIp:${attacker}`);
    const eleventh = await signIn(email.toUpperCase(), 'wrong-11-password', attacker);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(eleventh.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits at that address...
    expect((await signIn(email, password, attacker)).status).toBe(429);

    const keys = await redis.keys(`${keyPrefix}*`);
    const hashed = createHash('sha256').update(`${email.toLowerCase()}\n${attacker}`).digest('hex');
    expect(keys).toContain(`${keyPrefix}signInPerEmailAndIp:${hashed}`);
    expect(keys.join('\n').toLowerCase()).not.toContain(email.toLowerCase());
    expect(keys.join('\n')).not.toContain('@');

    // ...but the owner, from their own address, signs in as usual.
    const owner = await signIn(email, password, nextAddress());
    expect(owner.status).toBe(200);
    expect(owner.headers['set-cookie']).toBeDefined();
  });

  it("answers with the longest wait when both sign-in limits are over: the e-mail's 15 minutes, not the address's minute", async () => {
    const email = freshEmail('both');
    const address = nextAddress();
    for (let i = 1; i <= 10; i += 1) expect((await signIn(email, 'not-the-password', address)).status).toBe(401);
    const eleventh = await signIn(email, 'not-the-password', address);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(eleventh.body.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  });

  it('clears the e-mail count at an address on a successful sign-in from there', async () => {
    const email = freshEmail('reset');
    await request(stack.http)
      .post('/api/auth/signup')
      .set('X-Forwarded-For', nextAddress())
      .send({ email, first_name: 'Hugh', last_name: 'Libergier', password })
      .expect(201);
    const address = nextAddress();
    // The address's own limit (10 a minute) is cleared before each try: only the e-mail's is tested.
    const attempt = async (pass: string) => {
      await redis.del(`${keyPrefix}signInPerIp:${address}`);
      return (await signIn(email, pass, address)).status;
    };
    for (let i = 1; i <= 9; i += 1) expect(await attempt('not-the-password')).toBe(401);
    expect(await attempt(password)).toBe(200);
    // Without the reset the 2nd failure from here would be the 11th in the window: 429.
    for (let i = 1; i <= 10; i += 1) expect([i, await attempt('not-the-password')]).toEqual([i, 401]);
    expect(await attempt('not-the-password')).toBe(429);
  });

  it('answers the 11th sign-up within an hour from one address with 429 and creates no account', async () => {
    const address = nextAddress();
    for (let i = 1; i <= 10; i += 1) {
      await request(stack.http)
        .post('/api/auth/signup')
        .set('X-Forwarded-For', address)
        .send({ email: freshEmail(`signup-${i}`), first_name: 'Villard', last_name: 'de Honnecourt', password })
        .expect(201);
    }
    const email = freshEmail('signup-11');
    const eleventh = await request(stack.http)
      .post('/api/auth/signup')
      .set('X-Forwarded-For', address)
      .send({ email, first_name: 'Villard', last_name: 'de Honnecourt', password });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({
      code: 'too-many-requests',
      message: expect.stringMatching(/^Too many accounts created from this address\. Please try again in \d+ minutes?\.$/),
    });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(await countUsers(stack, email)).toBe(0);
    // Another address is not affected.
    await request(stack.http)
      .post('/api/auth/signup')
      .set('X-Forwarded-For', nextAddress())
      .send({ email, first_name: 'Villard', last_name: 'de Honnecourt', password })
      .expect(201);
  });

  it('sets HSTS and upgrade-insecure-requests only behind a TLS proxy (TRUST_PROXY)', async () => {
    const res = await request(stack.http).get('/api/health');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

/** Cross-site refusals and security headers, on a stack without a proxy (plain http, like `npm start`). */
describe('browser security: cross-site writes refused, helmet headers on the API and the SPA', () => {
  let stack: Stack;
  let spaDir: string;
  const own = 'archlens.test:8080';

  beforeAll(async () => {
    // A stand-in for apps/frontend/dist: the gateway serves it as it serves the built SPA.
    spaDir = mkdtempSync(path.join(os.tmpdir(), 'archlens-spa-'));
    mkdirSync(path.join(spaDir, 'assets'));
    writeFileSync(
      path.join(spaDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(spaDir, 'assets', 'index.js'), 'document.getElementById("root").textContent = "ok";');
    stack = await startStack({ env: { FRONTEND_DIST: spaDir, ALLOWED_ORIGINS: 'https://admin.archlens.example' } });
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const signUp = (email: string) =>
    request(stack.http).post('/api/auth/signup').set('Host', own).send({ email, first_name: 'Jean', last_name: "d'Orbais", password });

  it('refuses a sign-up from a foreign Origin with 403 and creates no account', async () => {
    for (const origin of ['https://evil.example', 'http://archlens.test:8081', 'null']) {
      const email = freshEmail('foreign');
      const res = await signUp(email).set('Origin', origin);
      expect([origin, res.status, res.body]).toEqual([origin, 403, { code: 'request.cross-site', message: CROSS_SITE_MESSAGE }]);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await countUsers(stack, email)).toBe(0);
    }
    const email = freshEmail('fetch-metadata');
    const res = await signUp(email).set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect(await countUsers(stack, email)).toBe(0);
  });

  it('refuses a sign-in from a foreign Origin without starting a session', async () => {
    const email = freshEmail('known');
    await signUp(email).expect(201);
    const res = await request(stack.http)
      .post('/api/auth/signin')
      .set('Host', own)
      .set('Origin', 'https://evil.example')
      .send({ email, password });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('lets the same origin, a listed ALLOWED_ORIGINS entry and a request without Origin through', async () => {
    const same = freshEmail('same');
    await signUp(same).set('Origin', `http://${own}`).set('Sec-Fetch-Site', 'same-origin').expect(201);
    expect(await countUsers(stack, same)).toBe(1);
    const listed = freshEmail('listed');
    await signUp(listed).set('Origin', 'https://admin.archlens.example').set('Sec-Fetch-Site', 'cross-site').expect(201);
    const none = freshEmail('no-origin');
    await signUp(none).expect(201);
    // Reads are never refused for their origin.
    await request(stack.http).get('/api/auth/user').set('Origin', 'https://evil.example').expect(401);
  });

  it('sets the security headers on /api/health, on index.html for client routes, and on assets', async () => {
    for (const url of ['/api/health', '/', '/analyse', '/assets/index.js', '/api/nowhere']) {
      const res = await request(stack.http).get(url);
      const csp = String(res.headers['content-security-policy']);
      expect([url, csp]).toEqual([
        url,
        "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';media-src 'self' blob:;object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'",
      ]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http: no HSTS
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    const spa = await request(stack.http).get('/analyse').expect(200);
    expect(spa.text).toContain('<div id="root">');
  });
});
