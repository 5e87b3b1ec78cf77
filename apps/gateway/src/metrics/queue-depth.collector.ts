import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUES } from '@archlens/contracts/queues';
import { failFastRedisOptions } from '@archlens/platform/messaging';
import { gauge } from '@archlens/platform/metrics';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** The collectors of the gateways running in this process (one in production); the gauge reads the newest. */
const collectors = new Set<QueueDepthCollector>();

/** The job states whose counts are exported per queue. */
const STATES = ['waiting', 'active', 'delayed'] as const;

/**
 * `archlens_queue_jobs{queue, state}`: jobs waiting, active and delayed in each
 * BullMQ queue of `QUEUES` (command queues and the event subscriber queue), read with `getJobCounts` on each
 * scrape. While Redis is down the scrape still answers, without this series. One fail-fast `Queue`
 * handle per queue, opened on the first scrape.
 */
@Injectable()
export class QueueDepthCollector implements OnApplicationShutdown {
  private queues?: Queue[];

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    collectors.add(this);
    gauge({
      name: 'archlens_queue_jobs',
      help: 'Jobs in each BullMQ queue by state (waiting, active, delayed), read at scrape time.',
      labelNames: ['queue', 'state'] as const,
      async collect() {
        this.reset();
        for (const [queue, byState] of (await [...collectors].at(-1)?.counts()) ?? []) {
          for (const state of STATES) this.set({ queue, state }, byState[state] ?? 0);
        }
      },
    });
  }

  /** Every queue's counts; an empty list when Redis does not answer. */
  async counts(): Promise<Array<[string, Record<string, number>]>> {
    this.queues ??= Object.values(QUEUES).map((name) => {
      const queue = new Queue(name, { connection: failFastRedisOptions(this.config.REDIS_URL) });
      queue.on('error', () => undefined); // a down Redis shows as a missing series, not a crash
      return queue;
    });
    try {
      return await Promise.all(this.queues.map(async (q) => [q.name, await q.getJobCounts(...STATES)] as [string, Record<string, number>]));
    } catch {
      return [];
    }
  }

  /** Nest shutdown hook: leaves the gauge's collectors and closes the queue handles it opened. */
  async onApplicationShutdown(): Promise<void> {
    collectors.delete(this);
    await Promise.all((this.queues ?? []).map((q) => q.close().catch(() => undefined)));
  }
}
