// What every benchmark does to run the app: start it through `scripts/start.mjs` on state of its
// own (as `npm start` runs it), wait until `/api/health` answers, and stop all of it afterwards.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
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
