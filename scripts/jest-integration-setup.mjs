// Jest global setup for `*.integration-spec.ts`: the real PostgreSQL (a fresh database,
// `ARCHLENS_TEST_DB` or archlens_test), Redis (database `ARCHLENS_TEST_REDIS_DB` or 15, flushed) and
// an S3-compatible server on a free port. Two checkouts can run their suites side by side when each
// sets its own pair.
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { Redis } from 'ioredis';
import { ensurePostgres, ensureRedis, ensureS3 } from './local-services.mjs';

export default async function setup() {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'archlens-it-'));
  const postgres = await ensurePostgres({
    database: process.env.ARCHLENS_TEST_DB ?? 'archlens_test',
    stateDir: path.resolve('.local/test'),
    pgPort: 54349,
    fresh: true,
  });
  const redis = await ensureRedis({ db: Number(process.env.ARCHLENS_TEST_REDIS_DB ?? 15), stateDir, redisPort: 63795 });
  const flush = new Redis(redis.url);
  await flush.flushdb();
  await flush.quit();
  const s3 = await ensureS3({ stateDir, s3Port: 0, bucket: 'archlens-test' });
  Object.assign(process.env, s3.env, { DATABASE_URL: postgres.url, REDIS_URL: redis.url, ARCHLENS_IT_STATE_DIR: stateDir });
  globalThis.__archlensStops = [s3.stop, redis.stop, postgres.stop];
}
