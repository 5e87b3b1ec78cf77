// Jest global teardown for `*.integration-spec.ts`: stops what the setup started and removes its
// state directory (the S3 server's objects, about 8 MB a run), so runs leave nothing in the temp folder.
import { rmSync } from 'node:fs';

export default async function teardown() {
  for (const stop of globalThis.__archlensStops ?? []) await stop().catch(() => undefined);
  const stateDir = process.env.ARCHLENS_IT_STATE_DIR;
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
