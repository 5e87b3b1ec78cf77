// What every benchmark does to run the app: start it through `scripts/start.mjs` on state of its
// own (as `npm start` runs it), wait until `/api/health` answers, find an app's process and sample
// its memory, stop all of it afterwards, and clear the state it left.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './bootstrap.mjs';

/** Process ids below `pid` (its children, theirs, …), from `/proc/<pid>/task/<tid>/children`. */
export function descendants(pid) {
  const children = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (listed) children.push(...listed.split(/\s+/).map(Number));
    }
  } catch {
    // the process or thread exited meanwhile
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/**
 * Starts the app for a benchmark, already built (`ARCHLENS_SKIP_BUILD=1`), with the offline engine.
 * Its log goes to `<stateDir>/app.log`, so a failed run can say what happened without drowning the figures.
 * @param options.port the gateway's port
 * @param options.stateDir the benchmark's state directory, relative to the repository root
 * @param options.env more environment: its own database, Redis database and ports, limits
 * @returns `app` (the start script's process), `logPath`, `waitHealthy()` (throws when the app does
 *   not answer `/api/health` within 2 minutes or exits first) and `stop()` (Ctrl-C to the start
 *   script; after a minute, kills whatever of it is left)
 */
export function startBenchApp({ port, stateDir, env }) {
  const logPath = path.join(ROOT, stateDir, 'app.log');
  mkdirSync(path.dirname(logPath), { recursive: true });
  const log = openSync(logPath, 'w');
  const app = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ARCHLENS_SKIP_BUILD: '1', ARCHLENS_STATE_DIR: stateDir, OPENAI_API_KEY: '', ...env },
    stdio: ['ignore', log, log],
  });
  const waitHealthy = async () => {
    for (let i = 0; i < 480 && app.exitCode === null; i++) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (healthy) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the app did not become healthy');
  };
  const stop = () =>
    new Promise((resolve) => {
      if (app.exitCode !== null) return resolve();
      const left = descendants(app.pid);
      const kill = setTimeout(() => {
        for (const pid of [app.pid, ...left]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // exited
          }
        }
      }, 60_000);
      app.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      app.kill('SIGINT');
    });
  return { app, logPath, waitHealthy, stop };
}

/**
 * The process of one app (`apps/<app>/dist/main.js`) started below a benchmark's start script (not
 * another copy on the machine).
 * @param app the app's folder name, e.g. "gateway" or "leads-service"
 * @throws Error when there is none
 */
export function appPid(startPid, app) {
  const main = path.join(ROOT, 'apps', app, 'dist', 'main.js');
  const pid = descendants(startPid).find((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').includes(main);
    } catch {
      return false; // exited meanwhile
    }
  });
  if (pid === undefined) throw new Error(`no ${path.relative(ROOT, main)} below the start script (pid ${startPid})`);
  return pid;
}

/** VmRSS and VmHWM (the kernel's peak since the last reset) of a process, in bytes. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kB('VmRSS'), hwm: kB('VmHWM') };
}

/**
 * Samples a process's RSS every `intervalMs` until `stop()`, which returns the peak in bytes: the
 * highest sample or the kernel's own high-water mark, whichever is higher (VmHWM, reset through
 * `/proc/<pid>/clear_refs` when sampling begins, catches a peak between two samples).
 */
export function sampleRss(pid, intervalMs) {
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false; // VmHWM then counts from the process's start: use the samples only
  }
  const samples = [];
  /** Takes one sample; stops sampling when the process is gone (the run then fails on its requests). */
  const sample = () => {
    try {
      const memory = memoryOf(pid);
      samples.push(memory.rss);
      return memory;
    } catch {
      clearInterval(timer);
      return { rss: 0, hwm: 0 };
    }
  };
  const timer = setInterval(sample, intervalMs);
  sample();
  return {
    samples,
    stop() {
      clearInterval(timer);
      const last = sample();
      return { peak: Math.max(...samples, hwmReset ? last.hwm : 0), samples: samples.length, hwmReset };
    },
  };
}

/**
 * Removes what a benchmark's app left: its database on the machine's PostgreSQL (an embedded one
 * lives in the state directory), its Redis database on the machine's Redis (a private one keeps
 * nothing on disk), and its state directory.
 * @param options.database, options.redisDb, options.stateDir (relative to the repository root)
 */
export async function clearBenchState({ database, redisDb, stateDir }) {
  const { default: pg } = await import('pg');
  const { default: Redis } = await import('ioredis');
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${database.replace(/"/g, '')}" WITH (FORCE)`);
  } catch {
    // no machine PostgreSQL
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis({
    host: '127.0.0.1',
    port: 6379,
    db: redisDb,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.flushdb();
  } catch {
    // no machine Redis
  } finally {
    redis.disconnect();
  }
  rmSync(path.join(ROOT, stateDir), { recursive: true, force: true });
}

/**
 * Runs `count` calls of `task(lane)`, `inFlight` at a time: lanes 0 to inFlight − 1, each starting
 * its next call when its last one ends.
 * @returns each call's result and duration (ms), in the order they ended, and the wall time (ms)
 * @throws the first error a call throws (the other lanes' calls under way still finish)
 */
export async function inParallel(count, inFlight, task) {
  const results = [];
  const durations = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, lane) => {
      while (next < count) {
        next += 1;
        const start = performance.now();
        results.push(await task(lane));
        durations.push(performance.now() - start);
      }
    }),
  );
  return { results, durations, wallMs: performance.now() - started };
}

/** The `p`th percentile (0 to 100, nearest rank) of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A client of the database a benchmark's app was given: the machine's PostgreSQL when it answers,
 * else the embedded cluster on `pgPort` (scripts/local-services.mjs).
 * @throws Error when neither answers
 */
export async function connectBenchDatabase({ database, pgPort }) {
  const { default: pg } = await import('pg');
  for (const url of [`postgres://postgres@127.0.0.1:5432/${database}`, `postgres://postgres:archlens@127.0.0.1:${pgPort}/${database}`]) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      return client;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`cannot reach the benchmark's database ${database}`);
}
