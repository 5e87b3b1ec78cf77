import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { API_PATHS, projectPath } from '@archlens/contracts/paths';
import { postGeneration, proUser } from '../generation/generation-requests.js';
import type { SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/** `GET /api/account/export`: a ZIP of every item of the user's, with its files, and the projects; nothing of anyone else's. */
let stack: Stack;
let fake: FakeImageProviders;
let owner: SignedInUser;
let other: SignedInUser;
const dir = mkdtempSync(path.join(os.tmpdir(), 'archlens-export-'));

/** Collects a binary response body. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({ env: { GENERATION_OPENAI_API_KEY: 'sk-export-loopback', GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl } });
  [owner, other] = await Promise.all([proUser(stack, 200, 'monthly', 'Owner'), proUser(stack, 200, 'monthly', 'Other')]);
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the account export', () => {
  it('holds every item of the user, with its files, and the projects', async () => {
    const as = (user: SignedInUser, req: request.Test) => req.set('Cookie', user.cookie);
    const analysis = (
      await as(owner, request(stack.http).post(API_PATHS.analyze))
        .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg')
        .attach('images', fixturePhoto('havana-cathedral-baroque.jpg'), 'havana.jpg')
        .expect(200)
    ).body as { id: string };
    await as(owner, request(stack.http).get(API_PATHS.analysisPdf.replace(':id', analysis.id))).expect(200);
    const reading = (
      await as(owner, request(stack.http).post(API_PATHS.analyzeSketch))
        .attach('image0', fixtureSketch('house-facade.png'), 'house.png')
        .expect(200)
    ).body as { id: string };
    const jobId = randomUUID();
    expect((await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 2 })).status).toBe(200);
    const project = (await as(owner, request(stack.http).post(API_PATHS.createProject)).send({ name: 'Export atelier' }).expect(201))
      .body as {
      id: string;
    };
    await as(owner, request(stack.http).put(`${projectPath(project.id)}/items`))
      .send({ type: 'analysis', id: analysis.id })
      .expect(200);
    const theirs = (
      await as(other, request(stack.http).post(API_PATHS.analyze))
        .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg')
        .expect(200)
    ).body as { id: string };

    const res = await as(owner, request(stack.http).get(API_PATHS.accountExport)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="archlens-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const file = path.join(dir, 'export.zip');
    writeFileSync(file, res.body as Buffer);
    execFileSync('unzip', ['-tq', file]);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(names).toEqual(
      [
        'projects.json',
        `analyses/${analysis.id}/analysis.json`,
        `analyses/${analysis.id}/photo-1.jpg`,
        `analyses/${analysis.id}/photo-2.jpg`,
        `analyses/${analysis.id}/report.pdf`,
        `sketch-readings/${reading.id}/reading.json`,
        `sketch-readings/${reading.id}/sketch-1.png`,
        `generations/${jobId}/generation.json`,
        `generations/${jobId}/render-1.jpg`,
        `generations/${jobId}/render-2.jpg`,
      ].sort(),
    );
    expect(names.join('\n')).not.toContain(theirs.id);
    const projects = JSON.parse(execFileSync('unzip', ['-p', file, 'projects.json'], { encoding: 'utf8' })) as unknown;
    expect(projects).toEqual([
      expect.objectContaining({ id: project.id, name: 'Export atelier', items: [{ type: 'analysis', id: analysis.id }] }),
    ]);
    const photo = execFileSync('unzip', ['-p', file, `analyses/${analysis.id}/photo-1.jpg`]);
    expect(photo.equals(fixturePhoto('mit-media-lab.jpg'))).toBe(true);
    const saved = JSON.parse(execFileSync('unzip', ['-p', file, `analyses/${analysis.id}/analysis.json`], { encoding: 'utf8' })) as {
      primaryDescription: string;
    };
    expect(saved.primaryDescription.split(/\s+/)).toHaveLength(88);

    await request(stack.http).get(API_PATHS.accountExport).expect(401);
  });
});
