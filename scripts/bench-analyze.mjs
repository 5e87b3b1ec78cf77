#!/usr/bin/env node
// `npm run bench:analyze` (docs/performance.md): what the architecture adds to one analysis, and
// what a burst of large uploads costs the gateway. Three parts, on the offline engine:
// 1. latency: POST /api/analyze (gateway → S3 → BullMQ → analysis-worker → PostgreSQL → response)
//    with three fixture photos at concurrency 1 and 8, beside the same analysis run in-process, and
//    at concurrency 1 the S3 store alone taking the three photos and giving them back;
// 2. memory: the gateway's peak RSS while 20 users each send 10 photos of about 5 MB at once;
// 3. flood: 20 users each send 10 × 50 MB at once, while GET /api/health is polled every 200 ms.
// The app runs as `npm start` runs it, on its own port, database, Redis database and state directory.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { appPid, inParallel, percentile, sampleRss, startBenchApp } from './bench-app.mjs';
import { buildAll, ensureDependencies, log, ROOT } from './bootstrap.mjs';

const PORT = 3200;
const BASE = `http://127.0.0.1:${PORT}`;
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/photos');
const PHOTOS = ['mit-media-lab.jpg', 'tours-cathedral-gothic.jpg', 'havana-cathedral-baroque.jpg'];
const REQUESTS = { 1: 60, 8: 48 };
const WARM_UP = 4;
/** Users sending at once in the memory and flood parts: one request each, so the per-user cap of 2 refuses none. */
const CLIENTS = 20;
/** The memory part's photos: ten fixtures made into real JPEGs of about 5 MB (`fiveMegabytePhotos`). */
const LARGE_PHOTO_SOURCES = [
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
const LARGE_PHOTO_BYTES = 5 * 1024 * 1024;
/** How long a memory-part request may take: the gateway itself answers 504 after 170 s. */
const MEMORY_REQUEST_TIMEOUT_MS = 180_000;
/** The flood part ends after this, whatever is still in flight. */
const FLOOD_DURATION_MS = 120_000;
const HEALTH_POLL_MS = 200;
const HEALTH_TIMEOUT_MS = 5_000;
const RSS_SAMPLE_MS = 20;
const TARGET_ADDED_P50_MS = 40;
const TARGET_PEAK_ABOVE_IDLE_MB = 350;
/**
 * The benchmark's own state, beside the app's; its S3 objects (about 4 GB a run) are removed before
 * and after, the generated 5 MB photos are kept for the next run.
 */
const STATE_DIR = '.local/bench';
const clearState = () => rmSync(path.join(ROOT, STATE_DIR, 's3'), { recursive: true, force: true });
const MB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

ensureDependencies();
buildAll();
const { default: MultipartForm } = await import('form-data');
const { MAX_IMAGE_BYTES } = await import('@archlens/contracts/analysis');
const images = PHOTOS.map((name) => ({ name, bytes: readFileSync(path.join(FIXTURES, name)) }));

/** Runs `total` calls of `once(lane)`, `concurrency` at a time; returns each call's duration in ms. */
const measure = async (once, total, concurrency) => (await inParallel(total, concurrency, once)).durations;

/**
 * Ten real JPEGs of 5 MB ± 5 %, made once from the fixture photos and kept in `.local/bench/`:
 * each fixture enlarged to 4000 pixels on its longest side, with seeded noise (the amplitude found
 * by bisection) so that the JPEG encoder cannot shrink it, at quality 95.
 */
async function fiveMegabytePhotos() {
  const dir = path.join(ROOT, STATE_DIR, 'photos-5mb');
  const fits = (size) => Math.abs(size - LARGE_PHOTO_BYTES) <= 0.05 * LARGE_PHOTO_BYTES;
  const file = (name) => path.join(dir, name);
  if (!LARGE_PHOTO_SOURCES.every((name) => existsSync(file(name)) && fits(statSync(file(name)).size))) {
    log('making ten 5 MB JPEGs from the fixture photos (once; kept in .local/bench/photos-5mb)…');
    mkdirSync(dir, { recursive: true });
    const { default: sharp } = await import('sharp');
    for (const name of LARGE_PHOTO_SOURCES) {
      const { data, info } = await sharp(path.join(FIXTURES, name))
        .resize(4000, 4000, { fit: 'inside' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const encode = (amplitude) => {
        const noisy = Buffer.from(data);
        let seed = 20261123;
        for (let i = 0; i < noisy.length; i++) {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          noisy[i] = Math.max(0, Math.min(255, noisy[i] + ((seed >>> 16) % (2 * amplitude + 1)) - amplitude));
        }
        return sharp(noisy, { raw: info }).jpeg({ quality: 95 }).toBuffer();
      };
      let [low, high] = [0, 64];
      let jpeg = await encode(0);
      while (!fits(jpeg.length) && high - low > 1) {
        const amplitude = Math.round((low + high) / 2);
        jpeg = await encode(amplitude);
        if (jpeg.length < LARGE_PHOTO_BYTES) low = amplitude;
        else high = amplitude;
      }
      if (!fits(jpeg.length)) throw new Error(`could not make ${name} about 5 MB (got ${(jpeg.length / MB).toFixed(2)} MB)`);
      writeFileSync(file(name), jpeg);
    }
  }
  return LARGE_PHOTO_SOURCES.map((name) => ({ name, bytes: readFileSync(file(name)) }));
}

/**
 * Polls GET /api/health every 200 ms (each poll on its own, so a stalled gateway shows as many slow
 * polls) until `stop()`, which returns how many answered 200 within 5 s, of how many, the slowest
 * answer in ms, and what the others got (`503 "Redis is not answering." × 1; timeout × 2`).
 */
function pollHealth() {
  const polls = [];
  const poll = async () => {
    const start = performance.now();
    const answer = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
      .then(async (r) => ({ status: r.status, message: r.ok ? '' : ((await r.json().catch(() => ({}))).message ?? '') }))
      .catch((error) => ({ status: error.name === 'TimeoutError' ? 'timeout' : 'error', message: '' }));
    return { ...answer, ms: performance.now() - start };
  };
  const timer = setInterval(() => polls.push(poll()), HEALTH_POLL_MS);
  return {
    async stop() {
      clearInterval(timer);
      const answers = await Promise.all(polls);
      const ok = answers.filter((a) => a.status === 200).length;
      return { ok, total: answers.length, maxMs: Math.max(0, ...answers.map((a) => a.ms)), failed: refusals(answers) };
    },
  };
}

/**
 * Sends `photos` as one multipart POST /api/analyze on a connection of its own, streamed from the
 * Buffers given (the same Buffer may be every part: nothing is copied). Settles on the answer
 * `{status, message}` (the connection is then closed, so a refused upload stops being sent), or
 * status 'timeout' after `timeoutMs`, or 'error' when the connection fails first.
 */
function postPhotos(cookie, photos, timeoutMs) {
  const form = new MultipartForm();
  for (const photo of photos) form.append('images', photo.bytes, { filename: photo.name, contentType: 'image/jpeg' });
  return new Promise((resolve) => {
    const request = http.request(`${BASE}/api/analyze`, {
      method: 'POST',
      agent: false,
      headers: { ...form.getHeaders(), 'content-length': String(form.getLengthSync()), cookie },
    });
    const timer = setTimeout(() => settle('timeout'), timeoutMs);
    function settle(status, message = '') {
      clearTimeout(timer);
      request.destroy();
      resolve({ status, message });
    }
    request.on('response', (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let message = body;
        try {
          message = JSON.parse(body).message ?? '';
        } catch {
          // not JSON: keep the text
        }
        settle(response.statusCode, message);
      });
    });
    request.on('error', (error) => settle('error', error.code ?? error.message));
    form.pipe(request);
  });
}

/** `n × 200, n × 503, n × 429, n other` of a list of answers ('timeout' and 'error' are other). */
function statusLine(answers) {
  const count = (status) => answers.filter((a) => a.status === status).length;
  return `${count(200)} × 200, ${count(503)} × 503, ${count(429)} × 429, ${answers.length - count(200) - count(503) - count(429)} other`;
}

/** Each distinct non-200 answer with how many got it: `503 "…" × 12; timeout × 1`. */
function refusals(answers) {
  const counts = new Map();
  for (const { status, message } of answers.filter((a) => a.status !== 200)) {
    const key = `${status}${message ? ` "${message}"` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key} × ${n}`).join('; ') || 'none';
}
const mb = (bytes) => `${Math.round(bytes / MB)} MB`;

clearState();
const largePhotos = await fiveMegabytePhotos();
const bench = startBenchApp({
  port: PORT,
  stateDir: STATE_DIR,
  env: {
    ARCHLENS_LOCAL_DB: 'archlens_bench',
    ARCHLENS_LOCAL_REDIS_DB: '13',
    ARCHLENS_LOCAL_PG_PORT: '54359',
    ARCHLENS_LOCAL_REDIS_PORT: '63792',
    ARCHLENS_LOCAL_S3_PORT: '9200',
    // The benchmark signs up 48 users and runs about 150 analyses within minutes from one address.
    RATE_LIMIT_SIGN_UP_PER_IP: '100000',
    RATE_LIMIT_SIGN_IN_PER_IP: '100000',
    RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: '100000',
    RATE_LIMIT_ANALYSES_PER_USER: '100000',
  },
});
const { app } = bench;
const APP_LOG = bench.logPath;
const stopApp = () => bench.stop().then(clearState);

try {
  await bench.waitHealthy();
  const gateway = appPid(app.pid, 'gateway');

  let users = 0;
  const signUp = async () => {
    users += 1;
    const response = await fetch(`${BASE}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}-${users}@example.com`,
        first_name: 'Bench',
        last_name: 'Mark',
        password: 'benchmark',
      }),
    });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    return response.headers.get('set-cookie').split(';')[0];
  };
  const signUps = async (count) => {
    const cookies = [];
    await measure(async () => cookies.push(await signUp()), count, 4);
    return cookies;
  };
  // One user per lane at concurrency 8: a user may have only 2 analyses running at once.
  const latencyUsers = await signUps(Math.max(...Object.keys(REQUESTS).map(Number)));

  // The upload is sent as a browser sends it: one multipart body (encoded once, by the form-data
  // package) written straight to a kept-alive connection, so the client's encoding is not timed.
  const form = new MultipartForm();
  for (const image of images) form.append('images', image.bytes, { filename: image.name, contentType: 'image/jpeg' });
  const uploadBody = form.getBuffer();
  const headersOf = latencyUsers.map((cookie) => ({ ...form.getHeaders(), 'content-length': String(uploadBody.length), cookie }));
  const agent = new http.Agent({ keepAlive: true });
  const analyseOverHttp = (lane) =>
    new Promise((resolve, reject) => {
      const request = http.request(`${BASE}/api/analyze`, { method: 'POST', agent, headers: headersOf[lane] }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (res.statusCode !== 200 || body.engine !== 'offline') {
            return reject(new Error(`analysis failed: ${res.statusCode} ${JSON.stringify(body)}`));
          }
          resolve();
        });
      });
      request.on('error', reject);
      request.end(uploadBody);
    });

  const { OfflineVisionEngine } = await import(
    pathToFileURL(path.join(ROOT, 'apps/analysis-worker/dist/analysis/engines/offline-vision.engine.js')).href
  );
  const engine = new OfflineVisionEngine();
  const analyseInProcess = async () => {
    await engine.analyse(images.map((i) => i.bytes));
  };

  // The S3 store alone, as the pipeline uses it: the gateway stores the photos one after another,
  // the worker reads them back at once. The same store and client as the app's (services.json).
  const { ObjectStorage } = await import(path.join(ROOT, 'libs/platform/dist/storage.js'));
  const services = JSON.parse(readFileSync(path.join(ROOT, STATE_DIR, 'services.json'), 'utf8'));
  const storage = new ObjectStorage({ ...process.env, ...services.s3 });
  const storeTimes = { store: [], readBack: [] };
  const storeAndReadBack = async () => {
    const keys = images.map((image) => `uploads/bench-store-alone/${randomUUID()}${path.extname(image.name)}`);
    const start = performance.now();
    for (const [i, image] of images.entries()) await storage.put(keys[i], image.bytes, 'image/jpeg');
    const stored = performance.now();
    await Promise.all(keys.map((key) => storage.get(key)));
    storeTimes.store.push(stored - start);
    storeTimes.readBack.push(performance.now() - stored);
    await storage.remove(keys);
  };

  // 1. Latency. The two sides alternate in rounds of `concurrency` calls, so that a slower or
  // faster spell of this shared machine falls on both of them instead of on one.
  const rows = [];
  for (const concurrency of [1, 8]) {
    log(`latency: ${REQUESTS[concurrency]} analyses at concurrency ${concurrency}, over HTTP and in-process…`);
    const total = REQUESTS[concurrency];
    await measure(analyseInProcess, WARM_UP, 1);
    await measure(analyseOverHttp, WARM_UP, 1);
    const inProcess = [];
    const pipeline = [];
    for (let done = 0; done < total; done += concurrency) {
      inProcess.push(...(await measure(analyseInProcess, concurrency, concurrency)));
      pipeline.push(...(await measure(analyseOverHttp, concurrency, concurrency)));
      if (concurrency === 1) await storeAndReadBack();
    }
    rows.push({ concurrency, total, inProcess, pipeline });
  }
  agent.destroy();

  // 2. Memory: idle RSS once the latency runs are over, then the peak while 20 users each send
  // 10 photos of 5 MB at once (each request waits for its analysis).
  const memoryUsers = await signUps(CLIENTS);
  const floodUsers = await signUps(CLIENTS);
  await sleep(3_000);
  const idleSampling = sampleRss(gateway, RSS_SAMPLE_MS);
  await sleep(2_000);
  idleSampling.stop();
  const idle = percentile(idleSampling.samples, 50);
  log(`memory: ${CLIENTS} users each send ${largePhotos.length} photos of 5 MB at once…`);
  let sampling = sampleRss(gateway, RSS_SAMPLE_MS);
  let health = pollHealth();
  let started = performance.now();
  const memoryAnswers = await Promise.all(memoryUsers.map((c) => postPhotos(c, largePhotos, MEMORY_REQUEST_TIMEOUT_MS)));
  const memory = {
    seconds: (performance.now() - started) / 1000,
    ...sampling.stop(),
    health: await health.stop(),
    answers: memoryAnswers,
  };

  // 3. Flood: 20 users each send 10 × 50 MB (10 GB in all, one 50 MB Buffer reused for every part:
  // a small fixture JPEG followed by zeros, so a photo that gets through still decodes). The upload
  // budget refuses what does not fit with 503; GET /api/health must keep answering meanwhile.
  const padded = Buffer.alloc(MAX_IMAGE_BYTES);
  readFileSync(path.join(FIXTURES, 'buenos-aires-building.jpg')).copy(padded);
  const floodParts = Array.from({ length: 10 }, (_, i) => ({ name: `padded-${i + 1}.jpg`, bytes: padded }));
  log(
    `flood: ${CLIENTS} users each send 10 × 50 MB at once, GET /api/health every ${HEALTH_POLL_MS} ms (at most ${FLOOD_DURATION_MS / 1000} s)…`,
  );
  sampling = sampleRss(gateway, RSS_SAMPLE_MS);
  health = pollHealth();
  started = performance.now();
  const floodAnswers = await Promise.all(floodUsers.map((c) => postPhotos(c, floodParts, FLOOD_DURATION_MS)));
  const flood = { seconds: (performance.now() - started) / 1000, ...sampling.stop(), health: await health.stop(), answers: floodAnswers };
  await stopApp();

  const fmt = (v) => v.toFixed(1).padStart(8);
  console.log(`\nPOST /api/analyze, ${CLIENTS} users at once, each 10 × 50 MB (padded JPEGs), offline engine`);
  console.log(`answers: ${statusLine(flood.answers)} in ${flood.seconds.toFixed(0)} s`);
  console.log(`refused: ${refusals(flood.answers)}`);
  // The budget's refusal says "ArchLens is receiving many images at the moment…" (the gateway's
  // UPLOAD_BUDGET_MESSAGE); a 503 for a photo the store refused says otherwise and is not counted here.
  const pastBudget = flood.answers.filter((a) => a.status === 503 && /many images/.test(a.message)).length;
  console.log(`refused with 503 past the upload budget (UPLOAD_BUDGET_BYTES, default 256 MB): ${pastBudget} of ${CLIENTS}`);
  console.log(
    `GET /api/health meanwhile: ${flood.health.ok} of ${flood.health.total} polls answered OK, slowest ${flood.health.maxMs.toFixed(0)} ms; not OK: ${flood.health.failed}`,
  );
  console.log(`gateway peak RSS: ${mb(flood.peak)} (${mb(flood.peak - idle)} above idle)`);

  console.log(`\nPOST /api/analyze, ${CLIENTS} users at once, each 10 photos of 5 MB (real JPEGs), offline engine`);
  console.log(`answers: ${statusLine(memory.answers)} in ${memory.seconds.toFixed(0)} s; refused: ${refusals(memory.answers)}`);
  console.log(
    `GET /api/health meanwhile: ${memory.health.ok} of ${memory.health.total} polls answered OK, slowest ${memory.health.maxMs.toFixed(0)} ms; not OK: ${memory.health.failed}`,
  );
  console.log(
    `gateway RSS: idle ${mb(idle)}, peak ${mb(memory.peak)} (${memory.samples} samples${memory.hwmReset ? ' and VmHWM' : ''}), ` +
      `peak - idle: ${mb(memory.peak - idle)} (target: at most ${TARGET_PEAK_ABOVE_IDLE_MB} MB above idle)`,
  );

  console.log('\nPOST /api/analyze, 3 fixture photos (4.0 MB), offline engine');
  console.log('concurrency  requests   pipeline p50   p95 | in-process p50   p95 | added p50   p95   (ms)');
  for (const r of rows) {
    const pp50 = percentile(r.pipeline, 50);
    const pp95 = percentile(r.pipeline, 95);
    const ip50 = percentile(r.inProcess, 50);
    const ip95 = percentile(r.inProcess, 95);
    r.added = { p50: pp50 - ip50, p95: pp95 - ip95 };
    console.log(
      `${String(r.concurrency).padStart(11)} ${String(r.total).padStart(9)} ${fmt(pp50)} ${fmt(pp95)} | ${fmt(ip50)} ${fmt(ip95)} | ${fmt(r.added.p50)} ${fmt(r.added.p95)}`,
    );
  }
  const c8 = rows.find((r) => r.concurrency === 8);
  console.log(`at concurrency 8: added latency p50: ${Math.round(c8.added.p50)} ms, p95: ${Math.round(c8.added.p95)} ms`);
  const c1 = rows.find((r) => r.concurrency === 1);
  const storeP50 = percentile(storeTimes.store, 50);
  const readBackP50 = percentile(storeTimes.readBack, 50);
  console.log(
    `the S3 store alone, the same 3 photos at concurrency 1: stored one after another p50 ${storeP50.toFixed(1)} ms, ` +
      `read back at once p50 ${readBackP50.toFixed(1)} ms; ${(storeP50 + readBackP50).toFixed(1)} ms of the added latency`,
  );
  console.log(
    `added latency p50: ${Math.round(c1.added.p50)} ms, p95: ${Math.round(c1.added.p95)} ms (target: added p50 at concurrency 1 at most ${TARGET_ADDED_P50_MS} ms)`,
  );
} catch (error) {
  await stopApp();
  console.error(error instanceof Error ? error.message : error);
  console.error(`the app's log: ${path.relative(process.cwd(), APP_LOG)}`);
  process.exit(1);
}
