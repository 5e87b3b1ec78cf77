import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { GENERATION_MESSAGES } from '@archlens/contracts/generation';
import { otherImageFormats } from '../analysis/other-image-formats.js';
import { startStack, type Stack } from '../support/stack.js';
import { balanceOf, objectsUnder, postGeneration, proUser, STYLE } from './generation-requests.js';

/**
 * `POST /api/generate` refusing what the request sent: a control sent twice is named (multer would
 * make a list of it, which the contract refused with a text about something else), a sketch in
 * another image format is named as such; none of it is kept or queued, and none of it uses up the
 * user's hourly generations (the limit's own 429 does).
 */
describe('generation requests refused for what they sent', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_GENERATIONS_PER_USER: '1' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const generationJobsAdded = async () => (await stack.footprint()).jobsAdded.generation;

  it('answers a text field sent twice with 400 `Send "<field>" once.`, keeping nothing and queuing nothing', async () => {
    const user = await proUser(stack, 100);
    const queued = await generationJobsAdded();
    const style = await postGeneration(stack, user, { provider: 'sora' }, { references: 1 }).field('styleDescription', STYLE);
    expect([style.status, style.body]).toEqual([400, { code: 'bad-request', message: 'Send "styleDescription" once.' }]);
    const ratio = await postGeneration(stack, user, { provider: 'sora', aspectRatio: '1:1' }, { references: 2 }).field(
      'aspectRatio',
      '3:2',
    );
    expect([ratio.status, ratio.body]).toEqual([400, { code: 'bad-request', message: 'Send "aspectRatio" once.' }]);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
    expect(await generationJobsAdded()).toBe(queued);
    expect(await balanceOf(stack, user.userId)).toBe(100);
  });

  it('does not count refused requests (400, 415) towards the hourly generations; the limit’s own 429 stays', async () => {
    const user = await proUser(stack, 100);
    const [[gifName, gif]] = await otherImageFormats();
    const refusals = [
      await postGeneration(stack, user, { provider: 'sora' }, { sketch: false, references: 1 }),
      await postGeneration(stack, user, { provider: 'sora' }).field('styleDescription', STYLE),
      await postGeneration(stack, user, { provider: 'sora' }, { sketch: false }).attach('sketch', gif, gifName),
    ];
    expect(refusals.map((res) => [res.status, res.body])).toEqual([
      [400, { code: 'bad-request', message: GENERATION_MESSAGES.sketchRequired }],
      [400, { code: 'bad-request', message: 'Send "styleDescription" once.' }],
      [415, { code: 'unsupported-media-type', message: '"small.gif" is not a JPG, PNG or WebP image.' }],
    ]);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
    // The hour's one generation is still there, and then it is used.
    const first = await postGeneration(stack, user, { provider: 'sora' });
    expect(first.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const limited = await postGeneration(stack, user, { provider: 'sora' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^You have reached the hourly limit of generations\./);
    }
    // Past the limit, a refused request is answered by the limit first.
    const late = await request(stack.http).post('/api/generate').set('Cookie', user.cookie).field('styleDescription', STYLE);
    expect(late.status).toBe(429);
  });
});
