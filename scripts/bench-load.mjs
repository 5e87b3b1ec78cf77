#!/usr/bin/env node
// `npm run bench:load` (docs/performance.md): a realistic mix of requests through
// the gateway on loopback, driven by autocannon for a bounded time, with each app process's memory.
// Routes: sign-ins (POST /api/auth/signin, accounts made beforehand), user checks
// (GET /api/auth/user), analyses on the offline engine (POST /api/analyze, one fixture photo) and
// history calls (GET /api/analyses, GET /api/generations), the last four with session cookies.
// Two phases: each route alone (`ALONE_SECONDS` each), then every route at once (`MIX_SECONDS`).
// Prints per route and phase requests/s, p50/p95/p99 latency and errors (non-2xx and socket errors
// or timeouts), then each process of the started stack with its idle and peak RSS and the total.
// The app runs as `npm start` runs it, on state of its own (port 4000, database archlens_benchload,
// Redis db 9, .local/benchload), cleared before and after. `ARCHLENS_SKIP_BUILD=1` skips the build.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearBenchState, descendants, percentile, sampleRss, startBenchApp } from './bench-app.mjs';
import { buildAll, ensureDependencies, log, ROOT } from './bootstrap.mjs';

const PORT = 4000;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE_DIR = '.local/benchload';
const DATABASE = 'archlens_benchload';
const REDIS_DB = 9;
const PHOTO = path.resolve(ROOT, '../shared/fixtures/photos/mit-media-lab.jpg');
const PASSWORD = 'benchmark-load';
/** Accounts signed up beforehand: sign-ins go round them; every other route uses one session each. */
const SIGN_IN_ACCOUNTS = 10;
const SESSION_USERS = 16;
const ALONE_SECONDS = 15;
const MIX_SECONDS = 30;
const WARM_UP_SECONDS = 5;
const RSS_SAMPLE_MS = 50;
/** autocannon's per-request timeout: a request unanswered after this counts as an error. */
const TIMEOUT_SECONDS = 30;
const MB = 1024 * 1024;

ensureDependencies();
if (process.env.ARCHLENS_SKIP_BUILD !== '1') buildAll();
const { default: autocannon } = await import('autocannon');
const { default: MultipartForm } = await import('form-data');

/**
 * The routes and how many connections each keeps busy (closed loop: a connection sends its next
 * request when the previous one is answered). An analysis connection has a user of its own, as a
 * user may run only 2 analyses at once.
 */
function routes({ signInEmails, cookies }) {
  let nextSignIn = 0;
  const form = new MultipartForm();
  form.append('images', readFileSync(PHOTO), { filename: path.basename(PHOTO), contentType: 'image/jpeg' });
  const upload = form.getBuffer();
  /** One session per connection, handed out in turn: a route's connections get different users. */
  const sessionPerConnection = () => {
    let next = 0;
    return (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length] });
  };
  return [
    {
      name: 'POST /api/auth/signin',
      connections: 2,
      options: {
        method: 'POST',
        path: '/api/auth/signin',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ email: signInEmails[nextSignIn++ % signInEmails.length], password: PASSWORD }),
            }),
          },
        ],
      },
    },
    { name: 'GET /api/auth/user', connections: 8, options: { path: '/api/auth/user', setupClient: sessionPerConnection() } },
    {
      name: 'POST /api/analyze (1 photo)',
      connections: 4,
      options: {
        method: 'POST',
        path: '/api/analyze',
        headers: form.getHeaders(),
        body: upload,
        setupClient: sessionPerConnection(),
      },
    },
    { name: 'GET /api/analyses', connections: 4, options: { path: '/api/analyses', setupClient: sessionPerConnection() } },
    { name: 'GET /api/generations', connections: 4, options: { path: '/api/generations', setupClient: sessionPerConnection() } },
  ];
}

/**
 * Runs one autocannon instance for `route` during `seconds`. Latency percentiles come from every
 * answer's own time (autocannon's histogram has no p95), errors from its counts.
 */
function drive(route, seconds) {
  const latencies = [];
  // autocannon takes the path from the URL (an option `path` is ignored).
  const { path: routePath, ...options } = route.options;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${BASE}${routePath}`, connections: route.connections, duration: seconds, timeout: TIMEOUT_SECONDS, ...options },
      (error, result) => {
        if (error) return reject(error);
        const refused = Object.entries(result.statusCodeStats)
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, { count }]) => `${status} × ${count}`);
        resolve({
          name: route.name,
          connections: route.connections,
          answered: latencies.length,
          perSecond: latencies.length / result.duration,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          non2xx: result.non2xx,
          socketErrors: result.errors,
          timeouts: result.timeouts,
          refused,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Every process below the start script, named by its app (`gateway`, `generation-worker#2`) or script. */
function stackProcesses(startPid) {
  const named = [{ pid: startPid, name: 'start script (scripts/start.mjs)' }];
  for (const pid of descendants(startPid)) {
    let argv;
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue; // exited meanwhile
    }
    const main = argv.find((a) => /apps\/[^/]+\/dist\/main\.js$/.test(a));
    const script = argv.find((a) => a.endsWith('.mjs') || a.endsWith('.js'));
    const name = main ? main.split('/').at(-3) : script ? path.relative(ROOT, script) : path.basename(argv[0] ?? String(pid));
    named.push({ pid, name });
  }
  for (const p of named) {
    const copies = named.filter((o) => o.name === p.name);
    if (copies.length > 1) p.name += `#${copies.indexOf(p) + 1}`;
  }
  return named;
}

/** Samples every process until `stop()`, which returns each one's peak and the peak of their sum. */
function sampleStack(processes) {
  const samplers = processes.map((p) => ({ ...p, sampler: sampleRss(p.pid, RSS_SAMPLE_MS) }));
  return {
    stop() {
      const peaks = samplers.map((s) => ({ name: s.name, pid: s.pid, ...s.sampler.stop(), samples: s.sampler.samples }));
      // The samplers tick together; the n-th samples of all processes were taken within a few ms.
      const ticks = Math.min(...peaks.map((p) => p.samples.length));
      let sumPeak = 0;
      for (let i = 0; i < ticks; i++)
        sumPeak = Math.max(
          sumPeak,
          peaks.reduce((sum, p) => sum + p.samples[i], 0),
        );
      return { peaks, sumPeak };
    },
  };
}

const clearState = () => clearBenchState({ database: DATABASE, redisDb: REDIS_DB, stateDir: STATE_DIR });
await clearState();
const bench = startBenchApp({
  port: PORT,
  stateDir: STATE_DIR,
  env: {
    ARCHLENS_LOCAL_DB: DATABASE,
    ARCHLENS_LOCAL_REDIS_DB: String(REDIS_DB),
    ARCHLENS_LOCAL_PG_PORT: '54365',
    ARCHLENS_LOCAL_REDIS_PORT: '63801',
    ARCHLENS_LOCAL_S3_PORT: '9706',
    // Thousands of sign-ins and analyses from one address within minutes.
    RATE_LIMIT_SIGN_UP_PER_IP: '100000',
    RATE_LIMIT_SIGN_IN_PER_IP: '1000000',
    RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: '1000000',
    RATE_LIMIT_ANALYSES_PER_USER: '1000000',
  },
});

let failed = false;
try {
  await bench.waitHealthy();
  const signUp = async (n) => {
    const email = `load-${n}@example.com`;
    const response = await fetch(`${BASE}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, first_name: 'Load', last_name: `Bench ${n}`, password: PASSWORD }),
    });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    return { email, cookie: response.headers.get('set-cookie').split(';')[0] };
  };
  log(`signing up ${SIGN_IN_ACCOUNTS + SESSION_USERS} accounts…`);
  const accounts = [];
  for (let n = 1; n <= SIGN_IN_ACCOUNTS + SESSION_USERS; n++) accounts.push(await signUp(n));
  const mix = routes({
    signInEmails: accounts.slice(0, SIGN_IN_ACCOUNTS).map((a) => a.email),
    cookies: accounts.slice(SIGN_IN_ACCOUNTS).map((a) => a.cookie),
  });

  const processes = stackProcesses(bench.app.pid);
  const idle = sampleStack(processes);
  await new Promise((r) => setTimeout(r, 2_000));
  const idleRss = idle.stop();

  // The machine is shared: its load average says how much of the figures is the code.
  const loadAtStart = os.loadavg()[0];
  log(`warm-up: every route at once for ${WARM_UP_SECONDS} s…`);
  await Promise.all(mix.map((route) => drive(route, WARM_UP_SECONDS)));

  const alone = [];
  let sampling = sampleStack(processes);
  for (const route of mix) {
    log(`alone: ${route.name}, ${route.connections} connections, ${ALONE_SECONDS} s…`);
    alone.push(await drive(route, ALONE_SECONDS));
  }
  const aloneRss = sampling.stop();

  log(`mix: every route at once for ${MIX_SECONDS} s (${mix.reduce((n, r) => n + r.connections, 0)} connections)…`);
  sampling = sampleStack(processes);
  const together = await Promise.all(mix.map((route) => drive(route, MIX_SECONDS)));
  const mixRss = sampling.stop();

  console.log(
    `\n${os.cpus().length} cores; 1-minute load average ${loadAtStart.toFixed(1)} before the load, ${os.loadavg()[0].toFixed(1)} after it` +
      ' (autocannon runs in this process, on the same cores)',
  );
  const ms = (v) => (v === undefined ? '-' : v.toFixed(1)).padStart(8);
  const table = (title, rows) => {
    console.log(`\n${title}`);
    console.log(`${'route'.padEnd(28)} conns   req/s      p50      p95      p99 (ms)   errors`);
    for (const r of rows) {
      const errors = r.non2xx + r.socketErrors;
      const detail = [...r.refused, r.socketErrors ? `socket ${r.socketErrors} (timeouts ${r.timeouts})` : ''].filter(Boolean).join(', ');
      console.log(
        `${r.name.padEnd(28)} ${String(r.connections).padStart(5)} ${r.perSecond.toFixed(1).padStart(7)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)}        ${errors}${detail ? ` (${detail})` : ''}`,
      );
    }
  };
  table(`each route alone, ${ALONE_SECONDS} s each`, alone);
  table(`the mix: every route at once, ${MIX_SECONDS} s`, together);
  console.log(`  total ${together.reduce((n, r) => n + r.perSecond, 0).toFixed(1)} req/s`);

  const mb = (bytes) => `${(bytes / MB).toFixed(0)} MB`.padStart(9);
  console.log(`\nRSS of each process of the started stack (sampled every ${RSS_SAMPLE_MS} ms, with VmHWM)`);
  console.log(`${'process'.padEnd(34)}     idle  peak alone  peak mix`);
  for (const [i, p] of processes.entries()) {
    console.log(
      `${p.name.padEnd(34)} ${mb(percentile(idleRss.peaks[i].samples, 50))}   ${mb(aloneRss.peaks[i].peak)} ${mb(mixRss.peaks[i].peak)}`,
    );
  }
  const sum = (rss, key) => rss.peaks.reduce((n, p) => n + (key === 'idle' ? percentile(p.samples, 50) : p.peak), 0);
  console.log(`${"total, sum of each process's peak".padEnd(34)} ${mb(sum(idleRss, 'idle'))}   ${mb(sum(aloneRss))} ${mb(sum(mixRss))}`);
  console.log(`${'total, peak of the summed samples'.padEnd(34)} ${' '.repeat(9)}   ${mb(aloneRss.sumPeak)} ${mb(mixRss.sumPeak)}`);
  console.log("(PostgreSQL and Redis are the machine's, shared with other work: not counted)");
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  console.error(`the end of the app's log:\n${readFileSync(bench.logPath, 'utf8').split('\n').slice(-40).join('\n')}`);
} finally {
  await bench.stop();
  await clearState();
}
process.exit(failed ? 1 : 0);
