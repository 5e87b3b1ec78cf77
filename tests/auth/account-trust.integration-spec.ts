import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import argon2 from 'argon2';
import { Redis } from 'ioredis';
import request from 'supertest';
import { AUTH_MESSAGES } from '@archlens/contracts/auth';
import { errorText } from '@archlens/contracts/errors';
import { formatAnalysisText } from '@archlens/contracts/report-text';
import { createGatewayApp, loadGatewayConfig } from '@archlens/gateway';
import {
  sessionCookieOf,
  signUp,
  temporaryPasswordOf,
  verificationTokenOf,
  verifyEmailOf,
  type SignedInUser,
} from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Accounts nobody can squat or keep (gateway → auth-service → PostgreSQL, sessions in Redis, e-mail
 * through the email-worker's file outbox, read as the recipient would): a temporary password that
 * replaces the old one, change password, e-mail verification before sending e-mail or paying, session
 * versions, the absolute session lifetime and VIP credential rotation.
 */
describe('account trust', () => {
  let stack: Stack;
  let redis: Redis;
  const run = Date.now();
  const VIP = { username: 'trust-vip', password: 'trust-vip-password' };

  const get = (path: string, cookie?: string) => {
    const req = request(stack.http).get(path);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const post = (path: string, body: object, cookie?: string) => {
    const req = request(stack.http).post(path).send(body);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const signIn = (email: string, password: string) => post('/api/auth/signin', { email, password });
  const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
    post('/api/auth/change-password', { currentPassword, newPassword }, cookie);

  /** The Redis key of a session cookie's session (its id's SHA-256). */
  const sessionKey = (cookie: string) =>
    `archlens:session:${createHash('sha256').update(cookie.slice('archlens_sid='.length)).digest('hex')}`;

  /** How many jobs have ever been added to the billing queue (BullMQ's id counter). */
  const billingJobsAdded = async () => Number((await redis.get('bull:billing:id')) ?? 0);

  beforeAll(async () => {
    stack = await startStack({
      env: {
        VIP_USERNAME: VIP.username,
        VIP_PASSWORD_HASH: await argon2.hash(VIP.password, { type: argon2.argon2id }),
        RATE_LIMIT_CHANGE_PASSWORD_PER_USER: '4',
        RATE_LIMIT_VERIFICATION_EMAILS_PER_USER: '2',
        // The e-mail refusals below are refusals of the address, never of these limits.
        RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER: '10000',
      },
    });
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await redis?.quit();
    await stack?.close();
  });

  describe('the squatting story', () => {
    it('an owner who resets the password of an account a squatter made ends the squatter: password and session', async () => {
      const email = `owner-${run}@firm.example`;
      const squatterPassword = 'squatters-rights-1';
      // The squatter signs up first with the owner's address, and stays signed in.
      const squatter = await post('/api/auth/signup', {
        email,
        first_name: 'Not',
        last_name: 'Theowner',
        password: squatterPassword,
      }).expect(201);
      const squatterCookie = sessionCookieOf(squatter);
      const userId = (squatter.body as { id: string }).id;
      expect(squatter.body).toMatchObject({ emailVerified: false, passwordChangeRequired: false });
      await get('/api/auth/user', squatterCookie).expect(200);

      // The owner asks for a temporary password, which arrives in the owner's mailbox…
      await post('/api/auth/forgot-password', { email }).expect(200);
      const temporary = await temporaryPasswordOf(stack, { userId, email });
      // …signs in with it: a new password is required, and the address is proved.
      const owner = await signIn(email, temporary).expect(200);
      expect(owner.body).toMatchObject({ id: userId, passwordChangeRequired: true, emailVerified: true });
      let ownerCookie = sessionCookieOf(owner);
      // The flag is the account's, so a reload keeps it.
      expect((await get('/api/auth/user', ownerCookie).expect(200)).body).toMatchObject({ passwordChangeRequired: true });

      // From that moment the squatter's session is over, and the squatter's password signs in no more.
      expect((await get('/api/auth/user', squatterCookie).expect(401)).body).toEqual({
        code: 'auth.unauthorized',
        message: 'Unauthorized',
      });
      expect((await signIn(email, squatterPassword).expect(401)).body).toEqual({
        code: 'auth.invalid-credentials',
        message: AUTH_MESSAGES.invalidCredentials,
      });

      // The owner sets a new password, the temporary one as the current.
      const ownerPassword = 'lantern-tower-1923';
      const changed = await changePassword(ownerCookie, temporary, ownerPassword).expect(200);
      expect(changed.body).toMatchObject({ id: userId, passwordChangeRequired: false, emailVerified: true });
      ownerCookie = sessionCookieOf(changed);
      expect((await get('/api/auth/user', ownerCookie).expect(200)).body).toMatchObject({ passwordChangeRequired: false });

      // Only the owner's new password signs in now; the squatter's session stays ended.
      await signIn(email, squatterPassword).expect(401);
      await signIn(email, temporary).expect(401);
      await signIn(email, ownerPassword).expect(200);
      await get('/api/auth/user', squatterCookie).expect(401);
      expect(await redis.exists(sessionKey(squatterCookie))).toBe(0);
    });
  });

  describe('change password', () => {
    it('refuses a wrong current password, a common, an unchanged or a short new one, and changes nothing', async () => {
      const user = await signUp(stack, 'Changer', 'first-light-77');
      const wrong = await changePassword(user.cookie, 'not-my-password', 'second-light-88').expect(400);
      expect(wrong.body).toEqual({ code: 'auth.current-password-incorrect', message: errorText('auth.current-password-incorrect') });
      const common = await changePassword(user.cookie, 'first-light-77', 'Password123').expect(400);
      expect(common.body).toEqual({ code: 'auth.password-too-common', message: 'This password is too common. Please choose another.' });
      const unchanged = await changePassword(user.cookie, 'first-light-77', 'first-light-77').expect(400);
      expect(unchanged.body.code).toBe('auth.password-unchanged');
      const short = await changePassword(user.cookie, 'first-light-77', '12345').expect(400);
      expect(short.body).toMatchObject({ code: 'request.invalid', message: 'Password must be at least 6 characters' });
      // Still the old password, still signed in.
      await signIn(user.email, 'first-light-77').expect(200);
      await get('/api/auth/user', user.cookie).expect(200);
    });

    it('ends every other session of the user and keeps this browser signed in with a new session', async () => {
      const user = await signUp(stack, 'Rotator', 'first-light-77');
      const elsewhere = sessionCookieOf(await signIn(user.email, 'first-light-77').expect(200));
      const changed = await changePassword(user.cookie, 'first-light-77', 'second-light-88').expect(200);
      const here = sessionCookieOf(changed);
      expect(changed.headers['set-cookie']?.[0]).toMatch(/HttpOnly/i);
      await get('/api/auth/user', here).expect(200);
      await get('/api/auth/user', elsewhere).expect(401);
      await get('/api/auth/user', user.cookie).expect(401);
      await signIn(user.email, 'first-light-77').expect(401);
      await signIn(user.email, 'second-light-88').expect(200);
    });

    it('refuses a common password at sign-up, creating no account', async () => {
      const email = `common-${run}@example.com`;
      const res = await post('/api/auth/signup', { email, first_name: 'Ada', last_name: 'Common', password: 'qwerty123' }).expect(400);
      expect(res.body).toEqual({ code: 'auth.password-too-common', message: AUTH_MESSAGES.passwordTooCommon });
      const { rows } = await stack.db.query('SELECT 1 FROM auth.users WHERE email = $1', [email]);
      expect(rows).toHaveLength(0);
    });

    it('limits the attempts per user, and answers 401 signed out', async () => {
      const user = await signUp(stack, 'Guesser', 'first-light-77');
      for (let i = 0; i < 4; i++) await changePassword(user.cookie, `guess-${i}-wrong`, 'second-light-88').expect(400);
      const limited = await changePassword(user.cookie, 'first-light-77', 'second-light-88').expect(429);
      expect(limited.body.message).toMatch(/^Too many attempts to change your password\. Please try again in \d+ minutes?\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await post('/api/auth/change-password', { currentPassword: 'first-light-77', newPassword: 'second-light-88' }).expect(401);
    });
  });

  describe('e-mail verification', () => {
    const clipboard = (cookie: string) =>
      post(
        '/api/email-clipboard',
        { email: 'client@example.com', firstName: 'Ada', lastName: 'Client', clipboardText: 'Brick arches' },
        cookie,
      );
    const emailAnalysis = (cookie: string) =>
      post(
        '/api/email-analysis',
        {
          firstName: 'Ada',
          lastName: 'Client',
          email: 'client@example.com',
          analysisText: formatAnalysisText({ primaryDescription: 'A pale terrace.', expandedDescription: 'Bays.', tags: ['terrace'] }),
        },
        cookie,
      );
    const checkout = (cookie: string) => post('/api/create-checkout-session', { planType: 'monthly' }, cookie);
    const UNVERIFIED = { code: 'auth.email-unverified', message: 'Please confirm your email address first. We have sent you a link.' };

    it('refuses e-mail and checkout to an unconfirmed account (before billing is asked), and allows them after the link', async () => {
      const user = await signUp(stack, 'Unconfirmed');
      expect((await get('/api/auth/user', user.cookie).expect(200)).body).toMatchObject({ emailVerified: false });
      const billingBefore = await billingJobsAdded();
      expect((await clipboard(user.cookie).expect(403)).body).toEqual(UNVERIFIED);
      expect((await emailAnalysis(user.cookie).expect(403)).body).toEqual(UNVERIFIED);
      expect((await checkout(user.cookie).expect(403)).body).toEqual(UNVERIFIED);
      expect(await billingJobsAdded()).toBe(billingBefore);
      // Analysis, sketch reading and the rest stay open: the style profile, for one.
      await get('/api/style-profile', user.cookie).expect(200);

      // The link from the sign-up e-mail, stored as its SHA-256 only.
      const token = await verificationTokenOf(stack, user);
      const { rows } = await stack.db.query<{ token_hash: string; hours: number }>(
        `SELECT token_hash, extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM auth.email_verification_tokens WHERE user_id = $1`,
        [user.userId],
      );
      expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), hours: expect.anything() }]);
      expect(Number(rows[0].hours)).toBeCloseTo(24, 3);
      expect((await post('/api/auth/verify-email', { token }).expect(200)).body).toEqual({ emailVerified: true });

      expect((await get('/api/auth/user', user.cookie).expect(200)).body).toMatchObject({ emailVerified: true });
      await clipboard(user.cookie).expect(200);
      await emailAnalysis(user.cookie).expect(200);
      // Past the address check: billing answers (no Stripe key in this stack).
      expect((await checkout(user.cookie).expect(503)).body.code).toBe('billing.not-configured');

      // Single use.
      const again = await post('/api/auth/verify-email', { token }).expect(410);
      expect(again.body).toEqual({ code: 'auth.verification-link-invalid', message: 'This link has expired or has already been used.' });
    });

    it('refuses an expired link and one replaced by a newer link; the newest works', async () => {
      const user = await signUp(stack, 'Expiring');
      const first = await verificationTokenOf(stack, user);
      await stack.db.query(`UPDATE auth.email_verification_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
        user.userId,
      ]);
      await post('/api/auth/verify-email', { token: first }).expect(410);
      await post('/api/auth/verify-email', { token: 'not-a-token' }).expect(410);

      const resent = await post('/api/auth/resend-verification', {}, user.cookie).expect(200);
      expect(resent.body).toEqual({ message: AUTH_MESSAGES.verificationSent, emailVerified: false });
      const second = await verificationTokenOf(stack, user);
      expect(second).not.toBe(first);
      await post('/api/auth/resend-verification', {}, user.cookie).expect(200);
      const third = await verificationTokenOf(stack, user);
      await post('/api/auth/verify-email', { token: second }).expect(410);
      await post('/api/auth/verify-email', { token: third }).expect(200);
      expect((await get('/api/auth/user', user.cookie).expect(200)).body).toMatchObject({ emailVerified: true });
    });

    it('limits the links a user may ask for, and sends none once the address is confirmed', async () => {
      const user = await signUp(stack, 'Resender');
      await post('/api/auth/resend-verification', {}, user.cookie).expect(200);
      await post('/api/auth/resend-verification', {}, user.cookie).expect(200);
      const limited = await post('/api/auth/resend-verification', {}, user.cookie).expect(429);
      expect(limited.body.message).toMatch(/^We have sent you several links already\. Please try again in \d+ minutes?\.$/);
      await post('/api/auth/resend-verification', {}).expect(401);

      await verifyEmailOf(stack, user);
      const { rows: before } = await stack.db.query('SELECT id FROM auth.email_verification_tokens WHERE user_id = $1', [user.userId]);
      const done = await post('/api/auth/resend-verification', {}, user.cookie).expect(200);
      expect(done.body).toEqual({ message: AUTH_MESSAGES.alreadyVerified, emailVerified: true });
      const { rows: after } = await stack.db.query('SELECT id FROM auth.email_verification_tokens WHERE user_id = $1', [user.userId]);
      expect(after).toEqual(before);
    });
  });

  describe('sessions with an end', () => {
    it('refuses a session past its absolute lifetime, however recently it was used', async () => {
      const user: SignedInUser = await signUp(stack, 'Longlived');
      const key = sessionKey(user.cookie);
      // The idle TTL is the session's; its start is moved back 31 days (the default lifetime is 30).
      const stored = JSON.parse((await redis.get(key))!) as { createdAt: string };
      expect(await redis.ttl(key)).toBeLessThanOrEqual(7 * 24 * 3600);
      await redis.set(key, JSON.stringify({ ...stored, createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() }), 'KEEPTTL');
      expect((await get('/api/auth/user', user.cookie).expect(401)).body).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
      expect(await redis.exists(key)).toBe(0);
    });

    it('gives the cookie the absolute lifetime and a near-expiry session no more than what is left of it', async () => {
      const res = await post('/api/auth/signup', {
        email: `cookie-${run}@example.com`,
        first_name: 'Ada',
        last_name: 'Cookie',
        password: 'first-light-77',
      }).expect(201);
      expect(res.headers['set-cookie']?.[0]).toMatch(new RegExp(`Max-Age=${30 * 86_400}`));
      const cookie = sessionCookieOf(res);
      const key = sessionKey(cookie);
      const stored = JSON.parse((await redis.get(key))!) as { createdAt: string };
      await redis.set(
        key,
        JSON.stringify({ ...stored, createdAt: new Date(Date.now() - (30 * 86_400 - 3600) * 1000).toISOString() }),
        'KEEPTTL',
      );
      await get('/api/auth/user', cookie).expect(200);
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(3500);
      expect(ttl).toBeLessThanOrEqual(3600);
    });
  });

  describe('VIP credential rotation', () => {
    let rotated: NestExpressApplication | undefined;
    afterAll(async () => {
      await rotated?.close();
    });

    it('ends every VIP session made with the old credentials, on a gateway with the new ones and on one still holding the old', async () => {
      const vip = sessionCookieOf(await post('/api/vip-login', VIP).expect(200));
      const me = await get('/api/auth/user', vip).expect(200);
      expect(me.body).toMatchObject({ emailVerified: true });

      // The operator sets a new VIP password; a gateway started with it no longer accepts the old sessions.
      const newPassword = 'trust-vip-rotated';
      rotated = await createGatewayApp(
        loadGatewayConfig({
          ...stack.env,
          FRONTEND_DIST: '/nonexistent-spa',
          VIP_PASSWORD_HASH: await argon2.hash(newPassword, { type: argon2.argon2id }),
        }),
        { logger: ['error'] },
      );
      await rotated.init();
      const rotatedHttp = rotated.getHttpServer();
      await request(rotatedHttp).get('/api/auth/user').set('Cookie', vip).expect(401);

      // A second old session, read by the gateway that still has the old credentials, ends once the
      // VIP signs in with the new ones (auth-service raised the VIP account's session version).
      const older = sessionCookieOf(await post('/api/vip-login', VIP).expect(200));
      await get('/api/auth/user', older).expect(200);
      const fresh = sessionCookieOf(
        await request(rotatedHttp).post('/api/vip-login').send({ username: VIP.username, password: newPassword }).expect(200),
      );
      await request(rotatedHttp).get('/api/auth/user').set('Cookie', fresh).expect(200);
      await get('/api/auth/user', older).expect(401);
      await request(rotatedHttp).post('/api/vip-login').send(VIP).expect(401);
    });
  });
});
