#!/usr/bin/env node
// `npm run test:chaos` (docs/operations.md "Chaos suite"): builds, then runs the
// chaos suite (tests/chaos, jest project `chaos`) against the integration services: workers killed
// with `kill -9` and restarted, Redis killed and restarted (a private redis-server), PostgreSQL
// connections terminated, object storage cut, a provider that hangs. It prints one table row per
// case and the whole table at the end (also written to test-results/chaos-table.md).
// `CHAOS_SHORT=1` runs the short form that `npm test` runs. Extra arguments go to Jest.
import { buildAll, ensureAptPackages, ensureDependencies, log, run } from './bootstrap.mjs';

const started = Date.now();
ensureDependencies();
if (process.env.CHAOS_SKIP_BUILD !== '1') buildAll();
if (!ensureAptPackages([{ command: 'redis-server', package: 'redis-server' }])) {
  throw new Error('The Redis case of the chaos suite starts a private redis-server: install Debian\'s "redis-server" package.');
}
log(`chaos suite (${process.env.CHAOS_SHORT === '1' ? 'short form' : 'full'})`);
run(process.execPath, [
  '--experimental-vm-modules',
  'node_modules/jest/bin/jest.js',
  ...process.argv.slice(2),
  '--selectProjects',
  'chaos',
  '--runInBand',
]);
log(`chaos suite passed in ${Math.round((Date.now() - started) / 1000)} s`);
