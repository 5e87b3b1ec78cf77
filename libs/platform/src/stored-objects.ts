import { Redis } from 'ioredis';
import { redisConnection } from './messaging.js';

/** What the writer of an object reports: it is in storage, or its upload failed. */
export type StoreOutcome = 'stored' | 'failed';

/** Prefix of the Redis list that carries the signal of one object key. */
export const STORED_SIGNAL_PREFIX = 'archlens:object-stored:';
/**
 * A signal nobody reads (its job was removed, its worker crashed) expires after this long, in
 * seconds: longer than any wait (`waitForStored`'s timeout), so a late reader still finds it.
 */
export const STORED_SIGNAL_TTL_SECONDS = 900;
/** Idle blocking connections kept for the next waits; more are opened while needed, then closed. */
const MAX_IDLE_CONNECTIONS = 4;

/** An object whose writer reported a failed upload, or whose signal did not come in time. */
export class ObjectNotStoredError extends Error {
  override readonly name = 'ObjectNotStoredError';
  constructor(
    readonly key: string,
    readonly reason: 'failed' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Tells the reader of an object that its writer has stored it, through Redis.
 *
 * Why: the gateway sends an analysis job as soon as the upload is validated and stores the
 * originals while the job travels, so the worker measures the photos already stored while a large
 * one is still on its way (README "Benchmark"). S3 offers no "wait until this key exists", and a
 * GET during the PUT finds nothing (S3, MinIO) or half a file (s3rver), so the writer signals
 * each key and the reader reads a key only after its signal.
 *
 * Protocol: one Redis list per key, `STORED_SIGNAL_PREFIX + key`, receives one element,
 * 'stored' or 'failed', and expires `STORED_SIGNAL_TTL_SECONDS` later whether read or not. The
 * reader pops it with BLPOP (on a connection of its own, as BLPOP blocks the connection), so a
 * signal is read once and may come before or after the reader starts waiting.
 */
export class StoredObjectSignals {
  private readonly writer: Redis;
  private readonly idle: Redis[] = [];
  private closed = false;

  /** @param redisUrl the Redis both sides use (the queues' Redis) */
  constructor(private readonly redisUrl: string) {
    this.writer = new Redis(redisConnection(redisUrl));
  }

  /**
   * Reports that `key` is stored (after its PUT succeeded) or will not be (its PUT failed).
   * @throws the Redis client's error when Redis does not take the signal
   */
  async signal(key: string, outcome: StoreOutcome): Promise<void> {
    const list = STORED_SIGNAL_PREFIX + key;
    const replies = await this.writer.multi().rpush(list, outcome).expire(list, STORED_SIGNAL_TTL_SECONDS).exec();
    const failed = replies?.find(([error]) => error);
    if (!replies || failed) throw failed?.[0] ?? new Error(`Redis did not take the stored signal of "${key}"`);
  }

  /**
   * Waits for the signal of each key, on one blocking connection, taking them as they come.
   * @param keys object keys, each signalled once by its writer
   * @param timeoutMs how long to wait for all the signals together, in ms
   * @returns one promise per key, in the order of `keys`: it resolves when the key is stored and
   *   rejects with `ObjectNotStoredError` when its upload failed (reason 'failed') or no signal came
   *   within `timeoutMs` (reason 'timeout', also when the connection to Redis is lost)
   */
  waitForStored(keys: readonly string[], timeoutMs: number): Promise<void>[] {
    const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
    const arrivals = keys.map(
      (key) =>
        new Promise<void>((resolve, reject) => {
          pending.set(STORED_SIGNAL_PREFIX + key, { resolve, reject });
        }),
    );
    // A caller that stops at the first failure leaves the other promises unobserved.
    for (const arrival of arrivals) arrival.catch(() => undefined);
    void this.collect(pending, timeoutMs);
    return arrivals;
  }

  private async collect(
    pending: Map<string, { resolve: () => void; reject: (error: Error) => void }>,
    timeoutMs: number,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const connection = this.acquire();
    let healthy = true;
    // BLPOP's own timeout ends a wait on a live connection; this one covers a connection that
    // hangs (Redis gone, the client reconnecting), which BLPOP alone would wait on for ever.
    const guard = setTimeout(() => {
      healthy = false;
      connection.disconnect();
    }, timeoutMs + 1000);
    try {
      while (pending.size > 0) {
        const secondsLeft = (deadline - Date.now()) / 1000;
        if (secondsLeft <= 0) break;
        // BLPOP takes seconds with decimals (Redis 6+); 0 would mean "for ever".
        const popped = await connection.blpop([...pending.keys()], Math.max(secondsLeft, 0.01));
        if (!popped) break;
        const [list, outcome] = popped;
        const waiter = pending.get(list);
        pending.delete(list);
        const key = list.slice(STORED_SIGNAL_PREFIX.length);
        if (outcome === 'stored') waiter?.resolve();
        else waiter?.reject(new ObjectNotStoredError(key, 'failed', `The upload of "${key}" to object storage failed.`));
      }
    } catch {
      healthy = false;
    } finally {
      clearTimeout(guard);
      for (const [list, waiter] of pending) {
        const key = list.slice(STORED_SIGNAL_PREFIX.length);
        waiter.reject(new ObjectNotStoredError(key, 'timeout', `"${key}" was not reported stored within ${Math.round(timeoutMs / 1000)} s.`));
      }
      this.release(connection, healthy);
    }
  }

  private acquire(): Redis {
    return this.idle.pop() ?? new Redis({ ...redisConnection(this.redisUrl), maxRetriesPerRequest: 1 });
  }

  private release(connection: Redis, healthy: boolean): void {
    if (healthy && !this.closed && this.idle.length < MAX_IDLE_CONNECTIONS) this.idle.push(connection);
    else connection.disconnect();
  }

  /** Closes the writer and the idle blocking connections (waits in progress close theirs when done). */
  async close(): Promise<void> {
    this.closed = true;
    for (const connection of this.idle.splice(0)) connection.disconnect();
    await this.writer.quit().catch(() => undefined);
  }
}
