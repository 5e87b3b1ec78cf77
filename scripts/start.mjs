#!/usr/bin/env node
// `npm start`: brings the whole product up on one machine with local defaults (README).
// Installs dependencies when missing, finds or starts PostgreSQL, Redis and an S3-compatible
// server, builds everything, starts every app with prefixed logs and stops it all on Ctrl-C.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAll, ensureDependencies, log, ROOT } from './bootstrap.mjs';

ensureDependencies();
const { ensureAdminCredentials, ensurePostgres, ensureRedis, ensureS3, ensureSealingKeys } = await import('./local-services.mjs');

const env = process.env;
const port = Number(env.PORT ?? 3000);
const stateDir = path.resolve(ROOT, env.ARCHLENS_STATE_DIR ?? '.local');
const stops = [];
const children = [];
let stopping = false;

/**
 * `AUTH_SEALING_PUBLIC_KEY` / `AUTH_SEALING_PRIVATE_KEY` for the apps: the environment's when
 * either is set (the apps then check them), else the local pair kept in `<stateDir>/keys/`
 * (generated on the first start), said once so nobody mistakes it for a deployment's keys.
 */
function sealingKeys() {
  if (env.AUTH_SEALING_PUBLIC_KEY || env.AUTH_SEALING_PRIVATE_KEY) {
    return { AUTH_SEALING_PUBLIC_KEY: env.AUTH_SEALING_PUBLIC_KEY, AUTH_SEALING_PRIVATE_KEY: env.AUTH_SEALING_PRIVATE_KEY };
  }
  const keys = ensureSealingKeys(stateDir);
  log(
    `Password sealing: local key pair in ${keys.directory}${keys.created ? ' (generated now)' : ''}; set AUTH_SEALING_PUBLIC_KEY and AUTH_SEALING_PRIVATE_KEY to use your own.`,
  );
  return { AUTH_SEALING_PUBLIC_KEY: keys.publicKeyPem, AUTH_SEALING_PRIVATE_KEY: keys.privateKeyPem };
}

/**
 * `EMAIL_SEALING_PUBLIC_KEY` / `EMAIL_SEALING_PRIVATE_KEY` (auth-service seals temporary passwords
 * to the email-worker): the environment's when either is set, else the local pair
 * `<stateDir>/keys/email-sealing{,.pub}.pem`, generated on the first start.
 */
function emailSealingKeys() {
  if (env.EMAIL_SEALING_PUBLIC_KEY || env.EMAIL_SEALING_PRIVATE_KEY) {
    return { EMAIL_SEALING_PUBLIC_KEY: env.EMAIL_SEALING_PUBLIC_KEY, EMAIL_SEALING_PRIVATE_KEY: env.EMAIL_SEALING_PRIVATE_KEY };
  }
  const keys = ensureSealingKeys(stateDir, 'email-sealing');
  log(
    `E-mail secret sealing: local key pair in ${keys.directory}${keys.created ? ' (generated now)' : ''}; set EMAIL_SEALING_PUBLIC_KEY and EMAIL_SEALING_PRIVATE_KEY to use your own.`,
  );
  return { EMAIL_SEALING_PUBLIC_KEY: keys.publicKeyPem, EMAIL_SEALING_PRIVATE_KEY: keys.privateKeyPem };
}

/**
 * The admin console's credentials for the gateway: `ADMIN_USERNAME`,
 * `ADMIN_PASSWORD_HASH` and `ADMIN_TOKEN_SECRET` from the environment when `ADMIN_PASSWORD_HASH` is
 * set (as a deployment gives them); else, with `ADMIN_PASSWORD` set (a plain password, for local
 * starts and the end-to-end tests only), that password hashed here with argon2id; else the local
 * credentials of `<stateDir>/keys/admin.json`, generated on the first start. The token key is the
 * environment's `ADMIN_TOKEN_SECRET` when set, else the local one.
 * @returns the gateway's variables and what the start banner says about signing in
 */
async function adminCredentials() {
  const local = await ensureAdminCredentials(stateDir);
  const username = env.ADMIN_USERNAME ?? local.username;
  const tokenSecret = env.ADMIN_TOKEN_SECRET ?? local.tokenSecret;
  if (env.ADMIN_PASSWORD_HASH) {
    return {
      env: { ADMIN_USERNAME: username, ADMIN_PASSWORD_HASH: env.ADMIN_PASSWORD_HASH, ADMIN_TOKEN_SECRET: tokenSecret },
      banner: `username ${username}, the password of ADMIN_PASSWORD_HASH`,
    };
  }
  if (env.ADMIN_PASSWORD) {
    const { default: argon2 } = await import('argon2');
    const passwordHash = await argon2.hash(env.ADMIN_PASSWORD, { type: argon2.argon2id });
    return {
      env: { ADMIN_USERNAME: username, ADMIN_PASSWORD_HASH: passwordHash, ADMIN_TOKEN_SECRET: tokenSecret },
      banner: `username ${username}, the password of ADMIN_PASSWORD`,
    };
  }
  log(
    `Admin console: local credentials in ${local.file}${local.created ? ' (generated now)' : ''}; set ADMIN_PASSWORD to choose the password.`,
  );
  return {
    env: { ADMIN_USERNAME: local.username, ADMIN_PASSWORD_HASH: local.passwordHash, ADMIN_TOKEN_SECRET: tokenSecret },
    banner: `username ${local.username}, password ${local.password}`,
  };
}

/** Spec §2 /vip-login: the demo credentials its Demo button fills in (apps/frontend/src/features/vip/texts.ts). */
const VIP_DEMO = { username: 'demo', password: 'archlens-demo' };

/**
 * VIP access for the gateway: `VIP_USERNAME` and `VIP_PASSWORD_HASH` from the environment
 * when the hash is set (a deployment); else the local demo credentials (`VIP_PASSWORD` or the demo
 * password, hashed here so no app sees it).
 * @returns the gateway's variables and what the start banner says
 */
async function vipCredentials() {
  const username = env.VIP_USERNAME ?? VIP_DEMO.username;
  if (env.VIP_PASSWORD_HASH)
    return { env: { VIP_USERNAME: username, VIP_PASSWORD_HASH: env.VIP_PASSWORD_HASH }, banner: `username ${username}` };
  const { default: argon2 } = await import('argon2');
  const password = env.VIP_PASSWORD ?? VIP_DEMO.password;
  const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
  return { env: { VIP_USERNAME: username, VIP_PASSWORD_HASH: passwordHash }, banner: `username ${username}, password ${password}` };
}

/**
 * How many generation-worker processes to run: `GENERATION_WORKERS` (1 to 16, 1 by default).
 * @throws Error for any other value
 */
function generationWorkers(environment) {
  const raw = environment.GENERATION_WORKERS ?? '1';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error(`GENERATION_WORKERS must be 1 to 16, not "${raw}"`);
  return count;
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  log('stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  // ARCHLENS_LOCAL_FRESH=1 (the end-to-end runs): an empty database and Redis database, so that no
  // run depends on what an earlier one left behind.
  const fresh = env.ARCHLENS_LOCAL_FRESH === '1';
  const postgres = await ensurePostgres({
    database: env.ARCHLENS_LOCAL_DB ?? 'archlens',
    stateDir,
    pgPort: Number(env.ARCHLENS_LOCAL_PG_PORT ?? 54329),
    fresh,
  });
  stops.push(postgres.stop);
  log(`PostgreSQL: ${postgres.source}`);
  const redis = await ensureRedis({
    db: Number(env.ARCHLENS_LOCAL_REDIS_DB ?? 0),
    stateDir,
    redisPort: Number(env.ARCHLENS_LOCAL_REDIS_PORT ?? 63790),
  });
  stops.push(redis.stop);
  log(`Redis: ${redis.source}`);
  if (fresh && redis.source !== 'REDIS_URL') {
    const { Redis } = await import('ioredis');
    const client = new Redis(redis.url);
    await client.flushdb();
    await client.quit();
  }
  const s3 = await ensureS3({ stateDir, s3Port: Number(env.ARCHLENS_LOCAL_S3_PORT ?? 9000) });
  stops.push(s3.stop);
  log(`S3: ${s3.source}`);
  // Where this start's queues and local S3 server are, for local tools, the benchmarks and the
  // end-to-end tests that inspect them (e2e/reports-and-leads.e2e-spec.ts); beside the keys,
  // readable by this user only. `s3` is empty when `S3_ENDPOINT` names a store of the operator's.
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(path.join(stateDir, 'services.json'), `${JSON.stringify({ redisUrl: redis.url, s3: s3.env })}\n`, { mode: 0o600 });

  if (env.ARCHLENS_SKIP_BUILD !== '1') buildAll();

  // Each half of the sealing pair goes only to the app that uses it: the private key to auth-service.
  const { AUTH_SEALING_PUBLIC_KEY, AUTH_SEALING_PRIVATE_KEY } = sealingKeys();
  // The same for e-mail secrets: the private key to the email-worker, the public one to auth-service.
  const { EMAIL_SEALING_PUBLIC_KEY, EMAIL_SEALING_PRIVATE_KEY } = emailSealingKeys();
  // The admin credentials go to the gateway only; a plain ADMIN_PASSWORD to no app at all.
  const admin = await adminCredentials();
  const vip = await vipCredentials();
  // APP_URL: the public origin that e-mailed links and Stripe's return URLs point to; this start's own unless set.
  const appEnv = {
    ...env,
    ...s3.env,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    PORT: String(port),
    APP_URL: env.APP_URL ?? `http://localhost:${port}`,
  };
  for (const name of [
    'ADMIN_USERNAME',
    'ADMIN_PASSWORD',
    'ADMIN_PASSWORD_HASH',
    'ADMIN_TOKEN_SECRET',
    'VIP_PASSWORD',
    'VIP_PASSWORD_HASH',
  ]) {
    delete appEnv[name];
  }
  delete appEnv.AUTH_SEALING_PUBLIC_KEY;
  delete appEnv.AUTH_SEALING_PRIVATE_KEY;
  delete appEnv.EMAIL_SEALING_PUBLIC_KEY;
  delete appEnv.EMAIL_SEALING_PRIVATE_KEY;
  // The outbox lives with the rest of this start's state (tests and benchmarks use their own).
  appEnv.EMAIL_OUTBOX_DIR = env.EMAIL_OUTBOX_DIR ?? path.join(stateDir, 'outbox');
  const apps = [
    { name: 'auth-service', colour: 35, env: { AUTH_SEALING_PRIVATE_KEY, EMAIL_SEALING_PUBLIC_KEY } },
    { name: 'analysis-worker', colour: 36, env: {} },
    { name: 'email-worker', colour: 33, env: { EMAIL_SEALING_PRIVATE_KEY } },
    // V8's footprint mode: leads-service idles at ~145 MB RSS without it (Nest, TypeORM, BullMQ and
    // minio loaded) and its export budget is 150 MB (docs/performance.md).
    { name: 'leads-service', colour: 34, env: {}, nodeFlags: ['--optimize-for-size'] },
    // Stripe keys (STRIPE_*) reach billing-service only, from the environment; none → payments off.
    { name: 'billing-service', colour: 31, env: {} },
    // Image generation. OpenAI (GENERATION_OPENAI_API_KEY, else OPENAI_API_KEY) and Stability AI
    // (STABILITY_API_KEY) come from the environment; without them only the Sora and Midjourney workflows run.
    // GENERATION_WORKERS copies (1 by default): generation scales by worker processes.
    ...Array.from({ length: generationWorkers(env) }, () => ({ name: 'generation-worker', colour: 95, env: {} })),
    { name: 'gateway', colour: 32, env: { AUTH_SEALING_PUBLIC_KEY, ...admin.env, ...vip.env } },
  ];
  // Each worker process serves /health/live, /health/ready and /metrics on a port
  // of its own: from ARCHLENS_LOCAL_HEALTH_PORT up, one per process, when set; else a port the OS
  // picks (0), which each worker logs ("health and metrics on …"), so several starts never collide.
  const healthPortBase = env.ARCHLENS_LOCAL_HEALTH_PORT ? Number(env.ARCHLENS_LOCAL_HEALTH_PORT) : undefined;
  const healthPorts = [];
  for (const app of apps) {
    const copies = apps.filter((other) => other.name === app.name);
    const copy = copies.length > 1 ? `#${copies.indexOf(app) + 1}` : '';
    if (app.name !== 'gateway') {
      app.env.HEALTH_PORT = healthPortBase === undefined ? '0' : String(healthPortBase + healthPorts.length);
      healthPorts.push(`${app.name}${copy} :${healthPortBase === undefined ? '(see its log)' : app.env.HEALTH_PORT}`);
    }
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', ...(app.nodeFlags ?? []), path.join(ROOT, 'apps', app.name, 'dist', 'main.js')],
      {
        cwd: ROOT,
        env: { ...appEnv, ...app.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const prefix = `\x1b[${app.colour}m[${app.name}${copy}]\x1b[0m `;
    for (const stream of [child.stdout, child.stderr]) {
      let buffer = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(prefix + line + '\n');
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping) {
        log(`${app.name} exited (${code ?? signal}); stopping everything.`);
        void shutdown(1);
      }
    });
    children.push(child);
  }

  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  for (let i = 0; i < 600 && !stopping; i++) {
    const ok = await fetch(healthUrl)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`\x1b[1mArchLens is running: http://localhost:${port}\x1b[0m  (Ctrl-C stops everything)`);
  log(`Admin console: http://localhost:${port}/admin-login  (${admin.banner})`);
  log(`VIP access: http://localhost:${port}/vip-login  (${vip.banner})`);
  log(`Health and metrics: gateway :${port}/health/ready and /metrics; workers /health/ready and /metrics on ${healthPorts.join(', ')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
