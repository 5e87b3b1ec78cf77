// Test-only: signs in to the admin API of a stack and calls it with the admin token.
import request from 'supertest';
import type { Stack } from './stack.js';

/** Signs in as the stack's admin. @returns the bearer token @throws when the sign-in is refused */
export async function adminToken(stack: Stack): Promise<string> {
  const response = await request(stack.http)
    .post('/api/admin/login')
    .send({ username: stack.admin.username, password: stack.admin.password });
  if (response.status !== 200) throw new Error(`admin sign-in refused: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { token: string }).token;
}
