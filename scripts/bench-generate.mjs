#!/usr/bin/env node
// `npm run bench:generate` (docs/performance.md): generations through the whole
// pipeline (gateway upload, generation queue, generation-worker, billing reservation and capture,
// object storage) against a loopback server speaking OpenAI's images edit API that answers each
// call after 2 s. Starts the app as `npm start` does on state of its own (port 3900, its own
// database, Redis db 6), once with 1 and once with 2 generation-worker processes
// (`GENERATION_WORKERS`), signs in as the VIP demo user (Pro, unlimited) and prints:
//   - the pipeline's added latency: one generation at a time, each request's time minus the time
//     the provider took to answer it (measured by the loopback server), p50 and p95;
//   - throughput: the same number of generations in flight (`IN_FLIGHT`) against 1 and 2 workers.
// Budget: 2 processes at least 1.8 × the throughput of 1; added p50 at most 60 ms.
// Clears its state before and after. `ARCHLENS_SKIP_BUILD=1` skips the build.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { clearBenchState, inParallel, percentile, startBenchApp } from './bench-app.mjs';
import { buildAll, ensureDependencies, ROOT } from './bootstrap.mjs';

const PORT = 3900;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE_DIR = '.local/benchgenerate';
const DATABASE = 'archlens_benchgenerate';
const REDIS_DB = 6;
const PROVIDER_DELAY_MS = 2000;
/** Generations in flight for the throughput runs: twice one worker's concurrency (`QUEUE_SETTINGS.generation.concurrency`, 8). */
const IN_FLIGHT = 16;
const THROUGHPUT_GENERATIONS = 64;
const LATENCY_GENERATIONS = 15;
const WARM_UP = 3;
const BUDGET = { speedUp: 1.8, addedP50Ms: 60 };
const SKETCH = path.resolve(ROOT, '../shared/fixtures/sketches/house-line-scribble.png');

ensureDependencies();
if (process.env.ARCHLENS_SKIP_BUILD !== '1') buildAll();
const { default: MultipartForm } = await import('form-data');
const { default: sharp } = await import('sharp');

/**
 * A loopback server speaking OpenAI's `POST /v1/images/edits`: reads the multipart body, waits
 * `PROVIDER_DELAY_MS`, answers one JPEG per requested image, and records how long each answer took
 * from the request's first byte (what the pipeline waits for).
 */
async function startFakeOpenAiImages() {
  const jpeg = (
    await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#8a7f70' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
  const providerMs = [];
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/images/edits') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      }
      const body = Buffer.concat(chunks).toString('latin1');
      const n = Number(/name="n"\r\n\r\n(\d+)/.exec(body)?.[1] ?? 1);
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: Array.from({ length: n }, () => ({ b64_json: jpeg })) }));
        providerMs.push(performance.now() - started);
      }, PROVIDER_DELAY_MS);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, providerMs, close: () => new Promise((r) => server.close(r)) };
}

/** Signs in as the VIP demo user of `npm start` (spec §6: Pro on the unlimited plan). @returns the session cookie */
async function vipCookie() {
  const response = await fetch(`${BASE}/api/vip-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'archlens-demo' }),
  });
  if (!response.ok) throw new Error(`VIP login failed: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/**
 * One `POST /api/generate` (openai, one variation) as the SPA sends it.
 * @returns its duration, and the worker's own figures from the answer's metadata (time from the
 *   job's start to its answer, and time spent in the provider call), in ms
 */
async function generate(cookie, sketch) {
  const form = new MultipartForm();
  form.append('sketch', sketch, { filename: 'sketch.png', contentType: 'image/png' });
  form.append('styleDescription', 'Warm brick, deep window reveals and a calm rhythm of bays.');
  form.append('provider', 'openai');
  form.append('variations', '1');
  const body = form.getBuffer();
  const started = performance.now();
  const response = await fetch(`${BASE}/api/generate`, {
    method: 'POST',
    headers: { ...form.getHeaders(), cookie },
    body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`generation failed: ${response.status} ${text}`);
  const { metadata } = JSON.parse(text);
  return { totalMs: performance.now() - started, workerMs: metadata.durationMs, workerProviderMs: metadata.providerMs };
}

/** Starts the app with `workers` generation-worker processes, runs the measurements, stops it. */
async function run(workers, provider, sketch) {
  const clearState = () => clearBenchState({ database: DATABASE, redisDb: REDIS_DB, stateDir: STATE_DIR });
  await clearState();
  const bench = startBenchApp({
    port: PORT,
    stateDir: STATE_DIR,
    env: {
      ARCHLENS_LOCAL_DB: DATABASE,
      ARCHLENS_LOCAL_REDIS_DB: String(REDIS_DB),
      ARCHLENS_LOCAL_PG_PORT: '54363',
      ARCHLENS_LOCAL_REDIS_PORT: '63799',
      ARCHLENS_LOCAL_S3_PORT: '9704',
      GENERATION_WORKERS: String(workers),
      GENERATION_OPENAI_API_KEY: 'sk-bench-loopback',
      GENERATION_OPENAI_BASE_URL: provider.url,
      RATE_LIMIT_GENERATIONS_PER_USER: '100000',
      RATE_LIMIT_VIP_LOGIN_PER_IP: '100000',
    },
  });
  try {
    await bench.waitHealthy();
    const cookie = await vipCookie();
    await inParallel(WARM_UP, 1, () => generate(cookie, sketch));
    let added = [];
    if (workers === 1) {
      // One at a time: the request's time minus the provider's answer time for that same call.
      const before = provider.providerMs.length;
      const { results } = await inParallel(LATENCY_GENERATIONS, 1, () => generate(cookie, sketch));
      added = results.map((r, i) => ({
        added: r.totalMs - provider.providerMs[before + i],
        // Where it goes: gateway and queues (before and after the job), the worker's own steps, and
        // the provider call as the worker sees it beyond the server's answer time (SDK, encoding).
        outsideWorker: r.totalMs - r.workerMs,
        inWorker: r.workerMs - r.workerProviderMs,
        client: r.workerProviderMs - provider.providerMs[before + i],
      }));
    }
    const { wallMs } = await inParallel(THROUGHPUT_GENERATIONS, IN_FLIGHT, () => generate(cookie, sketch));
    return { workers, perSecond: (THROUGHPUT_GENERATIONS / wallMs) * 1000, added };
  } catch (error) {
    console.error(`the end of the app's log:\n${readFileSync(bench.logPath, 'utf8').split('\n').slice(-40).join('\n')}`);
    throw error;
  } finally {
    await bench.stop();
    await clearState();
  }
}

const provider = await startFakeOpenAiImages();
try {
  const sketch = readFileSync(SKETCH);
  const one = await run(1, provider, sketch);
  const two = await run(2, provider, sketch);
  const speedUp = two.perSecond / one.perSecond;
  const p50 = (key) =>
    percentile(
      one.added.map((a) => a[key]),
      50,
    );
  const addedP50 = p50('added');
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  console.log(`\ngenerations (openai, 1 variation) against a loopback provider answering in ${PROVIDER_DELAY_MS} ms`);
  console.log(
    `added latency, one at a time (${LATENCY_GENERATIONS}): p50 ${addedP50.toFixed(1)} ms, p95 ${percentile(
      one.added.map((a) => a.added),
      95,
    ).toFixed(1)} ms  (budget p50 ≤ ${BUDGET.addedP50Ms} ms: ${verdict(addedP50 <= BUDGET.addedP50Ms)})`,
  );
  console.log(
    `  p50 parts: gateway and queues ${p50('outsideWorker').toFixed(1)} ms, worker steps ${p50('inWorker').toFixed(1)} ms,` +
      ` provider client beyond the answer ${p50('client').toFixed(1)} ms`,
  );
  console.log(`throughput, ${THROUGHPUT_GENERATIONS} generations ${IN_FLIGHT} in flight:`);
  console.log(`  1 generation-worker : ${one.perSecond.toFixed(2)} generations/s`);
  console.log(
    `  2 generation-workers: ${two.perSecond.toFixed(2)} generations/s  (× ${speedUp.toFixed(2)}; budget ≥ × ${BUDGET.speedUp}: ${verdict(speedUp >= BUDGET.speedUp)})`,
  );
} finally {
  await provider.close();
}
