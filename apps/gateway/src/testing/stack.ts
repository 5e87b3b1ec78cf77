// Test-only: boots auth-service, analysis-worker and the gateway in this process, exactly as their
// main.ts files do, against the real PostgreSQL, Redis and S3 server of the integration setup.
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { QUEUES, type QueueName } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { AuthModule } from '../../../auth-service/src/auth.module.js';
import { loadAuthConfig } from '../../../auth-service/src/config.js';
import { AnalysisWorkerModule } from '../../../analysis-worker/src/analysis-worker.module.js';
import { loadAnalysisConfig } from '../../../analysis-worker/src/config.js';
import { createGatewayApp } from '../app.factory.js';
import { loadGatewayConfig } from '../config.js';

export interface StackOptions {
  /**
   * Extra environment for every app, e.g. `OPENAI_API_KEY` and `OPENAI_BASE_URL` to give the
   * analysis worker the OpenAI engine against a loopback server (offline engine otherwise).
   */
  env?: NodeJS.ProcessEnv;
}

export interface Stack {
  gateway: NestExpressApplication;
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  storage: ObjectStorage;
  db: pg.Pool;
  stopAnalysisWorker(): Promise<void>;
  /** Everything an upload could leave behind: objects, jobs ever added, analysis rows. */
  footprint(): Promise<{ objects: number; jobsAdded: Record<QueueName, number>; analyses: number }>;
  close(): Promise<void>;
}

/** Starts the three apps; call `close()` in afterAll. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_API_KEY: '', ...options.env };
  const auth = await NestFactory.createApplicationContext(AuthModule.forRoot(loadAuthConfig(env)), { logger: ['error'] });
  let analysis: INestApplicationContext | undefined = await NestFactory.createApplicationContext(
    AnalysisWorkerModule.forRoot(loadAnalysisConfig(env)),
    { logger: ['error'] },
  );
  const gatewayConfig = loadGatewayConfig({ ...env, FRONTEND_DIST: '/nonexistent-spa' });
  const gateway = await createGatewayApp(gatewayConfig, { logger: ['error'] });
  await gateway.init();
  const storage = new ObjectStorage(gatewayConfig);
  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  const redis = new Redis(redisConnection(gatewayConfig.REDIS_URL));
  const queues = Object.values(QUEUES).map((q) => new Queue(q, { connection: redisConnection(gatewayConfig.REDIS_URL) }));

  return {
    gateway,
    http: gateway.getHttpServer(),
    storage,
    db,
    async stopAnalysisWorker() {
      await analysis?.close();
      analysis = undefined;
    },
    async footprint() {
      const objects = (await storage.list('uploads/')).length;
      const jobsAdded = {} as Record<QueueName, number>;
      for (const q of Object.values(QUEUES)) jobsAdded[q] = Number((await redis.get(`bull:${q}:id`)) ?? 0);
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM analysis.analyses');
      return { objects, jobsAdded, analyses: Number(rows[0]!.n) };
    },
    async close() {
      await gateway.close();
      await analysis?.close();
      await auth.close();
      await Promise.all(queues.map((q) => q.close()));
      await redis.quit();
      await db.end();
    },
  };
}
