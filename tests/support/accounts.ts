// Test-only: user accounts through the gateway's own sign-up route, as a browser would make them.
import request from 'supertest';
import type { Stack } from './stack.js';

/** A signed-up user: the session cookie (`name=value`, for a `Cookie` header) and the user id. */
export interface SignedInUser {
  cookie: string;
  userId: string;
}

/**
 * Signs a new user up (`POST /api/auth/signup`, expecting 201) with a unique e-mail derived from
 * `firstName`, and returns its session.
 */
export async function signUp(stack: Stack, firstName = 'Grace'): Promise<SignedInUser> {
  const res = await request(stack.http)
    .post('/api/auth/signup')
    .send({
      email: `${firstName.toLowerCase()}-${Date.now()}-${Math.random()}@example.com`,
      first_name: firstName,
      last_name: 'Tester',
      password: 'correct-horse',
    })
    .expect(201);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0].split(';')[0];
  return { cookie, userId: (res.body as { id: string }).id };
}
