#!/usr/bin/env node
// `npm run bench:analyze`: what the architecture adds to one analysis.
// Measures POST /api/analyze (gateway → S3 → BullMQ → analysis-worker → PostgreSQL → response)
// with the three fixture photos on the offline engine, at concurrency 1 and 8, beside the same
// analysis run in-process (the offline engine on the same bytes: no gateway, queue or storage).
// The app runs as `npm start` runs it, on its own port, database and Redis database.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, ensureDependencies, log, ROOT } from './bootstrap.mjs';

const PORT = 3200;
const PHOTOS = ['mit-media-lab.jpg', 'tours-cathedral-gothic.jpg', 'havana-cathedral-baroque.jpg'];
const REQUESTS = { 1: 60, 8: 48 };
const WARM_UP = 4;
/** The benchmark's own state (its S3 objects: about 0.5 GB of photos a run), removed before and after. */
const STATE_DIR = '.local/bench';
const clearState = () => rmSync(path.join(ROOT, STATE_DIR, 's3'), { recursive: true, force: true });

ensureDependencies();
buildAll();
const { default: MultipartForm } = await import('form-data');
const images = PHOTOS.map((name) => ({ name, bytes: readFileSync(path.resolve(ROOT, '../shared/fixtures/photos', name)) }));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `total` calls of `once` with `concurrency` in flight; returns each call's duration in ms. */
async function measure(once, total, concurrency) {
  const durations = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const start = performance.now();
        await once();
        durations.push(performance.now() - start);
      }
    }),
  );
  return durations;
}

clearState();
// The app's own log goes to a file, so a failed run can say what happened without drowning the figures.
const APP_LOG = path.join(ROOT, STATE_DIR, 'app.log');
mkdirSync(path.dirname(APP_LOG), { recursive: true });
const appLog = openSync(APP_LOG, 'w');
const app = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    ARCHLENS_SKIP_BUILD: '1',
    ARCHLENS_LOCAL_DB: 'archlens_bench',
    ARCHLENS_LOCAL_REDIS_DB: '13',
    ARCHLENS_LOCAL_PG_PORT: '54359',
    ARCHLENS_LOCAL_REDIS_PORT: '63792',
    ARCHLENS_LOCAL_S3_PORT: '9200',
    ARCHLENS_STATE_DIR: STATE_DIR,
    OPENAI_API_KEY: '',
  },
  stdio: ['ignore', appLog, appLog],
});
const stopApp = () =>
  new Promise((resolve) => {
    if (app.exitCode !== null) return resolve();
    app.once('exit', resolve);
    app.kill('SIGINT');
  }).then(clearState);

try {
  const base = `http://127.0.0.1:${PORT}`;
  let healthy = false;
  for (let i = 0; i < 480 && !healthy; i++) {
    healthy = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (!healthy) await new Promise((r) => setTimeout(r, 250));
  }
  if (!healthy) throw new Error('the app did not become healthy');

  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, first_name: 'Bench', last_name: 'Mark', password: 'benchmark' }),
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status}`);
  const cookie = signup.headers.get('set-cookie').split(';')[0];

  // The upload is sent as a browser sends it: one multipart body (encoded once, by the form-data
  // package) written straight to a kept-alive connection. Encoding it again for every request cost
  // this process 1 to 2 ms of CPU per 4 MB here (fetch's FormData encoder 3 to 6 ms), which is the
  // client's cost, not the architecture's.
  const form = new MultipartForm();
  for (const image of images) form.append('images', image.bytes, { filename: image.name, contentType: 'image/jpeg' });
  const uploadBody = form.getBuffer();
  const headers = { ...form.getHeaders(), 'content-length': String(uploadBody.length), cookie };
  const agent = new http.Agent({ keepAlive: true });
  const analyseOverHttp = () =>
    new Promise((resolve, reject) => {
      const request = http.request(
        `${base}/api/analyze`,
        { method: 'POST', agent, headers },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (res.statusCode !== 200 || body.engine !== 'offline') {
              return reject(new Error(`analysis failed: ${res.statusCode} ${JSON.stringify(body)}`));
            }
            phases.push(parseServerTiming(res.headers['server-timing']));
            resolve();
          });
        },
      );
      request.on('error', reject);
      request.end(uploadBody);
    });
  /** The gateway's Server-Timing phases of every measured pipeline call at concurrency 1. */
  let phases = [];

  const { parseServerTiming } = await import(pathToFileURL(path.join(ROOT, 'apps/gateway/dist/analysis/server-timing.js')).href);
  const { OfflineVisionEngine } = await import(
    pathToFileURL(path.join(ROOT, 'apps/analysis-worker/dist/analysis/engines/offline-vision.engine.js')).href
  );
  const engine = new OfflineVisionEngine();
  const analyseInProcess = async () => {
    await engine.analyse(images.map((i) => i.bytes));
  };

  // The two sides alternate in rounds of `concurrency` calls, so that a slower or faster spell
  // of this shared machine falls on both of them instead of on one.
  const rows = [];
  for (const concurrency of [1, 8]) {
    const total = REQUESTS[concurrency];
    await measure(analyseInProcess, WARM_UP, 1);
    await measure(analyseOverHttp, WARM_UP, 1);
    phases = [];
    const inProcess = [];
    const pipeline = [];
    for (let done = 0; done < total; done += concurrency) {
      inProcess.push(...(await measure(analyseInProcess, concurrency, concurrency)));
      pipeline.push(...(await measure(analyseOverHttp, concurrency, concurrency)));
    }
    rows.push({ concurrency, total, inProcess, pipeline, phases });
  }
  await stopApp();

  const fmt = (v) => v.toFixed(1).padStart(8);
  console.log('\nPOST /api/analyze, 3 fixture photos (4.0 MB), offline engine');
  console.log('concurrency  requests   pipeline p50   p95 | in-process p50   p95 | added p50   p95   (ms)');
  for (const r of rows) {
    const pp50 = percentile(r.pipeline, 50);
    const pp95 = percentile(r.pipeline, 95);
    const ip50 = percentile(r.inProcess, 50);
    const ip95 = percentile(r.inProcess, 95);
    r.added = { p50: pp50 - ip50, p95: pp95 - ip95 };
    console.log(`${String(r.concurrency).padStart(11)} ${String(r.total).padStart(9)} ${fmt(pp50)} ${fmt(pp95)} | ${fmt(ip50)} ${fmt(ip95)} | ${fmt(r.added.p50)} ${fmt(r.added.p95)}`);
  }
  const c1phases = rows.find((r) => r.concurrency === 1).phases;
  const names = Object.keys(c1phases[0] ?? {});
  console.log(
    `gateway phases at concurrency 1, p50 (Server-Timing): ${names.map((n) => `${n} ${percentile(c1phases.map((p) => p[n]), 50).toFixed(1)}`).join(', ')} ms`,
  );
  const c8 = rows.find((r) => r.concurrency === 8);
  console.log(`at concurrency 8: added latency p50: ${Math.round(c8.added.p50)} ms, p95: ${Math.round(c8.added.p95)} ms`);
  const c1 = rows.find((r) => r.concurrency === 1);
  console.log(`added latency p50: ${Math.round(c1.added.p50)} ms, p95: ${Math.round(c1.added.p95)} ms`);
} catch (error) {
  await stopApp();
  console.error(error instanceof Error ? error.message : error);
  console.error(`the app's log: ${path.relative(process.cwd(), APP_LOG)}`);
  process.exit(1);
}
