/**
 * Graceful shutdown (docs/operations.md): how long a process may take to finish
 * what it holds after SIGTERM, and a wait bounded by it.
 */

/**
 * Default grace period, in ms: 25 s, inside Kubernetes' default `terminationGracePeriodSeconds`
 * (30 s) and docker's stop timeout once raised to 30 s, so the process ends on its own before it is killed.
 */
export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

/**
 * The grace period of this deployment: `SHUTDOWN_GRACE_MS` (a whole number of ms, 0 to 600000)
 * or `DEFAULT_SHUTDOWN_GRACE_MS`.
 * @throws Error naming the variable when it is set to anything else (checked at boot)
 */
export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SHUTDOWN_GRACE_MS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_SHUTDOWN_GRACE_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 600_000) {
    throw new Error(`SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 600000, not "${raw}"`);
  }
  return value;
}

/**
 * Waits for `work` at most `graceMs`.
 * @returns 'done' when it settled in time (a rejection counts as settled), 'timed-out' otherwise
 *   (the work goes on; the caller decides what to give up)
 */
export async function waitWithinGrace(work: Promise<unknown>, graceMs: number): Promise<'done' | 'timed-out'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), graceMs);
  });
  try {
    return await Promise.race([
      work.then(
        () => 'done' as const,
        () => 'done' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `JOB_LOCK_DURATION_MS` (whole ms, 500 to 600000) when set: every queue's job lock in a worker
 * service, i.e. how soon the job of a copy that died (`kill -9`, a lost node) is found stalled and
 * run again, or handed back after the grace period. Unset: each queue's `QUEUE_SETTINGS`. A queue's
 * own override (e.g. `GENERATION_LOCK_DURATION_MS`) wins.
 * @throws Error naming the variable when it is set to anything else
 */
export function jobLockOverride(env: NodeJS.ProcessEnv = process.env): { lockDurationMs?: number } {
  const raw = env.JOB_LOCK_DURATION_MS;
  if (raw === undefined || raw.trim() === '') return {};
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 500 || value > 600_000) {
    throw new Error(`JOB_LOCK_DURATION_MS must be a whole number of milliseconds from 500 to 600000, not "${raw}"`);
  }
  return { lockDurationMs: value };
}
