import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { AnalysisDetail, SharedItem, ShareSummary } from '@archlens/contracts/library';
import { API_PATHS } from '@archlens/contracts/paths';
import { postGeneration, proUser } from '../generation/generation-requests.js';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Share links: a live link shows the item's text and images to anyone signed out, through the share
 * only, never indexed; it stops after revoke and after expiry; only the token's hash is stored; views
 * are limited per address.
 */
const VIEWS_PER_MINUTE = 40;
let stack: Stack;
let fake: FakeImageProviders;
let owner: SignedInUser;
let stranger: SignedInUser;
let analysis: AnalysisDetail;

const as = (user: SignedInUser, req: request.Test) => req.set('Cookie', user.cookie);
const share = (user: SignedInUser, body: Record<string, unknown>) => as(user, request(stack.http).post(API_PATHS.createShare)).send(body);
const tokenOf = (url: string) => url.replace(/^\/s\//, '');

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({
    env: {
      GENERATION_OPENAI_API_KEY: 'sk-shares-loopback',
      GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl,
      RATE_LIMIT_SHARE_VIEWS_PER_IP: String(VIEWS_PER_MINUTE),
    },
  });
  [owner, stranger] = await Promise.all([proUser(stack, 200, 'monthly', 'Owner'), signUp(stack, 'Stranger')]);
  const res = await as(owner, request(stack.http).post(API_PATHS.analyze))
    .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg')
    .expect(200);
  analysis = res.body as AnalysisDetail;
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

describe('a share link', () => {
  it('shows the item signed out, through the share only, and stops once revoked', async () => {
    const created = await share(owner, { type: 'analysis', id: analysis.id }).expect(201);
    const { url, expiresAt } = created.body as { url: string; expiresAt: string };
    const token = tokenOf(url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // Only the token's SHA-256 is kept.
    const { rows } = await stack.db.query<Record<string, unknown>>('SELECT * FROM analysis.shares WHERE user_id = $1', [owner.userId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const opened = await request(stack.http).get(`/api/s/${token}`).expect(200);
    expect(opened.headers['x-robots-tag']).toBe('noindex');
    const body = opened.body as SharedItem;
    expect(body).toMatchObject({ type: 'analysis', primaryDescription: analysis.primaryDescription, tags: analysis.tags });
    expect(body.images).toEqual([{ index: 0, url: `/api/s/${token}/images/0` }]);
    const text = JSON.stringify(body);
    for (const secret of [owner.email, owner.userId, analysis.id, 'credits', 'engine']) expect(text).not.toContain(secret);

    const image = await request(stack.http).get(body.images[0].url).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-robots-tag']).toBe('noindex');
    await request(stack.http).get(`/api/s/${token}/images/1`).expect(404);

    const listed = (await as(owner, request(stack.http).get(API_PATHS.shares)).expect(200)).body as ShareSummary[];
    expect(listed).toEqual([expect.objectContaining({ type: 'analysis', itemId: analysis.id, expiresAt })]);
    expect((await as(stranger, request(stack.http).get(API_PATHS.shares)).expect(200)).body).toEqual([]);

    await as(stranger, request(stack.http).delete(`/api/shares/${token}`)).expect(404);
    await as(owner, request(stack.http).delete(`/api/shares/${token}`)).expect(200);
    expect((await request(stack.http).get(`/api/s/${token}`).expect(404)).body).toMatchObject({ code: 'share.not-found' });
    await request(stack.http).get(`/api/s/${token}/images/0`).expect(404);
    expect((await as(owner, request(stack.http).get(API_PATHS.shares)).expect(200)).body).toEqual([]);
  });

  it('stops once expired, and another user cannot share what is not theirs', async () => {
    const { url } = (await share(owner, { type: 'analysis', id: analysis.id, expiresInDays: 1 }).expect(201)).body as { url: string };
    const token = tokenOf(url);
    await request(stack.http).get(`/api/s/${token}`).expect(200);
    await stack.db.query(`UPDATE analysis.shares SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      createHash('sha256').update(token).digest('hex'),
    ]);
    await request(stack.http).get(`/api/s/${token}`).expect(404);

    await share(stranger, { type: 'analysis', id: analysis.id }).expect(404);
    await share(owner, { type: 'analysis', id: randomUUID() }).expect(404);
    await share(owner, { type: 'analysis', id: analysis.id, expiresInDays: 31 }).expect(400);
    await share(owner, { type: 'analysis', id: analysis.id, expiresInDays: 0 }).expect(400);
    await request(stack.http).get('/api/s/not-a-token').expect(404);
    await request(stack.http)
      .get(`/api/s/${'A'.repeat(43)}`)
      .expect(404);
    await request(stack.http).post(API_PATHS.createShare).send({ type: 'analysis', id: analysis.id }).expect(401);
  });

  it("shows a generation's renders, and dies with the item", async () => {
    const jobId = randomUUID();
    expect((await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 2 })).status).toBe(200);
    const { url } = (await share(owner, { type: 'generation', id: jobId, expiresInDays: 30 }).expect(201)).body as { url: string };
    const opened = (
      await request(stack.http)
        .get(`/api/s/${tokenOf(url)}`)
        .expect(200)
    ).body as SharedItem;
    expect(opened).toMatchObject({ type: 'generation' });
    expect(opened.images).toHaveLength(2);
    expect(JSON.stringify(opened)).not.toMatch(/credits|seed|provider|\/api\/download/);
    await request(stack.http).get(opened.images[1].url).expect(200);

    await as(owner, request(stack.http).delete(`/api/generations/${jobId}`)).expect(200);
    await request(stack.http)
      .get(`/api/s/${tokenOf(url)}`)
      .expect(404);
  });

  it('limits views per address', async () => {
    const { url } = (await share(owner, { type: 'analysis', id: analysis.id }).expect(201)).body as { url: string };
    const statuses: number[] = [];
    for (let i = 0; i < VIEWS_PER_MINUTE + 2; i++) statuses.push((await request(stack.http).get(`/api/s/${tokenOf(url)}`)).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(VIEWS_PER_MINUTE);
  });
});
