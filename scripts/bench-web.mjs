#!/usr/bin/env node
// `npm run bench:web` (docs/performance.md): what a new visitor's browser downloads and how soon it
// paints. Builds, starts the app as `npm start` does on state of its own (port 3600), then opens
// `/` signed out and `/analyse` signed in, each 5 times with a cold cache (a new browser context
// each time), in Debian's headless Chromium through playwright-core, on loopback. Prints for each
// route the medians of: JavaScript transferred, everything transferred, and the Largest
// Contentful Paint; then the scripts each route loaded. `ARCHLENS_SKIP_BUILD=1` skips the build.
import { readFileSync } from 'node:fs';
import { clearBenchState, startBenchApp } from './bench-app.mjs';
import { buildAll, ensureAptPackages, ensureDependencies, log } from './bootstrap.mjs';

const PORT = 3600;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE_DIR = '.local/benchweb';
const DATABASE = 'archlens_benchweb';
const REDIS_DB = 2;
const LOADS = 5;
const KB = 1024;
const BUDGET = { landingScriptKb: 150, lcpMs: 1000 };
/** After the network is idle (the lazy route chunk and /api calls done), or this long at most. */
const SETTLE_TIMEOUT_MS = 15_000;
const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

ensureDependencies();
if (!ensureAptPackages([{ command: 'chromium', package: 'chromium' }])) {
  throw new Error('The web benchmark opens pages in Debian\'s Chromium: install the "chromium" package.');
}
if (process.env.ARCHLENS_SKIP_BUILD !== '1') buildAll();
const { chromium } = await import('playwright-core');

const clearState = () => clearBenchState({ database: DATABASE, redisDb: REDIS_DB, stateDir: STATE_DIR });

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * One cold load of `route` in a new context: the bytes transferred per response (encoded body, as
 * on the wire, plus headers), which were scripts, and the Largest Contentful Paint in ms.
 */
async function loadOnce(browser, route, cookie) {
  const context = await browser.newContext();
  if (cookie) await context.addCookies([{ ...cookie, url: BASE }]);
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => {
    finished.push(
      request
        .sizes()
        .then((sizes) => ({
          url: request.url(),
          type: request.resourceType(),
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
        }))
        .catch(() => null), // finished as the context closed: not part of the load
    );
  });
  await page.goto(`${BASE}${route}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS }).catch(() => undefined);
  // Runs in the page: the browser's PerformanceObserver, not Node's.
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new globalThis.PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 2000);
      }),
  );
  const finalPath = new URL(page.url()).pathname;
  const responses = (await Promise.all(finished)).filter(Boolean);
  await context.close();
  const scripts = responses.filter((r) => r.type === 'script');
  return {
    lcp,
    finalPath,
    scriptBytes: scripts.reduce((sum, r) => sum + r.body, 0),
    totalBytes: responses.reduce((sum, r) => sum + r.body + r.headers, 0),
    scripts: scripts.map((r) => ({ name: new URL(r.url).pathname, bytes: r.body })),
  };
}

await clearState();
const bench = startBenchApp({
  port: PORT,
  stateDir: STATE_DIR,
  env: {
    ARCHLENS_LOCAL_DB: DATABASE,
    ARCHLENS_LOCAL_REDIS_DB: String(REDIS_DB),
    ARCHLENS_LOCAL_PG_PORT: '54360',
    ARCHLENS_LOCAL_REDIS_PORT: '63796',
    ARCHLENS_LOCAL_S3_PORT: '9602',
  },
});
const APP_LOG = bench.logPath;
const stopApp = () => bench.stop();

let browser;
try {
  await bench.waitHealthy();

  const signUp = await fetch(`${BASE}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-web-${Date.now()}@example.com`, first_name: 'Bench', last_name: 'Web', password: 'benchmark' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const [name, value] = signUp.headers.get('set-cookie').split(';')[0].split('=');
  const cookie = { name, value };

  browser = await chromium.launch(CHROMIUM);
  const routes = [
    { label: '/ signed out', route: '/', cookie: null, budget: true },
    { label: '/analyse signed in', route: '/analyse', cookie, budget: false },
  ];
  const results = [];
  for (const r of routes) {
    log(`${r.label}: ${LOADS} cold loads…`);
    const loads = [];
    for (let i = 0; i < LOADS; i++) loads.push(await loadOnce(browser, r.route, r.cookie));
    if (loads.some((l) => l.finalPath !== r.route)) throw new Error(`${r.route} ended at ${loads.map((l) => l.finalPath).join(', ')}`);
    if (loads.some((l) => l.lcp === null)) throw new Error(`${r.route}: no largest-contentful-paint entry`);
    results.push({ ...r, loads });
  }
  await browser.close();
  browser = undefined;
  await stopApp();

  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log(`\nCold loads on loopback, headless Chromium, median of ${LOADS} (1 KB = 1024 bytes transferred, compressed as sent)`);
  console.log('route                 JS transferred   total transferred   LCP        budget');
  for (const r of results) {
    const js = median(r.loads.map((l) => l.scriptBytes));
    const total = median(r.loads.map((l) => l.totalBytes));
    const lcp = median(r.loads.map((l) => l.lcp));
    const verdict = r.budget
      ? `JS ≤ ${BUDGET.landingScriptKb} KB: ${js <= BUDGET.landingScriptKb * KB ? 'met' : 'NOT met'}; LCP ≤ ${BUDGET.lcpMs} ms: ${lcp <= BUDGET.lcpMs ? 'met' : 'NOT met'}`
      : '(no budget)';
    console.log(
      `${r.label.padEnd(20)} ${kb(js).padStart(15)} ${kb(total).padStart(19)} ${`${Math.round(lcp)} ms`.padStart(8)}   ${verdict}`,
    );
  }
  for (const r of results) {
    console.log(`\nscripts of ${r.label} (first load):`);
    for (const s of r.loads[0].scripts) console.log(`  ${kb(s.bytes).padStart(9)}  ${s.name}`);
  }
} catch (error) {
  await browser?.close().catch(() => undefined);
  await stopApp();
  // The app's log goes with the state directory: its end is shown first.
  console.error(`the end of the app's log:\n${readFileSync(APP_LOG, 'utf8').split('\n').slice(-40).join('\n')}`);
  await clearState().catch(() => undefined);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await clearState();
