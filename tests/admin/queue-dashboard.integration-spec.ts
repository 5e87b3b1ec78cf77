import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import request from 'supertest';
import { ADMIN_MESSAGES, type AdminQueuesSessionResponse } from '@archlens/contracts/leads';
import { QUEUES } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';

import { signUp } from '../support/accounts.js';
import { adminToken } from '../support/admin-session.js';
import { startStack, type Stack } from '../support/stack.js';

/*
 * The queue dashboard (Bull Board) for admins. The admin token buys a short-lived
 * HttpOnly, SameSite=Strict cookie scoped to /api/admin/queues; the dashboard's page and its JSON
 * API accept that cookie only.
 */
describe('the queue dashboard', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The `name=value` of the dashboard cookie in a session answer, and its attributes. */
  const dashboardCookie = (response: request.Response) => {
    const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('archlens_queues='));
    if (!header) throw new Error(`no dashboard cookie in ${JSON.stringify(response.headers)}`);
    return { pair: header.split(';')[0], attributes: header.toLowerCase() };
  };

  it('refuses the page and its API without a session cookie (page → /admin-login, API → 401), even with the admin bearer token', async () => {
    const page = await request(stack.http).get('/api/admin/queues').set('Accept', 'text/html');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/admin-login');
    const api = await request(stack.http).get('/api/admin/queues/api/queues').set('Accept', 'application/json');
    expect([api.status, api.body]).toEqual([401, { code: 'admin.unauthorized', message: ADMIN_MESSAGES.unauthorised }]);
    const bearer = await request(stack.http)
      .get('/api/admin/queues/api/queues')
      .set('Authorization', `Bearer ${await adminToken(stack)}`);
    expect(bearer.status).toBe(401);
    const forged = await request(stack.http).get('/api/admin/queues/api/queues').set('Cookie', 'archlens_queues=not-a-token');
    expect(forged.status).toBe(401);
  });

  it('admin token → session cookie → the dashboard page and its API, which lists every queue', async () => {
    const session = await request(stack.http)
      .post('/api/admin/queues/session')
      .set('Authorization', `Bearer ${await adminToken(stack)}`);
    expect(session.status).toBe(200);
    const body = session.body as AdminQueuesSessionResponse;
    expect(body.dashboardPath).toBe('/api/admin/queues');
    const ttl = new Date(body.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    const cookie = dashboardCookie(session);
    expect(cookie.attributes).toContain('httponly');
    expect(cookie.attributes).toContain('samesite=strict');
    expect(cookie.attributes).toContain('path=/api/admin/queues');

    const page = await request(stack.http).get('/api/admin/queues').set('Cookie', cookie.pair).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<base href="/api/admin/queues/"');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = /src="(static\/js\/main[^"]+)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    await request(stack.http).get(`/api/admin/queues/${script}`).set('Cookie', cookie.pair).expect(200);

    const api = await request(stack.http).get('/api/admin/queues/api/queues').set('Cookie', cookie.pair);
    expect(api.status).toBe(200);
    const names = (api.body as { queues: Array<{ name: string }> }).queues.map((q) => q.name).sort();
    expect(names).toEqual(Object.values(QUEUES).sort());

    // The dashboard cookie is not an admin token.
    const verify = await request(stack.http)
      .get('/api/admin/verify')
      .set('Authorization', `Bearer ${cookie.pair.split('=')[1]}`);
    expect(verify.status).toBe(401);
  });

  it('is read-only by construction: Bull Board in read-only mode, retries off, on every queue', async () => {
    const session = await request(stack.http)
      .post('/api/admin/queues/session')
      .set('Authorization', `Bearer ${await adminToken(stack)}`)
      .expect(200);
    const api = await request(stack.http).get('/api/admin/queues/api/queues').set('Cookie', dashboardCookie(session).pair);
    expect(api.status).toBe(200);
    const queues = (api.body as { queues: Array<{ name: string; readOnlyMode: boolean; allowRetries: boolean }> }).queues;
    expect(queues.map((q) => [q.name, q.readOnlyMode, q.allowRetries]).sort()).toEqual(
      Object.values(QUEUES)
        .sort()
        .map((name) => [name, true, false]),
    );
  });

  it('refuses every job write, in any case of the path, with a valid session: no job added, changed, moved or removed', async () => {
    const session = await request(stack.http)
      .post('/api/admin/queues/session')
      .set('Authorization', `Bearer ${await adminToken(stack)}`)
      .expect(200);
    const cookie = dashboardCookie(session).pair;
    const billing = new Queue(QUEUES.billing, { connection: redisConnection(process.env.REDIS_URL!) });
    // A job parked for a minute: the billing-service of the stack will not take it meanwhile.
    const parked = await billing.add('billing.get-account', { userId: randomUUID() }, { delay: 60_000 });
    try {
      const before = await billing.getJobCounts();
      const q = QUEUES.billing;
      const writes: Array<[method: 'post' | 'put' | 'patch', path: string, body?: object]> = [
        ['post', `/api/admin/QUEUES/api/queues/${q}/add`, { name: 'billing.grant-unlimited', data: { userId: randomUUID() } }],
        ['post', `/api/admin/queues/API/QUEUES/${q}/add`, { name: 'billing.grant-unlimited', data: { userId: randomUUID() } }],
        [
          'post',
          `/API/ADMIN/QUEUES/API/QUEUES/${q.toUpperCase()}/ADD`,
          { name: 'billing.grant-unlimited', data: { userId: randomUUID() } },
        ],
        ['post', `/api/admin/queues/api/queues/${q}/add`, { name: 'billing.grant-unlimited', data: { userId: randomUUID() } }],
        ['put', `/api/admin/queues/api/QUEUES/${q}/${parked.id}/retry`],
        ['put', `/api/admin/queues/api/queues/${q}/${parked.id}/Promote`],
        ['put', `/api/admin/queues/api/queues/${q}/${parked.id}/CLEAN`],
        ['put', `/api/admin/queues/Api/Queues/${q}/clean/delayed`],
        ['put', `/api/admin/queues/api/queues/${q}/retry/failed`],
        ['put', `/api/admin/queues/api/queues/${q}/PROMOTE`],
        ['put', `/api/admin/queues/api/queues/${q}/Pause`],
        ['put', `/api/admin/queues/api/queues/PAUSE`],
        ['put', `/api/admin/queues/api/queues/${q}/Empty`],
        ['put', `/api/admin/queues/API/queues/${q}/obliterate`, { force: true }],
        ['patch', `/api/admin/queues/api/queues/${q}/${parked.id}/UPDATE-DATA`, { jobData: { userId: randomUUID() } }],
        ['patch', `/api/admin/queues/api/queues/${q}/${parked.id}/Delay`, { delay: 0 }],
      ];
      for (const [method, path, body] of writes) {
        const call = request(stack.http)[method](path).set('Cookie', cookie);
        const response = await (body ? call.send(body) : call);
        expect([method, path, response.status, response.body]).toEqual([
          method,
          path,
          405,
          { code: 'admin.queue-dashboard-read-only', message: 'The queue dashboard is read-only: it cannot add, change or remove jobs.' },
        ]);
      }
      expect(await billing.getJobCounts()).toEqual(before);
      expect(await billing.isPaused()).toBe(false);
      const still = await billing.getJob(parked.id!);
      expect([await still?.getState(), still?.data]).toEqual(['delayed', parked.data]);
    } finally {
      await parked.remove();
      await billing.close();
    }
  });

  it('gives no session to anyone but the admin: no token, a user session, a forged token', async () => {
    const user = await signUp(stack, 'Queues');
    for (const call of [
      request(stack.http).post('/api/admin/queues/session'),
      request(stack.http).post('/api/admin/queues/session').set('Cookie', user.cookie),
      request(stack.http).post('/api/admin/queues/session').set('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl'),
    ]) {
      const response = await call;
      expect([response.status, response.body]).toEqual([401, { code: 'admin.unauthorized', message: ADMIN_MESSAGES.unauthorised }]);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});
