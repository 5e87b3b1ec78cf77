import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import request from 'supertest';
import { UNLIMITED_CREDITS_THRESHOLD } from '@archlens/contracts/plans';
import { AUTH_MESSAGES } from '@archlens/contracts/auth';
import { VIP_MESSAGES } from '@archlens/contracts/vip';
import { startStack, type Stack } from '../support/stack.js';

const VIP = { username: 'demo', password: 'vip-test-password' };

function cookieOf(res: request.Response): string {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0].split(';')[0];
}

/** VIP credentials from configuration sign in on the unlimited plan. */
describe('POST /api/vip-login', () => {
  let stack: Stack;

  beforeAll(async () => {
    const hash = await argon2.hash(VIP.password, { type: argon2.argon2id });
    stack = await startStack({ env: { VIP_USERNAME: VIP.username, VIP_PASSWORD_HASH: hash, RATE_LIMIT_VIP_LOGIN_PER_IP: '3' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('signs the VIP in on the active unlimited plan, as the same account every time', async () => {
    const first = await request(stack.http).post('/api/vip-login').send(VIP).expect(200);
    expect(first.body).toEqual({ success: true });
    const user = await request(stack.http).get('/api/auth/user').set('Cookie', cookieOf(first)).expect(200);
    expect(user.body.email).toBe('vip@archlens.local');
    expect(user.body.subscription).toMatchObject({ status: 'active', plan: 'unlimited' });
    expect(user.body.subscription.credits_remaining).toBeGreaterThanOrEqual(UNLIMITED_CREDITS_THRESHOLD);

    const again = await request(stack.http).post('/api/vip-login').send(VIP).expect(200);
    const sameUser = await request(stack.http).get('/api/auth/user').set('Cookie', cookieOf(again)).expect(200);
    expect(sameUser.body.id).toBe(user.body.id);
  });

  it('never lets sign-up take the VIP address, in any case, so no ordinary account can become the VIP', async () => {
    for (const email of ['vip@archlens.local', ' VIP@ArchLens.local ']) {
      const res = await request(stack.http)
        .post('/api/auth/signup')
        .send({ email, first_name: 'Mallory', last_name: 'M', password: 'MalloryPassw0rd!' })
        .expect(409);
      expect(res.body.message).toBe(AUTH_MESSAGES.emailTaken);
    }
    const { rows } = await stack.db.query(`SELECT first_name, is_vip FROM auth.users WHERE email = 'vip@archlens.local'`);
    expect(rows).toEqual([{ first_name: 'VIP', is_vip: true }]);
  });

  it('refuses a wrong password or username alike with the spec text and no session; blank fields with 400', async () => {
    for (const body of [
      { ...VIP, password: 'wrong-password' },
      { ...VIP, username: 'someone' },
    ]) {
      const res = await request(stack.http).post('/api/vip-login').send(body).expect(401);
      expect(res.body.message).toBe(VIP_MESSAGES.invalid);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const blank = await request(stack.http).post('/api/vip-login').send({ username: '', password: '' }).expect(400);
    expect(blank.body.message).toBe(VIP_MESSAGES.required);
    const longName = await request(stack.http)
      .post('/api/vip-login')
      .send({ ...VIP, username: 'u'.repeat(101) })
      .expect(400);
    expect(longName.body.message).toBe('Username must be at most 100 characters');
    const longPassword = await request(stack.http)
      .post('/api/vip-login')
      .send({ ...VIP, password: 'p'.repeat(257) })
      .expect(400);
    expect(longPassword.body.message).toBe('Password must be at most 256 characters');
  });

  it('limits failed attempts per address (429 with Retry-After)', async () => {
    // The previous test used 2 of the 3 points; this one uses the last, then the next is refused.
    await request(stack.http)
      .post('/api/vip-login')
      .send({ ...VIP, password: 'nope' })
      .expect(401);
    const limited = await request(stack.http)
      .post('/api/vip-login')
      .send({ ...VIP, password: 'nope' })
      .expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/vip-login with VIP access not configured', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { VIP_USERNAME: '', VIP_PASSWORD_HASH: '' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('refuses every attempt', async () => {
    const res = await request(stack.http).post('/api/vip-login').send(VIP).expect(401);
    expect(res.body.message).toBe(VIP_MESSAGES.invalid);
  });
});

describe('POST /api/vip-login when VIP_EMAIL belongs to an ordinary account', () => {
  const email = `held-${randomUUID()}@example.com`;
  let stack: Stack;

  beforeAll(async () => {
    const hash = await argon2.hash(VIP.password, { type: argon2.argon2id });
    stack = await startStack({ env: { VIP_USERNAME: VIP.username, VIP_PASSWORD_HASH: hash, VIP_EMAIL: email } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('does not hand that account the unlimited plan: 503, no session, no subscription', async () => {
    // As an account signed up with the address before sign-up refused it.
    const { rows } = await stack.db.query<{ id: string }>(
      `INSERT INTO auth.users (email, first_name, last_name, password_hash) VALUES ($1, 'Mallory', 'M', 'x') RETURNING id`,
      [email],
    );
    const res = await request(stack.http).post('/api/vip-login').send(VIP).expect(503);
    expect(res.body.message).toBe('VIP access is not available at the moment.');
    expect(res.headers['set-cookie']).toBeUndefined();
    const subscriptions = await stack.db.query('SELECT plan FROM billing.subscriptions WHERE user_id = $1', [rows[0].id]);
    expect(subscriptions.rows).toEqual([]);
  });
});
