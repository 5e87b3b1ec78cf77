#!/usr/bin/env node
// `npm test` (README): every test tier, from a clean clone. Installs dependencies when missing,
// builds, type-checks and lints, then runs unit tests, integration tests (real PostgreSQL, Redis,
// S3 server), the chaos suite's short form and the Playwright end-to-end tests against the app as `npm start` starts it, in
// Debian's Chromium.
import { buildAll, ensureAptPackages, ensureDependencies, log, run } from './bootstrap.mjs';

const started = Date.now();
ensureDependencies();
buildAll();
log('type-checking the tests');
run('node_modules/.bin/tsc', ['-p', 'tsconfig.spec.json']);
run('node_modules/.bin/tsc', ['-p', 'apps/frontend/tsconfig.spec.json']);
log('lint (ESLint with module boundaries, Prettier)');
run(process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']);
run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn']);
// The deployment files, offline (Dockerfile lint, `docker-compose config`, Kubernetes schemas):
// seconds; installs Debian's docker-compose when missing (docs/deployment.md "Validation").
run(process.execPath, ['scripts/validate-deploy.mjs']);
const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
log('unit tests');
run(process.execPath, [...jest, '--selectProjects', 'unit']);
// pdftotext reads back the text of the PDF reports (integration and end-to-end tests).
if (!ensureAptPackages([{ command: 'pdftotext', package: 'poppler-utils' }])) {
  throw new Error('The report tests read PDFs with pdftotext: install Debian\'s "poppler-utils" package.');
}
log('integration tests');
// One file at a time in one worker process, replaced once it holds over 1.5 GB after a file: each
// suite starts and stops the whole stack in-process, and what a stack leaves behind builds up over
// 60 suites until collections pause the event loop past Redis's 1 s command timeout.
run(process.execPath, [...jest, '--selectProjects', 'integration', '--maxWorkers=1', '--workerIdleMemoryLimit=1536MB']);
// The chaos suite's short form: a generation-worker killed mid-job, PostgreSQL
// connections terminated, a provider timeout; about a minute. `npm run test:chaos` runs every case.
log('chaos tests, short form (CHAOS_SHORT=1)');
run(process.execPath, [...jest, '--selectProjects', 'chaos', '--runInBand'], { CHAOS_SHORT: '1' });
if (!ensureAptPackages([{ command: 'chromium', package: 'chromium' }])) {
  throw new Error('Chromium is needed for the end-to-end tests: install Debian\'s "chromium" package.');
}
log('end-to-end tests (Playwright, Debian Chromium)');
run('node_modules/.bin/playwright', ['test'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
log(`all tests passed in ${Math.round((Date.now() - started) / 1000)} s`);
