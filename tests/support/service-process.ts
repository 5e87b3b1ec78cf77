// Test-only: runs an app as its own process (`node apps/<app>/dist/main.js`, built by `npm test`
// before the integration tier), as a deployment would, so a test can SIGTERM or `kill -9` it
// (the pattern of tests/generation/worker-restart.integration-spec.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import type { QueueName } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The apps that run as processes of their own. */
export type AppName =
  'gateway' | 'auth-service' | 'analysis-worker' | 'email-worker' | 'leads-service' | 'billing-service' | 'generation-worker';

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** Everything it wrote on stdout and stderr, in order. */
  logs: string[];
  /** Resolves when it exits: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (SIGKILL for a crash, SIGTERM for a stop) and waits for the exit. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Worker processes listening on `queue` on the Redis database of `redisUrl`. */
export async function workersOn(queue: QueueName, redisUrl: string): Promise<number> {
  const q = new Queue(queue, { connection: redisConnection(redisUrl) });
  try {
    const db = redisConnection(redisUrl).db;
    return (await q.getWorkers()).filter((w) => Number(w.db) === db).length;
  } finally {
    await q.close();
  }
}

/**
 * Starts `app` as a child process with `env` and waits until it is ready: a worker until one more
 * worker listens on `ready.queue`; the gateway until `ready.port` accepts connections.
 * @throws Error with its logs when it exits or is not ready within 30 s
 */
export async function startServiceProcess(
  app: AppName,
  env: NodeJS.ProcessEnv,
  ready: { queue: QueueName } | { port: number },
  name: string = app,
): Promise<ServiceProcess> {
  const main = path.join(repoRoot, 'apps', app, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build first (npm run build).`);
  const before = 'queue' in ready ? await workersOn(ready.queue, env.REDIS_URL!) : 0;
  const child = spawn(process.execPath, [main], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => logs.push(`[${name}] ${chunk.toString()}`));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const service: ServiceProcess = {
    name,
    child,
    logs,
    exited,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited early:\n${logs.join('')}`);
    const up = 'queue' in ready ? (await workersOn(ready.queue, env.REDIS_URL!)) > before : await isListening(ready.port);
    if (up) return service;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} was not ready within 30 s:\n${logs.join('')}`);
}
