import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { AUTH_MESSAGES } from '@archlens/contracts/auth';
import { signUp } from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * A JSON route sent its body as another content type (text/plain, a form, multipart, none named)
 * says so with 415, instead of validating the request as if it had sent nothing ('Please enter a
 * valid email address' for a well-formed sign-up). A request with no body at all still gets each
 * missing field's own text.
 */
describe('a JSON route given a body of another content type', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const newAccount = () => ({
    email: `typed-${randomUUID()}@example.com`,
    first_name: 'Tia',
    last_name: 'Typed',
    password: 'correct-horse',
  });
  const accountsNamed = async (email: string) =>
    Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM auth.users WHERE email = $1', [email])).rows[0].n);

  it('answers 415 "Send the body as application/json." to a valid sign-up sent as text/plain, a form, multipart or untyped, and creates no account', async () => {
    const account = newAccount();
    const json = JSON.stringify(account);
    const signup = () => request(stack.http).post('/api/auth/signup');
    const answers = [
      await signup().set('Content-Type', 'text/plain').send(json),
      await signup().type('form').send(new URLSearchParams(account).toString()),
      await signup().field('email', account.email).field('password', account.password),
      await signup().set('Content-Type', '').send(Buffer.from(json)),
    ];
    expect(answers.map((res) => [res.status, res.body])).toEqual(
      answers.map(() => [415, { code: 'request.not-json', message: 'Send the body as application/json.' }]),
    );
    expect(await accountsNamed(account.email)).toBe(0);
    // The same body as JSON creates the account.
    await signup().set('Content-Type', 'application/json').send(json).expect(201);
    expect(await accountsNamed(account.email)).toBe(1);
  });

  it('answers the same on a signed-in JSON route (the style profile), and changes nothing', async () => {
    const { cookie } = await signUp(stack, 'Styled');
    const res = await request(stack.http)
      .post('/api/style-profile')
      .set('Cookie', cookie)
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ text: 'Warm brick and deep reveals' }));
    expect([res.status, res.body]).toEqual([415, { code: 'request.not-json', message: 'Send the body as application/json.' }]);
    const profile = await request(stack.http).get('/api/style-profile').set('Cookie', cookie).expect(200);
    expect(JSON.stringify(profile.body)).not.toContain('Warm brick');
  });

  it('keeps each field’s own text for a request with no body at all, of any type', async () => {
    for (const type of [undefined, 'text/plain', 'application/json']) {
      let req = request(stack.http).post('/api/auth/signup');
      if (type) req = req.set('Content-Type', type);
      const res = await req.send('');
      expect([type, res.status, res.body]).toEqual([
        type,
        400,
        { code: 'request.invalid', message: AUTH_MESSAGES.invalidEmail, params: { reason: AUTH_MESSAGES.invalidEmail } },
      ]);
    }
  });
});
