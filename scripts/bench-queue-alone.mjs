// The queue's own share of a command (docs/performance.md, `npm run bench:credits`): BullMQ request
// and reply as `CommandClient` makes it (add, wait on `QueueEvents`, remove), answered by a worker
// that does nothing, in a process of its own as a service is. What a command costs before its
// handler does any work, so a latency budget below it cannot be met by any handler.
//
// Imported: `measureQueueAlone` runs the callers. Run as a script (by `measureQueueAlone` only):
// `node scripts/bench-queue-alone.mjs <redisUrl> <queue> <concurrency>` is the worker; it prints
// `ready` once it takes jobs and stops when its stdin closes.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { redisConnection } from '@archlens/platform/messaging';
import { inParallel } from './bench-app.mjs';

const SELF = fileURLToPath(import.meta.url);
const QUEUE = 'bench-queue-alone';

/**
 * Sends `total` commands to a worker that answers at once, `inFlight` at a time, for each entry of
 * `inFlightRuns`, after 50 to warm up.
 * @param options.redisUrl the Redis of the app under test (the queue is the benchmark's own)
 * @param options.settings the queue settings to copy (`QUEUE_SETTINGS[queue]`: concurrency, retention)
 * @returns per run `{ inFlight, durations (ms each), wallMs }` (`inParallel`)
 * @throws Error when the worker process does not start
 */
export async function measureQueueAlone({ redisUrl, settings, total, inFlightRuns }) {
  const worker = spawn(process.execPath, [SELF, redisUrl, QUEUE, String(settings.concurrency)], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    worker.stdout.once('data', resolve);
    worker.once('exit', (code) => reject(new Error(`the queue-alone worker exited with ${code}`)));
  });
  const connection = redisConnection(redisUrl);
  const queue = new Queue(QUEUE, { connection });
  // The queue is new each run: its events are read from the start, so a reply published before the
  // reader's first read is not lost (bullmq issue #2874; CommandClient's `openEvents` does the same).
  const events = new QueueEvents(QUEUE, { connection, lastEventId: '0-0' });
  queue.setMaxListeners(0);
  events.setMaxListeners(0);
  const jobOptions = { removeOnComplete: { age: settings.keepCompletedSeconds }, removeOnFail: { age: settings.keepFailedSeconds } };
  const request = async () => {
    const job = await queue.add('noop', { amount: 5 }, jobOptions);
    await job.waitUntilFinished(events, settings.replyTimeoutMs);
    void job.remove().catch(() => undefined);
  };
  const run = async (count, inFlight) => ({ inFlight, ...(await inParallel(count, inFlight, request)) });
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    await run(50, 50);
    const results = [];
    for (const inFlight of inFlightRuns) results.push(await run(total, inFlight));
    return results;
  } finally {
    worker.stdin.end();
    await events.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

if (process.argv[1] === SELF) {
  const [redisUrl, queue, concurrency] = process.argv.slice(2);
  const worker = new Worker(queue, async () => ({ ok: true }), { connection: redisConnection(redisUrl), concurrency: Number(concurrency) });
  await worker.waitUntilReady();
  process.stdout.write('ready\n');
  process.stdin.on('end', () => void worker.close().then(() => process.exit(0)));
  process.stdin.resume();
}
