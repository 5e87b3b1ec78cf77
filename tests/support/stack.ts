// Test-only: boots auth-service, analysis-worker, email-worker, leads-service, billing-service, generation-worker and the gateway in this process
// through their package entry points (what their main.ts files run), against the real PostgreSQL, Redis and S3
// server of the integration setup.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import argon2 from 'argon2';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { QUEUES, type QueueName } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';
import { generateSealingKeyPair } from '@archlens/platform/sealing';
import { ObjectStorage } from '@archlens/platform/storage';
import { startAnalysisWorker } from '@archlens/analysis-worker';
import { startAuthService } from '@archlens/auth-service';
import { startBillingService } from '@archlens/billing-service';
import { startEmailWorker } from '@archlens/email-worker';
import { startGenerationWorker } from '@archlens/generation-worker';
import { startLeadsService } from '@archlens/leads-service';
import { createGatewayApp, loadGatewayConfig } from '@archlens/gateway';

export interface StackOptions {
  /**
   * Extra environment for every app, e.g. `OPENAI_API_KEY` and `OPENAI_BASE_URL` to give the
   * analysis worker the OpenAI engine against a loopback server (offline engine otherwise), or
   * `RATE_LIMIT_*` to test the abuse limits (10000 each otherwise), or `FRONTEND_DIST` to serve an
   * SPA (none otherwise), or `SENDGRID_API_KEY` and `SENDGRID_BASE_URL` to send e-mail to a
   * loopback server (the stack's file outbox otherwise).
   */
  env?: NodeJS.ProcessEnv;
  /**
   * Whether to run a generation-worker in this process (default true). False for a test that runs
   * its own copies as child processes (`node apps/generation-worker/dist/main.js`), e.g. to kill one
   * mid-job; `env` is the environment to give them.
   */
  generationWorker?: boolean;
  /**
   * Whether to run these workers in this process (each true by default): false for a test that runs
   * them as child processes (the chaos suite), with `env`.
   */
  inProcess?: { analysisWorker?: boolean; emailWorker?: boolean; billingService?: boolean };
}

/** The queues `Stack.footprint` counts jobs of: all but `auth-lookup`, which answers every signed-in request's session check. */
type FootprintQueue = Exclude<QueueName, typeof QUEUES.authLookup>;

export interface Stack {
  gateway: NestExpressApplication;
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  storage: ObjectStorage;
  db: pg.Pool;
  /** The email-worker's file outbox (`EMAIL_OUTBOX_DIR`): a temporary folder of this stack, removed by `close()`. */
  outboxDir: string;
  /** The stack's e-mail sealing public key (`EMAIL_SEALING_PUBLIC_KEY`), to seal secrets for the email-worker. */
  emailSealingPublicKey: string;
  /**
   * The stack's admin (`ADMIN_USERNAME`, the plain password whose argon2id hash is
   * `ADMIN_PASSWORD_HASH`, and `ADMIN_TOKEN_SECRET`, to sign tokens the way the gateway does or not).
   */
  admin: { username: string; password: string; tokenSecret: string };
  /** The environment every app of the stack was started with. */
  env: NodeJS.ProcessEnv;
  stopAnalysisWorker(): Promise<void>;
  /**
   * Closes auth-service as a crash would leave it for the gateway: commands of the `auth` queue
   * are no longer taken. `close()` skips it afterwards.
   */
  stopAuthService(): Promise<void>;
  /**
   * Everything an upload could leave behind: originals (photos and sketches), jobs ever added, analysis and sketch-reading rows.
   * The `auth-lookup` queue is left out: every signed-in request asks it for the session's user, which leaves nothing behind.
   */
  footprint(): Promise<{ objects: number; jobsAdded: Record<FootprintQueue, number>; analyses: number; sketchReadings: number }>;
  close(): Promise<void>;
}

/**
 * Abuse limits of every stack unless `options.env` sets them: suites sign up and sign in many users
 * from 127.0.0.1, and each stack counts under its own Redis key prefix, so no suite trips another's.
 */
const TEST_RATE_LIMITS: NodeJS.ProcessEnv = {
  RATE_LIMIT_SIGN_IN_PER_IP: '10000',
  RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: '10000',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '10000',
  RATE_LIMIT_SIGN_UP_PER_IP: '10000',
  RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: '10000',
  RATE_LIMIT_FORGOT_PASSWORD_PER_IP: '10000',
  RATE_LIMIT_CHANGE_PASSWORD_PER_USER: '10000',
  RATE_LIMIT_VERIFICATION_EMAILS_PER_USER: '10000',
  RATE_LIMIT_VERIFY_EMAIL_PER_IP: '10000',
  RATE_LIMIT_ANALYSES_PER_USER: '10000',
  RATE_LIMIT_EMAIL_ANALYSIS_PER_USER: '10000',
  RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER: '10000',
  RATE_LIMIT_EMAILS_PER_RECIPIENT: '10000',
  RATE_LIMIT_EMAILS_TO_OTHERS_PER_USER_PER_DAY: '10000',
  RATE_LIMIT_EMAILS_ALL_USERS_PER_HOUR: '10000',
  RATE_LIMIT_GENERATIONS_PER_USER: '10000',
  RATE_LIMIT_ADMIN_LOGIN_PER_IP: '10000',
  RATE_LIMIT_VIP_LOGIN_PER_IP: '10000',
  RATE_LIMIT_STRIPE_WEBHOOK_PER_IP: '10000',
  RATE_LIMIT_SHARE_VIEWS_PER_IP: '10000',
};

/**
 * Fresh sealing key pairs for one stack: `AUTH_SEALING_PUBLIC_KEY` for the gateway and
 * `AUTH_SEALING_PRIVATE_KEY` for auth-service; `EMAIL_SEALING_PUBLIC_KEY` for auth-service and
 * `EMAIL_SEALING_PRIVATE_KEY` for the email-worker. The public keys are on one line with `\n`
 * escapes as an env file writes them. `options.env` may replace them.
 */
function sealingKeyEnv(): NodeJS.ProcessEnv {
  const auth = generateSealingKeyPair();
  const email = generateSealingKeyPair();
  return {
    AUTH_SEALING_PUBLIC_KEY: auth.publicKeyPem.trim().replace(/\n/g, '\\n'),
    AUTH_SEALING_PRIVATE_KEY: auth.privateKeyPem,
    EMAIL_SEALING_PUBLIC_KEY: email.publicKeyPem.trim().replace(/\n/g, '\\n'),
    EMAIL_SEALING_PRIVATE_KEY: email.privateKeyPem,
  };
}

/**
 * Admin credentials of one stack: a random password, its argon2id hash (the library's default
 * costs, as in production) and a random token key. `options.env` may replace them.
 */
async function adminEnv(): Promise<{ env: NodeJS.ProcessEnv; password: string }> {
  const password = randomBytes(12).toString('base64url');
  return {
    password,
    env: {
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD_HASH: await argon2.hash(password, { type: argon2.argon2id }),
      ADMIN_TOKEN_SECRET: randomBytes(48).toString('base64'),
    },
  };
}

/** Starts the apps; call `close()` in afterAll. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'archlens-outbox-'));
  const admin = await adminEnv();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    OPENAI_API_KEY: '',
    GENERATION_OPENAI_API_KEY: '',
    STABILITY_API_KEY: '',
    SENDGRID_API_KEY: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    EMAIL_OUTBOX_DIR: outboxDir,
    ...TEST_RATE_LIMITS,
    // The reservation expiry sweep is a scheduled billing job: every minute it would add to the
    // billing queue's job count that \`footprint()\` compares across a slow upload. Tests that need a
    // sweep run \`billing.expire-reservations\` themselves.
    BILLING_EXPIRY_SWEEP_MS: '3600000',
    RATE_LIMIT_KEY_PREFIX: `archlens:rl:test-${randomUUID()}:`,
    ...sealingKeyEnv(),
    ...admin.env,
    ...options.env,
  };
  let auth: INestApplicationContext | undefined = await startAuthService(env, { logger: ['error'] });
  let analysis: INestApplicationContext | undefined =
    options.inProcess?.analysisWorker === false ? undefined : await startAnalysisWorker(env, { logger: ['error'] });
  const email = options.inProcess?.emailWorker === false ? undefined : await startEmailWorker(env, { logger: ['error'] });
  const leads = await startLeadsService(env, { logger: ['error'] });
  const billing = options.inProcess?.billingService === false ? undefined : await startBillingService(env, { logger: ['error'] });
  const generation = options.generationWorker === false ? undefined : await startGenerationWorker(env, { logger: ['error'] });
  const gatewayConfig = loadGatewayConfig({ ...env, FRONTEND_DIST: options.env?.FRONTEND_DIST ?? '/nonexistent-spa' });
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
    outboxDir,
    emailSealingPublicKey: env.EMAIL_SEALING_PUBLIC_KEY!,
    admin: { username: env.ADMIN_USERNAME!, password: admin.password, tokenSecret: env.ADMIN_TOKEN_SECRET! },
    env,
    async stopAnalysisWorker() {
      await analysis?.close();
      analysis = undefined;
    },
    async stopAuthService() {
      await auth?.close();
      auth = undefined;
    },
    async footprint() {
      const objects = (await storage.list('uploads/')).length + (await storage.list('sketches/')).length;
      const jobsAdded = {} as Record<FootprintQueue, number>;
      for (const q of Object.values(QUEUES)) if (q !== QUEUES.authLookup) jobsAdded[q] = Number((await redis.get(`bull:${q}:id`)) ?? 0);
      const { rows } = await db.query<{ analyses: string; readings: string }>(
        'SELECT (SELECT count(*) FROM analysis.analyses) AS analyses, (SELECT count(*) FROM analysis.sketch_readings) AS readings',
      );
      return { objects, jobsAdded, analyses: Number(rows[0].analyses), sketchReadings: Number(rows[0].readings) };
    },
    async close() {
      await gateway.close();
      await analysis?.close();
      await auth?.close();
      await email?.close();
      await leads.close();
      await billing?.close();
      await generation?.close();
      await Promise.all(queues.map((q) => q.close()));
      await redis.quit();
      await db.end();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
