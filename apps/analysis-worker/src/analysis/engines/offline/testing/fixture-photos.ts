import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: the nearest ancestor of this file that holds `jest.config.mjs`. */
function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'jest.config.mjs'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('jest.config.mjs not found above the test helper');
    dir = parent;
  }
  return dir;
}

/** The monorepo's root directory. */
export const REPO_ROOT = findRepoRoot();

/** The shared fixture photos, beside the repository (never copied into it). */
export const FIXTURE_PHOTOS_DIR = path.resolve(REPO_ROOT, '../shared/fixtures/photos');

/** Reads one fixture photo, e.g. `fixturePhoto('mit-media-lab.jpg')`. */
export function fixturePhoto(name: string): Buffer {
  return readFileSync(path.join(FIXTURE_PHOTOS_DIR, name));
}

/** The ten photographs of different buildings (the 7 MB re-encode of Tours left out). */
export const FIXTURE_PHOTO_NAMES = [
  'budapest-bauhaus-house.jpg',
  'buenos-aires-building.jpg',
  'craftsman-house.jpg',
  'friedrichshafen-zeppelin-museum.jpg',
  'havana-cathedral-baroque.jpg',
  'mit-media-lab.jpg',
  'persepolis-ruins.jpg',
  'ripon-cathedral-facade.jpg',
  'tours-cathedral-gothic.jpg',
  'utrecht-jaarbeurs.jpg',
];
