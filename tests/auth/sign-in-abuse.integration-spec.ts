import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import argon2 from 'argon2';
import request from 'supertest';
import { errorText } from '@archlens/contracts/errors';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Sign-in abuse beyond the per-address limits:
 * - failed sign-ins are counted per account across every client address; past the free ones each
 *   failure delays the account's next sign-in a little longer, up to a cap, and a success clears it;
 *   an address the account signed in from is never delayed, so nobody can keep the owner out;
 * - the gateway checks at most a set number of admin and VIP passwords (argon2) at once.
 * The stack trusts one proxy hop, so each request's `X-Forwarded-For` is its client address.
 */

const PASSWORD = 'correct-horse-battery';

describe('failed sign-ins per account, from any address', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      env: { TRUST_PROXY: '1', RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3', SIGN_IN_DELAY_BASE_SECONDS: '2', SIGN_IN_DELAY_MAX_SECONDS: '8' },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function newAccount(): Promise<string> {
    const email = `target-${randomUUID()}@example.com`;
    await request(stack.http)
      .post('/api/auth/signup')
      .set('X-Forwarded-For', '192.0.2.1')
      .send({ email, first_name: 'Tess', last_name: 'Target', password: PASSWORD })
      .expect(201);
    return email;
  }
  let nextAddress = 1;
  /** A client address no request of this suite has used. */
  const freshAddress = () => `203.0.113.${nextAddress++}`;
  const signIn = (email: string, password: string, address: string) =>
    request(stack.http).post('/api/auth/signin').set('X-Forwarded-For', address).send({ email, password });

  /** The wait a fresh address is told for the account, in seconds (0: it may try now), the right password sent. */
  async function delayFor(email: string): Promise<number> {
    const answer = await signIn(email, `${PASSWORD}-probe`, freshAddress());
    if (answer.status === 401) return 0;
    expect([answer.status, answer.body.code]).toEqual([429, 'auth.sign-in-delayed']);
    const seconds = Number(answer.headers['retry-after']);
    expect(answer.body.message).toBe(errorText('auth.sign-in-delayed', { retryAfterSeconds: seconds }));
    return seconds;
  }

  it('slows the account for failures spread over many addresses, doubling to the cap, but never from where the owner signed in', async () => {
    const email = await newAccount();
    const home = '198.51.100.7';
    await signIn(email, PASSWORD, home).expect(200);

    // Three free failures, each from another address: not one address reaches its own limit.
    for (let i = 0; i < 3; i++) expect((await signIn(email, 'wrong-guess', freshAddress())).status).toBe(401);
    // The 4th failure from yet another address starts a delay for every address but the owner's.
    expect((await signIn(email, 'wrong-guess', freshAddress())).status).toBe(401);
    const refused = await signIn(email, PASSWORD, freshAddress());
    expect([refused.status, refused.body.code]).toEqual([429, 'auth.sign-in-delayed']);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);

    // Each further failure (sent from the owner's address, which is never delayed) doubles the
    // delay others are told, up to the cap of 8 s. What is left of it is read just after the
    // failure, so it is the whole delay, or a second less when that read straddles a second.
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect((await signIn(email, 'wrong-guess', home)).status).toBe(401);
      waits.push(await delayFor(email));
    }
    const delays = [4, 8, 8, 8];
    expect(waits.map((wait, i) => wait === delays[i] || wait === delays[i] - 1)).toEqual([true, true, true, true]);

    // The owner signs in from home meanwhile; the success clears the account's failures and delay.
    await signIn(email, PASSWORD, home).expect(200);
    expect(await delayFor(email)).toBe(0);
  });

  it('lets the owner in from a new address once the delay has passed, and starts counting afresh', async () => {
    const email = await newAccount();
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'wrong-guess', freshAddress())).status).toBe(401);
    const wait = await delayFor(email);
    expect([1, 2]).toContain(wait);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    await signIn(email, PASSWORD, freshAddress()).expect(200);
    // The success cleared the count: the next failures are free ones again.
    for (let i = 0; i < 3; i++) expect((await signIn(email, 'wrong-guess', freshAddress())).status).toBe(401);
    expect(await delayFor(email)).toBe(0);
  });

  it('counts e-mails in any case as one account, and keeps other accounts out of it', async () => {
    const email = await newAccount();
    const other = await newAccount();
    for (const typed of [email, email.toUpperCase(), ` ${email} `, email.replace(/^t/, 'T')]) {
      expect((await signIn(typed, 'wrong-guess', freshAddress())).status).toBe(401);
    }
    expect(await delayFor(email)).toBeGreaterThan(0);
    await signIn(other, PASSWORD, freshAddress()).expect(200);
  });

  it('slows the admin console the same way, never from where the admin signed in', async () => {
    const admin = (password: string, address: string) =>
      request(stack.http).post('/api/admin/login').set('X-Forwarded-For', address).send({ username: stack.admin.username, password });
    const office = '198.51.100.20';
    await admin(stack.admin.password, office).expect(200);
    for (let i = 0; i < 4; i++) expect((await admin('wrong-guess', freshAddress())).status).toBe(401);
    const refused = await admin(stack.admin.password, freshAddress());
    expect([refused.status, refused.body.code]).toEqual([429, 'auth.sign-in-delayed']);
    await admin(stack.admin.password, office).expect(200);
    await admin(stack.admin.password, freshAddress()).expect(200);
  });
});

describe('argon2 verifications in the gateway, at most one at once', () => {
  let stack: Stack;
  const VIP = { username: 'busy-vip', password: 'busy-vip-password' };

  beforeAll(async () => {
    stack = await startStack({
      env: {
        VIP_USERNAME: VIP.username,
        VIP_PASSWORD_HASH: await argon2.hash(VIP.password, { type: argon2.argon2id }),
        ARGON2_MAX_CONCURRENT: '1',
        ARGON2_MAX_WAITING: '0',
        // The 503s are provoked on purpose: only fatal log lines would be news.
        LOG_LEVEL: 'fatal',
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers the admin and VIP sign-ins past the one running with 503 auth.sign-in-busy, and serves them again once it is done', async () => {
    const admin = () =>
      request(stack.http).post('/api/admin/login').send({ username: stack.admin.username, password: stack.admin.password });
    const vip = () => request(stack.http).post('/api/vip-login').send(VIP);
    const answers = await Promise.all([admin(), vip(), admin(), vip(), admin(), vip()]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect([answer.body, answer.headers['retry-after']]).toEqual([
        { code: 'auth.sign-in-busy', message: errorText('auth.sign-in-busy') },
        '1',
      ]);
    }
    // One at a time, every sign-in gets its verification.
    await admin().expect(200);
    await vip().expect(200);
  });
});
