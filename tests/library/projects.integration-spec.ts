import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { AnalysisDetail, LibraryPage, ProjectDetail, ProjectSummary } from '@archlens/contracts/library';
import { MAX_PROJECTS_PER_USER } from '@archlens/contracts/library';
import { API_PATHS, libraryItemPath, projectPath } from '@archlens/contracts/paths';
import { postGeneration, proUser } from '../generation/generation-requests.js';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Projects and the library listing: names unique per user (case aside) and limited in number,
 * filing moves an item, a deleted project leaves its items, the item index follows the owners'
 * events, and the search reads analysis text, tags and project names.
 */
let stack: Stack;
let fake: FakeImageProviders;
let owner: SignedInUser;
let stranger: SignedInUser;

const as = (user: SignedInUser, req: request.Test) => req.set('Cookie', user.cookie);
const createProject = (user: SignedInUser, name: unknown) => as(user, request(stack.http).post(API_PATHS.projects)).send({ name });
const fileItem = (user: SignedInUser, projectId: string, type: string, id: string) =>
  as(user, request(stack.http).put(`${projectPath(projectId)}/items`)).send({ type, id });
const library = async (user: SignedInUser, query: Record<string, string> = {}): Promise<LibraryPage> =>
  (await as(user, request(stack.http).get(API_PATHS.library)).query(query).expect(200)).body as LibraryPage;

async function analyse(user: SignedInUser, photo = 'mit-media-lab.jpg'): Promise<AnalysisDetail> {
  const res = await as(user, request(stack.http).post(API_PATHS.analyze)).attach('images', fixturePhoto(photo), photo).expect(200);
  return res.body as AnalysisDetail;
}

/** Waits until `check` holds: the item index follows events, a few milliseconds behind. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({ env: { GENERATION_OPENAI_API_KEY: 'sk-projects-loopback', GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl } });
  [owner, stranger] = await Promise.all([proUser(stack, 200, 'monthly', 'Owner'), signUp(stack, 'Stranger')]);
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

describe('project names', () => {
  it('are trimmed, 1 to 80 characters, and unique per user whatever their case', async () => {
    const created = await createProject(owner, '  Riverside Library  ').expect(201);
    expect(created.body).toMatchObject({ name: 'Riverside Library', itemCount: 0, thumbnailUrl: null });

    const taken = await createProject(owner, 'riverside LIBRARY').expect(409);
    expect(taken.body).toMatchObject({
      code: 'project.name-taken',
      message: 'You already have a project named "riverside LIBRARY". Choose another name.',
    });
    // Another user may use the same name.
    await createProject(stranger, 'Riverside Library').expect(201);

    expect((await createProject(owner, '   ').expect(400)).body.message).toContain('Give the project a name.');
    expect((await createProject(owner, 'x'.repeat(81)).expect(400)).body.message).toContain('at most 80 characters');
    await createProject(owner, 'x'.repeat(80)).expect(201);
    await as(owner, request(stack.http).post(API_PATHS.projects)).send({ name: 'Extra', colour: 'red' }).expect(400);

    const id = (created.body as ProjectSummary).id;
    await as(owner, request(stack.http).patch(projectPath(id)))
      .send({ name: 'x'.repeat(80).toUpperCase() })
      .expect(409);
    const renamed = await as(owner, request(stack.http).patch(projectPath(id)))
      .send({ name: 'Riverside Library, stage 2' })
      .expect(200);
    expect(renamed.body).toMatchObject({ id, name: 'Riverside Library, stage 2' });
  });

  it(`stop at ${MAX_PROJECTS_PER_USER} per user`, async () => {
    const user = await signUp(stack, 'Many');
    await stack.db.query(`INSERT INTO analysis.projects (user_id, name) SELECT $1, 'Project ' || n FROM generate_series(1, $2::int) n`, [
      user.userId,
      MAX_PROJECTS_PER_USER - 1,
    ]);
    await createProject(user, 'The last one').expect(201);
    const refused = await createProject(user, 'One too many').expect(409);
    expect(refused.body).toMatchObject({ code: 'project.limit-reached' });
    expect(((await as(user, request(stack.http).get(API_PATHS.projects)).expect(200)).body as unknown[]).length).toBe(
      MAX_PROJECTS_PER_USER,
    );
  });
});

describe('filing', () => {
  it('files an item in one project at a time, unfiles it, and a deleted project leaves its items', async () => {
    const analysis = await analyse(owner);
    const a = ((await createProject(owner, 'Harbour offices').expect(201)).body as ProjectSummary).id;
    const b = ((await createProject(owner, 'Hillside school').expect(201)).body as ProjectSummary).id;

    expect((await fileItem(owner, a, 'analysis', analysis.id).expect(200)).body).toEqual({
      type: 'analysis',
      id: analysis.id,
      projectId: a,
    });
    const inA = (await as(owner, request(stack.http).get(projectPath(a))).expect(200)).body as ProjectDetail;
    expect(inA).toMatchObject({ id: a, name: 'Harbour offices', itemCount: 1 });
    expect(inA.items.items).toEqual([
      expect.objectContaining({ type: 'analysis', id: analysis.id, thumbnailUrl: `${libraryItemPath('analysis', analysis.id)}/images/0` }),
    ]);
    const listed = (await as(owner, request(stack.http).get(API_PATHS.projects)).expect(200)).body as ProjectSummary[];
    expect(listed.find((p) => p.id === a)).toMatchObject({
      itemCount: 1,
      thumbnailUrl: `${libraryItemPath('analysis', analysis.id)}/images/0`,
    });

    // Filing elsewhere moves it.
    await fileItem(owner, b, 'analysis', analysis.id).expect(200);
    expect(((await as(owner, request(stack.http).get(projectPath(a))).expect(200)).body as ProjectDetail).itemCount).toBe(0);
    expect(((await as(owner, request(stack.http).get(projectPath(b))).expect(200)).body as ProjectDetail).items.items[0].id).toBe(
      analysis.id,
    );

    // Unfiling, then unfiling again.
    await as(owner, request(stack.http).delete(`${projectPath(b)}/items/analysis/${analysis.id}`)).expect(200);
    await as(owner, request(stack.http).delete(`${projectPath(b)}/items/analysis/${analysis.id}`)).expect(404);
    await fileItem(owner, b, 'analysis', analysis.id).expect(200);

    // A deleted project leaves its items, unfiled.
    expect((await as(owner, request(stack.http).delete(projectPath(b))).expect(200)).body).toEqual({ deleted: true });
    await as(owner, request(stack.http).get(projectPath(b))).expect(404);
    const all = await library(owner, { type: 'analysis' });
    expect(all.items.find((item) => item.id === analysis.id)).toMatchObject({ project: null });
    await as(owner, request(stack.http).get(libraryItemPath('analysis', analysis.id))).expect(200);
  });

  it("answers 404 for another user's project or item, and for an item that does not exist", async () => {
    const mine = await analyse(owner);
    const theirs = await analyse(stranger);
    const project = ((await createProject(owner, 'Private atelier').expect(201)).body as ProjectSummary).id;

    await fileItem(owner, project, 'analysis', theirs.id).expect(404);
    await fileItem(owner, project, 'analysis', randomUUID()).expect(404);
    await fileItem(owner, project, 'generation', randomUUID()).expect(404);
    // An analysis id is not a sketch reading's.
    await fileItem(owner, project, 'sketch-reading', mine.id).expect(404);
    await fileItem(owner, project, 'drawing', mine.id).expect(400);

    for (const req of [
      fileItem(stranger, project, 'analysis', theirs.id),
      as(stranger, request(stack.http).get(projectPath(project))),
      as(stranger, request(stack.http).patch(projectPath(project))).send({ name: 'Taken over' }),
      as(stranger, request(stack.http).delete(projectPath(project))),
      as(stranger, request(stack.http).delete(`${projectPath(project)}/items/analysis/${mine.id}`)),
    ]) {
      expect((await req.expect(404)).body).toMatchObject({ code: 'project.not-found' });
    }
    await as(owner, request(stack.http).get(projectPath('not-a-uuid'))).expect(404);
    expect(((await as(owner, request(stack.http).get(projectPath(project))).expect(200)).body as ProjectDetail).name).toBe(
      'Private atelier',
    );
    // Nothing of the stranger's shows in the owner's library.
    expect((await library(owner)).items.map((item) => item.id)).not.toContain(theirs.id);
  });
});

describe('the library', () => {
  it('lists every item of the user, follows deletions, and searches text, tags and project names', async () => {
    const user = await proUser(stack, 200, 'monthly', 'Searcher');
    const first = await analyse(user, 'tours-cathedral-gothic.jpg');
    const second = await analyse(user, 'havana-cathedral-baroque.jpg');
    const jobId = randomUUID();
    expect((await postGeneration(stack, user, { jobId, provider: 'openai', variations: 1 })).status).toBe(200);
    await eventually(async () => (await library(user)).total === 3);

    const newest = await library(user);
    expect(newest.items.map((item) => item.id)).toEqual([jobId, second.id, first.id]);
    expect(newest.items[0]).toMatchObject({ type: 'generation', thumbnailUrl: `/api/download/${jobId}/0`, tags: ['openai'] });
    expect((await library(user, { sort: 'oldest' })).items.map((item) => item.id)).toEqual([first.id, second.id, jobId]);
    expect((await library(user, { type: 'generation' })).items.map((item) => item.id)).toEqual([jobId]);

    // A tag only the first analysis has, and a word of a project's name.
    const tag = first.tags.find((t) => !second.tags.includes(t) && /^[a-z]+$/.test(t));
    if (tag) expect((await library(user, { q: tag })).items.map((item) => item.id)).toContain(first.id);
    expect((await library(user, { q: 'board-marked concrete' })).items.map((item) => item.id)).toEqual([jobId]);
    const project = ((await createProject(user, 'Quayside pavilion').expect(201)).body as ProjectSummary).id;
    await fileItem(user, project, 'analysis', second.id).expect(200);
    expect((await library(user, { q: 'quayside' })).items.map((item) => item.id)).toEqual([second.id]);
    expect((await library(user, { projectId: project })).items.map((item) => item.id)).toEqual([second.id]);
    expect((await library(user, { q: 'zeppelin hangar' })).total).toBe(0);

    await as(user, request(stack.http).get(API_PATHS.library)).query({ sort: 'sideways' }).expect(400);
    await as(user, request(stack.http).get(API_PATHS.library)).query({ projectId: 'nope' }).expect(400);
    await as(user, request(stack.http).get(API_PATHS.library)).query({ projectId: randomUUID() }).expect(404);
    await request(stack.http).get(API_PATHS.library).expect(401);

    await as(user, request(stack.http).delete(libraryItemPath('analysis', second.id))).expect(200);
    await eventually(async () => (await library(user)).total === 2);
    const listed = (await as(user, request(stack.http).get(API_PATHS.projects)).expect(200)).body as ProjectSummary[];
    expect(listed.find((p) => p.id === project)).toMatchObject({ itemCount: 0, thumbnailUrl: null });
  });
});
