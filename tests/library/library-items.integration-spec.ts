import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { GenerationDetail } from '@archlens/contracts/generation';
import type { AnalysisDetail, SketchReadingDetail } from '@archlens/contracts/library';
import { API_PATHS, libraryItemPath } from '@archlens/contracts/paths';
import { reportObjectKey } from '@archlens/contracts/reports';
import { postGeneration, proUser } from '../generation/generation-requests.js';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto, fixtureSketch, THREE_PHOTOS } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Library items by id: an analysis, a sketch reading and a generation read back whole by their
 * owner, 404 for anyone else, and deleted with every object stored for them.
 */
let stack: Stack;
let fake: FakeImageProviders;
let owner: SignedInUser;
let stranger: SignedInUser;

const getAs = (user: SignedInUser, path: string) => request(stack.http).get(path).set('Cookie', user.cookie);
const deleteAs = (user: SignedInUser, path: string) => request(stack.http).delete(path).set('Cookie', user.cookie);

async function analyse(user: SignedInUser, photos: readonly string[]): Promise<string> {
  let req = request(stack.http).post(API_PATHS.analyze).set('Cookie', user.cookie);
  for (const name of photos) req = req.attach('images', fixturePhoto(name), name);
  return ((await req.expect(200)).body as { id: string }).id;
}

/** Every stored object whose key starts with one of `prefixes`. */
async function objectsUnder(...prefixes: string[]): Promise<string[]> {
  return (await Promise.all(prefixes.map((prefix) => stack.storage.list(prefix)))).flat();
}

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({ env: { GENERATION_OPENAI_API_KEY: 'sk-library-loopback', GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl } });
  [owner, stranger] = await Promise.all([proUser(stack, 200, 'monthly', 'Owner'), signUp(stack, 'Stranger')]);
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

describe('an analysis by id', () => {
  it('reads back whole for its owner, with a thumbnail of each photo; 404 for anyone else', async () => {
    const id = await analyse(owner, THREE_PHOTOS.slice(0, 2));
    const detail = (await getAs(owner, libraryItemPath('analysis', id)).expect(200)).body as AnalysisDetail;
    expect(detail).toMatchObject({ id, imageCount: 2, engine: 'offline' });
    expect(detail.primaryDescription.split(/\s+/)).toHaveLength(88);
    expect(detail.tags.length).toBeGreaterThanOrEqual(5);
    expect(detail.images.map((image) => image.index)).toEqual([0, 1]);

    const thumbnail = await getAs(owner, detail.images[1].url).expect(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect((thumbnail.body as Buffer).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((thumbnail.body as Buffer).length).toBeLessThan(fixturePhoto(THREE_PHOTOS[1]).length);

    for (const path of [libraryItemPath('analysis', id), detail.images[0].url]) {
      const refused = await getAs(stranger, path).expect(404);
      expect(refused.body).toMatchObject({ code: 'report.analysis-not-found' });
    }
    await getAs(owner, libraryItemPath('analysis', randomUUID())).expect(404);
    await getAs(owner, libraryItemPath('analysis', 'not-a-uuid')).expect(404);
    await getAs(owner, `${libraryItemPath('analysis', id)}/images/7`).expect(404);
    await deleteAs(stranger, libraryItemPath('analysis', id)).expect(404);
    await getAs(owner, libraryItemPath('analysis', id)).expect(200);
  });

  it('is deleted with its photos, its PDF report and its thumbnails, at once', async () => {
    const id = await analyse(owner, THREE_PHOTOS);
    const detail = (await getAs(owner, libraryItemPath('analysis', id)).expect(200)).body as AnalysisDetail;
    await getAs(owner, detail.images[0].url).expect(200);
    await getAs(owner, API_PATHS.analysisPdf.replace(':id', id)).expect(200);
    const { rows } = await stack.db.query<{ image_keys: string[] }>('SELECT image_keys FROM analysis.analyses WHERE id = $1', [id]);
    const originals = rows[0].image_keys;
    expect(await objectsUnder(`thumbnails/${owner.userId}/${id}/`, reportObjectKey(owner.userId, id))).toHaveLength(2);

    expect((await deleteAs(owner, libraryItemPath('analysis', id)).expect(200)).body).toEqual({ deleted: true });

    expect(await objectsUnder(`thumbnails/${owner.userId}/${id}/`, reportObjectKey(owner.userId, id), ...originals)).toEqual([]);
    expect((await stack.db.query('SELECT 1 FROM analysis.analyses WHERE id = $1', [id])).rowCount).toBe(0);
    await getAs(owner, libraryItemPath('analysis', id)).expect(404);
    await deleteAs(owner, libraryItemPath('analysis', id)).expect(404);
  });
});

describe('a sketch reading by id', () => {
  it('reads back whole for its owner, 404 for anyone else, and is deleted with its sketches', async () => {
    const read = await request(stack.http)
      .post(API_PATHS.analyzeSketch)
      .set('Cookie', owner.cookie)
      .attach('image0', fixtureSketch('house-facade.png'), 'house-facade.png')
      .expect(200);
    const id = (read.body as { id: string }).id;
    const detail = (await getAs(owner, libraryItemPath('sketch-reading', id)).expect(200)).body as SketchReadingDetail;
    expect(detail).toMatchObject({ id, imageCount: 1, description: (read.body as { description: string }).description });
    expect(detail.details.length).toBeGreaterThanOrEqual(3);
    expect((await getAs(owner, detail.images[0].url).expect(200)).headers['content-type']).toBe('image/jpeg');
    expect((await getAs(stranger, libraryItemPath('sketch-reading', id)).expect(404)).body).toMatchObject({
      code: 'sketch-reading.not-found',
    });
    await getAs(stranger, detail.images[0].url).expect(404);
    // An analysis id is not a sketch reading's, and the other way round.
    await getAs(owner, libraryItemPath('analysis', id)).expect(404);

    const { rows } = await stack.db.query<{ image_keys: string[] }>('SELECT image_keys FROM analysis.sketch_readings WHERE id = $1', [id]);
    await deleteAs(stranger, libraryItemPath('sketch-reading', id)).expect(404);
    await deleteAs(owner, libraryItemPath('sketch-reading', id)).expect(200);
    expect(await objectsUnder(`thumbnails/${owner.userId}/${id}/`, ...rows[0].image_keys)).toEqual([]);
    await getAs(owner, libraryItemPath('sketch-reading', id)).expect(404);
  });
});

describe('a generation by id', () => {
  it('reads back whole for its owner, 404 for anyone else, and is deleted with its renders', async () => {
    const jobId = randomUUID();
    const generated = await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 2 });
    expect(generated.status).toBe(200);

    const detail = (await getAs(owner, libraryItemPath('generation', jobId)).expect(200)).body as GenerationDetail;
    expect(detail).toMatchObject({ id: jobId, status: 'succeeded', provider: 'openai', message: null });
    expect(detail.creditsUsed).toBe((generated.body as { creditsUsed: number }).creditsUsed);
    expect(detail.images.map((image) => image.index)).toEqual([0, 1]);
    expect(detail.metadata?.aspectRatio).toBe((generated.body as { metadata: { aspectRatio: string } }).metadata.aspectRatio);
    await getAs(owner, detail.images[1].url).expect(200);
    expect((await getAs(stranger, libraryItemPath('generation', jobId)).expect(404)).body).toMatchObject({ code: 'generation.not-found' });

    // Each render is stored with the overlay of the sketch lines it did not keep; the deletion removes both.
    const stored = (await objectsUnder(`generations/${owner.userId}/${jobId}/`)).map((key) => key.slice(key.lastIndexOf('/') + 1));
    expect(stored.sort()).toEqual(['0.jpg', '0.unmatched-lines.png', '1.jpg', '1.unmatched-lines.png']);
    await deleteAs(stranger, libraryItemPath('generation', jobId)).expect(404);
    await deleteAs(owner, libraryItemPath('generation', jobId)).expect(200);
    expect(await objectsUnder(`generations/${owner.userId}/${jobId}/`)).toEqual([]);
    expect((await stack.db.query('SELECT 1 FROM generation.generation_images WHERE job_id = $1', [jobId])).rowCount).toBe(0);
    await getAs(owner, libraryItemPath('generation', jobId)).expect(404);
    await getAs(owner, detail.images[0].url).expect(404);
  });
});
